import { startTransition } from 'react';
import { hydrateRoot, createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers';
import { AppRoutes, preloadPage } from './app/routes';
import { createQueryClient } from './lib/query-client';
import { primeQueryCache } from './lib/prime-query-cache';
import { registerServiceWorker } from './lib/offline';
import { pageStart } from './lib/ssr-state';
import { openBrowserStorage } from './lib/storage';
import { FollowMissedAddress } from './lib/navigation';

function start(): void {
  openBrowserStorage();
  // The page's own module (preloaded by the document) before the first render, so the
  // page hydrates at once instead of suspending. When it cannot be loaded (offline, not
  // kept), the document stays as the server sent it, its links and forms working without
  // script (started, the page would load this document again: lib/lazy-page.tsx).
  const loading = preloadPage(window.location.pathname);
  if (loading) void loading.then((module) => module !== undefined && hydrate());
  else hydrate();
}

function hydrate(): void {
  const { state, hydrate: hydrating } = pageStart(document, Date.now(), window.location.origin);
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');

  // Same seeding as the server; while hydrating, prefetched keys neither
  // refetch nor retry (lib/query-client.ts).
  const client = createQueryClient({ hydrating });
  primeQueryCache(client, state);

  // Scroll is managed by the app (top on route change, restore on browse/search).
  if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';

  const app = (
    <AppProviders client={client} state={state}>
      <BrowserRouter>
        <FollowMissedAddress />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
  if (hydrating) {
    // In a transition, React hydrates in slices of a few milliseconds, yielding to the
    // browser between them, instead of in one long task that blocks input and paint.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error, info) {
          console.error('Hydration error', error, info.componentStack);
        },
      });
    });
  } else {
    // The server render failed and sent only the shell and the data, or the document
    // has no state to hydrate with.
    createRoot(container).render(app);
  }
}

start();
registerServiceWorker();
