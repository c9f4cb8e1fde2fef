#!/usr/bin/env node
// Bundles the UI with esbuild:
//   <outdir>/client/        browser bundle: entry-[build id].js (a classic script), one [module]-[hash].js
//                           (ES module) per lazily imported module (mergeChunks), entry-[hash].css, each also .br and .gz
//   <outdir>/client/sw.js   the service worker (offline reading), and offline.html, the page it shows offline
//   <outdir>/manifest.json  { boot: { script, template }, scripts, styles, lazy: { module: url } }: the boot's text
//                           (inline in every document, src/boot.ts) and /static/... URLs for the HTML shell,
//                           and critical: the stylesheet's rules indexed for each document's inline CSS
//   <outdir>/server.js      one classic script defining globalThis.render(requestJson) -> responseJson
// Usage: node ui/build.mjs [--outdir <absolute dir>]   (default: ui/dist)
import { build, transform } from 'esbuild';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { criticalCssIndex } from './critical-css.mjs';

const uiDir = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  let outdir = path.join(uiDir, 'dist');
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--outdir') outdir = argv[++i];
    else if (arg.startsWith('--outdir=')) outdir = arg.slice('--outdir='.length);
    else throw new Error(`Unknown argument: ${arg}`);
  }
  if (!outdir) throw new Error('--outdir needs a directory');
  return { outdir: path.resolve(outdir) };
}

const PUBLIC_PATH = '/static';
// The browsers the site supports. Listed as browsers, not as an ECMAScript year, so
// esbuild keeps every syntax they all have (chrome91, not 90: esbuild lowers optional
// chaining before Chrome 91 for a V8 bug); written as they are, an artist page's
// first-load JavaScript is 2 KiB smaller than with es2020.
const BROWSER_TARGET = ['chrome91', 'firefox90', 'safari15'];
const define = { 'process.env.NODE_ENV': '"production"' };

