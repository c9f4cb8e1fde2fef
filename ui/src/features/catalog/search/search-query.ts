import { routes } from '../../../generated/contract';

/** Search text is trimmed and ignored when empty. */
export function normalizeSearchQuery(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** The search screen's path for a (trimmed, non-empty) query. */
export function searchPath(query: string): string {
  return routes.searchResults.href(query);
}

/** Where submitting a search box goes, or null when it should do nothing. */
export function searchTarget(raw: string | null | undefined): string | null {
  const query = normalizeSearchQuery(raw);
  return query === null ? null : searchPath(query);
}
