import { routes as contract } from '../generated/contract';
import { NotFoundPage } from '../features/not-found/not-found-page';
import { pages } from './pages';
import { RootErrorBoundary, RootLayout } from './root-layout';
import { RouteErrorBoundary, Router, type History, type Route } from '../lib/router';

/**
 * The route table, shared by the server and the browser. Paths come from the
 * contract's route table (the same one the axum router is built from); each route of
 * it has exactly one page (`./pages`; routes.test.ts). No loaders: data comes from
 * TanStack Query, seeded with the server's prefetched reads.
 */
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
