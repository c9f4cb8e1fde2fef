import type { ComponentType } from 'react';
import { routes as contract } from '../generated/contract';
import { ArtistPage } from '../features/catalog/artist/artist-page';
import { BrowsePage } from '../features/catalog/browse/browse-page';
import { SearchPage } from '../features/catalog/search/search-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { QuizPage } from '../features/quiz/quiz-page';
import { FavoritesPage } from '../features/library/favorites-page';
import { AccountDeletionPage, DataAccessPage, PrivacySettingsPage } from '../features/privacy/privacy-pages';
import { ArticlePage } from '../features/content/article-page';
import { ArticlesPage } from '../features/content/articles-page';
import { AboutPage, PrivacyPolicyPage, TermsOfServicePage } from '../features/content/site-pages';
import { HomePage } from './home/home-page';
import { RootErrorBoundary, RootLayout } from './root-layout';
import { RouteErrorBoundary, Router, type History, type Route } from '../lib/router';

/**
 * The route table, shared by the server and the browser. Paths come from the
 * contract's route table (the same one the axum router is built from); each route of
 * it has exactly one page here (routes.test.ts). No loaders: data comes from TanStack
 * Query, seeded with the server's prefetched reads.
 */
export const pages: Record<keyof typeof contract, ComponentType> = {
  home: HomePage,
  browse: BrowsePage,
  artist: ArtistPage,
  search: SearchPage,
  searchResults: SearchPage,
  quiz: QuizPage,
  privacySettings: PrivacySettingsPage,
  dataAccess: DataAccessPage,
  accountDeletion: AccountDeletionPage,
  favorites: FavoritesPage,
  favoritesFolder: FavoritesPage,
  articles: ArticlesPage,
  article: ArticlePage,
  about: AboutPage,
  privacyPolicy: PrivacyPolicyPage,
  termsOfService: TermsOfServicePage,
};

export const routes: Route[] = (Object.keys(pages) as Array<keyof typeof contract>).map((id) => ({ path: contract[id].path, Component: pages[id] }));

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
