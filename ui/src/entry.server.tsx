/**
 * The server bundle: one classic script that defines
 * `globalThis.render(requestJson) -> responseJson` for the Rust server's
 * embedded engine (deno_core on QuickJS-ng or V8). No window, document, fetch,
 * URL or timers are assumed; the URL polyfill comes first because react-router
 * constructs a URL while its module initialises.
 */
// The engine has no WHATWG URL, which react-router needs while it loads: core-js
// provides it (and URLSearchParams) only where the global is missing.
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';
import { renderToString } from 'react-dom/server';
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
  matchRoutes,
  parsePath,
  type StaticHandlerContext,
} from 'react-router';
import { AppProviders } from './app/app-providers';
import { routes } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { watchReads, type PrefetchReport } from './lib/prefetch-audit';
import { primeQueryCache } from './lib/prime-query-cache';
import { normalizeState, type SsrState } from './lib/ssr-state';

interface RenderRequest {
  url: string;
  state: SsrState;
}

const { dataRoutes } = createStaticHandler(routes);

/**
 * The static handler's `query()` is asynchronous and needs a Fetch `Request`;
 * without loaders its result is just the route matches, so the context is
 * built synchronously here.
 */
export function staticContext(url: string): StaticHandlerContext {
  const { pathname = '/', search = '', hash = '' } = parsePath(url.startsWith('/') ? url : `/${url}`);
  const location = { pathname, search, hash, state: null, key: 'default', mask: undefined };
  const matches = matchRoutes(dataRoutes, location) ?? [];
  return {
    basename: '/',
    location,
    matches: matches as StaticHandlerContext['matches'],
    loaderData: {},
    actionData: null,
    errors: null,
    statusCode: 200,
    loaderHeaders: {},
    actionHeaders: {},
  } as StaticHandlerContext;
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
    const context = staticContext(request.url);
    const router = createStaticRouter(dataRoutes, context);
    const html = renderToString(
      <AppProviders client={client} state={state}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
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
