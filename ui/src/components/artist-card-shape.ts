import { credits, routes, type ArtistSummary, type PhotoCredit } from '../generated/contract';

/**
 * What an artist card says and links to, declared once: the React card
 * (artist-card.tsx) and the server's markup template of it (artist-card-markup.ts)
 * both write this.
 */
export function artistCardShape(artist: ArtistSummary, headingLevel: 2 | 3) {
  return {
    href: routes.artist.href(artist.id),
    heading: headingLevel === 2 ? ('h2' as const) : ('h3' as const),
    /** Up to two genres, or what the artist is. */
    genres: artist.genres.length > 0 ? artist.genres.slice(0, 2).join(' · ') : 'Artist',
    /** The photo's author and licence, which its licence asks for wherever it appears. */
    credit: photoCreditText(artist.photoCredit),
  };
}

/** A photo's short credit ("Photo: author · licence"), the contract's words. */
export function photoCreditText(credit: PhotoCredit | undefined): string | null {
  return credit ? credits.photo(credit.author, credit.license) : null;
}

/** The card's picture is drawn at this size (CSS pixels, square). */
export const CARD_IMAGE_SIZE = 300;

/** The favorite heart's words: what pressing it does. */
export function heartLabel(favorited: boolean): string {
  return favorited ? 'Remove from Favorites' : 'Add to Favorites';
}

/** The round heart on a card. */
export function cardHeartClass(favorited: boolean): string {
  return favorited ? 'card-heart is-favorite' : 'card-heart';
}
