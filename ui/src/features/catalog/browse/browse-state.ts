import { DEFAULT_LETTER, MAX_BROWSE_PAGE } from '../../../generated/contract';
import { browseHref, parseLetter } from '../browse-params';
import { readSession, writeSession } from '../../../lib/storage';

/** Session storage keys (spec: selected letter, page per letter, browse scroll position). */
export const BROWSE_LETTER_KEY = 'browse:selectedLetter';
export const BROWSE_PAGES_KEY = 'browse:pagePerLetter';
export const BROWSE_SCROLL_KEY = 'browse:scrollPosition';

export type PagesPerLetter = Record<string, number>;

export interface BrowseSessionState {
  letter: string | null;
  pages: PagesPerLetter;
  scrollY: number | null;
}

/** Keeps only valid letters with valid page numbers. */
export function sanitizePages(raw: unknown): PagesPerLetter {
  const pages: PagesPerLetter = {};
  if (!raw || typeof raw !== 'object') return pages;
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const letter = parseLetter(key);
    if (letter === null || typeof value !== 'number' || !Number.isInteger(value) || value < 1) continue;
    pages[letter] = Math.min(value, MAX_BROWSE_PAGE);
  }
  return pages;
}

export function rememberPage(pages: PagesPerLetter, letter: string, page: number): PagesPerLetter {
  return { ...pages, [letter]: page };
}

export function pageFor(pages: PagesPerLetter, letter: string): number {
  return pages[letter] ?? 1;
}

/**
 * Where /browse without a letter parameter should go to resume the session, or
 * null when the default view (A, page 1) is already right.
 */
export function restoreHref(state: BrowseSessionState): string | null {
  const letter = state.letter ?? DEFAULT_LETTER;
  const page = pageFor(state.pages, letter);
  if (letter === DEFAULT_LETTER && page === 1) return null;
  return browseHref(letter, page);
}

export function loadBrowseState(): BrowseSessionState {
  const scroll = readSession<unknown>(BROWSE_SCROLL_KEY);
  return {
    letter: parseLetter(readSession<string>(BROWSE_LETTER_KEY)),
    pages: sanitizePages(readSession<unknown>(BROWSE_PAGES_KEY)),
    scrollY: typeof scroll === 'number' && Number.isFinite(scroll) && scroll >= 0 ? scroll : null,
  };
}

export function saveSelection(letter: string, page: number): void {
  const current = sanitizePages(readSession<unknown>(BROWSE_PAGES_KEY));
  writeSession(BROWSE_LETTER_KEY, letter);
  writeSession(BROWSE_PAGES_KEY, rememberPage(current, letter, page));
}

export function saveScroll(y: number): void {
  writeSession(BROWSE_SCROLL_KEY, Math.max(0, Math.round(y)));
}
