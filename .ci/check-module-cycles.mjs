#!/usr/bin/env node
// (Run by .ci/test: `node .ci/check-module-cycles.mjs`.)
// No crate's modules form a circle, as ESLint's `import/no-cycle` holds the UI's: a
// module is a top-level file or folder of a crate's `src`, and in the server each page
// feature (`pages/<feature>/`) is one of its own, so page features cannot reach into
// each other either. An edge is any `crate::<module>` path, grouped or not
// (`use crate::{a, b::c}`), or a page feature's `super::<sibling>` (comments do not
// count). Prints each circle found and fails.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const crates = fileURLToPath(new URL('../crates', import.meta.url));

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.rs') ? [path] : [];
  });
}

/** The module a file belongs to: `render`, `pages`, `pages::catalog`; null for the crate roots. */
function moduleOf(src, file) {
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

/** The paths a `{...}` group starting at `open` lists (nested groups flattened: `a::{b, c}` gives `a::b`, `a::c`). */
function groupPaths(code, open) {
  const paths = [];
  let depth = 0;
  let prefix = [''];
  let current = '';
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '{') {
      depth += 1;
      if (depth > 1) {
        prefix.push(prefix[prefix.length - 1] + current.trim());
        current = '';
      }
    } else if (c === '}' || c === ',') {
      if (current.trim()) paths.push(prefix[prefix.length - 1] + current.trim());
      current = '';
      if (c === '}') {
        depth -= 1;
        if (depth === 0) break;
        prefix.pop();
      }
    } else {
      current += c;
    }
  }
  return paths;
}

/** Every module of `code` names through `crate::`. */
function cratePaths(code) {
  const paths = [];
  for (const match of code.matchAll(/\bcrate::((?:[a-z_][a-z0-9_]*::)*)(\{|[a-z_][a-z0-9_]*)/g)) {
    const head = match[1];
    if (match[2] === '{') {
      for (const path of groupPaths(code, match.index + match[0].length - 1)) paths.push(head + path);
    } else {
      paths.push(head + match[2]);
    }
  }
  return paths.map((path) => path.split('::').filter((segment) => /^[a-z_][a-z0-9_]*$/.test(segment)));
}

/** The circles among one crate's modules, each reported once (from its smallest module name). */
function circlesOf(src) {
  const edges = new Map();
  for (const file of files(src)) {
    const from = moduleOf(src, file);
    if (!from) continue;
    const code = readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.replace(/\/\/.*$/, ''))
      .join('\n');
    const targets = edges.get(from) ?? new Set();
    for (const segments of cratePaths(code)) if (segments.length > 0) targets.add(named(segments));
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
  const circles = new Set();
  const walk = (start, node, path) => {
    for (const next of edges.get(node) ?? []) {
      if (next === start) {
        if (path.every((module) => module >= start)) circles.add([...path, start].join(' -> '));
      } else if (!path.includes(next) && next > start) {
        walk(start, next, [...path, next]);
      }
    }
  };
  for (const module of edges.keys()) walk(module, module, [module]);
  return { modules: edges.size, circles: [...circles] };
}

let failed = false;
const counts = [];
for (const name of readdirSync(crates).sort()) {
  const src = join(crates, name, 'src');
  if (!statSync(src, { throwIfNoEntry: false })?.isDirectory()) continue;
  const { modules, circles } = circlesOf(src);
  counts.push(`${name} ${modules}`);
  if (circles.length > 0) {
    failed = true;
    console.error(`crates/${name}: modules in a circle (a shared part belongs in a module both use):\n  ${circles.join('\n  ')}`);
  }
}
if (failed) process.exit(1);
console.log(`no module circle in any crate (modules: ${counts.join(', ')})`);
