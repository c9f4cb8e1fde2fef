// Runs dist/server.js in a bare V8 context that has only what the Rust host
// provides (TextEncoder/TextDecoder, a no-op setTimeout, queueMicrotask,
// console): no window, document, URL, fetch, process or Node built-ins.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function loadServerBundle(file = path.join(uiDir, 'dist', 'server.js')) {
  const code = readFileSync(file, 'utf8');
  const sandbox = {
    TextEncoder,
    TextDecoder,
    setTimeout: () => 0,
    clearTimeout: () => {},
    queueMicrotask: (fn) => Promise.resolve().then(fn),
    console: { log() {}, info() {}, warn: (...a) => sandbox.__warnings.push(a.join(' ')), error: (...a) => sandbox.__errors.push(a.join(' ')), debug() {} },
    __warnings: [],
    __errors: [],
  };
  const context = vm.createContext(sandbox);
  vm.runInContext(code, context, { filename: 'server.js' });
  return {
    render: (request) => JSON.parse(context.render(JSON.stringify(request))),
    warnings: sandbox.__warnings,
    errors: sandbox.__errors,
    context,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const url = process.argv[2] ?? '/';
  const { render, warnings, errors } = loadServerBundle();
  const started = performance.now();
  const result = render({ url, state: { prefetched: [], fetchedAt: 0, year: 2026, origin: 'http://x' } });
  console.log(result.html);
  console.error(`rendered in ${(performance.now() - started).toFixed(1)} ms; warnings ${warnings.length}; errors ${errors.length}`);
  for (const w of [...warnings, ...errors]) console.error(w);
}
