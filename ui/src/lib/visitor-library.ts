import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  type Artist,
  type FavoriteFolder,
  type MoveFavorite,
  type NewFavorite,
  type NewVideoFavorite,
  type VideoFavorite,
} from '../generated/contract';
import { client as apiClient } from './api-client';
import type { PlaylistItem } from './events';
import { isHttpError, worded } from './http-error';
import { useCachedData } from './cached-data';

/**
 * The signed-in visitor's library, shared by the favorites pages (features/library), the
 * hearts on artist pages and cards (components/favorite-heart) and the header badge.
 * The lists live in the query cache under the contract's API paths: the server primes
 * them into every page it renders for a signed-in visitor (and never into anonymous
 * pages); writes here update them.
 */

/** The favorites list is reread this long after a removal. */
export const REFRESH_AFTER_REMOVAL_MS = 100;
/** A failed favorite removal is tried once more after this long (see `REMOVAL_RETRY`). */
export const REMOVAL_RETRY_MS = 500;
/** Fired after a video favorite changes, for the player's hearts. */
export const FAVORITES_UPDATED_EVENT = 'favoritesUpdated';

/** The library's lists in the query cache, by the contract's API paths. */
const LISTS = { favorites: api.favorites(), folders: api.favoriteFolders(), videos: api.videoFavorites() } as const;
type List = keyof typeof LISTS;

/** The top-level favorites (empty when signed out). */
export function useFavoritesList(): Artist[] {
  return useCachedData<Artist[]>(LISTS.favorites) ?? EMPTY;
}

/** The folders with their artists (empty when signed out). */
export function useFoldersList(): FavoriteFolder[] {
  return useCachedData<FavoriteFolder[]>(LISTS.folders) ?? EMPTY;
}

/** The video favorites, top level and in folders (empty when signed out). */
export function useVideoFavoritesList(): VideoFavorite[] {
  return useCachedData<VideoFavorite[]>(LISTS.videos) ?? EMPTY;
}

const EMPTY: never[] = [];

/** Rereads some of the library's lists (all by default: after signing in, or a folder's deletion). */
export async function refreshLibrary(client: QueryClient, lists: List[] = ['favorites', 'folders', 'videos']): Promise<void> {
  await Promise.all(
    lists.map((list) =>
      client.fetchQuery({ queryKey: [LISTS[list]], staleTime: 0 }).catch((error: unknown) => {
        // A failed reread is logged, and the page carries on.
        console.error(list === 'folders' ? 'Failed to fetch folders' : 'Failed to fetch favorites', error);
      }),
    ),
  );
}

/** The list a favorite artist is in: the top level's or the folders'. */
const listOf = (folderId: number | null | undefined): List => (folderId == null ? 'favorites' : 'folders');

/**
 * A failed removal is tried once more after `REMOVAL_RETRY_MS`, unless
 * it answered 404: then it is already gone. As `useMutation` options.
 */
export const REMOVAL_RETRY = {
  retry: (failureCount: number, error: unknown) => failureCount < 1 && !(isHttpError(error) && error.status === 404),
  retryDelay: REMOVAL_RETRY_MS,
} as const;

/** Rethrows a failed write worded as the spec says (or as the server did, where the spec reads it). */
const failure =
  (message: string, serverWords = false) =>
  (error: unknown): never => {
    throw worded(error, message, serverWords);
  };

/** Drops one artist from the cached list at once (the reread after 100 ms confirms it). */
function dropFromCache(client: QueryClient, artistId: number, folderId: number | null | undefined): void {
  if (folderId == null) {
    client.setQueryData<Artist[]>([LISTS.favorites], (list) => list?.filter((artist) => artist.id !== artistId));
  } else {
    client.setQueryData<FavoriteFolder[]>([LISTS.folders], (folders) =>
      folders?.map((folder) => (folder.id === folderId ? { ...folder, artists: folder.artists.filter((a) => a.id !== artistId) } : folder)),
    );
  }
}

/**
 * What the server does when a folder is deleted, done to the cached lists at once: the
 * folder goes, and what it held returns to the main favorites (once each, after what is
 * there; the reread brings the server's order), so nothing the dialog promised to keep
 * disappears until then. The server's tests and this one's read the same cases
 * (crates/contract/cases/folder-deletion.json).
 */
