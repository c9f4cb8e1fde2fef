import { api, type User, type Artist, type VideoFavorite } from '../generated/contract';
import { useCachedData } from './cached-data';

/**
 * The signed-in state seam. Who is signed in comes from the page's server-rendered
 * state: the server prefetches `/api/user` and the visitor's library into every page it
 * renders for a signed-in visitor (and never caches those pages), so these queries are
 * never fetched here (`enabled: false`): they read what the page was primed with, or
 * what a sign-in or a library change later writes into the cache. Anonymous pages carry
 * neither, so they read as signed out with no favorites.
 */

export function useCurrentUser(): User | null {
  return useCachedData<User | null>(api.user()) ?? null;
}

export function useSignedIn(): boolean {
  return useCurrentUser() !== null;
}

/**
 * The header badge: what /favorites lists at the top level, artists and video favorites
 * (0 when signed out). A visitor who saved only videos sees them counted.
 */
export function useFavoritesCount(): number {
  return favoritesCount(useCachedData<Artist[]>(api.favorites()), useCachedData<VideoFavorite[]>(api.videoFavorites()));
}

export function favoritesCount(favorites: Artist[] | undefined, videos: VideoFavorite[] | undefined): number {
  return (favorites?.length ?? 0) + (videos?.filter((video) => video.folderId === null).length ?? 0);
}
