import { useQueries } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { Link } from '../../../components/link';
import { NotFoundPage } from '../../../components/not-found-page';
import { ArtistCard } from '../../../components/artist-card';
import { CardSkeletons } from '../../../components/skeletons';
import { BROWSE_PAGE_SIZE, descriptions, titles } from '../../../generated/contract';
import type { ArtistSummary, Genre } from '../../../generated/contract';
import { isNotFound } from '../../../lib/http-error';
import { useAppEnv } from '../../../lib/app-state';
import { siteHead, useDocumentHead, type DocumentHead } from '../../../lib/use-document-head';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { genreHref, parsePageSpan } from '../browse-params';
import { NumberedPager } from '../numbered-pager';
import { queries } from '../queries';
import '../load-more.css';

/** The head the server writes for a genre's page: a numbered page (`from`) is its own canonical URL. */
export function genreHead(genre: Genre, from: number, origin: string): DocumentHead {
  return {
    ...siteHead(origin),
    title: titles.genre(genre.name),
    description: descriptions.genre(genre.name),
    url: `${origin}${genreHref(genre.slug, from, from)}`,
  };
}

/** "1 artist" / "89 artists". */
export function artistCount(count: number): string {
  return `${count} ${count === 1 ? 'artist' : 'artists'}`;
}

/**
 * A genre's artists, by title, paged like a browse letter: `?from=&page=` show pages
 * from..page (the server prefetches them all), Load More and the numbered pages are
 * plain links. An unknown genre is the site's not-found page.
 */
export function GenrePage() {
  const { slug = '' } = useParams();
  const location = useLocation();
  const { from, page } = parsePageSpan(location.search);
  const { origin } = useAppEnv();
  const pageNumbers = Array.from({ length: page - from + 1 }, (_, i) => from + i);
  const results = useQueries({ queries: pageNumbers.map((n) => queries.genre(slug, n)) });

  // Pages shown: the consecutive loaded ones from `from`.
  const artists: ArtistSummary[] = [];
  let loadedPages = 0;
  for (const result of results) {
    if (!result.data) break;
    artists.push(...result.data.artists);
    loadedPages += 1;
  }
  const first = results[0];
  const genre = first?.data?.genre ?? null;
  const total = first?.data?.total ?? null;
  const notFound = first?.isError === true && isNotFound(first.error);
  const firstError = results.find((result) => result.isError)?.error ?? null;
  const loadingMore = !first?.isPending && results.some((result) => result.isPending);
  const skipped = (from - 1) * BROWSE_PAGE_SIZE;
  const pendingCount = total === null ? 0 : Math.max(0, Math.min(total, page * BROWSE_PAGE_SIZE) - skipped - artists.length);
  const hasMore = total !== null && loadedPages === pageNumbers.length && page * BROWSE_PAGE_SIZE < total;
  useDocumentTitle(genre ? titles.genre(genre.name) : null);
  useDocumentHead(genre ? genreHead(genre, from, origin) : null, origin);

  if (notFound) return <NotFoundPage />;
  const retry = () => void Promise.all(results.filter((result) => result.isError).map((result) => result.refetch()));
  return (
    <div className="page genre-page">
      <div className="page-head">
        <div>
          <h1>{genre ? `${genre.name} Artists` : 'Genre'}</h1>
          <p className="page-subtitle">{total === null ? '\u00a0' : artistCount(total)}</p>
        </div>
      </div>
      {firstError && loadedPages === 0 ? (
        <div className="state-box" role="alert">
          <p>
            <strong className="state-title">Error:</strong> Could not load artists. Please try again later.
          </p>
          <button type="button" className="btn btn-primary" onClick={retry}>
            Try Again
          </button>
        </div>
      ) : first?.isPending !== false ? (
        <div className="artist-grid" role="status" aria-busy="true" aria-label="Loading artists">
          <CardSkeletons count={BROWSE_PAGE_SIZE} />
        </div>
      ) : (
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
              <Link to={genreHref(slug, page + 1, from)} replace state={{ keepScroll: true }} className="btn btn-primary btn-lg">
                Load More
              </Link>
            )}
            {loadingMore && (
              <p className="load-more-status" role="status">
                Loading more artists...
              </p>
            )}
            <NumberedPager
              label={genre?.name ?? slug}
              from={from}
              page={page}
              pages={Math.ceil((total ?? 0) / BROWSE_PAGE_SIZE)}
              href={(n) => genreHref(slug, n, n)}
            />
            {firstError && loadedPages > 0 && (
              <p className="load-more-status" role="alert">
                Could not load more artists.{' '}
                <button type="button" className="link-btn" onClick={retry}>
                  Try again
                </button>
              </p>
            )}
          </div>
        </>
      )}
    </div>
  );
}
