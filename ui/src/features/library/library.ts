import type { Artist, FavoriteFolder } from '../../generated/contract';
import { VIDEO_SERVICE_GENRE } from '../../lib/library';

// The pure helpers the player's Load Folder needs too live in the shared kernel.
export {
  folderTrackCount,
  isVideoItem,
  playlistItems,
  VIDEO_SERVICE_GENRE,
  videoPseudoArtist,
  viewItems,
  type LibraryItem,
  type VideoPseudoArtist,
} from '../../lib/library';

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