// What keeps most of React Router out of the bundles though the site never uses it: its
// module names each context and component for React's developer tools with top-level
// `X.displayName = "..."` statements, and builds its contexts and components with
// `React.createContext(...)`, `React.forwardRef(...)` and `React.memo(...)` calls not
// marked pure; to a bundler each is a side effect that keeps X (its `Form`, `Link`,
// `NavLink`, `ScrollRestoration`, the data router's contexts). The names go, the calls
// are marked pure (they are), and tree-shaking drops what nothing uses.
const reactRouterTreeShaking = {
  name: 'react-router-tree-shaking',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/ }, async (args) => ({
      contents: (await readFile(args.path, 'utf8'))
        .replace(/^[\w$]+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var [\w$]+ = )(React\d*\.(?:createContext|forwardRef|memo)\()/gm, '$1/* @__PURE__ */ $2'),
      loader: 'js',
    }));
  },
};
// React and its JSX runtime are CommonJS, and esbuild gives every module that imports a
// CommonJS module a copy of its exports of its own (`__toESM`, one property definition
// at a time): 44 modules import React and 29 the JSX runtime, about 3,000 definitions in
// the entry's evaluation, a fifth of that task. An `import` of either goes through one
// ES module that takes the exports once; `require` (React DOM's) reaches the package.
const COMMONJS_FACADE = /^react(?:\/jsx-runtime)?$/;
const commonjsFacades = {
  name: 'commonjs-facades',
  setup(pluginBuild) {
    const require = createRequire(path.join(uiDir, 'package.json'));
    pluginBuild.onResolve({ filter: COMMONJS_FACADE }, (args) => (args.kind === 'import-statement' ? { path: args.path, namespace: 'commonjs-facade' } : undefined));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'commonjs-facade' }, (args) => {
      // Node loads the development build: its names are the production build's and two
      // more (`act`, `captureOwnerStack`), undefined in the bundle and imported by nothing.
      const names = Object.keys(require(args.path)).filter((name) => name !== 'default');
      const file = JSON.stringify(require.resolve(args.path));
      return { contents: `import commonjs from ${file};\nexport const { ${names.join(', ')} } = commonjs;\nexport default commonjs;`, loader: 'js', resolveDir: uiDir };
    });
  },
};
// `import css from './x.css?inline'` (the suffix Vite and the tests' runner know): the
// stylesheet minified, as a string. For a lazily loaded module that brings its own
// styles (the player), so the site's stylesheet does not carry them.
const inlineCss = {
  name: 'inline-css',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\.css\?inline$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.replace(/\?inline$/, '')), namespace: 'inline-css' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'inline-css' }, async (args) => {
      const { code } = await transform(await readFile(args.path, 'utf8'), { loader: 'css', minify: true, target: BROWSER_TARGET, logLevel: 'warning' });
      return { contents: code.trim(), loader: 'text', watchFiles: [args.path] };
    });
  },
};
const common = {
  absWorkingDir: uiDir,
  bundle: true,
  minify: true,
  define,
  jsx: 'automatic',
  legalComments: 'none',
  logLevel: 'warning',
  charset: 'utf8',
  sourcemap: false,
  // React Router's package exports only its development build (with its warnings) to
  // bundlers; its production build is the same code without them.
  alias: { 'react-router': './node_modules/react-router/dist/production/index.mjs' },
  // The icon sprite: a hashed file under /static, the same name in both bundles.
  loader: { '.svg': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: PUBLIC_PATH,
  plugins: [reactRouterTreeShaking, commonjsFacades, inlineCss],
};

async function buildClient(outdir) {
  const clientDir = path.join(outdir, 'client');
  await rm(clientDir, { recursive: true, force: true });
  const browser = {
    ...common,
    entryPoints: { entry: 'src/entry.client.tsx' },
    outdir: clientDir,
    format: 'esm',
    platform: 'browser',
    target: BROWSER_TARGET,
    entryNames: '[name]-[hash]',
    metafile: true,
  };
  // The scripts: esbuild splits them at every `import()` (pages, dialogs, the player),
  // then mergeChunks() joins its shared chunks into one file per load.
  await mkdir(clientDir, { recursive: true });
  const split = await build({ ...browser, splitting: true, write: false, chunkNames: 'chunk-[hash]', loader: { ...common.loader, '.css': 'empty' } });
  for (const file of split.outputFiles.filter((output) => !output.path.endsWith('.js'))) await writeFile(file.path, file.contents);
  const scripts = await mergeChunks(split, clientDir);
  // The styles: one stylesheet, in import order, the lazily imported modules' included
  // (split, each chunk's styles were a stylesheet of their own, and each costs a
  // request), and its rules indexed for the critical CSS each document inlines. Only
  // its CSS is written.
  const styles = await build({ ...browser, splitting: false, write: false });
  const critical = [];
  for (const file of styles.outputFiles.filter((output) => output.path.endsWith('.css'))) {
    await writeFile(file.path, file.contents);
    critical.push(...criticalCssIndex(file.text));
  }
  const stylesheets = Object.values(styles.metafile.outputs).flatMap((output) => (output.cssBundle ? [output.cssBundle] : []));
  const toUrl = (file) => `${PUBLIC_PATH}/${path.relative(clientDir, path.resolve(uiDir, file)).split(path.sep).join('/')}`;
  const boot = await buildBoot(browser);
  return { boot: { script: boot, template: SCRIPTS_TEMPLATE_ID }, scripts: [scripts.entry], styles: stylesheets.map(toUrl), critical, lazy: scripts.lazy };
}

// The id of the document's <template> that holds the page's scripts, inert until the
// boot script starts them (src/boot.ts); the manifest tells the server.
const SCRIPTS_TEMPLATE_ID = 'sa-scripts';

/** The boot script (src/boot.ts), built like the entry as a classic script the document inlines: returns its text. */
async function buildBoot(browser) {
  const result = await build({
    ...browser,
    entryPoints: { boot: 'src/boot.ts' },
    format: 'iife',
    write: false,
    metafile: false,
    define: { ...define, SCRIPTS_TEMPLATE_ID: JSON.stringify(SCRIPTS_TEMPLATE_ID) },
  });
  const script = result.outputFiles[0].text.trim();
  // Inline in the document, its text must not end the script element or open a comment in it.
  if (/<\/script|<!--/i.test(script)) throw new Error('the boot script cannot be inlined as built');
  return script;
}

// The global through which the entry, a classic script, hands the lazy files (modules)
// the shared code they use. Classic, so it can download with the document (preloaded)
// and run once the page has painted, and Lighthouse sees it run then: it tells when a
// script ran only by classic scripts' evaluation events, and counts a module that
// arrived before the paint as needed for it.
const SHARED_GLOBAL = '__soundAtlasShared';

/** The comment that asks V8 to compile a whole file eagerly (Chromium 136 and later; others ignore it). */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Joins esbuild's split output into one file per load: the entry (what it imports
 * statically) and one file per `import()` target with the rest of the code it needs.
 * esbuild alone writes a chunk for every combination of importers (26 files for an
 * artist page once pages were lazy, each compressed on its own and fetched as a request
 * of its own); merged, a page is two. Code that only lazy files use (the cards, the
 * artist image, the pager) is copied into each of them rather than carried by the
 * entry: every page's first load is the entry and its own file, without what other
 * pages use (an artist page's was 2.9 KiB brotli more with it in the entry); another
 * page downloads its copy when visited. A copy has its own module state, so state
 * shared across pages (a store, a cache) lives in a module the entry imports.
 *
 * How: the split output is valid ESM, so esbuild bundles it again. A lazy file takes
 * the entry's shared code from SHARED_GLOBAL (the entry, a classic script, exports there,
 * under short names, what lazy files import of its chunks; it has run before any lazy
 * file does). Each file is named by a hash of its content, the entry last (it names
 * the lazy files by their URLs).
 * Returns { entry: url, lazy: { [module's base name]: url } }.
 */
async function mergeChunks(split, clientDir) {
  const rel = (file) => path.relative(clientDir, path.resolve(uiDir, file));
  const outputs = Object.fromEntries(Object.entries(split.metafile.outputs).filter(([file]) => file.endsWith('.js')).map(([file, meta]) => [rel(file), meta]));
  const code = Object.fromEntries(split.outputFiles.filter((file) => file.path.endsWith('.js')).map((file) => [path.relative(clientDir, file.path), file.text]));
  const staticImports = (file) => outputs[file].imports.filter((imported) => imported.kind === 'import-statement' && !imported.external).map((imported) => rel(imported.path));
  const closure = (roots) => {
    const seen = new Set(roots);
    const visit = (file) => staticImports(file).forEach((next) => seen.has(next) || (seen.add(next), visit(next)));
    roots.forEach(visit);
    return seen;
  };
  const [entry] = Object.keys(outputs).filter((file) => outputs[file].entryPoint === 'src/entry.client.tsx');
  const roots = [...new Set(Object.values(outputs).flatMap((meta) => meta.imports.filter((imported) => imported.kind === 'dynamic-import').map((imported) => rel(imported.path))))];

  // The entry's files: its own static imports. A chunk only lazy files use is in each of
  // them (see above).
  const shared = closure([entry]);
  for (const root of roots) if (shared.has(root)) throw new Error(`${outputs[root].entryPoint} is imported both statically and with import(): choose one`);
  const own = new Map(roots.map((root) => [root, [...closure([root])].filter((file) => !shared.has(file))]));

  // Short names: the entry exports a few hundred of them.
  const chunkIndex = new Map([...shared].sort().map((file, index) => [file, index.toString(36)]));
  const alias = (file, name) => `_${chunkIndex.get(file)}${name}`;
  // What each split file imports of a shared chunk, read off esbuild's import
  // statements (`import{a as b,c}from"/static/chunk-X.js"`): the entry exports only
  // those. A reference the pattern does not read fails the build. Read once per pair
  // (both the chunk's stand-in module and the lazy file's one import ask).
  const namesRead = new Map();
  const importedNames = (importer, file) => {
    const key = `${importer}\0${file}`;
    if (!namesRead.has(key)) namesRead.set(key, readImportedNames(importer, file));
    return namesRead.get(key);
  };
  const readImportedNames = (importer, file) => {
    const url = `${PUBLIC_PATH}/${file}`;
    const quoted = JSON.stringify(url);
    const names = new Set();
    let statements = 0;
    for (const match of code[importer].matchAll(/(?:import|export)\{([^}]*)\}from"([^"]+)"|import"([^"]+)"/g)) {
      if ((match[2] ?? match[3]) !== url) continue;
      statements += 1;
      for (const specifier of match[1]?.split(',') ?? []) names.add(specifier.trim().split(' as ')[0]);
    }
    if (statements !== code[importer].split(quoted).length - 1) throw new Error(`${importer} refers to ${url} in a way mergeChunks does not read`);
    return [...names];
  };
  const exported = new Set();
  const urls = new Map();

  // The entry is a classic script (see SHARED_GLOBAL), the lazy files modules.
  const merge = async (entryCode, inside, { classic = false } = {}) => {
    const result = await build({
      stdin: { contents: entryCode, resolveDir: clientDir, sourcefile: 'merged.js' },
      bundle: true,
      minify: true,
      format: classic ? 'iife' : 'esm',
      globalName: classic ? SHARED_GLOBAL : undefined,
      // V8's explicit compile hint: every function is compiled on the background thread
      // while the file downloads, not on its first call in the main thread's tasks
      // (the entry's evaluation and hydration took about half as long with it).
      banner: { js: COMPILE_HINT },
      target: BROWSER_TARGET,
      legalComments: 'none',
      charset: 'utf8',
      write: false,
      logLevel: 'warning',
      plugins: [
        {
          name: 'merge-split-output',
          setup(merged) {
            // The split output names its chunks by URL (`/static/chunk-X.js`).
            merged.onResolve({ filter: /^\// }, (args) => {
              const file = args.path.slice(PUBLIC_PATH.length + 1);
              if (!code[file]) throw new Error(`${args.path} is no file of the split output`);
              if (args.kind === 'dynamic-import') {
                if (!urls.has(file)) throw new Error(`${file} is imported lazily before it is merged (a cycle of lazy imports?)`);
                return { path: urls.get(file), external: true };
              }
              if (inside.has(file)) return { path: file, namespace: 'split' };
              if (shared.has(file)) return { path: file, namespace: 'from-entry' };
              throw new Error(`${file} is in no merged file`);
            });
            merged.onResolve({ filter: /^\.\// }, (args) => ({ path: path.normalize(args.path), namespace: 'split' }));
            merged.onLoad({ filter: /.*/, namespace: 'split' }, (args) => ({ contents: code[args.path], loader: 'js', resolveDir: clientDir }));
            // A shared chunk's names come from one module that imports them all from the
            // entry, so the merged file has one import statement: the names every file of
            // the merged one imports of it (esbuild loads the module once, whoever asks first).
            merged.onLoad({ filter: /.*/, namespace: 'from-entry' }, (args) => {
              const importers = [...inside].filter((importer) => staticImports(importer).includes(args.path));
              const names = new Set(importers.flatMap((importer) => importedNames(importer, args.path)));
              const specifiers = [...names].map((name) => `${alias(args.path, name)} as ${name}`);
              return { contents: `export { ${specifiers.join(', ')} } from "entry-exports";`, loader: 'js' };
            });
            merged.onResolve({ filter: /^entry-exports$/ }, () => ({ path: 'entry-exports', namespace: 'entry-exports' }));
            merged.onLoad({ filter: /.*/, namespace: 'entry-exports' }, () => {
              const names = new Set();
              for (const importer of inside) {
                for (const file of staticImports(importer).filter((file) => !inside.has(file))) {
                  for (const name of importedNames(importer, file)) names.add(alias(file, name));
                }
              }
              names.forEach((name) => exported.add(name));
              // Read once, as the lazy file loads (the entry has run by then).
              return { contents: `export const { ${[...names].join(', ')} } = globalThis.${SHARED_GLOBAL};`, loader: 'js' };
            });
          },
        },
      ],
    });
    return result.outputFiles[0].contents;
  };

  // Lazy files first (the entry needs their URLs); one imported lazily by another after it.
  const lazy = {};
  const pending = [...roots];
  while (pending.length) {
    const ready = pending.findIndex((root) => own.get(root).every((file) => outputs[file].imports.every((imported) => imported.kind !== 'dynamic-import' || urls.has(rel(imported.path)))));
    if (ready < 0) throw new Error(`lazy imports in a cycle: ${pending.join(', ')}`);
    const [root] = pending.splice(ready, 1);
    const bytes = await merge(`export { ${outputs[root].exports.join(', ')} } from ${JSON.stringify(`./${root}`)};`, new Set(own.get(root)));
    const name = path.basename(outputs[root].entryPoint).replace(/\.[jt]sx?$/, '');
    if (lazy[name]) throw new Error(`two lazily imported modules are named ${name}: rename one`);
    const file = `${name}-${createHash('sha256').update(bytes).digest('hex').slice(0, 8).toUpperCase()}.js`;
    await writeFile(path.join(clientDir, file), bytes);
    lazy[name] = `${PUBLIC_PATH}/${file}`;
    urls.set(root, lazy[name]);
  }
  // The entry: the shared chunks (re-exported for the lazy files), then the entry itself.
  const sharedChunks = [...shared].filter((file) => file !== entry);
  const reexports = sharedChunks.map((file) => {
    const names = outputs[file].exports.filter((name) => exported.has(alias(file, name)));
    return `export { ${names.map((name) => `${name} as ${alias(file, name)}`).join(', ')} } from ${JSON.stringify(`./${file}`)};`;
  });
  const bytes = await merge([...reexports, `import ${JSON.stringify(`./${entry}`)};`].join('\n'), shared, { classic: true });
  const entryFile = `entry-${createHash('sha256').update(bytes).digest('hex').slice(0, 10).toUpperCase()}.js`;
  await writeFile(path.join(clientDir, entryFile), bytes);
  return { entry: `${PUBLIC_PATH}/${entryFile}`, lazy };
}

// `react-dom/server` -> React's synchronous string renderer for browsers
// (renderToString without Node built-ins). `react-dom/server.browser` would
// also pull in the streaming renderer, which constructs a MessageChannel when
// it loads; the embedded engine has none.
const legacyStringRenderer = {
  name: 'legacy-string-renderer',
  setup(pluginBuild) {
    const file = path.join(uiDir, 'node_modules', 'react-dom', 'cjs', 'react-dom-server-legacy.browser.production.js');
    pluginBuild.onResolve({ filter: /^react-dom\/server(?:\.browser)?$/ }, () => ({ path: file }));
  },
};

// Lazily imported modules (`lazy(() => import(...))`: the login dialog, the player) only
// ever render in the browser, so the engine never needs them: left out of the server
// bundle (the import stays, never called), each worker parses less at start.
const clientOnlyLazyModules = {
  name: 'client-only-lazy-modules',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /.*/ }, (args) => (args.kind === 'dynamic-import' ? { path: args.path, external: true } : undefined));
  },
};

// The route table's pages are lazy modules in the browser (lib/lazy-page.tsx), but the
// engine renders a page at once, so in the server bundle each `() => import(path)` of
// the route table is a `() => require(path)`: the page is built in and its loader
// answers the module itself.
const ROUTE_TABLE = path.join(uiDir, 'src', 'app', 'routes.tsx');
const pagesBuiltIn = {
  name: 'pages-built-in',
  setup(pluginBuild) {
    pluginBuild.onLoad({ filter: /[\\/]app[\\/]routes\.tsx$/ }, async (args) => {
      if (args.path !== ROUTE_TABLE) return undefined;
      const source = await readFile(args.path, 'utf8');
      const pattern = /\(\) => import\(('[^']+')\)/g;
      if (!pattern.test(source)) throw new Error('the route table has no lazily imported pages: update pagesBuiltIn');
      return { contents: source.replace(pattern, '() => require($1)'), loader: 'tsx' };
    });
  },
};

async function buildServer(outdir) {
  await build({
    ...common,
    entryPoints: ['src/entry.server.tsx'],
    outfile: path.join(outdir, 'server.js'),
    format: 'iife',
    platform: 'browser',
    // QuickJS-ng has class fields and private members: lowering them to WeakMaps
    // (es2020) made every TanStack Query object slower to build.
    target: 'es2022',
    // Minified on short lines: QuickJS-ng's parser slows down with the length of the line
    // it is on, and one line of 326 KB took 250–450 ms of each engine's start to
    // evaluate; on lines of about 200 characters, 60–90 ms (1,000: 135–225 ms).
    lineLimit: 200,
    loader: { ...common.loader, '.css': 'empty' },
    plugins: [...common.plugins, legacyStringRenderer, pagesBuiltIn, clientOnlyLazyModules],
  });
}

// The service worker (src/service-worker.ts, served as /sw.js) with the release's files
// to keep at install (its scripts, every lazily loaded module among them, so a page
// opened offline finds its code, its styles and the images they load), and the
// offline page it shows for a page never opened (src/offline.html, served as /offline)
// with a revision, so a new release's replaces the old one.
async function buildServiceWorker(outdir, manifest) {
  const clientDir = path.join(outdir, 'client');
  const images = (await readdir(clientDir)).filter((name) => /\.(svg|png|woff2)$/.test(name)).map((name) => `${PUBLIC_PATH}/${name}`);
  const offline = await readFile(path.join(uiDir, 'src', 'offline.html'));
  await writeFile(path.join(clientDir, 'offline.html'), offline);
  await build({
    ...common,
    entryPoints: ['src/service-worker.ts'],
    outfile: path.join(clientDir, 'sw.js'),
    format: 'iife',
    platform: 'browser',
    target: BROWSER_TARGET,
    define: {
      ...define,
      RELEASE_FILES: JSON.stringify([...manifest.scripts, ...Object.values(manifest.lazy), ...manifest.styles, ...images]),
      OFFLINE_REVISION: JSON.stringify(createHash('sha256').update(offline).digest('hex').slice(0, 16)),
    },
  });
}

// Every client file also as .br (brotli at its highest level) and .gz, written once here
// so the server sends them as they are (crates/server/src/static_files.rs) instead of
// compressing on every request at a lower level.
async function precompress(dir) {
  for (const name of await readdir(dir)) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const file = path.join(dir, name);
    const bytes = await readFile(file);
    const br = brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    const gz = gzipSync(bytes, { level: 9 });
    // Only where it pays (tiny files can grow).
    if (br.length < bytes.length) await writeFile(`${file}.br`, br);
    if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
  }
}

async function main() {
  const started = Date.now();
  const { outdir } = parseArgs(process.argv.slice(2));
  await mkdir(outdir, { recursive: true });
  const [manifest] = await Promise.all([buildClient(outdir), buildServer(outdir)]);
  await buildServiceWorker(outdir, manifest);
  await precompress(path.join(outdir, 'client'));
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`ui: built ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
