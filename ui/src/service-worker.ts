/// <reference lib="webworker" />
/**
 * The service worker: the release's files cached at install (the frame's, and every
 * page's code, so a page opened offline keeps the frame), each page the visitor opens
 * kept for reading offline (network first, the kept copy when the network fails or is
 * slow), and our own offline page for a page never opened. It never keeps a private
 * response (a signed-in visitor's page) and never touches the API. A new release's
 * worker takes over at once: its offline page replaces the old one and its files join
 * the files cache, where the old release's age out (pages kept under the old release
 * still find theirs meanwhile). Built by ui/build.mjs, which supplies RELEASE_FILES
 * (the release's hashed scripts, lazily loaded modules, styles and icons) and
 * OFFLINE_REVISION. They are fetched at install, which starts after the page has
 * loaded (lib/offline.ts), so they never add to a page's first load.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { warmStrategyCache } from 'workbox-recipes';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { FILES_CACHE, KEEP_MESSAGE, OFFLINE_PAGE, PAGES_CACHE, isKeepable, isKeptPage, type KeepMessage } from './lib/offline';

declare const self: ServiceWorkerGlobalScope;
declare const RELEASE_FILES: string[];
declare const OFFLINE_REVISION: string;

/** How long a page waits for the network before the kept copy is shown. */
const NETWORK_TIMEOUT_SECONDS = 4;

self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();
precacheAndRoute([{ url: OFFLINE_PAGE, revision: OFFLINE_REVISION }]);

const keepOnlyPublic = {
  cacheWillUpdate: async ({ response }: { response: Response }) => (isKeepable(response) ? response : null),
};

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [keepOnlyPublic, new ExpirationPlugin({ maxEntries: 100, purgeOnQuotaError: true })],
});
registerRoute(({ request, url, sameOrigin }) => sameOrigin && request.mode === 'navigate' && isKeptPage(url.pathname), pages);
// Any other page: from the network, the offline page when there is none.
registerRoute(({ request, sameOrigin }) => sameOrigin && request.mode === 'navigate', new NetworkOnly());

// The hashed files pages load (named by their content, so never stale).
const files = new CacheFirst({
  cacheName: FILES_CACHE,
  plugins: [keepOnlyPublic, new ExpirationPlugin({ maxEntries: 200, purgeOnQuotaError: true })],
});
registerRoute(({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && url.pathname.startsWith('/static/'), files);
warmStrategyCache({ urls: RELEASE_FILES, strategy: files });

setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache(OFFLINE_PAGE)) ?? Response.error();
  return Response.error();
});

// A page opened before this worker controlled it (the first visit) asks for itself and
// its files to be kept, through the same strategies (so by the same rules) as later ones.
self.addEventListener('message', (event) => {
  const message = event.data as KeepMessage | undefined;
  if (message?.type !== KEEP_MESSAGE || !Array.isArray(message.urls)) return;
  const kept = message.urls.flatMap((href) => {
    const url = new URL(href, self.location.origin);
    if (url.origin !== self.location.origin) return [];
    const strategy = isKeptPage(url.pathname) ? pages : url.pathname.startsWith('/static/') ? files : null;
    return strategy ? [strategy.handleAll({ request: new Request(url.href), event })[1]] : [];
  });
  event.waitUntil(Promise.allSettled(kept));
});
