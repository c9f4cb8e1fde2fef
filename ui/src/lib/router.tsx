/**
 * The site's router: a flat route table (the contract's page paths), the browser's
 * history (or an in-memory one on the server and in tests), and the few hooks the pages
 * use, named as React Router names them.
 *
 * Why not React Router: the site has no loaders, actions, nested routes or relative
 * links (data comes from TanStack Query, seeded by the server; every link is an absolute
 * path), and React Router's data router was a quarter of the JavaScript a first visit
 * downloaded (96 KB of 430 KB minified) and needed a URL polyfill in the server's engine
 * (85 ms of every engine's start). Issue 9 (performance).
 */
import { Component, createContext, useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** What the navigation passed as `state` (kept across reloads in the history entry). */
  state: unknown;
  key: string;
}

/** How the current location was reached: the first load and back/forward are POP. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface History {
  readonly location: Location;
  readonly action: NavigationType;
  /** `to` is an absolute path, or a query (`?a=b`) or fragment for the current path. */
  navigate(to: string, options?: NavigateOptions): void;
  go(delta: number): void;
  listen(listener: () => void): () => void;
}

export type Navigate = (to: string | number, options?: NavigateOptions) => void;

export interface Route {
  /** The contract's page path: `""` for home, `artist/:id`, ... */
  path: string;
  Component: ComponentType;
}

type Params = Record<string, string | undefined>;

interface Snapshot {
  location: Location;
  action: NavigationType;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Splits a path into pathname, search and hash, resolving a bare query or fragment against `base`. */
function resolve(to: string, base: Location): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const hashAt = to.indexOf('#');
  const hash = hashAt >= 0 ? to.slice(hashAt) : '';
  const rest = hashAt >= 0 ? to.slice(0, hashAt) : to;
  const searchAt = rest.indexOf('?');
  const search = searchAt >= 0 ? rest.slice(searchAt) : '';
  const pathname = searchAt >= 0 ? rest.slice(0, searchAt) : rest;
  if (pathname === '') return { pathname: base.pathname, search: search || (hash ? base.search : ''), hash };
  return { pathname, search: search === '?' ? '' : search, hash };
}

/** History of the browser's session (pushState, popstate). */
export function createBrowserHistory(): History {
  const read = (action: NavigationType): Snapshot => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as { usr?: unknown; key?: string } | null;
    return { action, location: { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' } };
  };
  let snapshot = read('POP');
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  window.addEventListener('popstate', () => {
    snapshot = read('POP');
    notify();
  });
  return {
    get location() {
      return snapshot.location;
    },
    get action() {
      return snapshot.action;
    },
    navigate(to, options = {}) {
      const target = resolve(to, snapshot.location);
      const key = newKey();
      const state = options.state ?? null;
      const url = target.pathname + target.search + target.hash;
      try {
        if (options.replace) window.history.replaceState({ usr: state, key }, '', url);
        else window.history.pushState({ usr: state, key }, '', url);
      } catch {
        // Browsers limit pushState calls; a full load still gets there.
        window.location.assign(url);
        return;
      }
      snapshot = { action: options.replace ? 'REPLACE' : 'PUSH', location: { ...target, state, key } };
      notify();
    },
    go(delta) {
      window.history.go(delta);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** An in-memory history starting at `url`: the server's render and the UI tests. */
export function createMemoryHistory(url: string): History {
  const first = resolve(url.startsWith('/') ? url : `/${url}`, { pathname: '/', search: '', hash: '', state: null, key: 'default' });
  const entries: Location[] = [{ ...first, state: null, key: 'default' }];
  let index = 0;
  let action: NavigationType = 'POP';
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get location() {
      return entries[index];
    },
    get action() {
      return action;
    },
    navigate(to, options = {}) {
      const location = { ...resolve(to, entries[index]), state: options.state ?? null, key: newKey() };
      if (options.replace) {
        entries[index] = location;
        action = 'REPLACE';
      } else {
        entries.splice(index + 1, entries.length, location);
        index += 1;
        action = 'PUSH';
      }
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      action = 'POP';
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The params of `pathname` under `pattern` (`artist/:id`), or null. Static segments
 * match case-insensitively, empty segments (a trailing slash) are ignored and params
 * are decoded, as React Router did.
 */
export function matchPath(pattern: string, pathname: string): Params | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (let i = 0; i < want.length; i += 1) {
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decode(got[i]);
    else if (want[i].toLowerCase() !== decode(got[i]).toLowerCase()) return null;
  }
  return params;
}

interface RouterValue extends Snapshot {
  navigate: Navigate;
}

const RouterContext = createContext<RouterValue | null>(null);
const MatchContext = createContext<{ params: Params; Page: ComponentType } | null>(null);

function useRouter(): RouterValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter outside <Router>');
  return router;
}

/** The route of `routes` that `pathname` matches first, with its params. */
export function matchRoute(routes: Route[], pathname: string): (Route & { params: Params }) | null {
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return { ...route, params };
  }
  return null;
}

/** A page whose code may still have to be fetched (lib/lazy-page.tsx). */
type Preloadable = ComponentType & { preload?: () => Promise<unknown> | undefined };

/** Starts loading the code of the page at `pathname`; undefined when it is loaded. */
export function preloadRoute(routes: Route[], pathname: string): Promise<unknown> | undefined {
  return (matchRoute(routes, pathname)?.Component as Preloadable | undefined)?.preload?.();
}

/**
 * `history`'s location as the router shows it: when the location moves to a page whose
 * module is not loaded yet (back and forward; the router's own navigations wait before
 * they move it), it is shown once the module is in. The current page stays meanwhile,
 * as a link to a server page would, so no page flashes a fallback. A later move wins.
 */
function deferUntilLoaded(history: History, routes: Route[]) {
  let shown: Snapshot = { location: history.location, action: history.action };
  let latest = 0;
  const listeners = new Set<() => void>();
  let unlisten: (() => void) | null = null;
  const show = (snapshot: Snapshot) => {
    shown = snapshot;
    listeners.forEach((listener) => listener());
  };
  const onNavigate = () => {
    const next = { location: history.location, action: history.action };
    if (next.location === shown.location) return;
    const navigation = ++latest;
    const loading = preloadRoute(routes, next.location.pathname);
    if (!loading) return show(next);
    // A module that fails to load still shows the location: its page's error screen.
    const settle = () => navigation === latest && show(next);
    loading.then(settle, settle);
  };
  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      if (!unlisten) {
        unlisten = history.listen(onNavigate);
        onNavigate();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          unlisten?.();
          unlisten = null;
        }
      };
    },
    getSnapshot: () => shown,
  };
}

