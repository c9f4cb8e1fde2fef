import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { readSession, writeSession } from '../../lib/storage';

/** Location state a link can pass to keep the scroll position (e.g. Load More). */
export interface KeepScrollState {
  keepScroll?: boolean;
}

/** Where the fan was on each history entry, by React Router's location key. */
const positions = new Map<string, number>();
/** The positions outlive the page in the tab's session, for Back into a page loaded anew. */
const POSITIONS_KEY = 'sa-scroll';
/** Entries kept in the session (the newest). */
const KEPT_POSITIONS = 50;
/** How long a restore waits for the page to grow tall enough (its data, its module). */
const RESTORE_FOR_MS = 2000;

/**
 * Every new navigation (path or query) scrolls to the top, unless it asks to keep the
 * position (browse's letters, Load More, its session restore). Back and Forward return
 * to where the fan was on that entry, waiting for the page to grow tall enough, until
 * the fan scrolls themselves. It runs as a layout effect, before any page's passive
 * effects. The first render (the server's page) is left alone, but for a page loaded
 * anew by Back or Forward, which returns to its place.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);

  // The position of this entry, as the fan scrolls. A layout effect, so that leaving
  // removes the listener in the same commit, before the next page's scroll is recorded
  // over it.
  useLayoutEffect(() => {
    const onScroll = () => positions.set(location.key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [location.key]);

  useLayoutEffect(() => {
    const onPageHide = () => writeSession(POSITIONS_KEY, [...positions].slice(-KEPT_POSITIONS));
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, []);

  useLayoutEffect(() => {
    const path = `${location.pathname}${location.search}`;
    const first = previous.current === null;
    const moved = !first && previous.current !== path;
    previous.current = path;
    if (navigationType === 'POP' && (moved || (first && loadedByBackOrForward()))) {
      if (first) for (const [key, y] of readSession<[string, number][]>(POSITIONS_KEY) ?? []) if (!positions.has(key)) positions.set(key, y);
      const y = positions.get(location.key);
      if (y !== undefined) return restoreScroll(y);
    }
    if (moved && !(location.state as KeepScrollState | null)?.keepScroll) window.scrollTo(0, 0);
  }, [location, navigationType]);

  return null;
}

function loadedByBackOrForward(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'back_forward';
}

/**
 * Scrolls to `y`, again on each frame while the page is too short to (its data or its
 * module still coming), for at most RESTORE_FOR_MS; the fan's own wheel, touch or key
 * stops it. Returns what stops it (the next navigation).
 */
function restoreScroll(y: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const attempt = () => {
    window.scrollTo(0, y);
    frame = Math.abs(window.scrollY - y) < 1 || performance.now() > until ? 0 : window.requestAnimationFrame(attempt);
  };
  const fanScrolls = ['wheel', 'touchstart', 'keydown'] as const;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    for (const event of fanScrolls) window.removeEventListener(event, stop);
  };
  for (const event of fanScrolls) window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}
