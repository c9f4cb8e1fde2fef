import { queryOptions } from '@tanstack/react-query';
import { api, type ApiPath } from '../../generated/contract';

/** How long each read stays fresh. Everything else never goes stale (client default). */
export const MINUTE = 60_000;
export const STALE_ARTIST_LIST = 5 * MINUTE;
export const STALE_BROWSE = 15 * MINUTE;
export const STALE_SEARCH = 5 * MINUTE;
export const STALE_ARTIST_VIDEOS = 30 * MINUTE;

/**
 * Query options of one catalogue read. The key is the endpoint's API path from the
 * generated contract (the same path the server prefetches under), and its payload
 * type comes with it. The queryFn is the client's default fetcher.
 */
function read<T>(path: ApiPath<T>, staleTime?: number) {
  return queryOptions<T, Error, T, [string]>(staleTime === undefined ? { queryKey: [path] } : { queryKey: [path], staleTime });
}

export const queries = {
  artists: () => read(api.artists(), STALE_ARTIST_LIST),
  artist: (id: string | number) => read(api.artist(id)),
  neighbors: (id: string | number) => read(api.neighbors(id)),
  related: (id: string | number) => read(api.related(id)),
  artistDetails: (id: string | number) => read(api.artistDetails(id)),
  /** The home spotlight: never stale, so it never refetches on hydration. */
  randomArtist: () => read(api.randomArtist(), Infinity),
  search: (query: string) => read(api.search(query), STALE_SEARCH),
  /** One page of the search screen's results, as cards. */
  searchCards: (query: string, page: number) => read(api.searchCards(query, page), STALE_SEARCH),
  browse: (letter: string, page: number) => read(api.browse(letter, page), STALE_BROWSE),
  /** One page of a genre's artists. */
  genre: (slug: string, page: number) => read(api.genre(slug, page), STALE_BROWSE),
  /** One page of a country's artists, and of a decade's. */
  country: (slug: string, page: number) => read(api.country(slug, page), STALE_BROWSE),
  decade: (decade: string, page: number) => read(api.decade(decade, page), STALE_BROWSE),
  /** Every country artists come from (the browse filter's choices). */
  countries: () => read(api.countries(), STALE_BROWSE),
  /** One page of a letter's artists from one country. */
  browseInCountry: (country: string, letter: string, page: number) => read(api.browseInCountry(country, letter, page), STALE_BROWSE),
  /** One artist's genres with their pages' slugs (the chips' links). */
  artistGenres: (id: string | number) => read(api.artistGenres(id)),
  /** The genres a search offers beside its artists. */
  genres: (query: string) => read(api.genres(query), STALE_SEARCH),
  /** The latest videos of the channel an artist's soloVideoLink names (content's endpoint). */
  artistChannelVideos: (url: string) => read(api.artistChannelVideos(url), STALE_ARTIST_VIDEOS),
};
