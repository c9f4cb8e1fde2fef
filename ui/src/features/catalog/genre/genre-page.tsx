import { useQueries } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { descriptions, titles } from '../../../generated/contract';
import type { Genre } from '../../../generated/contract';
import { isNotFound } from '../../../lib/http-error';
import { useAppEnv } from '../../../lib/app-state';
import { siteHead, useDocumentHead, type DocumentHead } from '../../../lib/use-document-head';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { genreHref, parsePageSpan } from '../browse-params';
import { PagedArtists } from '../paged-artists';
import { artistCount } from '../artist-count';
import { queries } from '../queries';

/**
 * The head the server writes for a genre's page: a numbered page (`from`) of its `pages`
 * is its own canonical URL, with its own title and description.
 */
export function genreHead(genre: Genre, from: number, pages: number | null, origin: string): DocumentHead {
  const numbered = from > 1 && pages !== null;
  return {
    ...siteHead(origin),
    title: numbered ? titles.genreNumbered(genre.name, String(from), String(pages)) : titles.genre(genre.name),
    description: numbered ? descriptions.genreNumbered(String(from), String(pages), genre.name) : descriptions.genre(genre.name),
    url: `${origin}${genreHref(genre.slug, from, from)}`,
  };
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
  const first = results[0];
  const genre = first?.data?.genre ?? null;
  const total = first?.data?.total ?? null;
  const notFound = first?.isError === true && isNotFound(first.error);
  const head = genre ? genreHead(genre, from, first?.data?.pages ?? null, origin) : null;
  useDocumentTitle(head?.title ?? null);
  useDocumentHead(head, origin);

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
      <PagedArtists
        results={results}
        from={from}
        page={page}
        href={(n, firstShown) => genreHref(slug, n, firstShown)}
        pagerLabel={genre?.name ?? slug}
        onRetry={retry}
      />
    </div>
  );
}
