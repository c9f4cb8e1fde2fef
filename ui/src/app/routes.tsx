import type { RouteObject } from 'react-router';
import { ArtistPage } from '../features/artist/artist-page';
import { BrowsePage } from '../features/browse/browse-page';
import { HomePage } from '../features/home/home-page';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { SearchPage } from '../features/search/search-page';
import { RootErrorBoundary, RootLayout } from './root-layout';

/**
 * The route table, shared by the server (createStaticHandler) and the browser
 * (createBrowserRouter). No loaders: data comes from TanStack Query, seeded
 * with the server's prefetched reads. Later issues add favorites, articles,
 * quiz, about and the legal/account pages as children of the root.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    children: [
      { index: true, Component: HomePage },
      { path: 'browse', Component: BrowsePage },
      { path: 'artist/:id', Component: ArtistPage },
      { path: 'search', Component: SearchPage },
      { path: 'search/:query', Component: SearchPage },
      { path: '*', Component: NotFoundPage },
    ],
  },
];
