import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '../../components/link';
import { ArtistCard } from '../../components/artist-card';
import { CardSkeletons } from '../../components/skeletons';
import { BROWSE_PAGE_SIZE } from '../../generated/contract';
import type { ArtistSummary } from '../../generated/contract';
import { NumberedPager } from './numbered-pager';
import './load-more.css';

/** One page of a paged list of artists (a browse letter's, a genre's). */
interface ArtistsPage {
  total: number;
  artists: ArtistSummary[];
}

/** What pages from..page of a list show: the consecutive loaded ones from the first. */
export function shownPages(results: UseQueryResult<ArtistsPage>[]) {
  const artists: ArtistSummary[] = [];
  let loadedPages = 0;
  for (const result of results) {
    if (!result.data) break;
    artists.push(...result.data.artists);
    loadedPages += 1;
  }
  const firstPending = results[0]?.isPending ?? true;
  return {
    artists,
    loadedPages,
    allLoaded: loadedPages === results.length,
    total: results[0]?.data?.total ?? null,
    firstError: results.find((result) => result.isError)?.error ?? null,
    firstPending,
    loadingMore: !firstPending && results.some((result) => result.isPending),
  };
}

export interface PagedArtistsProps {
  /** The queries of pages from..page, in order. */
  results: UseQueryResult<ArtistsPage>[];
  from: number;
  page: number;
  /** The address showing pages from..page (`href(n, n)`: numbered page n alone). */
  href: (page: number, from: number) => string;
  /** What the pages are of, for the pager's name. */
  pagerLabel: string;
  onRetry: () => void;
  /** Shown when the list is empty. */
  empty?: ReactNode;
}

/**
 * A paged list of artist cards (a browse letter, a genre): the cards of pages
 * from..page, "Showing …", Load More (a plain link to one page more) and the numbered
 * pages, with loading and error states.
 */
export function PagedArtists({ results, from, page, href, pagerLabel, onRetry, empty }: PagedArtistsProps) {
  const { artists, loadedPages, allLoaded, total, firstError, firstPending, loadingMore } = shownPages(results);
  const skipped = (from - 1) * BROWSE_PAGE_SIZE;
  const pendingCount = total === null ? 0 : Math.max(0, Math.min(total, page * BROWSE_PAGE_SIZE) - skipped - artists.length);
  const hasMore = total !== null && allLoaded && page * BROWSE_PAGE_SIZE < total;
  if (firstError && loadedPages === 0) {
    return (
      <div className="state-box" role="alert">
        <p>
          <strong className="state-title">Error:</strong> Could not load artists. Please try again later.
        </p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try Again
        </button>
      </div>
    );
  }
  if (firstPending) {
    return (
      <div className="artist-grid" role="status" aria-busy="true" aria-label="Loading artists">
        <CardSkeletons count={BROWSE_PAGE_SIZE} />
      </div>
    );
  }
  if (total === 0 && empty) return <div className="state-box">{empty}</div>;
  return (
    <>
      <div className="artist-grid" aria-busy={loadingMore}>
        {artists.map((artist) => (
          <ArtistCard key={artist.id} artist={artist} headingLevel={2} />
        ))}
        {loadingMore && <CardSkeletons count={Math.min(pendingCount, BROWSE_PAGE_SIZE)} />}
      </div>
      <div className="load-more">
        <p className="load-more-count">
          {from === 1 ? `Showing ${artists.length} of ${total}` : `Showing ${skipped + 1}–${skipped + artists.length} of ${total}`}
        </p>
        {hasMore && (
          <Link to={href(page + 1, from)} replace state={{ keepScroll: true }} className="btn btn-primary btn-lg">
            Load More
          </Link>
        )}
        {loadingMore && (
          <p className="load-more-status" role="status">
            Loading more artists...
          </p>
        )}
        <NumberedPager label={pagerLabel} from={from} page={page} pages={Math.ceil((total ?? 0) / BROWSE_PAGE_SIZE)} href={(n) => href(n, n)} />
        {firstError && loadedPages > 0 && (
          <p className="load-more-status" role="alert">
            Could not load more artists.{' '}
            <button type="button" className="link-btn" onClick={onRetry}>
              Try again
            </button>
          </p>
        )}
      </div>
    </>
  );
}
