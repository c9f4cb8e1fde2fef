import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Location state a link can pass to keep the scroll position (e.g. Load More). */
export interface KeepScrollState {
  keepScroll?: boolean;
}

/**
 * Every route change (path or query) scrolls to the top,
 * unless the navigation asks to keep the position (browse's letters, Load More,
 * its session restore). It runs as a layout effect, before any page's passive
 * effects, so pages that restore a saved position (browse, search) do so
 * afterwards. The first render (the server's page) is left alone.
 */
export function ScrollManager() {
  const location = useLocation();
  const previous = useRef<string | null>(null);

  useLayoutEffect(() => {
    const path = `${location.pathname}${location.search}`;
    if (previous.current !== null && previous.current !== path) {
      const state = location.state as KeepScrollState | null;
      if (!state?.keepScroll) window.scrollTo(0, 0);
    }
    previous.current = path;
  }, [location]);

  return null;
}
