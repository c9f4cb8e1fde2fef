import { PRODUCT, TAGLINE } from './site';

/** Document titles (the server computes the same ones for the first load). */
export const titles = {
  home: () => `${PRODUCT} - ${TAGLINE}`,
  browse: () => `Browse Artists - ${PRODUCT}`,
  artist: (artistTitle: string) => `${artistTitle} - ${PRODUCT}`,
  search: (query: string | null) => (query ? `Search: ${query} - ${PRODUCT}` : `Search - ${PRODUCT}`),
  notFound: () => '404 Page Not Found',
};
