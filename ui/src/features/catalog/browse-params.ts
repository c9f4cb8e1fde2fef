import { DEFAULT_LETTER, MAX_BROWSE_PAGE, links } from '../../generated/contract';
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

/** A positive integer up to MAX_BROWSE_PAGE; anything else is 1. */
export function parsePage(raw: string | null | undefined): number {
  if (raw == null || !/^\d+$/.test(raw.trim())) return 1;
  const page = Number.parseInt(raw.trim(), 10);
  if (!Number.isFinite(page) || page < 1) return 1;
  return Math.min(page, MAX_BROWSE_PAGE);
}

export interface BrowseParams {
  /** The letter in the URL, or null when absent/invalid (then DEFAULT_LETTER shows). */
  letterParam: string | null;
  letter: string;
  page: number;
  refresh: boolean;
}

export function parseBrowseSearch(search: string): BrowseParams {
  const letterParam = parseLetter(getSearchParam(search, 'letter'));
  return {
    letterParam,
    letter: letterParam ?? DEFAULT_LETTER,
    page: parsePage(getSearchParam(search, 'page')),
    refresh: getSearchParam(search, 'refresh') === 'true',
  };
}

/** `/browse?letter=B` (page 1) or `/browse?letter=B&page=3`. */
export function browseHref(letter: string, page = 1): string {
  return page > 1 ? links.browseLetterPage(letter, page) : links.browseLetter(letter);
}
