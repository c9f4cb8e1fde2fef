import type { ComponentType } from 'react';
import type { routes as contract } from '../generated/contract';
import { ArtistPage } from '../features/catalog/artist/artist-page';
import { BrowsePage } from '../features/catalog/browse/browse-page';
import { SearchPage } from '../features/catalog/search/search-page';
import { QuizPage } from '../features/quiz/quiz-page';
import { FavoritesPage } from '../features/library/favorites-page';
import { AccountDeletionPage, DataAccessPage, PrivacySettingsPage } from '../features/privacy/privacy-pages';
import { ArticlePage } from '../features/content/article-page';
import { ArticlesPage } from '../features/content/articles-page';
import { AboutPage, PrivacyPolicyPage, TermsOfServicePage } from '../features/content/site-pages';
import { HomePage } from './home/home-page';

/**
 * Each route's page, imported ahead: the server bundle (one script, rendered
 * synchronously) and the UI tests. The browser bundle gets `./pages.client` in its
 * place (ui/build.mjs), which loads each page's code when it is first shown.
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
