import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetHydratedForTests } from '../lib/hydration';

afterEach(() => {
  resetHydratedForTests();
  // Node-environment tests (the server bundle) have no DOM.
  if (typeof window === 'undefined') return;
  cleanup();
  window.sessionStorage.clear();
});
