// Lint rules that hold the UI's architecture (run by `npm run lint`, part of the
// README's test command). TypeScript 7 has no JavaScript API for typescript-eslint, so
// files are parsed by Babel's TypeScript preset; import and hooks rules run here (tsc
// checks types and unresolved imports).
import { readdirSync } from 'node:fs';
import babelParser from '@babel/eslint-parser';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Layers: app/ composes features; a feature owns its routes' pages, queries and UI and
 * never imports another feature; components/, lib/ and generated/ are the shared kernel
 * and import no feature and nothing of app/.
 */
const zones = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: move what both need into components/ or lib/, or compose them in app/.',
  })),
  ...['components', 'lib', 'generated'].map((kernel) => ({
    target: `./src/${kernel}`,
    from: ['./src/features', './src/app'],
    message: 'The shared kernel does not depend on features or on the app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app that composes them.',
  },
];

export default [
  { ignores: ['dist/**', 'node_modules/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parser: babelParser,
      parserOptions: {
        requireConfigFile: false,
        babelOptions: {
          babelrc: false,
          configFile: false,
          presets: [['@babel/preset-typescript', { isTSX: true, allExtensions: true, onlyRemoveTypeImports: true }]],
        },
      },
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.json'] } } },
    rules: {
      'import/no-restricted-paths': ['error', { zones }],
      'import/no-cycle': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': ['error', {
        paths: [{
          name: 'react-router',
          importNames: ['useNavigate', 'Link', 'NavLink'],
          message: "Use lib/navigation.tsx's useNavigate (it waits for the next page's module, so the address and the page change together) and components/link.tsx (a plain <a> on it: React Router's Link costs render time on every link).",
        }],
      }],
    },
  },
];
