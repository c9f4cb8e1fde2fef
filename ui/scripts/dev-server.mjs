#!/usr/bin/env node
// A stand-in for the Rust server, for working on the UI alone: serves the
// built bundles (/static), /assets, a mock /api from assets/seed/artists, and
// server-rendered pages through dist/server.js in a bare V8 context (no
// window, URL or fetch, like the embedded engine), following the render
// contract (same prefetched keys, same #sa-state script).
// Usage: node ui/build.mjs && node ui/scripts/dev-server.mjs [port]
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadServerBundle } from '../test/run-server-bundle.mjs';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(uiDir, '..');
const distDir = path.join(uiDir, 'dist');
const port = Number(process.argv[2] ?? 5173);
const PAGE_SIZE = 12;

// ---- mock catalogue -------------------------------------------------------
function loadArtists() {
  const dir = path.join(repoDir, 'assets', 'seed', 'artists');
  const rows = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .flatMap((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
    : [];
  const sorted = rows.filter((r) => r.title).sort((a, b) => a.title.toLowerCase().localeCompare(b.title.toLowerCase()));
  return sorted.map((r, i) => {
    const q = encodeURIComponent(r.title);
    const has = (s) => (r.streaming ?? []).includes(s);
    return {
      id: i + 1,
      title: r.title,
      imageUrl: r.imageUrl ?? null,
      genres: r.genres ?? [],
      bio: r.bio ?? null,
      bioSourceLink: r.bioSourceLink ?? null,
      soloVideoLink: r.soloVideoLink ?? null,
      spotifyLink: has('spotify') ? `https://open.spotify.com/search/${q}` : null,
      appleLink: has('apple') ? `https://music.apple.com/search?term=${q}` : null,
      amazonLink: has('amazon') ? `https://music.amazon.com/search/${q}` : null,
      tidalLink: has('tidal') ? `https://listen.tidal.com/search?q=${q}` : null,
      funFact: r.funFact ?? null,
      externalId: r.externalId ?? String(i + 1),
      kind: r.kind ?? 'solo',
      year: r.year ?? null,
      origin: r.origin ?? null,
      realName: r.realName ?? null,
    };
  });
}
const artists = loadArtists();
// DEV_BROKEN_IMAGES=1: give the first artists images that fail, to see the fallback chain.
if (process.env.DEV_BROKEN_IMAGES && artists.length > 2) {
  artists[0].imageUrl = '/assets/missing-image.jpg';
  artists[1].imageUrl = '//commons.wikimedia.org/wiki/Special:FilePath/Does_not_exist_sa.jpg';
  artists[2].imageUrl = '/assets/logo.svg';
}
const summary = ({ id, title, imageUrl, genres }) => ({ id, title, imageUrl, genres });
const error = (status, message) => ({ status, body: { status, error: status === 404 ? 'Not Found' : 'Bad Request', message } });
const NOT_FOUND_ARTIST = 'This artist could not be found. It may have been removed or the ID is incorrect.';

function letterOf(title) {
  const c = title.trim()[0] ?? '';
  return /\d/.test(c) ? '#' : c.toUpperCase();
}

/** The API: returns { status, body } for a path+query. */
function api(pathname, params) {
  if (pathname === '/api/artists') return { status: 200, body: artists };
  if (pathname === '/api/artists/random') return { status: 200, body: artists[Math.floor(Math.random() * artists.length)] };
  if (pathname === '/api/artists/search') {
    const q = (params.get('query') ?? '').trim().toLowerCase();
    if (!q) return error(400, 'Search query is required');
    if (q.length > 100) return error(400, 'Search query must be at most 100 characters');
    return { status: 200, body: artists.filter((a) => a.title.toLowerCase().includes(q) || a.genres.some((g) => g.toLowerCase().includes(q))) };
  }
  if (pathname === '/api/artists/browse') {
    const letter = params.get('letter') ?? 'A';
    const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
    const all = artists.filter((a) => letterOf(a.title) === letter);
    return { status: 200, body: { letter, page, pageSize: PAGE_SIZE, total: all.length, artists: all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(summary) } };
  }
  const m = /^\/api\/artists\/([^/]+)(\/neighbors|\/related)?$/.exec(pathname);
  if (m) {
    const index = artists.findIndex((a) => String(a.id) === decodeURIComponent(m[1]));
    if (index === -1) return error(404, NOT_FOUND_ARTIST);
    const artist = artists[index];
    if (m[2] === '/neighbors') {
      const n = artists.length;
      return { status: 200, body: { position: index + 1, total: n, previousId: artists[(index - 1 + n) % n].id, nextId: artists[(index + 1) % n].id } };
    }
    if (m[2] === '/related') {
      return { status: 200, body: artists.filter((a) => a.id !== artist.id && a.genres.some((g) => artist.genres.includes(g))).slice(0, 6).map(summary) };
    }
    return { status: 200, body: artist };
  }
  return error(404, 'Not found');
}

// ---- pages ---------------------------------------------------------------
function prefetchKeys(pathname, params) {
  if (pathname === '/') return ['/api/artists/random'];
  if (pathname === '/browse') {
    const raw = (params.get('letter') ?? '').trim();
    const letter = raw === '#' ? '#' : /^[a-z]$/i.test(raw) ? raw.toUpperCase() : 'A';
    const pageRaw = (params.get('page') ?? '').trim();
    const page = /^\d+$/.test(pageRaw) && Number(pageRaw) >= 1 ? Math.min(Number(pageRaw), 50) : 1;
    return Array.from({ length: page }, (_, i) => `/api/artists/browse?letter=${encodeURIComponent(letter)}&page=${i + 1}`);
  }
  const artist = /^\/artist\/([^/]+)$/.exec(pathname);
  if (artist) {
    const id = encodeURIComponent(decodeURIComponent(artist[1]));
    return [`/api/artists/${id}`, `/api/artists/${id}/neighbors`, `/api/artists/${id}/related`];
  }
  const search = /^\/search(?:\/([^/]*))?$/.exec(pathname);
  if (search) {
    const q = decodeURIComponent(search[1] ?? '').trim();
    return q ? [`/api/artists/search?query=${encodeURIComponent(q)}`] : [];
  }
  return [];
}

function prefetch(keys) {
  const out = [];
  for (const key of keys) {
    const url = new URL(key, 'http://x');
    const result = api(url.pathname, url.searchParams);
    out.push({ key, status: result.status, body: result.body });
    if (/^\/api\/artists\/[^/]+$/.test(url.pathname) && result.status !== 200) break; // no neighbours/related for a missing artist
  }
  return out;
}

const escapeJson = (json) => json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
const escapeHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

let bundle = null;
let bundleStamp = 0;
function renderPage(url, pathname, params) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, 'manifest.json'), 'utf8'));
  const stamp = statSync(path.join(distDir, 'server.js')).mtimeMs;
  if (!bundle || stamp !== bundleStamp) {
    bundle = loadServerBundle(path.join(distDir, 'server.js'));
    bundleStamp = stamp;
  }
  const state = { prefetched: prefetch(prefetchKeys(pathname, params)), fetchedAt: Date.now(), year: new Date().getFullYear(), origin: `http://localhost:${port}` };
  let html = '';
  const noSsr = params.get('nossr') === '1';
  if (!noSsr) {
    try {
      html = bundle.render({ url, state }).html;
    } catch (err) {
      console.error('render failed', err);
    }
  }
  const first = state.prefetched[0];
  let title = 'Sound Atlas - Explore Your World of Music';
  let status = 200;
  if (pathname === '/browse') title = 'Browse Artists - Sound Atlas';
  else if (pathname.startsWith('/artist/')) {
    if (first?.status === 200) title = `${first.body.title} - Sound Atlas`;
    else status = 404;
  } else if (pathname.startsWith('/search')) {
    const q = decodeURIComponent(pathname.slice('/search/'.length) || '').trim();
    title = q ? `Search: ${q} - Sound Atlas` : 'Search - Sound Atlas';
  } else if (pathname !== '/') {
    title = '404 Page Not Found';
    status = 404;
  }
  const doc = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0a0b10">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
