import { useQueryClient, type QueryClient } from '@tanstack/react-query';
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
import type { PlaylistItem } from './events';
import { useCachedData } from './cached-data';

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

/** The top-level favorites (empty when signed out). */
export function useFavoritesList(): Artist[] {
  return useCachedData<Artist[]>(api.favorites()) ?? EMPTY;
}

/** The folders with their artists (empty when signed out). */
export function useFoldersList(): FavoriteFolder[] {
  return useCachedData<FavoriteFolder[]>(api.favoriteFolders()) ?? EMPTY;
}

/** The video favorites, top level and in folders (empty when signed out). */
export function useVideoFavoritesList(): VideoFavorite[] {
  return useCachedData<VideoFavorite[]>(api.videoFavorites()) ?? EMPTY;
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
 * What the server does when a folder is deleted, done to the cached lists at once: the
 * folder goes, and what it held returns to the main favorites (once each, after what is
 * there), so nothing the dialog promised to keep disappears until the reread.
 */
export function returnFolderToTopLevel(client: QueryClient, folderId: number): void {
  const folder = client.getQueryData<FavoriteFolder[]>([api.favoriteFolders()])?.find((f) => f.id === folderId);
  client.setQueryData<FavoriteFolder[]>([api.favoriteFolders()], (folders) => folders?.filter((f) => f.id !== folderId));
  if (folder) {
    client.setQueryData<Artist[]>([api.favorites()], (list) => {
      if (!list) return list;
      const kept = new Set(list.map((artist) => artist.id));
      return [...list, ...folder.artists.filter((artist) => !kept.has(artist.id))];
    });
  }
  client.setQueryData<VideoFavorite[]>([api.videoFavorites()], (videos) => {
    if (!videos) return videos;
    const top = new Set(videos.filter((v) => v.folderId == null).map((v) => `${v.artistId}-${v.videoId}`));
    return videos.flatMap((video) => {
      if (video.folderId !== folderId) return [video];
      return top.has(`${video.artistId}-${video.videoId}`) ? [] : [{ ...video, folderId: null }];
    });
  });
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
    deleteFolder: async (id: number) => {
      await send<null>('DELETE', `/api/favorite-folders/${encodeURIComponent(id)}`, 'Failed to delete folder');
      returnFolderToTopLevel(client, id);
      // The cache already shows the result; the reread only confirms it.
      void refresh();
    },
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

// ---- What a view lists and plays (pure; shared by the favorites pages and the player's
// Load Folder, which may not import each other: features stay apart).

/** Spec section 3: a video favorite shown as an artist card. */
export type VideoPseudoArtist = Omit<Artist, 'id'> & {
  /** `artistId-videoId`: the hyphen marks a video favorite (spec section 5). */
  id: string;
  isVideoFavorite: true;
  originalArtistId: number;
  originalArtistName: string;
};

/** What the favorites pages list: artists and video pseudo-artists. */
export type LibraryItem = Artist | VideoPseudoArtist;

/** The video service's genre, the second genre of every video pseudo-artist. */
export const VIDEO_SERVICE_GENRE = 'YouTube';

export function videoPseudoArtist(video: VideoFavorite): VideoPseudoArtist {
  return {
    id: `${video.artistId}-${video.videoId}`,
    title: video.title,
    imageUrl: video.thumbnail || null,
    genres: ['Music Video', VIDEO_SERVICE_GENRE],
    bio: `Music video by ${video.artistName}`,
    bioSourceLink: null,
    soloVideoLink: video.url,
    spotifyLink: null,
    appleLink: null,
    amazonLink: null,
    tidalLink: null,
    funFact: null,
    externalId: `video-${video.artistId}-${video.videoId}`,
    kind: 'solo',
    year: null,
    origin: null,
    realName: null,
    isVideoFavorite: true,
    originalArtistId: video.artistId,
    originalArtistName: video.artistName,
  };
}

/** Elements whose id contains a dash are video favorites (spec section 5). */
export function isVideoItem(item: LibraryItem): item is VideoPseudoArtist {
  return String(item.id).includes('-');
}

/** The items one view lists: the top level's or one folder's artists, then its videos. */
export function viewItems(artists: Artist[], videos: VideoFavorite[], folderId: number | null): LibraryItem[] {
  const here = videos.filter((video) => (video.folderId ?? null) === folderId).map(videoPseudoArtist);
  return [...artists, ...here];
}

/** How many tracks a folder holds: its artists and its videos. */
export function folderTrackCount(folder: FavoriteFolder, videos: VideoFavorite[]): number {
  return folder.artists.length + videos.filter((video) => video.folderId === folder.id).length;
}

/**
 * Play All (spec section 2): the listed items that can play (those with a video link),
 * as the player's tracks, each naming its artist for the lock screen: the artist's own
 * title, or a video favorite's original artist.
 */
export function playlistItems(items: LibraryItem[]): PlaylistItem[] {
  return items.flatMap((item) => {
    const link = item.soloVideoLink?.trim();
    if (!link) return [];
    const artist = isVideoItem(item) ? item.originalArtistName : item.title;
    return [{ id: String(item.id), title: item.title, soloVideoLink: link, genres: item.genres, imageUrl: item.imageUrl, artist }];
  });
}

/** What playing a whole folder plays: its artists, then its video favorites, those that can play. */
export function folderTracks(folder: FavoriteFolder, videos: VideoFavorite[]): PlaylistItem[] {
  return playlistItems(viewItems(folder.artists, videos, folder.id));
}
