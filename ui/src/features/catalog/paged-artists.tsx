import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArtistCard, FIRST_SCREEN_CARDS } from '../../components/artist-card';
import { CardSkeletons } from '../../components/skeletons';
import { BROWSE_PAGE_SIZE } from '../../generated/contract';
import { LoadMore, shownPages, type ArtistsPage } from './load-more';
import { NumberedPager } from './numbered-pager';

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
        {artists.map((artist, index) => (
          <ArtistCard key={artist.id} artist={artist} headingLevel={2} firstScreen={index < FIRST_SCREEN_CARDS} />
        ))}
        {loadingMore && <CardSkeletons count={Math.min(pendingCount, BROWSE_PAGE_SIZE)} />}
      </div>
      <LoadMore
        count={from === 1 ? `Showing ${artists.length} of ${total}` : `Showing ${skipped + 1}–${skipped + artists.length} of ${total}`}
        moreHref={hasMore ? href(page + 1, from) : null}
        loadingMore={loadingMore}
        error={
          firstError &&
          loadedPages > 0 && (
            <>
              Could not load more artists.{' '}
              <button type="button" className="link-btn" onClick={onRetry}>
                Try again
              </button>
            </>
          )
        }
      >
        <NumberedPager label={pagerLabel} from={from} page={page} pages={results[0]?.data?.pages ?? 0} href={(n) => href(n, n)} />
      </LoadMore>
    </>
  );
}
