import type { NewSong } from '../../generated/contract';

/** The first day of the window of `weeks` up to `today` (both YYYY-MM-DD, UTC). */
function windowStart(today: string, weeks: number): string {
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - weeks * 7);
  return day.toISOString().slice(0, 10);
}

/**
 * Whether Brand New Songs has songs released in the `weeks` up to `today`, as the
 * server decides (content crate, `new_songs_in_window`): it then sends only those,
 * else every song it has, newest first. Decided from the page's state (`today`, the
 * window), so the server's render and the hydrated page agree; both ends are tested on
 * the same cases (crates/contract/cases/new-songs-window.json).
 */
export function hasNewSongs(songs: readonly NewSong[], today: string, weeks: number): boolean {
  const oldest = windowStart(today, weeks);
  return songs.some((song) => song.releaseDate != null && oldest <= song.releaseDate && song.releaseDate <= today);
}

/** What the strip says when nothing in it is new: that these are the latest it has. */
export function nothingNewNote(weeks: number): string {
  const span = weeks === 1 ? 'week' : `${weeks} weeks`;
  return `Nothing released in the last ${span}. Here are the latest releases we have, newest first.`;
}
