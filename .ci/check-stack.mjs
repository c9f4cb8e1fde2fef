#!/usr/bin/env node
// (Run by .ci/test: `node .ci/check-stack.mjs`.)
// The product's stack is fixed by its owner: each package below stays a used dependency
// (docs/libraries.md). Fails when one is missing from the manifests or is no
// longer imported by the code that ships (test code does not count), so no change can
// drop or bypass one silently.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

// Rust crates: the name in Cargo.toml, and how code names it.
const CRATES = {
  axum: /\baxum::/,
  tokio: /\btokio::/,
  deno_core: /\bdeno_core::/,
  serde_json: /\bserde_json::/,
  'sea-orm': /\bsea_orm::/,
  reqwest: /\breqwest::/,
  askama: /\baskama::/,
  'tower-sessions': /\btower_sessions::/,
};
// npm packages of the UI: the name in ui/package.json, and the imports that use them.
const PACKAGES = {
  react: /from 'react'/,
  'react-dom': /from 'react-dom\/server'/,
  'react-router': /from 'react-router'/,
  esbuild: /from 'esbuild'/,
};
// Also react-dom's browser half, which hydrates the pages.
const ALSO_IMPORTED = { 'react-dom': /from 'react-dom\/client'/ };

function files(dir, keep) {
  const found = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'target' || name === 'generated' || name === 'tests' || name === 'test') continue;
    const file = join(dir, name);
    if (statSync(file).isDirectory()) found.push(...files(file, keep));
    else if (keep(name)) found.push(file);
  }
  return found;
}

const problems = [];

// Cargo manifests: the root's and every crate's, [dependencies] only (dev-dependencies
// and build-dependencies do not ship).
const manifests = [join(root, 'Cargo.toml'), ...readdirSync(join(root, 'crates')).map((crate) => join(root, 'crates', crate, 'Cargo.toml'))].filter(
  (file) => statSync(file, { throwIfNoEntry: false }),
);
const shipped = manifests.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const sections = text.split(/^\[/m).filter((section) => /^(dependencies|workspace\.dependencies)\]/.test(section));
  return sections.flatMap((section) => [...section.matchAll(/^([A-Za-z0-9_-]+)\s*(?:\.workspace\s*)?=/gm)].map((match) => match[1]));
});
const rustCode = files(join(root, 'crates'), (name) => name.endsWith('.rs')).map((file) => readFileSync(file, 'utf8'));
for (const [crate, used] of Object.entries(CRATES)) {
  if (!shipped.includes(crate)) problems.push(`${crate}: not a [dependencies] entry of Cargo.toml or crates/*/Cargo.toml`);
  else if (!rustCode.some((code) => used.test(code))) problems.push(`${crate}: in the manifests, but no source file under crates/*/src uses it`);
}

const ui = JSON.parse(readFileSync(join(root, 'ui', 'package.json'), 'utf8'));
const declared = { ...ui.dependencies, ...ui.devDependencies };
const uiCode = [...files(join(root, 'ui', 'src'), (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)), join(root, 'ui', 'build.mjs')].map((file) =>
  readFileSync(file, 'utf8'),
);
for (const [name, used] of Object.entries(PACKAGES)) {
  const uses = [used, ALSO_IMPORTED[name]].filter(Boolean);
  if (!declared[name]) problems.push(`${name}: not in ui/package.json`);
  for (const use of uses) if (!uiCode.some((code) => use.test(code))) problems.push(`${name}: declared, but nothing in ui/src or ui/build.mjs imports it (${use.source})`);
}

if (problems.length > 0) {
  console.error(`The fixed stack is incomplete (${relative(process.cwd(), root) || '.'}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`stack: ${Object.keys(CRATES).length} crates and ${Object.keys(PACKAGES).length} npm packages declared and used`);
