import { defineConfig } from 'vitest/config';

// No @vitejs/plugin-react: esbuild's automatic JSX runtime is all the tests need.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  // Images are files with URLs, as in the real build (build.mjs: `.svg` is `file`), never
  // inlined data: URIs, which React treats differently (no preload hints).
  build: { assetsInlineLimit: 0 },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,mjs}'],
    setupFiles: ['src/test/setup.ts'],
    // Stylesheets are left out (''), but for the player's, which its test reads.
    css: { include: [/[\/]player\.css(\?|$)/] },
    restoreMocks: true,
  },
});
