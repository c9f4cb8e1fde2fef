import { render } from '@testing-library/react';
import { AppProviders } from '../app/app-providers';
import { UNSAFE_createMemoryHistory as createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { AppRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';
import { primeQueryCache } from '../lib/prime-query-cache';
import type { Prefetched, RenderState } from '../generated/contract';

/** Renders the whole app at `url` with a query cache seeded like the server's (and `env` over the state's defaults). */
export function renderApp(url: string, prefetched: Prefetched[] = [], env: Partial<Omit<RenderState, 'prefetched'>> = {}) {
  const state: RenderState = { prefetched, fetchedAt: 1_763_740_000_000, year: 2026, today: '2025-11-21', origin: 'https://soundatlas.test', affiliate: false, dataSaver: false, newSongsWindowWeeks: 8, ...env };
  const client = createQueryClient({ hydrating: true });
  primeQueryCache(client, state);
  // React Router's own memory history, held by the test as the address bar.
  const history = createMemoryHistory({ initialEntries: [url], v5Compat: true });
  const utils = render(
    <AppProviders client={client} state={state}>
      <HistoryRouter history={history}>
        <AppRoutes />
      </HistoryRouter>
    </AppProviders>,
  );
  return { ...utils, client, history, state };
}
