import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  type Artist,
  type Favorite,
  type FavoriteFolder,
  type FolderSummary,
  type MoveFavorite,
  type NewFavorite,
  type NewVideoFavorite,
  type VideoFavorite,
} from '../generated/contract';

/**
 * The signed-in visitor's library, shared by the favorites pages (features/library), the
 * hearts on artist pages and cards (components/favorite-heart) and the header badge.
 * The lists live in the query cache under the contract's API paths: the server primes
 * them into every page it renders for a signed-in visitor (and never into anonymous
 * pages); writes here update them.
 */

/** Spec section 9: the favorites list is reread this long after a removal. */
export const REFRESH_AFTER_REMOVAL_MS = 100;
/** Spec section 9: a failed favorite removal is tried once more after this long. */
export const REMOVAL_RETRY_MS = 500;
/** Fired after a video favorite changes (spec section 4), for the player's hearts. */
export const FAVORITES_UPDATED_EVENT = 'favoritesUpdated';

/** A cached list: read what the page was primed with (or a write stored), never fetched by a reader. */
function cached(path: string) {
  return { queryKey: [path] as [string], enabled: false, staleTime: Infinity } as const;
}

/** The top-level favorites (empty when signed out). */
export function useFavoritesList(): Artist[] {
  const { data } = useQuery<Artist[]>(cached(api.favorites()));
  return data ?? EMPTY;
}

/** The folders with their artists (empty when signed out). */
export function useFoldersList(): FavoriteFolder[] {
  const { data } = useQuery<FavoriteFolder[]>(cached(api.favoriteFolders()));
  return data ?? EMPTY;
}

/** The video favorites, top level and in folders (empty when signed out). */
export function useVideoFavoritesList(): VideoFavorite[] {
  const { data } = useQuery<VideoFavorite[]>(cached(api.videoFavorites()));
  return data ?? EMPTY;
}

const EMPTY: never[] = [];

/** The server's `message` field of an error answer, if it has one. */
async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

/** A failed library write: its text is the spec's (section 8), or the server's message where the spec reads it. */
export class LibraryError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'LibraryError';
  }
}

async function send<T>(method: string, path: string, failure: string, body?: unknown, useServerMessage = false): Promise<T | null> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new LibraryError(failure, 0);
  }
  if (!response.ok) {
    const message = useServerMessage ? await serverMessage(response) : null;
    throw new LibraryError(message ?? failure, response.status);
  }
  return response.status === 204 ? null : ((await response.json()) as T);
}

/** Rereads the library lists the pages and the header show. */
export async function refreshLibrary(client: QueryClient): Promise<void> {
  await Promise.all(
    [api.favorites(), api.favoriteFolders(), api.videoFavorites()].map((path) =>
      client.fetchQuery({ queryKey: [path], staleTime: 0 }).catch((error: unknown) => {
        // Spec section 8: logged, and the product carries on.
        console.error(path === api.favoriteFolders() ? 'Failed to fetch folders' : 'Failed to fetch favorites', error);
      }),
    ),
  );
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs a removal; if it fails, tries once more after `REMOVAL_RETRY_MS` (spec section 4). */
export async function withOneRetry<T>(attempt: () => Promise<T>, wait: (ms: number) => Promise<void> = sleep): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    // A 404 means it is already gone: nothing to retry.
    if (error instanceof LibraryError && error.status === 404) throw error;
    await wait(REMOVAL_RETRY_MS);
    return attempt();
  }
}

const folderQuery = (folderId: number | null | undefined) => (folderId == null ? '' : `?folderId=${encodeURIComponent(folderId)}`);

/** Drops one artist from the cached list at once (the reread after 100 ms confirms it). */
function dropFromCache(client: QueryClient, artistId: number, folderId: number | null | undefined): void {
  if (folderId == null) {
    client.setQueryData<Artist[]>([api.favorites()], (list) => list?.filter((artist) => artist.id !== artistId));
  } else {
    client.setQueryData<FavoriteFolder[]>([api.favoriteFolders()], (folders) =>
      folders?.map((folder) => (folder.id === folderId ? { ...folder, artists: folder.artists.filter((a) => a.id !== artistId) } : folder)),
    );
  }
}

/**
 * The library's writes. Adds and moves reread the lists at once; removals take the row
 * out of the cache at once, are retried once on failure, and reread the lists after
 * 100 ms (spec sections 4 and 9). Errors carry the spec's texts.
 */
export function useLibraryActions() {
  const client = useQueryClient();
  const refresh = () => refreshLibrary(client);
  const then = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await refresh();
    return result;
  };
  const refreshSoon = () => {
    setTimeout(() => void refresh(), REFRESH_AFTER_REMOVAL_MS);
  };
  return {
    addFavorite: (body: NewFavorite) => then(send<Favorite>('POST', '/api/favorites', 'Failed to save favorite', body)),
    removeFavorite: async (artistId: number, folderId?: number | null) => {
      const path = `/api/favorites/${encodeURIComponent(artistId)}${folderQuery(folderId)}`;
      try {
        await withOneRetry(() => send<null>('DELETE', path, 'Failed to remove favorite'));
        dropFromCache(client, artistId, folderId);
      } finally {
        refreshSoon();
      }
    },
    moveFavorite: (body: MoveFavorite) => then(send<Favorite>('POST', '/api/favorites/move', 'Failed to save favorite', body)),
    createFolder: (name: string) =>
      then(send<FolderSummary>('POST', '/api/favorite-folders', 'Failed to create folder', { name: name.trim() }, true)),
    renameFolder: (id: number, name: string) =>
      then(send<FolderSummary>('PATCH', `/api/favorite-folders/${encodeURIComponent(id)}`, 'Failed to create folder', { name: name.trim() }, true)),
    deleteFolder: (id: number) => then(send<null>('DELETE', `/api/favorite-folders/${encodeURIComponent(id)}`, 'Failed to delete folder')),
    addVideoFavorite: async (body: NewVideoFavorite) => {
      const failure = body.folderId == null ? 'Failed to add video favorite' : 'Failed to add video favorite to folder';
      const saved = await then(send<VideoFavorite>('POST', '/api/video-favorites', failure, body));
      fireFavoritesUpdated();
      return saved;
    },
    /**
     * Removes a video favorite: it leaves the cached list at once; on failure it is put
     * back (the heart shows favorited again) and the error is rethrown.
     */
    removeVideoFavorite: async (artistId: number, videoId: string, folderId?: number | null) => {
      const key = [api.videoFavorites()];
      const before = client.getQueryData<VideoFavorite[]>(key);
      const sameRow = (video: VideoFavorite) => video.artistId === artistId && video.videoId === videoId && (video.folderId ?? null) === (folderId ?? null);
      client.setQueryData<VideoFavorite[]>(key, (list) => list?.filter((video) => !sameRow(video)));
      const path = `/api/video-favorites/${encodeURIComponent(artistId)}/${encodeURIComponent(videoId)}${folderQuery(folderId)}`;
      try {
        await withOneRetry(() => send<null>('DELETE', path, 'Failed to remove video favorite'));
      } catch (error) {
        if (before !== undefined) client.setQueryData(key, before);
        throw error;
      } finally {
        fireFavoritesUpdated();
        refreshSoon();
      }
    },
  };
}

export type LibraryActions = ReturnType<typeof useLibraryActions>;

function fireFavoritesUpdated(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(FAVORITES_UPDATED_EVENT));
}
