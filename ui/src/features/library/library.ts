import type { Artist, FavoriteFolder, VideoFavorite } from '../../generated/contract';
import { VIDEO_SERVICE_GENRE } from '../../lib/visitor-library';

// The pure helpers the player needs too live in the shared kernel.
export {
  folderTrackCount,
  isVideoItem,
  playlistItems,
  trackCount,
  VIDEO_SERVICE_GENRE,
  videoPseudoArtist,
  viewItems,
  type LibraryItem,
  type VideoPseudoArtist,
} from '../../lib/visitor-library';

/** The favorites search: title or any genre, case-insensitive; blank text keeps all. */
export function filterItems<T extends { title: string; genres: string[] }>(items: T[], text: string): T[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return items;
  return items.filter(
    (item) => item.title.toLowerCase().includes(needle) || item.genres.some((genre) => genre.toLowerCase().includes(needle)),
  );
}

/** One entry of the Add dialog: a top-level artist or a top-level video favorite. */
export type AddCandidate = { key: string; title: string } & ({ artist: Artist } | { video: VideoFavorite });

/**
 * Main favorites not yet in the folder: the Add dialog's list. The main
 * favorites are what /favorites lists at the top level: artists, then video favorites
 * (a video is in the folder when the same video of the same artist is saved there).
 */
export function addable(favorites: Artist[], videos: VideoFavorite[], folder: FavoriteFolder): AddCandidate[] {
  const inFolder = new Set(folder.artists.map((artist) => artist.id));
  const videoKey = (video: VideoFavorite) => `${video.artistId}-${video.videoId}`;
  const videosInFolder = new Set(videos.filter((video) => video.folderId === folder.id).map(videoKey));
  return [
    ...favorites.filter((artist) => !inFolder.has(artist.id)).map((artist) => ({ key: `artist-${artist.id}`, title: artist.title, artist })),
    ...videos
      .filter((video) => video.folderId === null && !videosInFolder.has(videoKey(video)))
      .map((video) => ({ key: `video-${videoKey(video)}`, title: video.title, video })),
  ];
}

/** Where a card of a view leads: the artist in favorites mode (folder or top level). */
export function artistHref(links: { artistInFavorites: (id: number) => string; artistInFolder: (id: number, folderId: number) => string }, id: number, folderId: number | null): string {
  return folderId === null ? links.artistInFavorites(id) : links.artistInFolder(id, folderId);
}

/**
 * A card whose id is a string with a hyphen, whose genres include the
 * video service's and which has a soloVideoLink opens in the playlist player instead of
 * the artist page.
 */
export function opensInPlayer(item: { id: number | string; genres: string[]; soloVideoLink: string | null }): boolean {
  return typeof item.id === 'string' && item.id.includes('-') && item.genres.includes(VIDEO_SERVICE_GENRE) && !!item.soloVideoLink?.trim();
}
