import { artworkPicture, images } from '../generated/contract';

/**
 * Deterministic generated artwork (initials on a genre-derived colour). The server sends
 * the picture at the contract's `images.artwork(hue, initials)` (crates/server/src/artwork.rs;
 * immutable, shared by every artist with the same pair).
 */

/**
 * Where an `<img>` finds the artwork: in the page itself (a `data:` URL of the same
 * picture, `inline`) for a picture in the first screen, which then paints with the
 * page's first frame (a request, however short, ends a frame or two later, after the
 * text); else the server's cached file, so that a grid's pictures below the first screen
 * cost the page no bytes and load lazily.
 */
export function artworkSource(hue: number, initials: string, inline: boolean): string {
  return inline ? `data:image/svg+xml,${encodeURIComponent(artworkPicture(hue, initials))}` : images.artwork(hue, initials);
}

/**
 * The initials a person would write for the name: a leading "The" and words starting with
 * a digit or punctuation are skipped ("10,000 Maniacs" is M, "30 Seconds to Mars" SM);
 * the first letters of the first and last words, or the one letter of a one-word name
 * ("The Beatles" is B, "Adele" A, so neither reads like "AC/DC", AD), as contact and
 * account avatars do. A name with no word starting with a letter keeps its first
 * character ("311" is 3). Each initial is one character, the first of its capital (a
 * "ß" is S, a ligature "ﬃ" F, where their capitals are two and three letters).
 */
export function initialsOf(title: string): string {
  const words = title
    .replace(/^the\s+/i, '')
    .split(/[\s\-_/&+.,]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  const lettered = words.filter((word) => /^\p{L}/u.test(word));
  const chosen = lettered.length > 0 ? lettered : words;
  if (chosen.length === 0) return '♪';
  // Words are never empty (filtered above).
  const initial = (word: string) => Array.from(Array.from(word)[0]!.toUpperCase())[0]!;
  return initial(chosen[0]!) + (chosen.length > 1 ? initial(chosen[chosen.length - 1]!) : '');
}

/** FNV-1a, so the same genre always gets the same hue on server and client. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** How far an artist's colour may stray from its genre's: HUE_STEPS steps of HUE_STEP degrees, centred. */
const HUE_STEP = 6;
const HUE_STEPS = 11;

/**
 * The genre's colour, turned a little by the artist's own name: artists of one genre
 * stay in its family, but two with the same initials (Whitney Houston and Wham!, Nas
 * and N.W.A) are not the same picture side by side.
 */
export function artworkHue(genres: readonly string[] | null | undefined, title: string): number {
  const seed = genres && genres.length > 0 ? genres[0]!.trim().toLowerCase() : title.toLowerCase();
  const turn = ((hashString(title.toLowerCase()) % HUE_STEPS) - (HUE_STEPS - 1) / 2) * HUE_STEP;
  return (hashString(seed) % 360 + turn + 360) % 360;
}