export function returnFolderToTopLevel(client: QueryClient, folderId: number): void {
  const folder = client.getQueryData<FavoriteFolder[]>([LISTS.folders])?.find((f) => f.id === folderId);
  client.setQueryData<FavoriteFolder[]>([LISTS.folders], (folders) => folders?.filter((f) => f.id !== folderId));
  if (folder) {
    client.setQueryData<Artist[]>([LISTS.favorites], (list) => {
      if (!list) return list;
      const kept = new Set(list.map((artist) => artist.id));
      return [...list, ...folder.artists.filter((artist) => !kept.has(artist.id))];
    });
  }
  client.setQueryData<VideoFavorite[]>([LISTS.videos], (videos) => {
    if (!videos) return videos;
    const top = new Set(videos.filter((v) => v.folderId == null).map((v) => `${v.artistId}-${v.videoId}`));
    return videos.flatMap((video) => {
      if (video.folderId !== folderId) return [video];
      return top.has(`${video.artistId}-${video.videoId}`) ? [] : [{ ...video, folderId: null }];
    });
  });
}

/**
 * The library's writes, one mutation each, returned as react-query's mutation (its
 * `mutateAsync`, `isPending` and `error` are the caller's to use; fetch errors never
 * pause for a network check: a write fails at once, as a person expects). Each touches only the lists it
 * changes: a folder's creation, rename or new video favorite goes into the cache from
 * the answer; an add or a move rereads its one or two lists before it resolves;
 * removals take the row out of the cache, are retried once on failure, and reread their
 * list after 100 ms. Errors carry the product's texts.
 */
const WRITE = { networkMode: 'always' } as const;

/** Rereads a list 100 ms after a removal from it, whatever its outcome. */
function refreshSoon(client: QueryClient, list: List): void {
  setTimeout(() => void refreshLibrary(client, [list]), REFRESH_AFTER_REMOVAL_MS);
}

export function useAddFavorite() {
  const client = useQueryClient();
  return useMutation({
    ...WRITE,
    mutationFn: (body: NewFavorite) => apiClient.addFavorite(body).catch(failure('Failed to save favorite')),
    onSuccess: (_, body) => refreshLibrary(client, [listOf(body.folderId)]),
  });
}

export function useRemoveFavorite() {
  const client = useQueryClient();
  return useMutation({
    ...WRITE,
    ...REMOVAL_RETRY,
    mutationFn: ({ artistId, folderId }: { artistId: number; folderId?: number | null }) =>
      apiClient.removeFavorite(artistId, { folderId }).catch(failure('Failed to remove favorite')),
    onSuccess: (_, { artistId, folderId }) => dropFromCache(client, artistId, folderId),
    onSettled: (_, _error, { folderId }) => refreshSoon(client, listOf(folderId)),
  });
}

export function useAddVideoFavorite() {
  const client = useQueryClient();
  return useMutation({
    ...WRITE,
    mutationFn: (body: NewVideoFavorite) =>
      apiClient.addVideoFavorite(body).catch(failure(body.folderId == null ? 'Failed to add video favorite' : 'Failed to add video favorite to folder')),
    onSuccess: (video) => {
      client.setQueryData<VideoFavorite[]>([LISTS.videos], (list) => (list && !list.some((v) => sameVideoRow(v, video)) ? [...list, video] : list));
      fireFavoritesUpdated();
    },
  });
}

type VideoRow = { artistId: number; videoId: string; folderId?: number | null };

const sameVideoRow = (a: VideoRow, b: VideoRow) => a.artistId === b.artistId && a.videoId === b.videoId && (a.folderId ?? null) === (b.folderId ?? null);

/**
 * Removes a video favorite: it leaves the cached list at once; on failure it is put back
 * (the heart shows favorited again) and the error is rethrown.
 */
