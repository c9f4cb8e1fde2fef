/** Deterministic generated artwork (initials on a genre-derived colour). */

export function initialsOf(title: string): string {
  const words = title
    .replace(/^the\s+/i, '')
    .split(/[\s\-_/&+.]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word !== '');
  if (words.length === 0) return '♪';
  const first = Array.from(words[0]!)[0] ?? '';
  const second = words.length > 1 ? (Array.from(words[words.length - 1]!)[0] ?? '') : (Array.from(words[0]!)[1] ?? '');
  return (first + second).toUpperCase();
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

export function artworkHue(genres: readonly string[] | null | undefined, title: string): number {
  const seed = genres && genres.length > 0 ? genres[0]!.trim().toLowerCase() : title.toLowerCase();
  return hashString(seed) % 360;
}

/**
 * The artwork as an image the server draws once per hue and initials
 * (crates/server/src/artwork.rs; immutable, shared by every artist with the same pair).
 */
export function artworkUrl(hue: number, initials: string): string {
  return `/art/${hue}/${encodeURIComponent(initials)}.svg`;
}
