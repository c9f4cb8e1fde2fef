/**
 * sessionStorage access that never throws (private mode, disabled storage).
 * Call only from effects or event handlers, never during render.
 */
export function readSession<T>(key: string): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

export function writeSession(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the feature simply does not persist.
  }
}

export function removeSession(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // ignore
  }
}

/**
 * Opens the browser's localStorage and sessionStorage while the page's scripts load, each
 * in a task of its own. Chromium fetches a page's whole store from the browser process,
 * synchronously, at its first read: 5–7 ms on a fast machine, four times that on a slow
 * phone. Left to the first readers (the cookie banner, the splash, a page's saved
 * state), both waits fall in the one task that runs hydration's effects and make it long.
 */
export function openBrowserStorage(): void {
  for (const store of ['localStorage', 'sessionStorage'] as const) {
    window.setTimeout(() => {
      try {
        void window[store].length;
      } catch {
        // Storage unavailable: its readers fall back on their own.
      }
    });
  }
}
