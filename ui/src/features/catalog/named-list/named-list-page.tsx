import { useQueries, type UseQueryOptions } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { descriptions, titles } from '../../../generated/contract';
import type { FacetPage, GenrePage as GenreList } from '../../../generated/contract';
import { isNotFound } from '../../../lib/http-error';
import { useAppEnv } from '../../../lib/app-state';
import { siteHead, useDocumentHead, type DocumentHead } from '../../../lib/use-document-head';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { countryHref, decadeHref, genreHref, parsePageSpan } from '../browse-params';
import type { ArtistsPage } from '../load-more';
import { PagedArtists } from '../paged-artists';
import { artistCount } from '../artist-count';
import { queries } from '../queries';

/** What a list is named by: its name and its page's slug. */
interface Named {
  name: string;
  slug: string;
}

/**
 * What tells one kind of named list from another (a genre's, a country's, a decade's):
 * its read, what its answer names, its addresses, heading and head.
 */
export interface ListKind<T extends ArtistsPage> {
  /** The route's hole naming the list. */
  param: 'slug' | 'decade';
  query: (key: string, page: number) => UseQueryOptions<T, Error, T, [string]>;
  named: (page: T) => Named;
  href: (key: string, page?: number, from?: number) => string;
  heading: (name: string) => string;
  /** Shown until the list's name is known. */
  placeholder: string;
  titles: [(name: string) => string, (name: string, page: string, pages: string) => string];
  descriptions: [(name: string) => string, (page: string, pages: string, name: string) => string];
}

export const GENRE: ListKind<GenreList> = {
  param: 'slug',
  query: queries.genre,
  named: (page) => page.genre,
  href: genreHref,
  heading: (name) => `${name} Artists`,
  placeholder: 'Genre',
  titles: [titles.genre, titles.genreNumbered],
  descriptions: [descriptions.genre, descriptions.genreNumbered],
};

export const COUNTRY: ListKind<FacetPage> = {
  param: 'slug',
  query: queries.country,
  named: (page) => page.facet,
  href: countryHref,
  heading: (name) => `Artists from ${name}`,
  placeholder: 'Country',
  titles: [titles.country, titles.countryNumbered],
  descriptions: [descriptions.country, descriptions.countryNumbered],
};

export const DECADE: ListKind<FacetPage> = {
  param: 'decade',
  query: queries.decade,
  named: (page) => page.facet,
  href: decadeHref,
  heading: (name) => `Artists Born or Formed in the ${name}`,
  placeholder: 'Decade',
  titles: [titles.decade, titles.decadeNumbered],
  descriptions: [descriptions.decade, descriptions.decadeNumbered],
};

/**
 * The head the server writes for a named list's page: a numbered page (`from`) of its
 * `pages` is its own canonical URL, with its own title and description.
 */
export function listHead<T extends ArtistsPage>(kind: ListKind<T>, named: Named, from: number, pages: number | null, origin: string): DocumentHead {
  const numbered = from > 1 && pages !== null;
  const [title, titleNumbered] = kind.titles;
  const [description, descriptionNumbered] = kind.descriptions;
  return {
    ...siteHead(origin),
    title: numbered ? titleNumbered(named.name, String(from), String(pages)) : title(named.name),
    description: numbered ? descriptionNumbered(String(from), String(pages), named.name) : description(named.name),
    url: `${origin}${kind.href(named.slug, from, from)}`,
  };
}

/**
 * The artists of a genre, a country or a decade, by title, paged like a browse letter:
 * `?from=&page=` show pages from..page (the server prefetches them all), Load More and
 * the numbered pages are plain links. An unknown one is the site's not-found page.
 */
function NamedListPage<T extends ArtistsPage>({ kind }: { kind: ListKind<T> }) {
  const key = useParams()[kind.param] ?? '';
  const location = useLocation();
  const { from, page } = parsePageSpan(location.search);
  const { origin } = useAppEnv();
  const pageNumbers = Array.from({ length: page - from + 1 }, (_, i) => from + i);
  const results = useQueries({ queries: pageNumbers.map((n) => kind.query(key, n)) });
  const first = results[0];
  const named = first?.data ? kind.named(first.data) : null;
  const total = first?.data?.total ?? null;
  const notFound = first?.isError === true && isNotFound(first.error);
  const head = named ? listHead(kind, named, from, first?.data?.pages ?? null, origin) : null;
  useDocumentTitle(head?.title ?? null);
  useDocumentHead(head, origin);

  if (notFound) return <NotFoundPage />;
  const retry = () => void Promise.all(results.filter((result) => result.isError).map((result) => result.refetch()));
  return (
    <div className="page named-list-page">
      <div className="page-head">
        <div>
          <h1>{named ? kind.heading(named.name) : kind.placeholder}</h1>
          <p className="page-subtitle">{total === null ? '\u00a0' : artistCount(total)}</p>
        </div>
      </div>
      <PagedArtists
        results={results}
        from={from}
        page={page}
        href={(n, firstShown) => kind.href(key, n, firstShown)}
        pagerLabel={named?.name ?? key}
        onRetry={retry}
      />
    </div>
  );
}

export function GenrePage() {
  return <NamedListPage kind={GENRE} />;
}

export function CountryPage() {
  return <NamedListPage kind={COUNTRY} />;
}

export function DecadePage() {
  return <NamedListPage kind={DECADE} />;
}
