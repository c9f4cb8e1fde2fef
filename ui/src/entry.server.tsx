/**
 * The server bundle: one classic script that defines
 * `globalThis.render(requestJson) -> responseJson` for the Rust server's
 * embedded engine (deno_core on QuickJS-ng or V8). No window, document, fetch,
 * URL or timers are assumed.
 */
// The engine has no WHATWG URL or URLSearchParams: React Router's module builds a `URL`
// as it loads, and pages read their query string with URLSearchParams. core-js provides
// them only where the globals are missing (the server bundle only). No render parses a
// URL: the route table renders React Router's matches itself (app/routes.tsx), where
// `<Routes>` would encode each matched path with `URL` on every render.
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { AppProviders } from './app/app-providers';
import { PRERENDERED_PARTS } from './app/frame/prerendered-parts';
import { AppRoutes, preloadPage } from './app/routes';
import { ArtistCardTemplate } from './components/artist-card';
import { artistCardMarkup } from './components/artist-card-markup';
import { Navigation } from './lib/navigation';
import { PrerenderedContext, type PrerenderedMarkup } from './lib/prerendered';
import { createQueryClient } from './lib/query-client';
import { watchReads } from './lib/prefetch-audit';
import { primeQueryCache } from './lib/prime-query-cache';
import { takeRenderedModules } from './lib/lazy-page';
import type { RenderOutput, RenderRequest, RenderState } from './generated/contract';

/**
 * Renders the page for `request.url` from the server's prefetched state, and reports
 * which query keys the tree read that were not prefetched (each renders a loading
 * state into the HTML) and which prefetched keys went unread. The frame's stored parts and
 * the cards' templates write their markup (lib/prerendered.tsx) unless `reuseMarkup` is
 * false (the test that compares both ways).
 */
export function renderPage(request: RenderRequest, { reuseMarkup = true } = {}): RenderOutput {
  const { state } = request;
  // The same options as the browser's hydrating render, so a prefetched error
  // renders as an error (not as a pending retry) on both sides.
  const client = createQueryClient({ hydrating: true });
  primeQueryCache(client, state);
  const reads = watchReads(client);
  try {
    const withProviders = (children: ReactNode) => (
      <AppProviders client={client} state={state}>
        <StaticRouter location={request.url}>
          <Navigation preload={preloadPage}>{children}</Navigation>
        </StaticRouter>
      </AppProviders>
    );
    const markup = reuseMarkup ? prerenderedMarkup(client, state, withProviders) : null;
    takeRenderedModules();
    const html = renderToString(
      <PrerenderedContext.Provider value={markup}>
        <ArtistCardTemplate.Provider value={reuseMarkup ? artistCardMarkup : null}>
          <AppProviders client={client} state={state}>
            <StaticRouter location={request.url}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </ArtistCardTemplate.Provider>
      </PrerenderedContext.Provider>,
    );
    return { html, modules: takeRenderedModules(), ...reads.report(state.prefetched) };
  } finally {
    client.clear();
  }
}

/** The frame parts' markup by variant, for the life of this engine runtime (a few dozen). */
const stored = new Map<string, string>();
const MAX_STORED = 500;

/** This render's view of the stored frame parts (each rendered first if its variant is new). */
function prerenderedMarkup(client: QueryClient, state: RenderState, withProviders: (children: ReactNode) => ReactNode): PrerenderedMarkup {
  const parts = new Map<string, string>();
  for (const part of PRERENDERED_PARTS) {
    const key = `${part.name}\n${part.variant(state, client)}`;
    let html = stored.get(key);
    if (html === undefined) {
      html = renderToString(withProviders(part.content));
      if (stored.size >= MAX_STORED) stored.clear();
      stored.set(key, html);
    }
    parts.set(part.name, html);
  }
  return { get: (key) => parts.get(key) };
}

(globalThis as unknown as { render: (requestJson: string) => string }).render = function render(requestJson: string): string {
  const request = JSON.parse(requestJson) as RenderRequest;
  return JSON.stringify(renderPage(request));
};
