/**
 * Whether the first (hydrating) render has committed. Effects that run during
 * the initial load see `false`; the app root flips it in its own effect, which
 * runs after every page effect of the first commit.
 */
let hydrated = false;

export function isHydrated(): boolean {
  return hydrated;
}

export function markHydrated(): void {
  hydrated = true;
  // Observable from outside (end-to-end tests wait for it before interacting).
  if (typeof document !== 'undefined') document.documentElement.dataset.hydrated = 'true';
}

/** Tests only. */
export function resetHydratedForTests(): void {
  hydrated = false;
}
