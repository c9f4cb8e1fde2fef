import type { ReactElement } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { api, type Artist, type VideoFavorite, type RenderState } from '../../generated/contract';
import { favoritesCount } from '../../lib/account';
import { FooterContent } from './footer';
import { HeaderBar } from './header';

/**
 * A part of the frame the server renders once per variant, before the page
 * (lib/prerendered.tsx), so even a page's first render reuses it.
 */
export interface PrerenderedPart {
  /** The `markupKey` of its `<Prerendered>` wrapper. */
  name: string;
  /**
   * Everything its markup depends on, as a string: two renders with the same variant
   * write the same bytes. A part that starts reading something new must add it here
   * (prerendered-parts.test.tsx renders every route both ways and compares).
   */
  variant: (state: RenderState, client: QueryClient) => string;
  /** Its content as the server renders it inside the page. */
  content: ReactElement;
}

const noop = () => {};

export const PRERENDERED_PARTS: readonly PrerenderedPart[] = [
  {
    name: 'header',
    // The favorites badge; the menu is never open in the server's HTML.
    variant: (_state, client) =>
      String(favoritesCount(client.getQueryData<Artist[]>([api.favorites()]), client.getQueryData<VideoFavorite[]>([api.videoFavorites()]))),
    content: <HeaderBar menuOpen={false} onOpenMenu={noop} />,
  },
  {
    name: 'footer',
    // The copyright year, and whether the affiliate notice is shown.
    variant: (state) => `${state.year}${state.affiliate ? '+affiliate' : ''}`,
    content: <FooterContent />,
  },
];
