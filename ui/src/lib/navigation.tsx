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
 */
import { createContext, useCallback, useContext, useEffect, useRef, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place React Router's navigate is wrapped
import { useLocation, useNavigate as useRouterNavigate, type NavigateOptions } from 'react-router';

/** Starts loading the module of the page at `pathname`; undefined when it is loaded. */
export type PreloadPage = (pathname: string) => Promise<unknown> | undefined;

const PreloadContext = createContext<PreloadPage>(() => undefined);

/** The pathname `to` leads to from `current` (a bare query or fragment stays on the page). */
function pathnameOf(to: string, current: string): string {
  const end = to.search(/[?#]/);
  const pathname = end >= 0 ? to.slice(0, end) : to;
  return pathname === '' ? current : pathname;
}

/**
 * Gives `useNavigate` the route table's `preload`, and fetches a page's module when a
 * pointer comes over, a touch starts on or focus reaches a link to it (one listener for
 * the document), so following the link usually waits for nothing.
 */
export function PagePreloader({ preload, children }: { preload: PreloadPage; children: ReactNode }) {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const href = (event.target as Element | null)?.closest?.('a[href^="/"]')?.getAttribute('href');
      if (href) void preload(pathnameOf(href, window.location.pathname));
    };
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    events.forEach((type) => document.addEventListener(type, onIntent, { passive: true }));
    return () => events.forEach((type) => document.removeEventListener(type, onIntent));
  }, [preload]);
  return <PreloadContext.Provider value={preload}>{children}</PreloadContext.Provider>;
}

export type Navigate = (to: string | number, options?: NavigateOptions) => void;

/** The newest navigation asked for, app-wide: an older one still waiting is dropped. */
let latestNavigation = 0;

/** React Router's `navigate`, once the target page's module is in (see the file's comment). */
export function useNavigate(): Navigate {
  const navigate = useRouterNavigate();
  const preload = useContext(PreloadContext);
  const location = useLocation();
  // The location now, read when a waiting navigation resumes.
  const current = useRef(location);
  current.current = location;
  return useCallback<Navigate>(
    (to, options) => {
      if (typeof to === 'number') return void navigate(to);
      const navigation = ++latestNavigation;
      const from = current.current;
      const loading = preload(pathnameOf(to, from.pathname));
      if (!loading) return void navigate(to, options);
      // Dropped when a later navigation was asked for, or the address moved meanwhile.
      const go = () => navigation === latestNavigation && current.current.key === from.key && void navigate(to, options);
      loading.then(go, go);
    },
    [navigate, preload],
  );
}
