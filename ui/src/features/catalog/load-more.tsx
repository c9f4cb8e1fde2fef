import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '../../components/link';
import type { ArtistSummary } from '../../generated/contract';
import './load-more.css';

/** One page of a paged list of artists (a browse letter's, a genre's). */
export interface ArtistsPage {
  total: number;
  /** The pages the list fills, as the server counts them. */
  pages: number;
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


export interface LoadMoreProps {
  /** "Showing n of N" (or the range shown). */
  count: string;
  /** The address of one page more (a plain link: it works without JavaScript), if any. */
  moreHref: string | null;
  loadingMore: boolean;
  /** Beside Load More (the numbered pages). */
  children?: ReactNode;
  /** What a failed later page says (with a retry, where there is one). */
  error?: ReactNode;
}

/** Under a paged list of artists (browse, a genre, search): the count, Load More and its states. */
export function LoadMore({ count, moreHref, loadingMore, children, error }: LoadMoreProps) {
  return (
    <div className="load-more">
      <p className="load-more-count">{count}</p>
      {moreHref !== null && (
        <Link to={moreHref} replace state={{ keepScroll: true }} className="btn btn-primary btn-lg">
          Load More
        </Link>
      )}
      {loadingMore && (
        <p className="load-more-status" role="status">
          Loading more artists...
        </p>
      )}
      {children}
      {error && (
        <p className="load-more-status" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
