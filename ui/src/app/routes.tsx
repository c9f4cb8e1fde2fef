import { Component, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, renderMatches, useLocation, type RouteObject } from 'react-router';
import { routes as contract } from '../generated/contract';
import { NotFoundPage } from '../components/not-found-page';
import { lazyModule, lazyPage, type LazyPage } from '../lib/lazy-page';
import { Navigation } from '../lib/navigation';
import { RootErrorBoundary, RootLayout } from './root-layout';

// Each page module is a file of its own in the browser (lib/lazy-page.tsx); the name is
// the module's base name, which names its file. The server bundle has them all built in.
const home = lazyModule('home-page', () => import('./home/home-page'));
const browse = lazyModule('browse-page', () => import('../features/catalog/browse/browse-page'));
const namedList = lazyModule('named-list-page', () => import('../features/catalog/named-list/named-list-page'));
const artist = lazyModule('artist-page', () => import('../features/catalog/artist/artist-page'));
const search = lazyModule('search-page', () => import('../features/catalog/search/search-page'));
const quiz = lazyModule('quiz-page', () => import('../features/quiz/quiz-page'));
const favorites = lazyModule('favorites-page', () => import('../features/library/favorites-page'));
const privacy = lazyModule('privacy-pages', () => import('../features/privacy/privacy-pages'));
const emailLinks = lazyModule('email-link-pages', () => import('../features/accounts/email-link-pages'));
const articles = lazyModule('articles-page', () => import('../features/content/articles-page'));
const article = lazyModule('article-page', () => import('../features/content/article-page'));
const sitePages = lazyModule('site-pages', () => import('../features/content/site-pages'));

/**
 * The route table, shared by the server and the browser. Paths come from the
 * contract's route table (the same one the axum router is built from); each route of
 * it has exactly one page here (routes.test.ts). No loaders: data comes from TanStack
 * Query, seeded with the server's prefetched reads.
 */
export const pages: Record<keyof typeof contract, LazyPage> = {
  home: lazyPage(home, (m) => m.HomePage),
  browse: lazyPage(browse, (m) => m.BrowsePage),
  genre: lazyPage(namedList, (m) => m.GenrePage),
  country: lazyPage(namedList, (m) => m.CountryPage),
  decade: lazyPage(namedList, (m) => m.DecadePage),
  artist: lazyPage(artist, (m) => m.ArtistPage),
  search: lazyPage(search, (m) => m.SearchPage),
  searchResults: lazyPage(search, (m) => m.SearchPage),
  quiz: lazyPage(quiz, (m) => m.QuizPage),
  privacySettings: lazyPage(privacy, (m) => m.PrivacySettingsPage),
  dataAccess: lazyPage(privacy, (m) => m.DataAccessPage),
  accountDeletion: lazyPage(privacy, (m) => m.AccountDeletionPage),
  confirmEmail: lazyPage(emailLinks, (m) => m.ConfirmEmailPage),
  newPassword: lazyPage(emailLinks, (m) => m.NewPasswordPage),
  favorites: lazyPage(favorites, (m) => m.FavoritesPage),
  favoritesFolder: lazyPage(favorites, (m) => m.FavoritesPage),
  articles: lazyPage(articles, (m) => m.ArticlesPage),
  article: lazyPage(article, (m) => m.ArticlePage),
  about: lazyPage(sitePages, (m) => m.AboutPage),
  privacyPolicy: lazyPage(sitePages, (m) => m.PrivacyPolicyPage),
  termsOfService: lazyPage(sitePages, (m) => m.TermsOfServicePage),
};

/** The contract's page routes as React Router's route objects (matching: lib/navigation.tsx's preload, the tests). */
export const routes: RouteObject[] = (Object.keys(pages) as Array<keyof typeof contract>).map((id) => ({ path: contract[id].path, Component: pages[id] }));

/**
 * Starts loading the module of the page at `pathname`, resolved to undefined when it
 * cannot be loaded; undefined when it is loaded (or there is none).
 */
export function preloadPage(pathname: string): Promise<unknown> | undefined {
  const page = matchPage(pathname)?.at(-1)?.route.Component as Partial<LazyPage> | undefined;
  return page?.preload?.();
}

/** Loads every page's module (the UI tests render pages at once, as the server does). */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(pages).map((page) => page.preload()));
}

/**
 * The whole app inside a React Router router (`StaticRouter` on the server,
 * `BrowserRouter` in the browser, a memory history in tests): the frame around the
 * matched page, the 404 page for any other path, or the error screen.
 */
export function AppRoutes() {
  return (
    <Navigation preload={preloadPage}>
      <RouteErrorBoundary fallback={RootErrorBoundary}>
        <Pages />
      </RouteErrorBoundary>
    </Navigation>
  );
}

/** The first segment of a path, as routes match it (case-insensitively, decoded). */
function firstSegment(path: string): string {
  const segment = path.replace(/^\//, '').split('/')[0];
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The route tree React Router matches a pathname against, by the pathname's first
 * segment: the frame around the pages that start with it, and the 404 page. React
 * Router flattens, ranks and compiles every route of the tree it is given on every
 * match, which over the whole table was a tenth of an artist page's render in the
 * engine; every page path starts with a fixed segment, so a tree holds one or two pages.
 */
const notFound: RouteObject = { path: '*', Component: NotFoundPage };
const frame = (pages: RouteObject[]): RouteObject[] => [{ Component: RootLayout, children: [...pages, notFound] }];
const pagesByFirstSegment = new Map<string, RouteObject[]>();
for (const route of routes) {
  const first = firstSegment(route.path!);
  if (first.startsWith(':') || first.startsWith('*')) throw new Error(`${route.path}: page paths start with a fixed segment`);
  pagesByFirstSegment.set(first, [...(pagesByFirstSegment.get(first) ?? []), route]);
}
const trees = new Map([...pagesByFirstSegment].map(([first, pages]) => [first, frame(pages)]));
const onlyNotFound = frame([]);

/** React Router's matches for `pathname`: the frame, then its page (or the 404 page). */
export function matchPage(pathname: string) {
  return matchRoutes(trees.get(firstSegment(pathname)) ?? onlyNotFound, pathname);
}

function Pages() {
  const { pathname } = useLocation();
  return renderMatches(matchPage(pathname));
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

/**
 * Renders `fallback` instead of `children` when they throw while rendering, until the
 * next navigation (React Router's `errorElement` is for data routers only).
 */
function RouteErrorBoundary({ fallback, children }: { fallback: ComponentType<{ error: unknown }>; children: ReactNode }) {
  const { key } = useLocation();
  return (
    <Boundary fallback={fallback} resetKey={key}>
      {children}
    </Boundary>
  );
}
