import { DEFAULT_LETTER, MAX_API_PAGE, MAX_BROWSE_PAGE, links, routes } from '../../generated/contract';
import { getSearchParam } from '../../lib/url';

/*
 * The browse page's lenient parameter rules. The server applies the same rules to
 * decide which pages it prefetches (`BrowseParams::lenient` in crates/contract); both
 * implementations are tested on the cases in generated/browse-params.cases.json.
 */

/** `#` or one ASCII letter (upper-cased); anything else is null. */
export function parseLetter(raw: string | null | undefined): string | null {
  if (raw == null) return null;
  const value = raw.trim();
  if (value === '#') return '#';
  if (/^[a-z]$/i.test(value)) return value.toUpperCase();
  return null;
}

/** Digits only (spaces around aside), as a number; anything else is null. */
function wholeNumber(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d+$/.test(raw.trim())) return null;
  const value = Number.parseInt(raw.trim(), 10);
  return Number.isFinite(value) ? value : Number.MAX_SAFE_INTEGER;
}

/** A positive integer up to MAX_BROWSE_PAGE; anything else is 1. */
export function parsePage(raw: string | null | undefined): number {
  const page = wholeNumber(raw);
  return page === null || page < 1 ? 1 : Math.min(page, MAX_BROWSE_PAGE);
}

export interface BrowseParams {
  /** The letter in the URL, or null when absent/invalid (then DEFAULT_LETTER shows). */
  letterParam: string | null;
  letter: string;
  /** The first page shown: 1, or a numbered page of the letter. */
  from: number;
  /** The last page shown (from..page, at most MAX_BROWSE_PAGE of them). */
  page: number;
  refresh: boolean;
  /** The slug of the country the list is filtered to, if any. */
  country: string | null;
}

export function parseBrowseSearch(search: string): BrowseParams {
  const letterParam = parseLetter(getSearchParam(search, 'letter'));
  return {
    letterParam,
    letter: letterParam ?? DEFAULT_LETTER,
    ...parsePageSpan(search),
    refresh: getSearchParam(search, 'refresh') === 'true',
    country: getSearchParam(search, 'country')?.trim() || null,
  };
}

/**
 * The pages a paged list page (a browse letter, a genre) shows for its `?from=&page=`:
 * pages from..page (`PageSpan::lenient` on the server).
 */
export function parsePageSpan(search: string): { from: number; page: number } {
  const rawFrom = wholeNumber(getSearchParam(search, 'from'));
  const from = rawFrom === null ? 1 : Math.min(Math.max(rawFrom, 1), MAX_API_PAGE);
  const rawPage = wholeNumber(getSearchParam(search, 'page'));
  return { from, page: rawPage === null ? from : Math.min(Math.max(rawPage, from), from + MAX_BROWSE_PAGE - 1) };
}

/**
 * `/browse?letter=B` (page 1), `/browse?letter=B&page=3` (pages 1 to 3), or from a
 * numbered page: `/browse?letter=B&from=300` (page 300 alone, its own address) and
 * `/browse?letter=B&from=300&page=301`.
 */
export function browseHref(letter: string, page = 1, from = 1): string {
  if (from > 1) return page > from ? links.browseNumberedPage(letter, from, page) : links.browseNumbered(letter, from);
  return page > 1 ? links.browseLetterPage(letter, page) : links.browseLetter(letter);
}

/** The same four forms of browse filtered to one country. */
export function browseInCountryHref(country: string, letter: string, page = 1, from = 1): string {
  if (from > 1) return page > from ? links.browseCountryNumberedPage(country, letter, from, page) : links.browseCountryNumbered(country, letter, from);
  return page > 1 ? links.browseCountryLetterPage(country, letter, page) : links.browseCountryLetter(country, letter);
}

/** A country's pages, in the four forms of a genre's. */
export function countryHref(slug: string, page = 1, from = 1): string {
  if (from > 1) return page > from ? links.countryNumberedPage(slug, from, page) : links.countryNumbered(slug, from);
  return page > 1 ? links.countryPage(slug, page) : routes.country.href(slug);
}

/** A decade's pages ("1990s"), in the four forms of a genre's. */
export function decadeHref(decade: string, page = 1, from = 1): string {
  if (from > 1) return page > from ? links.decadeNumberedPage(decade, from, page) : links.decadeNumbered(decade, from);
  return page > 1 ? links.decadePage(decade, page) : routes.decade.href(decade);
}

/**
 * `/genre/pop` (page 1), `/genre/pop?page=3` (pages 1 to 3), `/genre/pop?from=4` (page 4
 * alone, its own address) and `/genre/pop?from=4&page=5`, as browse's.
 */
export function genreHref(slug: string, page = 1, from = 1): string {
  if (from > 1) return page > from ? links.genreNumberedPage(slug, from, page) : links.genreNumbered(slug, from);
  return page > 1 ? links.genrePage(slug, page) : routes.genre.href(slug);
}
