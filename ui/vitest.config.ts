import { defineConfig } from 'vitest/config';

const rr = (file: string) => decodeURIComponent(new URL(`./node_modules/react-router/dist/development/${file}`, import.meta.url).pathname);

// No @vitejs/plugin-react: esbuild's automatic JSX runtime is all the tests need.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  resolve: {
    // One react-router instance for `react-router` and `react-router/dom` (as
    // in the esbuild bundle); Node's own resolution would mix ESM and CJS copies.
    alias: [
      { find: /^react-router$/, replacement: rr('index.mjs') },
      { find: /^react-router\/dom$/, replacement: rr('dom-export.mjs') },
    ],
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,mjs}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    server: { deps: { inline: [/react-router/] } },
  },
});
