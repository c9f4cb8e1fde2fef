// Lint rules that hold the UI's architecture (run by `npm run lint`, part of the
// README's test command). TypeScript 7 has no JavaScript API for typescript-eslint, so
// files are parsed by Babel's TypeScript preset; import and hooks rules run here (tsc
// checks types and unresolved imports).
import { readFileSync, readdirSync } from 'node:fs';
import babelParser from '@babel/eslint-parser';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The first segments of the site's page paths, read from the route table the contract
 * generates (`routes` in src/generated/contract.ts): a page's address is written by
 * `routes.x.href()` or `links.x()`, never by hand, so a route's change reaches every link.
 */
const contract = readFileSync(new URL('./src/generated/contract.ts', import.meta.url), 'utf8');
const routeTable = contract.slice(contract.indexOf('export const routes = {'), contract.indexOf('} as const;', contract.indexOf('export const routes = {')));
const pageSegments = [...new Set([...routeTable.matchAll(/path: "([a-z0-9-]+)/g)].map(([, segment]) => segment))];
const pagePath = `^\\/(${pageSegments.join('|')})([\\/?#]|$)`;
const handWrittenPath = 'A page address comes from the generated route table: routes.<page>.href(...) or links.<name>(...) (src/generated/contract.ts).';

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
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=/${pagePath}/]`, message: handWrittenPath },
        { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${pagePath}/]`, message: handWrittenPath },
      ],
      'no-restricted-imports': ['error', {
        paths: [{
          name: 'react-router',
          importNames: ['useNavigate', 'Link', 'NavLink'],
          message: "Use lib/navigation.tsx's useNavigate (it waits for the next page's module, so the address and the page change together) and components/link.tsx (a plain <a> on it: React Router's Link costs render time on every link).",
        }],
      }],
    },
  },
  {
    // Tests write the published addresses out (what they check), and the route table is
    // where the addresses are written.
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**', 'src/generated/**'],
    rules: { 'no-restricted-syntax': 'off' },
  },
];
