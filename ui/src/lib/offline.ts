/**
 * Offline reading, shared by the service worker (service-worker.ts) and the page: which
 * pages are kept on the device and the caches they are kept in.
 */

/** The service worker's address (its scope is the whole site). */
export const SERVICE_WORKER_URL = '/sw.js';
/** Our page for a page never opened while connected (kept at install). */
export const OFFLINE_PAGE = '/offline';

/** Pages the visitor opened, kept for reading offline (never a private one). */
export const PAGES_CACHE = 'sound-atlas-pages';
/** Hashed files loaded after install (pages' modules, images of the bundle). */
export const FILES_CACHE = 'sound-atlas-files';

/** The home page and every artist, article and browse page are kept once opened. */
export function isKeptPage(pathname: string): boolean {
  return pathname === '/' || /^\/(artist|articles|browse)(\/|$)/.test(pathname);
}

/** Whether a response may be kept on the device: a whole page any visitor could get. */
export function isKeepable(response: Response): boolean {
  const cacheControl = response.headers.get('cache-control') ?? '';
  return response.status === 200 && response.type === 'basic' && !/private|no-store/i.test(cacheControl) && !response.headers.has('set-cookie');
}

/** Forgets every kept page (at sign-out: nothing of one visitor stays for the next). */
export async function forgetKeptPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(PAGES_CACHE);
}

/** Asks the service worker to keep pages or files it did not see loaded. */
export const KEEP_MESSAGE = 'keep';
export interface KeepMessage {
  type: typeof KEEP_MESSAGE;
  urls: string[];
}

/**
 * Registers the service worker once the page has loaded (it never delays the page). On
 * the first visit the worker did not see this page or its files load: once it is
 * active, it is asked to keep them.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    try {
      const uncontrolled = !navigator.serviceWorker.controller;
      await navigator.serviceWorker.register(SERVICE_WORKER_URL);
      if (!uncontrolled) return;
      const registration = await navigator.serviceWorker.ready;
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.startsWith('/static/'));
      const message: KeepMessage = { type: KEEP_MESSAGE, urls: [window.location.href, ...files] };
      registration.active?.postMessage(message);
    } catch (error) {
      console.warn('Offline reading is unavailable', error);
    }
  };
  // In a task of its own either way: registering waits on the browser process, and the
  // entry's evaluation (where a page already loaded lands) is a long task as it is.
  if (document.readyState === 'complete') window.setTimeout(() => void register());
  else window.addEventListener('load', () => void register(), { once: true });
}
