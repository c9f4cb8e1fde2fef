import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { resetHydratedForTests } from '../lib/hydration';

afterEach(() => {
  resetHydratedForTests();
  // Node-environment tests (the server bundle) have no DOM.
  if (typeof window === 'undefined') return;
  cleanup();
  window.sessionStorage.clear();
});

// Pages render at once in tests, as in the server's bundle (lib/lazy-page.tsx). Loaded
// once the test file is (so its vi.mock calls apply to the pages' imports too).
beforeAll(async () => {
  const { loadAllPages } = await import('../app/routes');
  await loadAllPages();
});
