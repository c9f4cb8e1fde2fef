import { defineConfig } from 'vitest/config';

// No @vitejs/plugin-react: esbuild's automatic JSX runtime is all the tests need.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,mjs}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
  },
});
