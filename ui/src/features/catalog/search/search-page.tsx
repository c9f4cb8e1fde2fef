import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isHttpError } from '../../../lib/http-error';
import { queries } from '../queries';
import { normalizeSearchQuery, searchTarget } from './search-query';
import { titles } from '../../../generated/contract';
import { getSearchParam } from '../../../lib/url';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ArtistCard } from '../../../components/artist-card';
import { SearchForm } from './search-form';
import { SkeletonGrid } from '../../../components/skeletons';
import { SearchIcon } from '../../../components/icons';
import { loadSearchMemory, rememberOpenedArtist, saveSearchScroll, SEARCH_RESTORE_DELAY_MS } from './search-memory';
import './search.css';

export const SEARCH_SKELETONS = 12;

/** 'Found 1 result for "x"' / 'Found 3 results for "x"'. */
export function resultsSummary(count: number, query: string): string {
  if (count === 0) return `No results found for "${query}"`;
  return `Found ${count} ${count === 1 ? 'result' : 'results'} for "${query}"`;
}

/** The message for a failed search: the server's message for a 400, else the generic text. */
export function searchErrorMessage(error: unknown): string {
  if (isHttpError(error) && error.status === 400 && error.serverMessage) return error.serverMessage;
  return 'Search failed. Please try again later.';
}

/** The search screen's title: with or without a query. */
export function searchTitle(query: string | null): string {
  return query ? titles.searchResults(query) : titles.search();
}

export function SearchPage() {
  const params = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = normalizeSearchQuery(params.query);
  useDocumentTitle(searchTitle(query));

  // The no-JS form submits /search?q=...; the server redirects it, and this
  // covers a client-side arrival the same way.
  const legacyQuery = params.query === undefined ? getSearchParam(location.search, 'q') : null;
  useEffect(() => {
    if (legacyQuery === null) return;
    navigate(searchTarget(legacyQuery) ?? '/search', { replace: true });
  }, [legacyQuery, navigate]);

  return (
    <div className="page search-page">
      <div className="page-head">
        <h1>Search Results</h1>
      </div>
      <SearchBox key={query ?? ''} initial={query ?? ''} />
      {query === null ? (
        <div className="state-box">
          <SearchIcon size={32} className="state-icon" />
          <p>
            <strong className="state-title">Start Searching:</strong> Enter an artist name or genre to find what you&apos;re looking for.
          </p>
        </div>
      ) : (
        <SearchResults query={query} />
      )}
    </div>
  );
}

function SearchBox({ initial }: { initial: string }) {
  return (
    <SearchForm
      inputId="search-page-input"
      className="search-box"
      initialValue={initial}
      submitClassName="btn btn-primary"
      submitContent={
        <>
          <SearchIcon size={18} /> Search
        </>
      }
    />
  );
}

function SearchResults({ query }: { query: string }) {
  const { data, isPending, isError, error } = useQuery(queries.search(query));
  const location = useLocation();
  const path = location.pathname;
  const restored = useRef(false);

  // Save the scroll position for this search path on leaving; restore it (or
  // the last-opened card) 100 ms after the results are shown. The listener is a
  // layout effect so that leaving removes it before the next page's
  // scroll-to-top, which would otherwise be saved as this search's position.
  useLayoutEffect(() => {
    const onScroll = () => {
      if (restored.current) saveSearchScroll(path, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [path]);

  useEffect(() => {
    if (!data) return;
    restored.current = false;
    const memory = loadSearchMemory(path);
    const timer = window.setTimeout(() => {
      const card = memory.lastArtistId !== null ? document.querySelector<HTMLElement>(`[data-artist-id="${memory.lastArtistId}"]`) : null;
      if (card) {
        card.scrollIntoView({ block: 'center' });
        card.focus({ preventScroll: true });
      } else if (memory.scrollY !== null) {
        window.scrollTo({ top: memory.scrollY, left: 0, behavior: 'auto' });
      }
      restored.current = true;
    }, SEARCH_RESTORE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [data, path]);

  if (isPending) return <SkeletonGrid count={SEARCH_SKELETONS} label="Searching..." />;
  if (isError) {
    return (
      <div className="state-box" role="alert">
        <p>{searchErrorMessage(error)}</p>
      </div>
    );
  }
  return (
    <>
      <p className="results-summary" role="status">
        {resultsSummary(data.length, query)}
      </p>
      {data.length > 0 && (
        <div className="artist-grid">
          {data.map((artist, index) => (
            <ArtistCard key={artist.id} artist={artist} index={index} animate onOpen={(id) => rememberOpenedArtist(path, id, window.scrollY)} />
          ))}
        </div>
      )}
    </>
  );
}
