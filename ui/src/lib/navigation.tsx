/**
 * What the site adds to React Router's declarative routers: a page's module is in before
 * the address moves to it, and is fetched as soon as a visitor heads for a link to it.
 *
 * Pages are lazily loaded modules (lib/lazy-page.tsx). React Router renders a location
 * in a transition, so while the next page's module loads, the current page stays on
 * screen (no fallback flashes). `useNavigate` here waits for that module before it
 * asks React Router to navigate, so the address bar and the page change together; a
 * later navigation, or back and forward meanwhile, wins. Back and forward themselves
 * move the address at once and the page follows when its module is in.
 *
 * React Router's own `useNavigate` runs once, in `Navigation`; every link and page reads
 * the result from a context. Called in each of an artist page's ~40 links it was a third
 * of the page's render in the server's engine (it works out relative paths per call).
 */
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place React Router's navigate is used
import { useLocation, useNavigate as useRouterNavigate, type Location, type NavigateOptions } from 'react-router';

/** Starts loading the module of the page at `pathname`; undefined when it is loaded. */
export type PreloadPage = (pathname: string) => Promise<unknown> | undefined;

export type Navigate = (to: string | number, options?: NavigateOptions) => void;

interface NavigationValue {
  navigate: Navigate;
  /** The location shown now (read when a link is followed, not when it renders). */
  current(): Location;
}

const NavigationContext = createContext<NavigationValue | null>(null);

/** The pathname `to` leads to from `current` (a bare query or fragment stays on the page). */
function pathnameOf(to: string, current: string): string {
  const end = to.search(/[?#]/);
  const pathname = end >= 0 ? to.slice(0, end) : to;
  return pathname === '' ? current : pathname;
}

/** The newest navigation asked for: an older one still waiting for its module is dropped. */
let latestNavigation = 0;

/**
 * Provides `useNavigate` inside a React Router router, with the route table's `preload`,
 * and fetches a page's module when a pointer comes over, a touch starts on or focus
 * reaches a link to it (one listener for the document), so following the link usually
 * waits for nothing.
 */
export function Navigation({ preload, children }: { preload: PreloadPage; children: ReactNode }) {
  const routerNavigate = useRouterNavigate();
  const location = useLocation();
  const shown = useRef(location);
  shown.current = location;
  const value = useMemo<NavigationValue>(
    () => ({
      current: () => shown.current,
      navigate(to, options) {
        if (typeof to === 'number') return void routerNavigate(to);
        const navigation = ++latestNavigation;
        const from = shown.current;
        const loading = preload(pathnameOf(to, from.pathname));
        if (!loading) return void routerNavigate(to, options);
        // Dropped when a later navigation was asked for, or the address moved meanwhile.
        const go = () => navigation === latestNavigation && shown.current.key === from.key && void routerNavigate(to, options);
        loading.then(go, go);
      },
    }),
    [routerNavigate, preload],
  );
  useEffect(() => {
    const onIntent = (event: Event) => {
      const href = (event.target as Element | null)?.closest?.('a[href^="/"]')?.getAttribute('href');
      if (href) void preload(pathnameOf(href, window.location.pathname));
    };
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    events.forEach((type) => document.addEventListener(type, onIntent, { passive: true }));
    return () => events.forEach((type) => document.removeEventListener(type, onIntent));
  }, [preload]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/**
 * For the browser's router only (entry.client): React Router's browser router reads the
 * address when it first renders and listens for Back and Forward only from its layout
 * effect. Hydration renders in slices, so a Back or Forward between the two (a fan quick
 * on a slow phone) moves the address and no page follows. Once the router listens (this
 * runs after its layout effect), an address it missed is shown. Renders nothing.
 */
export function FollowMissedAddress() {
  const routerNavigate = useRouterNavigate();
  const location = useLocation();
  const first = useRef({ routerNavigate, location });
  useEffect(() => {
    const { routerNavigate: navigate, location: shown } = first.current;
    const { pathname, search, hash } = window.location;
    if (pathname !== shown.pathname || search !== shown.search || hash !== shown.hash) {
      navigate(`${pathname}${search}${hash}`, { replace: true, state: (window.history.state as { usr?: unknown } | null)?.usr });
    }
  }, []);
  return null;
}

function useNavigation(): NavigationValue {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigate outside <Navigation>');
  return navigation;
}

/** React Router's `navigate`, once the target page's module is in (see the file's comment). */
export function useNavigate(): Navigate {
  return useNavigation().navigate;
}

/** The location shown now, for event handlers (a render that shows it reads `useLocation`). */
export function useCurrentLocation(): () => Location {
  return useNavigation().current;
}
