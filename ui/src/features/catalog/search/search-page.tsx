import { useEffect, useLayoutEffect, useRef } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { useNavigate } from '../../../lib/navigation';
import { Link } from '../../../components/link';
import { isHttpError } from '../../../lib/http-error';
import { queries } from '../queries';
import { normalizeSearchQuery, searchPath, searchTarget } from './search-query';
import { BROWSE_PAGE_SIZE, MAX_QUERY_CHARS, MAX_SEARCH_PAGE, links, routes, titles } from '../../../generated/contract';
import { parsePage } from '../browse-params';
import { artistCount } from '../artist-count';
import { getSearchParam } from '../../../lib/url';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ArtistCard, FIRST_SCREEN_CARDS } from '../../../components/artist-card';
import { SearchForm } from './search-form';
import { CardSkeletons, SkeletonGrid } from '../../../components/skeletons';
import { SearchIcon } from '../../../components/icons';
import { loadSearchMemory, rememberOpenedArtist, saveSearchScroll, SEARCH_RESTORE_DELAY_MS } from './search-memory';
import { LoadMore, shownPages } from '../load-more';
import './search.css';

export const SEARCH_SKELETONS = 12;

/**
 * 'Found 1 result for "x"' / 'Found 3 results for "x"'; 'Found at least 10000 results
 * for "x"' when the server stopped counting (`exact` false: a common word's matches).
 */
export function resultsSummary(count: number, query: string, exact = true): string {
  if (count === 0) return `No results found for "${query}"`;
  if (!exact) return `Found at least ${count} results for "${query}"`;
  return `Found ${count} ${count === 1 ? 'result' : 'results'} for "${query}"`;
}

/** The message for a failed search: the server's message for a 400, else the generic text. */
export function searchErrorMessage(error: unknown): string {
  if (isHttpError(error) && error.status === 400 && error.serverMessage) return error.serverMessage;
  return 'Search failed. Please try again later.';
}

/**
 * A search page's `?page=` read leniently, capped at MAX_SEARCH_PAGE (the server
 * redirects any other spelling to this page's canonical address).
 */
export function parseSearchPage(raw: string | null | undefined): number {
  return Math.min(parsePage(raw), MAX_SEARCH_PAGE);
}

/** `/search/{query}` (page 1) or `/search/{query}?page=3`: pages 1..page are shown. */
export function searchResultsHref(query: string, page = 1): string {
  return page > 1 ? links.searchResultsPage(query, page) : searchPath(query);
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
    navigate(searchTarget(legacyQuery) ?? routes.search.href(), { replace: true });
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
        <>
          {Array.from(query).length <= MAX_QUERY_CHARS && <SearchGenres query={query} />}
          <SearchResults query={query} page={parseSearchPage(getSearchParam(location.search, 'page'))} />
        </>
      )}
    </div>
  );
}

/** The genres whose names match the query, each a link to its page ("search artists, bands or genres"). */
function SearchGenres({ query }: { query: string }) {
  const { data: genres } = useQuery(queries.genres(query));
  if (!genres || genres.length === 0) return null;
  return (
    <nav className="search-genres" aria-label="Matching genres">
      <h2 className="search-genres-title">Genres</h2>
      <ul className="tag-list">
        {genres.map((genre) => (
          <li key={genre.slug} className="tag">
            <Link to={routes.genre.href(genre.slug)} className="tag-link">
              {genre.name} <span className="tag-count">({artistCount(genre.artists)})</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function SearchBox({ initial }: { initial: string }) {
  return (
    <SearchForm
      inputId="search-page-input"
      name="Search artists"
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

/**
 * Results in pages of BROWSE_PAGE_SIZE cards, like browse: `?page=N` shows pages 1..N
 * (the server prefetches them all), and Load More is a plain link to the next page, up
 * to MAX_SEARCH_PAGE pages (past them a query is refined, not scrolled).
 */
function SearchResults({ query, page }: { query: string; page: number }) {
  const pageNumbers = Array.from({ length: page }, (_, i) => i + 1);
  const results = useQueries({ queries: pageNumbers.map((n) => queries.searchCards(query, n)) });
  const location = useLocation();
  const path = location.pathname;
  const restored = useRef(false);

  const { artists, loadedPages, allLoaded, total, firstError, firstPending, loadingMore } = shownPages(results);
  const hasMore = total !== null && allLoaded && page < MAX_SEARCH_PAGE && page * BROWSE_PAGE_SIZE < total;
  const pendingCount = total === null ? 0 : Math.max(0, Math.min(total, page * BROWSE_PAGE_SIZE) - artists.length);
  const firstLoaded = results[0]?.data ?? null;
  const totalExact = firstLoaded?.totalExact ?? true;

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
    if (!firstLoaded) return;
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
  }, [firstLoaded, path]);

  if (firstPending && !firstError) return <SkeletonGrid count={SEARCH_SKELETONS} label="Searching..." />;
  if (firstError && loadedPages === 0) {
    return (
      <div className="state-box" role="alert">
        <p>{searchErrorMessage(firstError)}</p>
      </div>
    );
  }
  return (
    <>
      <p className="results-summary" role="status">
        {resultsSummary(total ?? 0, query, totalExact)}
      </p>
      {artists.length > 0 && (
        <>
          <div className="artist-grid" aria-busy={loadingMore}>
            {artists.map((artist, index) => (
              <ArtistCard
                key={artist.id}
                artist={artist}
                index={index % BROWSE_PAGE_SIZE}
                animate
                headingLevel={2}
                firstScreen={index < FIRST_SCREEN_CARDS}
                onOpen={(id) => rememberOpenedArtist(path, id, window.scrollY)}
              />
            ))}
            {loadingMore && <CardSkeletons count={Math.min(pendingCount, BROWSE_PAGE_SIZE)} />}
          </div>
          <LoadMore
            count={`Showing ${artists.length} of ${totalExact ? '' : 'at least '}${total}`}
            moreHref={hasMore ? searchResultsHref(query, page + 1) : null}
            loadingMore={loadingMore}
            error={firstError && loadedPages > 0 && searchErrorMessage(firstError)}
          />
        </>
      )}
    </>
  );
}
