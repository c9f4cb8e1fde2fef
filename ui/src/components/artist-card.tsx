import { createContext, useContext, type CSSProperties } from 'react';
import { useLocation } from 'react-router';
import { Link } from './link';
import type { ArtistSummary } from '../generated/contract';
import { ArtistImage } from './artist-image';
import { FavoriteHeart } from './favorite-heart';
import { useFavoritesList } from '../lib/visitor-library';
import { Prerendered } from '../lib/prerendered';
import type { ArtistCardMarkupProps } from './artist-card-markup';
import { artistCardShape, CARD_IMAGE_SIZE } from './artist-card-shape';
import './artist-card.css';

/**
 * The card's markup template (artist-card-markup.ts), given by the server's engine
 * (entry.server.tsx) only: the browser never writes cards as markup, so its bundle
 * leaves the template out.
 */
export const ArtistCardTemplate = createContext<((props: ArtistCardMarkupProps) => string | undefined) | null>(null);

/** The cards of a grid in its first screen: a desktop's first row, a phone's first two. */
export const FIRST_SCREEN_CARDS = 4;

interface ArtistCardProps {
  artist: ArtistSummary;
  /** Position in its grid: drives the staggered entrance (50 ms per index). */
  index?: number;
  animate?: boolean;
  /** Called when the card is opened (e.g. to remember the last-opened card). */
  onOpen?: (id: number) => void;
  /**
   * The title's heading level: 2 in a grid right under the page's h1 (browse, search),
   * 3 (the default) in a section under an h2, so the outline never skips a level.
   */
  headingLevel?: 2 | 3;
  /** The favorite heart; off where a card has its own actions. */
  heart?: boolean;
  /** Whether the card is in the first screen (its picture loads at once, not lazily). */
  firstScreen?: boolean;
}

/**
 * Links to /artist/{id}, passing `{ from: currentPath }` as location state. The server's
 * engine writes a card's content with a template (artist-card-markup.ts) instead of
 * rendering it (lib/prerendered.tsx): grids of cards are most of the browse, search and
 * artist pages.
 */
export function ArtistCard({ artist, index = 0, animate = false, onOpen, headingLevel = 3, heart = true, firstScreen = false }: ArtistCardProps) {
  const favorites = useFavoritesList();
  const favorited = heart && favorites.some((favorite) => favorite.id === artist.id);
  const style = animate ? ({ '--i': index } as CSSProperties) : undefined;
  const template = useContext(ArtistCardTemplate);
  const loading = firstScreen ? 'eager' : 'lazy';
  const markup = () => template?.({ artist, headingLevel, favorited: heart ? favorited : null, loading });
  return (
    <Prerendered markup={markup} as="article" className={animate ? 'artist-card artist-card--animate' : 'artist-card'} style={style}>
      <ArtistCardContent artist={artist} onOpen={onOpen} headingLevel={headingLevel} heart={heart} loading={loading} />
    </Prerendered>
  );
}

/** Its markup is also written by a template from the same shape (artist-card-markup.ts), tested against this. */
export function ArtistCardContent({ artist, onOpen, headingLevel, heart, loading }: Pick<ArtistCardProps, 'artist' | 'onOpen' | 'headingLevel' | 'heart'> & Partial<Pick<ArtistCardMarkupProps, 'loading'>>) {
  const { href, heading: Title, genres, credit } = artistCardShape(artist, headingLevel ?? 3);
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  return (
    <>
      <Link
        to={href}
        state={{ from }}
        className="artist-card-link"
        data-artist-id={artist.id}
        onClick={() => onOpen?.(artist.id)}
      >
        <ArtistImage src={artist.imageUrl} title={artist.title} genres={artist.genres} className="artist-card-media" width={CARD_IMAGE_SIZE} height={CARD_IMAGE_SIZE} decorative credit={credit} loading={loading} />
        <div className="artist-card-body">
          <Title className="artist-card-title">{artist.title}</Title>
          <p className="artist-card-genres">{genres}</p>
          {credit && <span className="sr-only photo-credit">{credit}</span>}
        </div>
      </Link>
      {heart && <FavoriteHeart artist={artist} />}
    </>
  );
}