/** Provides `history`'s location and the page of `routes` it matches (else `notFound`) to `children`'s `<Outlet />`. */
export function Router({ history, routes, notFound, children }: { history: History; routes: Route[]; notFound: ComponentType; children: ReactNode }) {
  const store = useMemo(() => deferUntilLoaded(history, routes), [history, routes]);
  const { location, action } = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // A navigation to a page whose module is not loaded yet waits for it, so the address
  // bar and the page change together. A later navigation, or back and forward, wins.
  const latest = useRef(0);
  const navigate = useCallback<Navigate>(
    (to, options) => {
      if (typeof to === 'number') return history.go(to);
      const navigation = ++latest.current;
      const from = history.location;
      const loading = preloadRoute(routes, resolve(to, from).pathname);
      if (!loading) return history.navigate(to, options);
      const go = () => navigation === latest.current && history.location === from && history.navigate(to, options);
      loading.then(go, go);
    },
    [history, routes],
  );
  // A page's module is fetched when a pointer comes over, a touch starts on or focus
  // reaches a link to it (one listener for the document), so following the link
  // usually waits for nothing.
  useEffect(() => {
    const onIntent = (event: Event) => {
      const href = (event.target as Element | null)?.closest?.('a[href^="/"]')?.getAttribute('href');
      if (href) void preloadRoute(routes, resolve(href, history.location).pathname);
    };
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    events.forEach((type) => document.addEventListener(type, onIntent, { passive: true }));
    return () => events.forEach((type) => document.removeEventListener(type, onIntent));
  }, [history, routes]);
  const router = useMemo(() => ({ location, action, navigate }), [location, action, navigate]);
  const match = useMemo(() => {
    const route = matchRoute(routes, location.pathname);
    return route ? { params: route.params, Page: route.Component } : { params: {}, Page: notFound };
  }, [routes, notFound, location.pathname]);
  return (
    <RouterContext.Provider value={router}>
      <MatchContext.Provider value={match}>{children}</MatchContext.Provider>
    </RouterContext.Provider>
  );
}

/** Where the matched page renders (inside the frame). */
export function Outlet() {
  const match = useContext(MatchContext);
  return match ? <match.Page /> : null;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

export function useParams(): Params {
  return useContext(MatchContext)?.params ?? {};
}

type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query string, and a setter that navigates to the same path with a new one. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsUpdate, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(location.search)) : next;
      const search = value.toString();
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, options);
    },
    [location.pathname, location.search, navigate],
  );
  return [params, setParams];
}

interface BoundaryProps {
  fallback: ComponentType<{ error: unknown }>;
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; failed: boolean }> {
  state = { error: null as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  componentDidUpdate(previous: BoundaryProps) {
    // A navigation away from the page that failed shows the frame again.
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: null, failed: false });
  }

  render() {
    const Fallback = this.props.fallback;
    return this.state.failed ? <Fallback error={this.state.error} /> : this.props.children;
  }
}

/** Renders `fallback` instead of `children` when they throw while rendering, until the next navigation. */
export function RouteErrorBoundary({ fallback, children }: { fallback: ComponentType<{ error: unknown }>; children: ReactNode }) {
  const { location } = useRouter();
  return (
    <Boundary fallback={fallback} resetKey={location.key}>
      {children}
    </Boundary>
  );
}
