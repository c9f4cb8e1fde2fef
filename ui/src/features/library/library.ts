import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  api,
  type Artist,
  type FavoriteFolder,
  type Favorite,
  type FolderSummary,
  type MoveFavorite,
  type NewFavorite,
  type NewVideoFavorite,
  type VideoFavorite,
} from '../../generated/contract';

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

/** The favorites search: title or any genre, case-insensitive; blank text keeps all. */
export function filterItems<T extends { title: string; genres: string[] }>(items: T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return items;
  return items.filter(
    (item) => item.title.toLowerCase().includes(needle) || item.genres.some((genre) => genre.toLowerCase().includes(needle)),
  );
}

/** "1 track", "2 tracks" (spec section 2: the folder heading's count). */
export function trackCount(count: number): string {
  return `${count} ${count === 1 ? 'track' : 'tracks'}`;
}

/** Main favorites not yet in the folder: the Add dialog's list. */
export function addable(favorites: Artist[], folder: FavoriteFolder): Artist[] {
  const inFolder = new Set(folder.artists.map((artist) => artist.id));
  return favorites.filter((artist) => !inFolder.has(artist.id));
}

/** The server's `message` field of an error answer, if it has one. */
async function serverMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message ? body.message : null;
  } catch {
    return null;
  }
}

async function send<T>(method: string, path: string, failure: string, body?: unknown, useServerMessage = false): Promise<T | null> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const message = useServerMessage ? await serverMessage(response) : null;
    throw new Error(message ?? failure);
  }
  return response.status === 204 ? null : ((await response.json()) as T);
}

/** Rereads the library lists the pages and the header show (they are never fetched on their own). */
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

const folderQuery = (folderId: number | null | undefined) => (folderId == null ? '' : `?folderId=${encodeURIComponent(folderId)}`);

/** The library's writes, each followed by a reread of the lists. Errors carry the spec's texts. */
export function useLibraryActions() {
  const client = useQueryClient();
  const then = async <T>(write: Promise<T>): Promise<T> => {
    const result = await write;
    await refreshLibrary(client);
    return result;
  };
  return {
    addFavorite: (body: NewFavorite) => then(send<Favorite>('POST', '/api/favorites', 'Failed to save favorite', body)),
    removeFavorite: (artistId: number, folderId?: number | null) =>
      then(send<null>('DELETE', `/api/favorites/${encodeURIComponent(artistId)}${folderQuery(folderId)}`, 'Failed to remove favorite')),
    moveFavorite: (body: MoveFavorite) => then(send<Favorite>('POST', '/api/favorites/move', 'Failed to save favorite', body)),
    createFolder: (name: string) =>
      then(send<FolderSummary>('POST', '/api/favorite-folders', 'Failed to create folder', { name: name.trim() }, true)),
    renameFolder: (id: number, name: string) =>
      then(send<FolderSummary>('PATCH', `/api/favorite-folders/${encodeURIComponent(id)}`, 'Failed to create folder', { name: name.trim() }, true)),
    deleteFolder: (id: number) => then(send<null>('DELETE', `/api/favorite-folders/${encodeURIComponent(id)}`, 'Failed to delete folder')),
    addVideoFavorite: (body: NewVideoFavorite) =>
      then(
        send<VideoFavorite>('POST', '/api/video-favorites', body.folderId == null ? 'Failed to add video favorite' : 'Failed to add video favorite to folder', body),
      ),
    removeVideoFavorite: (artistId: number, videoId: string, folderId?: number | null) =>
      then(
        send<null>(
          'DELETE',
          `/api/video-favorites/${encodeURIComponent(artistId)}/${encodeURIComponent(videoId)}${folderQuery(folderId)}`,
          'Failed to remove video favorite',
        ),
      ),
  };
}
