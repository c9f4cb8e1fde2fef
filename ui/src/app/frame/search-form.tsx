import { SearchForm } from '../../features/catalog/search/search-form';
import { SearchIcon } from '../../components/icons';

/** The header's search box (see features/catalog/search/search-form.tsx for its behaviour). */
export function HeaderSearchForm({ onSearched }: { onSearched?: () => void }) {
  return (
    <SearchForm
      inputId="header-search-input"
      name="Site search"
      className="header-search"
      leading={<SearchIcon className="header-search-icon" size={18} />}
      submitClassName="header-search-submit"
      submitContent={
        <>
          <span className="sr-only">Search</span>
          <SearchIcon size={18} />
        </>
      }
      onSearched={onSearched}
    />
  );
}
