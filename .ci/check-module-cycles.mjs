#!/usr/bin/env node
// (Run by .ci/test: `node .ci/check-module-cycles.mjs`.)
// The server's modules form no circle, as ESLint's `import/no-cycle` holds the UI's: a
// module is a top-level file or folder of crates/server/src, and each page feature
// (`pages/<feature>/`) is one of its own, so page features cannot reach into each
// other either. An edge is any `crate::<module>` path or `super::<sibling>` in code
// (comments do not count). Prints each circle found and fails.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const src = fileURLToPath(new URL('../crates/server/src', import.meta.url));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.rs') ? [path] : [];
  });
}

/** The module a file belongs to: `render`, `pages`, `pages::catalog`; null for the crate roots. */
function moduleOf(file) {
  const parts = relative(src, file).split(sep);
  parts[parts.length - 1] = parts[parts.length - 1].replace(/\.rs$/, '');
  if (parts.length === 1) return ['lib', 'main'].includes(parts[0]) ? null : parts[0];
  if (parts[0] === 'pages' && parts.length > 2) return `pages::${parts[1]}`;
  return parts[0];
}

/** The module a path names: its first segment, two for a page feature. */
function named(segments) {
  return segments[0] === 'pages' && segments.length > 1 && /^[a-z_]+$/.test(segments[1]) && segments[1] !== 'router' ? `pages::${segments[1]}` : segments[0];
}

const edges = new Map();
for (const file of files(src)) {
  const from = moduleOf(file);
  if (!from) continue;
  const code = readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
  const targets = edges.get(from) ?? new Set();
  for (const [, path] of code.matchAll(/\bcrate::((?:[a-z_]+::)*[a-z_]+)/g)) targets.add(named(path.split('::')));
  // `super::x` from a page feature's files names its sibling feature x (or its own module).
  if (from.startsWith('pages::')) {
    for (const [, name] of code.matchAll(/\bsuper::([a-z_]+)/g)) {
      const sibling = `pages::${name}`;
      if (edges.has(sibling) || statSync(join(src, 'pages', name), { throwIfNoEntry: false })) targets.add(sibling);
    }
  }
  targets.delete(from);
  edges.set(from, targets);
}

// Every circle, each reported once (from its smallest module name).
const circles = new Set();
function walk(start, node, path) {
  for (const next of edges.get(node) ?? []) {
    if (next === start) {
      const circle = [...path, start];
      if (path.every((module) => module >= start)) circles.add(circle.join(' -> '));
    } else if (!path.includes(next) && next > start) {
      walk(start, next, [...path, next]);
    }
  }
}
for (const module of edges.keys()) walk(module, module, [module]);

if (circles.size > 0) {
  console.error(`crates/server: modules in a circle (a shared part belongs in a module both use):\n  ${[...circles].join('\n  ')}`);
  process.exit(1);
}
console.log(`crates/server: ${edges.size} modules, no circle`);
