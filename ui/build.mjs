#!/usr/bin/env node
// Bundles the UI with esbuild:
//   <outdir>/client/        browser ESM bundle (entry-[hash].js, chunk-[hash].js, entry-[hash].css)
//   <outdir>/manifest.json  { scripts, styles, preloads } as /static/... URLs for the HTML shell
//   <outdir>/server.js      one classic script defining globalThis.render(requestJson) -> responseJson
// Usage: node ui/build.mjs [--outdir <absolute dir>]   (default: ui/dist)
import { build } from 'esbuild';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
const define = { 'process.env.NODE_ENV': '"production"' };
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
  // The icon sprite: a hashed file under /static, the same name in both bundles.
  loader: { '.svg': 'file' },
  assetNames: '[name]-[hash]',
  publicPath: PUBLIC_PATH,
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
    target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
    entryNames: '[name]-[hash]',
    metafile: true,
  };
  // The scripts: the lazily imported dialogs and player in chunks of their own.
  const result = await build({ ...browser, splitting: true, chunkNames: 'chunk-[hash]', loader: { ...common.loader, '.css': 'empty' } });
  // The styles: one render-blocking stylesheet, in import order, the lazily imported
  // modules' included (split, each chunk's styles were a stylesheet of their own, and
  // each costs the first paint a request). Only its CSS is written.
  const styles = await build({ ...browser, splitting: false, write: false });
  for (const file of styles.outputFiles.filter((output) => output.path.endsWith('.css'))) {
    await writeFile(file.path, file.contents);
  }
  const stylesheets = Object.values(styles.metafile.outputs).flatMap((output) => (output.cssBundle ? [output.cssBundle] : []));
  const outputs = result.metafile.outputs;
  const toUrl = (file) => `${PUBLIC_PATH}/${path.relative(clientDir, path.resolve(uiDir, file)).split(path.sep).join('/')}`;
  const entries = Object.entries(outputs).filter(([, output]) => output.entryPoint === 'src/entry.client.tsx');
  if (entries.length !== 1) throw new Error(`Expected one client entry output, found ${entries.length}`);
  const [entryFile] = entries[0];
  const preloads = [];
  const seen = new Set();
  const walk = (file) => {
    for (const imported of outputs[file]?.imports ?? []) {
      if (imported.kind !== 'import-statement' || imported.external || seen.has(imported.path)) continue;
      seen.add(imported.path);
      preloads.push(toUrl(imported.path));
      walk(imported.path);
    }
  };
  walk(entryFile);
  return {
    scripts: [toUrl(entryFile)],
    styles: stylesheets.map(toUrl),
    preloads: preloads.sort(),
  };
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
    plugins: [legacyStringRenderer, clientOnlyLazyModules],
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
  await precompress(path.join(outdir, 'client'));
  await writeFile(path.join(outdir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  console.log(`ui: built ${path.relative(process.cwd(), outdir) || '.'} in ${Date.now() - started} ms`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
