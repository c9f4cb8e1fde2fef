import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from '../../../lib/navigation';
import { searchTarget } from './search-query';
import { routes } from '../../../generated/contract';

export const SEARCH_PLACEHOLDER = 'Search artists, bands, or genres...';

interface SearchFormProps {
  /** The input's id (the header and the search page each have one on the page). */
  inputId: string;
  /** The search landmark's name: unique on the page, since both forms are landmarks. */
  name: string;
  className: string;
  /** The text the box starts with (the search page shows its query). */
  initialValue?: string;
  /** Shown before the input (the header's magnifier). */
  leading?: ReactNode;
  /** The submit button's class and content. */
  submitClassName: string;
  submitContent: ReactNode;
  /** Called after a search was started (not for empty text). */
  onSearched?: () => void;
}

/**
 * The search box of the header and of the search screen. A real GET form to
 * /search?q=... (the server redirects to /search/{q}), so it works without
 * JavaScript. With JavaScript: trim, ignore empty text, navigate to /search/{query}.
 */
export function SearchForm({ inputId, name, className, initialValue = '', leading, submitClassName, submitContent, onSearched }: SearchFormProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initialValue);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = searchTarget(value);
    if (target === null) return;
    setValue(value.trim());
    navigate(target);
    onSearched?.();
  };

  return (
    <form className={className} action={routes.search.href()} method="get" role="search" aria-label={name} onSubmit={onSubmit}>
      <label htmlFor={inputId} className="sr-only">
        Search artists, bands, or genres
      </label>
      {leading}
      <input
        id={inputId}
        name="q"
        type="search"
        placeholder={SEARCH_PLACEHOLDER}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className={submitClassName}>
        {submitContent}
      </button>
    </form>
  );
}
