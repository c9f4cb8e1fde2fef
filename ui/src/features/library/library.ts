import type { Artist, FavoriteFolder, VideoFavorite } from '../../generated/contract';
import type { PlaylistItem } from '../../lib/events';

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

/** The items one view lists: the top level's or one folder's artists, then its videos. */
export function viewItems(artists: Artist[], videos: VideoFavorite[], folderId: number | null): LibraryItem[] {
  const here = videos.filter((video) => (video.folderId ?? null) === folderId).map(videoPseudoArtist);
  return [...artists, ...here];
}

/** How many tracks a folder holds: its artists and its videos. */
export function folderTrackCount(folder: FavoriteFolder, videos: VideoFavorite[]): number {
  return folder.artists.length + videos.filter((video) => video.folderId === folder.id).length;
}

/** Play All (spec section 2): the listed items that can play, as the player's tracks. */
export function playlistItems(items: LibraryItem[]): PlaylistItem[] {
  return items.flatMap((item) => {
    const link = item.soloVideoLink?.trim();
    if (!link) return [];
    return [{ id: String(item.id), title: item.title, soloVideoLink: link, genres: item.genres, imageUrl: item.imageUrl }];
  });
}

/** Where a card of a view leads: the artist in favorites mode (folder or top level). */
export function artistHref(links: { artistInFavorites: (id: number) => string; artistInFolder: (id: number, folderId: number) => string }, id: number, folderId: number | null): string {
  return folderId === null ? links.artistInFavorites(id) : links.artistInFolder(id, folderId);
}

/**
 * Spec section 2: a card whose id is a string with a hyphen, whose genres include the
 * video service's and which has a soloVideoLink opens in the playlist player instead of
 * the artist page.
 */
export function opensInPlayer(item: { id: number | string; genres: string[]; soloVideoLink: string | null }): boolean {
  return typeof item.id === 'string' && item.id.includes('-') && item.genres.includes(VIDEO_SERVICE_GENRE) && !!item.soloVideoLink?.trim();
}
