import { useQueries } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { descriptions, titles } from '../../../generated/contract';
import type { Facet } from '../../../generated/contract';
import { isNotFound } from '../../../lib/http-error';
import { useAppEnv } from '../../../lib/app-state';
import { siteHead, useDocumentHead, type DocumentHead } from '../../../lib/use-document-head';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { countryHref, decadeHref, parsePageSpan } from '../browse-params';
import { PagedArtists } from '../paged-artists';
import { artistCount } from '../artist-count';
import { queries } from '../queries';

/** What tells a country's pages from a decade's: its read, addresses, heading and head. */
export interface FacetKind {
  /** The route's hole naming the facet. */
  param: 'slug' | 'decade';
  query: typeof queries.country;
  href: (key: string, page?: number, from?: number) => string;
  heading: (name: string) => string;
  /** Shown until the facet's name is known. */
  placeholder: string;
  titles: [(name: string) => string, (name: string, page: string, pages: string) => string];
  descriptions: [(name: string) => string, (page: string, pages: string, name: string) => string];
}

export const COUNTRY: FacetKind = {
  param: 'slug',
  query: queries.country,
  href: countryHref,
  heading: (name) => `Artists from ${name}`,
  placeholder: 'Country',
  titles: [titles.country, titles.countryNumbered],
  descriptions: [descriptions.country, descriptions.countryNumbered],
};

export const DECADE: FacetKind = {
  param: 'decade',
  query: queries.decade,
  href: decadeHref,
  heading: (name) => `Artists Born or Formed in the ${name}`,
  placeholder: 'Decade',
  titles: [titles.decade, titles.decadeNumbered],
  descriptions: [descriptions.decade, descriptions.decadeNumbered],
};

/** The head the server writes for a facet's page: a numbered page is its own canonical URL. */
export function facetHead(kind: FacetKind, facet: Facet, from: number, pages: number | null, origin: string): DocumentHead {
  const numbered = from > 1 && pages !== null;
  const [title, titleNumbered] = kind.titles;
  const [description, descriptionNumbered] = kind.descriptions;
  return {
    ...siteHead(origin),
    title: numbered ? titleNumbered(facet.name, String(from), String(pages)) : title(facet.name),
    description: numbered ? descriptionNumbered(String(from), String(pages), facet.name) : description(facet.name),
    url: `${origin}${kind.href(facet.slug, from, from)}`,
  };
}

/**
 * A country's or a decade's artists, by title, paged as a genre's: `?from=&page=` show
 * pages from..page, Load More and the numbered pages are plain links. An unknown
 * country or decade is the site's not-found page.
 */
function FacetPage({ kind }: { kind: FacetKind }) {
  const key = useParams()[kind.param] ?? '';
  const location = useLocation();
  const { from, page } = parsePageSpan(location.search);
  const { origin } = useAppEnv();
  const pageNumbers = Array.from({ length: page - from + 1 }, (_, i) => from + i);
  const results = useQueries({ queries: pageNumbers.map((n) => kind.query(key, n)) });
  const first = results[0];
  const facet = first?.data?.facet ?? null;
  const total = first?.data?.total ?? null;
  const notFound = first?.isError === true && isNotFound(first.error);
  const head = facet ? facetHead(kind, facet, from, first?.data?.pages ?? null, origin) : null;
  useDocumentTitle(head?.title ?? null);
  useDocumentHead(head, origin);

  if (notFound) return <NotFoundPage />;
  const retry = () => void Promise.all(results.filter((result) => result.isError).map((result) => result.refetch()));
  return (
    <div className="page facet-page">
      <div className="page-head">
        <div>
          <h1>{facet ? kind.heading(facet.name) : kind.placeholder}</h1>
          <p className="page-subtitle">{total === null ? '\u00a0' : artistCount(total)}</p>
        </div>
      </div>
      <PagedArtists
        results={results}
        from={from}
        page={page}
        href={(n, firstShown) => kind.href(key, n, firstShown)}
        pagerLabel={facet?.name ?? key}
        onRetry={retry}
      />
    </div>
  );
}

export function CountryPage() {
  return <FacetPage kind={COUNTRY} />;
}

export function DecadePage() {
  return <FacetPage kind={DECADE} />;
}