export function useRemoveVideoFavorite() {
  const client = useQueryClient();
  const key = [LISTS.videos];
  return useMutation({
    ...WRITE,
    ...REMOVAL_RETRY,
    mutationFn: ({ artistId, videoId, folderId }: VideoRow) =>
      apiClient.removeVideoFavorite(artistId, videoId, { folderId }).catch(failure('Failed to remove video favorite')),
    onMutate: ({ artistId, videoId, folderId }: VideoRow) => {
      const before = client.getQueryData<VideoFavorite[]>(key);
      client.setQueryData<VideoFavorite[]>(key, (list) => list?.filter((video) => !sameVideoRow(video, { artistId, videoId, folderId })));
      return { before };
    },
    onError: (_error, _row, context) => {
      if (context?.before !== undefined) client.setQueryData(key, context.before);
    },
    onSettled: () => {
      fireFavoritesUpdated();
      refreshSoon(client, 'videos');
    },
  });
}

/** Every write of the library, for the favorites pages. */
export function useLibraryActions() {
  const client = useQueryClient();
  const moveFavorite = useMutation({
    ...WRITE,
    mutationFn: (body: MoveFavorite) => apiClient.moveFavorite(body).catch(failure('Failed to save favorite')),
    onSuccess: (_, body) => refreshLibrary(client, [...new Set([listOf(body.fromFolderId), listOf(body.toFolderId)])]),
  });
  const createFolder = useMutation({
    ...WRITE,
    mutationFn: (name: string) => apiClient.createFolder({ name: name.trim() }).catch(failure('Failed to create folder', true)),
    onSuccess: (folder) => client.setQueryData<FavoriteFolder[]>([LISTS.folders], (folders) => folders && [...folders, { ...folder, artists: [] }]),
  });
  const renameFolder = useMutation({
    ...WRITE,
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      apiClient.renameFolder(id, { name: name.trim() }).catch(failure('Failed to rename folder', true)),
    onSuccess: (renamed) =>
      client.setQueryData<FavoriteFolder[]>([LISTS.folders], (folders) => folders?.map((folder) => (folder.id === renamed.id ? { ...folder, name: renamed.name } : folder))),
  });
  const deleteFolder = useMutation({
    ...WRITE,
    mutationFn: (id: number) => apiClient.deleteFolder(id).catch(failure('Failed to delete folder')),
    onSuccess: (_, id) => {
      returnFolderToTopLevel(client, id);
      // The cache already shows the result; the reread only confirms it.
      void refreshLibrary(client);
    },
  });
  return {
    addFavorite: useAddFavorite(),
    removeFavorite: useRemoveFavorite(),
    moveFavorite,
    createFolder,
    renameFolder,
    deleteFolder,
    addVideoFavorite: useAddVideoFavorite(),
    removeVideoFavorite: useRemoveVideoFavorite(),
  };
}

export type LibraryActions = ReturnType<typeof useLibraryActions>;

function fireFavoritesUpdated(): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(FAVORITES_UPDATED_EVENT));
}

// ---- What a view lists and plays (pure; shared by the favorites pages and the player's
// Load Folder, which may not import each other: features stay apart).

/** A video favorite shown as an artist card. */
export type VideoPseudoArtist = Omit<Artist, 'id'> & {
  /** `artistId-videoId`: the hyphen marks a video favorite. */
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
    country: null,
    realName: null,
    isVideoFavorite: true,
    originalArtistId: video.artistId,
    originalArtistName: video.artistName,
  };
}

/** Elements whose id contains a dash are video favorites. */
export function isVideoItem(item: LibraryItem): item is VideoPseudoArtist {
  return String(item.id).includes('-');
}

/** The items one view lists: the top level's or one folder's artists, then its videos. */
export function viewItems(artists: Artist[], videos: VideoFavorite[], folderId: number | null): LibraryItem[] {
  const here = videos.filter((video) => (video.folderId ?? null) === folderId).map(videoPseudoArtist);
  return [...artists, ...here];
}

/** "1 track", "2 tracks": a count of favorites, as the library and the player write it. */
export function trackCount(count: number): string {
  return `${count} ${count === 1 ? 'track' : 'tracks'}`;
}

/** How many tracks a folder holds: its artists and its videos. */
export function folderTrackCount(folder: FavoriteFolder, videos: VideoFavorite[]): number {
  return folder.artists.length + videos.filter((video) => video.folderId === folder.id).length;
}

/**
 * Play All: the listed items that can play (those with a video link),
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
