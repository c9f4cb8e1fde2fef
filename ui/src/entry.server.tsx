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
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app/app-providers';
import { PRERENDERED_PARTS } from './app/frame/prerendered-parts';
import { App } from './app/routes';
import { PrerenderedContext } from './lib/prerendered';
import { Router, createMemoryHistory } from './lib/router';
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
 * state into the HTML) and which prefetched keys went unread. The frame's parts come
 * from `partMarkup` unless `reuseFrame` is false (the test that compares both ways).
 */
export function renderPage(request: RenderRequest, { reuseFrame = true } = {}): RenderResult {
  const state = normalizeState(request.state, { now: 0, year: 1970, origin: '' });
  // The same options as the browser's hydrating render, so a prefetched error
  // renders as an error (not as a pending retry) on both sides.
  const client = createQueryClient({ hydrating: true });
  primeQueryCache(client, state);
  const reads = watchReads(client);
  try {
    const parts = reuseFrame ? prerenderedParts(client, state, request.url) : null;
    const html = renderToString(
      <PrerenderedContext.Provider value={parts}>
        <AppProviders client={client} state={state}>
          <App history={createMemoryHistory(request.url)} />
        </AppProviders>
      </PrerenderedContext.Provider>,
    );
    return { html, ...reads.report(state.prefetched) };
  } finally {
    client.clear();
  }
}

/** The frame parts' markup by part and variant, for the life of this engine runtime. */
const partMarkup = new Map<string, string>();
/** Variants differ by the favorites count and the year: a handful in practice. */
const MAX_PART_VARIANTS = 64;
const NoPage = () => null;

/** Each frame part's markup for this state, rendered on the first request of its variant. */
function prerenderedParts(client: QueryClient, state: SsrState, url: string): Map<string, string> {
  const parts = new Map<string, string>();
  for (const part of PRERENDERED_PARTS) {
    const key = `${part.name}\n${part.variant(state, client)}`;
    let html = partMarkup.get(key);
    if (html === undefined) {
      html = renderToString(
        <AppProviders client={client} state={state}>
          <Router history={createMemoryHistory(url)} routes={[]} notFound={NoPage}>
            {part.content}
          </Router>
        </AppProviders>,
      );
      if (partMarkup.size >= MAX_PART_VARIANTS) partMarkup.clear();
      partMarkup.set(key, html);
    }
    parts.set(part.name, html);
  }
  return parts;
}

(globalThis as unknown as { render: (requestJson: string) => string }).render = function render(requestJson: string): string {
  const request = JSON.parse(requestJson) as RenderRequest;
  return JSON.stringify(renderPage(request));
};
