import { useLayoutEffect, useRef } from 'react';
import { matchRoutes, useLocation, type RouteObject } from 'react-router';
import { routes as contract } from '../../generated/contract';
import { useAppEnv } from '../../lib/app-state';
import { canonicalUrl, setPageUrl } from '../../lib/use-document-head';

/** The contract's routes, each carrying the query parameters its canonical URL keeps. */
const table: RouteObject[] = Object.values(contract).map((route) => ({ path: route.path, handle: route.canonicalQuery }));

/**
 * The head's URL (`link rel=canonical`, `og:url`) follows every client navigation, as
 * the server writes it for the new address (e2e/tests/navigation.test.mjs compares the
 * two on every kind of address): the page's canonical URL, or none for
 * a path no route claims. It runs as a layout effect, before any page's passive effects,
 * so a page with a head of its own (an artist, an article) or a not-found state
 * (`useNotFoundHead`) has the last word. The first render (the server's head) is left alone.
 */
export function HeadSync() {
  const { pathname, search } = useLocation();
  const { origin } = useAppEnv();
  const first = useRef(true);
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const match = matchRoutes(table, pathname)?.[0];
    setPageUrl(match ? canonicalUrl(origin, pathname, search, match.route.handle as readonly string[]) : null);
  }, [pathname, search, origin]);
  return null;
}
