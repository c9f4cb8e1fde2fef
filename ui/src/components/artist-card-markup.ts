import { preload } from 'react-dom';
import type { ArtistSummary } from '../generated/contract';
import { artworkHue, artworkSource, initialsOf } from '../lib/artwork';
import { atWidth, imageSources, RENDITION } from '../lib/image-fallback';
import { artistCardShape, cardHeartClass, CARD_IMAGE_SIZE, heartLabel } from './artist-card-shape';
import { loadingAttributes, type PictureLoading } from './generated-artwork';
import { spriteUse } from './icons';

export interface ArtistCardMarkupProps {
  artist: ArtistSummary;
  headingLevel: 2 | 3;
  /** null: no heart; else whether the artist is a favorite. */
  favorited: boolean | null;
  /** `eager` for a card in the first screen, else `lazy`. */
  loading: Exclude<PictureLoading, 'priority'>;
}

/** As React escapes text and attribute values. */
function escape(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/**
 * An artist card's content (inside its `<article>`) as the server's engine writes it:
 * byte for byte the markup React renders for `ArtistCardContent` (components/artist-card.tsx),
 * without React. Grids of cards are most of the browse, search and artist pages, and
 * in QuickJS-ng React spent about 0.25 ms on each card; this takes a few microseconds.
 * The browser renders and hydrates the React card over it as usual.
 * test/artist-card-markup.test.tsx compares the two for any artist, heading and heart state.
 * Undefined when the card should be rendered instead (an unusual image URL).
 */
export function artistCardMarkup({ artist, headingLevel, favorited, loading }: ArtistCardMarkupProps): string | undefined {
  const { href, heading, genres, credit } = artistCardShape(artist, headingLevel);
  const image = imageMarkup(artist, credit, loading);
  if (image === undefined) return undefined;
  const title = escape(artist.title);
  const heart =
    favorited === null
      ? ''
      : `<button type="button" class="${cardHeartClass(favorited)}" aria-pressed="${favorited}" aria-label="${heartLabel(favorited)}: ${title}"><svg width="18" height="18" aria-hidden="true" fill="${favorited ? 'currentColor' : 'none'}">${spriteUse('heart')}</svg></button>`;
  return `<a class="artist-card-link" data-artist-id="${artist.id}" href="${escape(href)}">${image}<div class="artist-card-body"><${heading} class="artist-card-title">${title}</${heading}><p class="artist-card-genres">${escape(genres)}</p>${credit ? `<span class="sr-only photo-credit">${escape(credit)}</span>` : ''}</div></a>${heart}`;
}

/**
 * components/artist-image.tsx for a card: the first image source, or the generated
 * artwork; undefined for a source that is not an http(s) URL (React has its own rules
 * for other schemes: the card is rendered instead).
 */
function imageMarkup(artist: ArtistSummary, credit: string | null, loading: PictureLoading): string | undefined {
  const source = imageSources(atWidth(artist.imageUrl, RENDITION.card))[0];
  const loads = Object.entries(loadingAttributes(loading))
    .map(([name, value]) => ` ${name}="${value}"`)
    .join('');
  // React hoists a preload of a photo it renders eagerly ahead of the page's markup:
  // asked for here the same way (none for artwork written into the page).
  if (source !== undefined) {
    if (!/^https?:\/\//i.test(source)) return undefined;
    if (loading !== 'lazy') preload(source, { as: 'image', referrerPolicy: 'no-referrer' });
    return `<div class="artist-image artist-card-media"><img src="${escape(source)}" alt="" width="${CARD_IMAGE_SIZE}" height="${CARD_IMAGE_SIZE}"${loads} referrerPolicy="no-referrer"${credit ? ` title="${escape(credit)}"` : ''}/></div>`;
  }
  const hue = artworkHue(artist.genres, artist.title);
  const artwork = artworkSource(hue, initialsOf(artist.title), loading !== 'lazy');
  return `<div class="artist-image artist-card-media artist-image--artwork"><img class="generated-artwork" src="${escape(artwork)}" alt="" width="400" height="400"${loads} style="background:hsl(${hue} 70% 46%)"/></div>`;
}
