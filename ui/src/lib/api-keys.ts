/**
 * Query keys are API paths, built exactly as the server builds them
 * (encodeURIComponent for every path or query part).
 */

export const ARTISTS_KEY = '/api/artists';
export const RANDOM_ARTIST_KEY = '/api/artists/random';

export function artistKey(id: string | number): string {
  return `/api/artists/${encodeURIComponent(String(id))}`;
}

export function neighborsKey(id: string | number): string {
  return `${artistKey(id)}/neighbors`;
}

export function relatedKey(id: string | number): string {
  return `${artistKey(id)}/related`;
}

/** `query` must already be trimmed and non-empty. */
export function searchKey(query: string): string {
  return `/api/artists/search?query=${encodeURIComponent(query)}`;
}

export function browseKey(letter: string, page: number): string {
  return `/api/artists/browse?letter=${encodeURIComponent(letter)}&page=${page}`;
}

/** Keys of pages 1..pages of one letter, in order. */
export function browseKeys(letter: string, pages: number): string[] {
  const keys: string[] = [];
  for (let page = 1; page <= pages; page += 1) keys.push(browseKey(letter, page));
  return keys;
}
