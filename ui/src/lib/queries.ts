import { queryOptions } from '@tanstack/react-query';
import { ARTISTS_KEY, RANDOM_ARTIST_KEY, artistKey, browseKey, neighborsKey, relatedKey, searchKey } from './api-keys';
import type { Artist, ArtistSummary, BrowsePage, Neighbors } from './types';

/** Spec section 9 freshness. Everything else never goes stale (client default). */
export const MINUTE = 60_000;
export const STALE_ARTIST_LIST = 5 * MINUTE;
export const STALE_BROWSE = 15 * MINUTE;
export const STALE_SEARCH = 5 * MINUTE;

/** Query options per API read; the queryFn is the client's default fetcher. */
function spec<T>(key: string, staleTime?: number) {
  return queryOptions<T, Error, T, [string]>(
    staleTime === undefined ? { queryKey: [key] } : { queryKey: [key], staleTime },
  );
}

export const queries = {
  artists: () => spec<Artist[]>(ARTISTS_KEY, STALE_ARTIST_LIST),
  artist: (id: string | number) => spec<Artist>(artistKey(id)),
  neighbors: (id: string | number) => spec<Neighbors>(neighborsKey(id)),
  related: (id: string | number) => spec<ArtistSummary[]>(relatedKey(id)),
  /** The home spotlight: never stale, so it never refetches on hydration. */
  randomArtist: () => spec<Artist>(RANDOM_ARTIST_KEY, Infinity),
  search: (query: string) => spec<Artist[]>(searchKey(query), STALE_SEARCH),
  browse: (letter: string, page: number) => spec<BrowsePage>(browseKey(letter, page), STALE_BROWSE),
};
