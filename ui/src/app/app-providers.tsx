// The tokens and base styles first: every component's own styles come after them.
import './global.css';
import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppEnvProvider } from '../lib/app-state';
import { DataSaverProvider } from '../lib/data-saver';
import { markHydrated } from '../lib/hydration';
import { finishHydration } from '../lib/query-client';
import type { RenderState } from '../generated/contract';
import { ExternalLinkProvider } from '../components/external-link';

/** Providers shared by the server and browser entries (identical trees, so hydration matches). */
export function AppProviders({ client, state, children }: { client: QueryClient; state: RenderState; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <AppEnvProvider state={state}>
        <DataSaverProvider initial={state.dataSaver}>
          <ExternalLinkProvider>
            {children}
            <HydrationDone client={client} />
          </ExternalLinkProvider>
        </DataSaverProvider>
      </AppEnvProvider>
    </QueryClientProvider>
  );
}

/**
 * Its effect runs after every effect of the first commit (it is the last
 * child), i.e. after the page's queries subscribed with the hydration options;
 * from then on queries behave normally (see lib/query-client.ts).
 */
function HydrationDone({ client }: { client: QueryClient }) {
  useEffect(() => {
    finishHydration(client);
    markHydrated();
  }, [client]);
  return null;
}
