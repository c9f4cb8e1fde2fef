import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { searchTarget } from '../../lib/search-query';
import { SearchIcon } from '../../components/icons';

/**
 * A real GET form to /search?q=... (the server redirects to /search/{q}), so it
 * works without JavaScript. With JavaScript: trim, ignore empty, navigate.
 */
export function HeaderSearchForm({ onSearched }: { onSearched?: () => void }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = searchTarget(value);
    if (target === null) return;
    setValue(value.trim());
    navigate(target);
    onSearched?.();
  };

  return (
    <form className="header-search" action="/search" method="get" role="search" onSubmit={onSubmit}>
      <label htmlFor="header-search-input" className="sr-only">
        Search artists, bands, or genres
      </label>
      <SearchIcon className="header-search-icon" size={18} />
      <input
        id="header-search-input"
        name="q"
        type="search"
        placeholder="Search artists, bands, or genres..."
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="header-search-submit">
        <span className="sr-only">Search</span>
        <SearchIcon size={18} />
      </button>
    </form>
  );
}
