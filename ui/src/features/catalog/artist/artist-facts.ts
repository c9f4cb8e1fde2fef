import type { Artist } from '../../../generated/contract';

/**
 * The facts line under the title: "Formed 1991 in Seattle, Washington" (band)
 * or "Born 1981 in Houston, Texas" (solo), plus the real name when present.
 * Returns the parts to show, possibly none.
 */
export function artistFacts(artist: Pick<Artist, 'kind' | 'year' | 'origin' | 'realName' | 'title'>): string[] {
  const facts: string[] = [];
  const verb = artist.kind === 'band' ? 'Formed' : 'Born';
  const origin = artist.origin?.trim() || null;
  if (artist.year !== null && origin) facts.push(`${verb} ${artist.year} in ${origin}`);
  else if (artist.year !== null) facts.push(`${verb} ${artist.year}`);
  else if (origin) facts.push(artist.kind === 'band' ? `Formed in ${origin}` : `From ${origin}`);
  const realName = artist.realName?.trim();
  if (realName && realName !== artist.title) facts.push(`Real name: ${realName}`);
  return facts;
}

export type StreamingKey = 'spotifyLink' | 'appleLink' | 'amazonLink' | 'tidalLink';

export const STREAMING_PROVIDERS: ReadonlyArray<{ key: StreamingKey; label: string; className: string }> = [
  { key: 'spotifyLink', label: 'Spotify', className: 'listen--spotify' },
  { key: 'appleLink', label: 'Apple Music', className: 'listen--apple' },
  { key: 'amazonLink', label: 'Amazon Music', className: 'listen--amazon' },
  { key: 'tidalLink', label: 'TIDAL', className: 'listen--tidal' },
];

/** Providers whose link is present (non-blank), in the spec's order. */
export function presentStreamingLinks(artist: Pick<Artist, StreamingKey>): Array<{ label: string; href: string; className: string }> {
  const links: Array<{ label: string; href: string; className: string }> = [];
  for (const provider of STREAMING_PROVIDERS) {
    const href = artist[provider.key]?.trim();
    if (href) links.push({ label: provider.label, href, className: provider.className });
  }
  return links;
}

/** Splits a biography into paragraphs on blank lines (or single newlines). */
export function bioParagraphs(bio: string | null): string[] {
  if (!bio) return [];
  return bio
    .split(/\n\s*\n|\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** The name of the video service for the "Watch on ..." link. */
export function videoServiceName(url: string): string {
  return /youtu\.?be/i.test(url) ? 'YouTube' : 'the video site';
}

export { shareLinks } from '../../../components/share-panel';
