import type { routes as contract } from '../generated/contract';
import { lazyPage, type LazyPage } from '../lib/router';

/**
 * Each route's page, loaded when first shown: the browser bundle's `./pages` (see
 * ui/build.mjs), so a visit downloads the code of the pages it shows and no other. The
 * server's document preloads the chunks of the page it rendered (the manifest's
 * `routes`, which ui/build.mjs reads from the `import()`s below: keep one per line).
 */
const search = lazyPage(() => import('../features/catalog/search/search-page'), (m) => m.SearchPage);
const favorites = lazyPage(() => import('../features/library/favorites-page'), (m) => m.FavoritesPage);

export const pages: Record<keyof typeof contract, LazyPage> = {
  home: lazyPage(() => import('./home/home-page'), (m) => m.HomePage),
  browse: lazyPage(() => import('../features/catalog/browse/browse-page'), (m) => m.BrowsePage),
  artist: lazyPage(() => import('../features/catalog/artist/artist-page'), (m) => m.ArtistPage),
  search,
  searchResults: search,
  quiz: lazyPage(() => import('../features/quiz/quiz-page'), (m) => m.QuizPage),
  privacySettings: lazyPage(() => import('../features/privacy/privacy-pages'), (m) => m.PrivacySettingsPage),
  dataAccess: lazyPage(() => import('../features/privacy/privacy-pages'), (m) => m.DataAccessPage),
  accountDeletion: lazyPage(() => import('../features/privacy/privacy-pages'), (m) => m.AccountDeletionPage),
  favorites,
  favoritesFolder: favorites,
  articles: lazyPage(() => import('../features/content/articles-page'), (m) => m.ArticlesPage),
  article: lazyPage(() => import('../features/content/article-page'), (m) => m.ArticlePage),
  about: lazyPage(() => import('../features/content/site-pages'), (m) => m.AboutPage),
  privacyPolicy: lazyPage(() => import('../features/content/site-pages'), (m) => m.PrivacyPolicyPage),
  termsOfService: lazyPage(() => import('../features/content/site-pages'), (m) => m.TermsOfServicePage),
};
