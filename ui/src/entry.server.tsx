/**
 * The server bundle: one classic script that defines
 * `globalThis.render(requestJson) -> responseJson` for the Rust server's
 * embedded engine (deno_core on QuickJS-ng or V8). No window, document, fetch,
 * URL or timers are assumed.
 */
// The engine has no URLSearchParams (pages read their query string with it): core-js
// provides it only where the global is missing.
import 'core-js/actual/url-search-params';
import { renderToString } from 'react-dom/server';
import { AppProviders } from './app/app-providers';
import { App } from './app/routes';
import { createMemoryHistory } from './lib/router';
import { createQueryClient } from './lib/query-client';
import { watchReads, type PrefetchReport } from './lib/prefetch-audit';
import { primeQueryCache } from './lib/prime-query-cache';
import { normalizeState, type SsrState } from './lib/ssr-state';

interface RenderRequest {
  url: string;
  state: SsrState;
}

export interface RenderResult extends PrefetchReport {
  html: string;
}

/**
 * Renders the page for `request.url` from the server's prefetched state, and reports
 * which query keys the tree read that were not prefetched (each renders a loading
 * state into the HTML) and which prefetched keys went unread.
 */
export function renderPage(request: RenderRequest): RenderResult {
  const state = normalizeState(request.state, { now: 0, year: 1970, origin: '' });
  // The same options as the browser's hydrating render, so a prefetched error
  // renders as an error (not as a pending retry) on both sides.
  const client = createQueryClient({ hydrating: true });
  primeQueryCache(client, state);
  const reads = watchReads(client);
  try {
    const html = renderToString(
      <AppProviders client={client} state={state}>
        <App history={createMemoryHistory(request.url)} />
      </AppProviders>,
    );
    return { html, ...reads.report(state.prefetched) };
  } finally {
    client.clear();
  }
}

(globalThis as unknown as { render: (requestJson: string) => string }).render = function render(requestJson: string): string {
  const request = JSON.parse(requestJson) as RenderRequest;
  return JSON.stringify(renderPage(request));
};