${manifest.styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n')}
${manifest.preloads.map((href) => `<link rel="modulepreload" href="${href}">`).join('\n')}
${manifest.scripts.map((src) => `<script type="module" src="${src}"></script>`).join('\n')}
</head>
<body>
<div id="root">${html}</div>
<script id="sa-state" type="application/json">${escapeJson(JSON.stringify(state))}</script>
</body>
</html>`;
  return { status, doc };
}

const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.json': 'application/json' };
function sendFile(res, file) {
  if (!existsSync(file) || !statSync(file).isFile()) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', `http://localhost:${port}`);
  const { pathname, searchParams } = url;
  if (pathname.startsWith('/static/')) return sendFile(res, path.join(distDir, 'client', path.basename(pathname)));
  if (pathname.startsWith('/assets/')) return sendFile(res, path.join(repoDir, 'assets', 'public', path.basename(pathname)));
  if (pathname.startsWith('/api/')) {
    if (process.env.LOG_API) console.log(`api ${req.method} ${pathname}${url.search}`);
    const result = api(pathname, searchParams);
    res.writeHead(result.status, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(result.body));
  }
  if (pathname === '/search' && searchParams.has('q')) {
    const q = (searchParams.get('q') ?? '').trim();
    res.writeHead(302, { location: q ? `/search/${encodeURIComponent(q)}` : '/search' });
    return res.end();
  }
  const { status, doc } = renderPage(`${pathname}${url.search}`, pathname, searchParams);
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(doc);
}).listen(port, () => console.log(`Sound Atlas UI dev server on http://localhost:${port} (${artists.length} artists)`));
