import { routes as contract } from '../generated/contract';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { lazyModule, lazyPage, type LazyPage } from '../lib/lazy-page';
import { RootErrorBoundary, RootLayout } from './root-layout';
import { RouteErrorBoundary, Router, type History, type Route } from '../lib/router';

// Each page module is a file of its own in the browser (lib/lazy-page.tsx); the name is
// the module's base name, which names its file. The server bundle has them all built in.
const home = lazyModule('home-page', () => import('./home/home-page'));
const browse = lazyModule('browse-page', () => import('../features/catalog/browse/browse-page'));
const artist = lazyModule('artist-page', () => import('../features/catalog/artist/artist-page'));
const search = lazyModule('search-page', () => import('../features/catalog/search/search-page'));
const quiz = lazyModule('quiz-page', () => import('../features/quiz/quiz-page'));
const favorites = lazyModule('favorites-page', () => import('../features/library/favorites-page'));
const privacy = lazyModule('privacy-pages', () => import('../features/privacy/privacy-pages'));
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
  artist: lazyPage(artist, (m) => m.ArtistPage),
  search: lazyPage(search, (m) => m.SearchPage),
  searchResults: lazyPage(search, (m) => m.SearchPage),
  quiz: lazyPage(quiz, (m) => m.QuizPage),
  privacySettings: lazyPage(privacy, (m) => m.PrivacySettingsPage),
  dataAccess: lazyPage(privacy, (m) => m.DataAccessPage),
  accountDeletion: lazyPage(privacy, (m) => m.AccountDeletionPage),
  favorites: lazyPage(favorites, (m) => m.FavoritesPage),
  favoritesFolder: lazyPage(favorites, (m) => m.FavoritesPage),
  articles: lazyPage(articles, (m) => m.ArticlesPage),
  article: lazyPage(article, (m) => m.ArticlePage),
  about: lazyPage(sitePages, (m) => m.AboutPage),
  privacyPolicy: lazyPage(sitePages, (m) => m.PrivacyPolicyPage),
  termsOfService: lazyPage(sitePages, (m) => m.TermsOfServicePage),
};

export const routes: Route[] = (Object.keys(pages) as Array<keyof typeof contract>).map((id) => ({ path: contract[id].path, Component: pages[id] }));

/** Loads every page's module (the UI tests render pages at once, as the server does). */
export function loadAllPages(): Promise<unknown> {
  return Promise.all(Object.values(pages).map((page) => page.preload()));
}

/** The whole app at `history`'s location: the frame around the matched page, or the error screen. */
export function App({ history }: { history: History }) {
  return (
    <Router history={history} routes={routes} notFound={NotFoundPage}>
      <RouteErrorBoundary fallback={RootErrorBoundary}>
        <RootLayout />
      </RouteErrorBoundary>
    </Router>
  );
}
