// @vitest-environment node
// Builds the bundles into a temporary directory and renders pages with
// dist/server.js in a bare V8 context (no window, document, URL, fetch,
// process), as the embedded engine would.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../src/generated/contract';
import { loadServerBundle } from './run-server-bundle.mjs';

const uiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const state = (prefetched = []) => ({ prefetched, fetchedAt: 1763740000000, year: 2026, origin: 'http://127.0.0.1:3000' });
const artist = {
  id: 42, title: 'Nirvana', imageUrl: null, genres: ['Grunge'], bio: 'Band from Aberdeen.', bioSourceLink: null, soloVideoLink: null,
  spotifyLink: 'https://open.spotify.com/x', appleLink: null, amazonLink: null, tidalLink: null, funFact: null, externalId: 'nirvana',
  kind: 'band', year: 1987, origin: 'Aberdeen, Washington', realName: null,
};

/** React Router's budget for a page's first-load JavaScript, brotli. */
const FIRST_LOAD_BUDGET_BYTES = 100 * 1024;

let outdir;
let bundle;

beforeAll(() => {
  outdir = mkdtempSync(path.join(tmpdir(), 'sa-ui-'));
  execFileSync(process.execPath, [path.join(uiDir, 'build.mjs'), '--outdir', outdir], { stdio: 'pipe' });
  bundle = loadServerBundle(path.join(outdir, 'server.js'));
}, 60_000);

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

describe('build output', () => {
  it('writes the manifest with hashed /static URLs', () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    expect(manifest.scripts).toHaveLength(1);
    expect(manifest.scripts[0]).toMatch(/^\/static\/entry-[A-Z0-9]+\.js$/);
    expect(manifest.styles[0]).toMatch(/^\/static\/entry-[A-Z0-9]+\.css$/);
    expect(Object.keys(manifest.lazy).sort()).toEqual(['article-page', 'articles-page', 'artist-page', 'browse-page', 'cookie-consent-panel', 'email-link-pages', 'favorites-page', 'home-page', 'login-dialog', 'mobile-menu', 'named-list-page', 'player', 'privacy-pages', 'quiz-page', 'search-page', 'site-pages']);
    const files = readdirSync(path.join(outdir, 'client'));
    for (const url of [...manifest.scripts, ...manifest.styles, ...Object.values(manifest.lazy)]) expect(files).toContain(url.slice('/static/'.length));
    // One file per load: the entry and the lazily loaded modules, and the service worker;
    // the boot is the documents' inline script.
    expect(manifest.boot.script).toContain(`getElementById("${manifest.boot.template}")`);
    expect(files.filter((file) => file.endsWith('.js') && file !== 'sw.js')).toHaveLength(1 + Object.keys(manifest.lazy).length);
  });

  it("writes the service worker with the release's files (every lazily loaded module among them), and the offline page", () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    const worker = readFileSync(path.join(outdir, 'client', 'sw.js'), 'utf8');
    for (const url of [...manifest.scripts, ...Object.values(manifest.lazy), ...manifest.styles]) expect(worker).toContain(JSON.stringify(url));
    expect(worker).not.toContain('RELEASE_FILES');
    expect(worker).not.toContain('OFFLINE_REVISION');
    expect(readFileSync(path.join(outdir, 'client', 'offline.html'), 'utf8')).toContain("<h1>You're offline</h1>");
  });

  it('writes each lazily loaded module as one file that takes the shared code from the entry (a classic script)', () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    const read = (url) => readFileSync(path.join(outdir, 'client', url.slice('/static/'.length)), 'utf8');
    const entry = read(manifest.scripts[0]);
    for (const [name, url] of Object.entries(manifest.lazy)) {
      expect(url).toMatch(new RegExp(`^/static/${name}-[A-Z0-9]+\\.js$`));
      const code = read(url);
      expect(code.match(/var\{[^}]+\}=globalThis\.__soundAtlasShared[;,]/g), name).toHaveLength(1);
      expect(code, name).not.toMatch(/from"\/static\//);
      expect(entry, name).toContain(`import("${url}")`);
    }
    // The player and a page's own code are in their files, not in the entry nor (the
    // player) in the engine's bundle.
    expect(read(manifest.lazy.player)).toContain('Playlist Queue (');
    expect(entry).not.toContain('Playlist Queue (');
    expect(readFileSync(path.join(outdir, 'server.js'), 'utf8')).not.toContain('Playlist Queue (');
    expect(read(manifest.lazy['home-page'])).toContain('Test Your Music Knowledge');
    expect(entry).not.toContain('Test Your Music Knowledge');
  });

  it('asks V8 to compile the entry and every lazily loaded module whole, in the background as it downloads', () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    for (const url of [...manifest.scripts, ...Object.values(manifest.lazy)]) {
      const firstLine = readFileSync(path.join(outdir, 'client', url.slice('/static/'.length)), 'utf8').split('\n', 1)[0];
      expect(firstLine, url).toBe('//# allFunctionsCalledOnLoad');
    }
  });

  it("keeps every page's first-load JavaScript (the boot, the entry and the page's module) within 100 KiB brotli", () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    const brotliBytes = (url) => statSync(path.join(outdir, 'client', `${url.slice('/static/'.length)}.br`)).size;
    const pages = Object.keys(manifest.lazy).filter((name) => /-pages?$/.test(name));
    expect(pages).toEqual(expect.arrayContaining(['home-page', 'artist-page', 'browse-page', 'article-page']));
    // The boot counted as if it were a file of its own (inline, it compresses with the document).
    const boot = brotliCompressSync(manifest.boot.script, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
    const firstLoad = Object.fromEntries(pages.map((page) => [page, boot + brotliBytes(manifest.scripts[0]) + brotliBytes(manifest.lazy[page])]));
    const overBudget = Object.entries(firstLoad).filter(([, bytes]) => bytes > FIRST_LOAD_BUDGET_BYTES);
    expect(overBudget, `first-load bytes per page: ${JSON.stringify(firstLoad)}`).toEqual([]);
  });

  it('links the styles of lazily loaded chunks (esbuild writes them; nothing else would load them)', () => {
    const manifest = JSON.parse(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
    const css = readdirSync(path.join(outdir, 'client')).filter((file) => file.endsWith('.css'));
    expect(manifest.styles.map((url) => url.slice('/static/'.length)).sort()).toEqual(css.sort());
  });

  it('is deterministic', () => {
    const again = mkdtempSync(path.join(tmpdir(), 'sa-ui-'));
    try {
      execFileSync(process.execPath, [path.join(uiDir, 'build.mjs'), '--outdir', again], { stdio: 'pipe' });
      expect(readFileSync(path.join(again, 'manifest.json'), 'utf8')).toBe(readFileSync(path.join(outdir, 'manifest.json'), 'utf8'));
      expect(readFileSync(path.join(again, 'server.js'), 'utf8')).toBe(readFileSync(path.join(outdir, 'server.js'), 'utf8'));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('server render (bare engine)', () => {
  it('renders the home page without window', () => {
    const { html } = bundle.render({ url: '/', state: state() });
    expect(html).toContain('Weekly Top 10');
    expect(html).toContain('Test Your Music Knowledge');
    expect(html).toContain('© 2026 Sound Atlas. All rights reserved.');
    expect(html).not.toContain('splash');
    expect(bundle.errors).toEqual([]);
  });

  it("writes no preload for the chart's first-screen thumbnails, which load eagerly at low priority", () => {
    const entry = (rank) => ({ weekOf: '2026-11-16', source: 'Billboard Hot 100', picks: false, rank, songName: `Song ${rank}`, artist: 'Artist', youtubeLink: null, amazonLink: null, thumbnailUrl: `https://i.ytimg.com/vi/video${rank}/hqdefault.jpg` });
    const { html } = bundle.render({ url: '/', state: state([{ key: api.weeklyTopTen(), status: 200, body: [1, 2, 3].map(entry) }]) });
    expect(html).not.toContain('rel="preload" as="image"');
    expect(html).toContain('<img src="https://i.ytimg.com/vi/video1/hqdefault.jpg" alt="" loading="eager" fetchPriority="low"');
    expect(html).toContain('<img src="https://i.ytimg.com/vi/video3/hqdefault.jpg" alt="" loading="lazy"');
    expect(bundle.errors).toEqual([]);
  });

  it('renders a prefetched artist, and the not-found message for a 404', () => {
    const result = bundle.render({
      url: '/artist/42?from=x',
      state: state([
        { key: api.artist(42), status: 200, body: artist },
        { key: api.neighbors(42), status: 200, body: { position: 3, total: 10, previousId: 41, nextId: 43 } },
        { key: api.related(42), status: 200, body: [] },
        {
          key: api.artistDetails(42),
          status: 200,
          body: {
            imageCredit: null,
            beganOn: null,
            listen: [{ service: 'spotify', url: 'https://open.spotify.com/x', search: false }],
            albums: [{ title: 'Bleach', year: 1989, musicbrainzId: null }],
            members: [],
            memberOf: [],
            timeline: null,
            wikidataId: null,
            musicbrainzId: null,
            sources: [],
            modifiedOn: null,
          },
        },
      ]),
    });
    // The page's module, built into the engine's bundle, named for the document's preload.
    expect(result.modules).toEqual(['artist-page']);
    const ok = result.html;
    expect(ok).toContain('<h1 id="artist-title" class="artist-title">Nirvana</h1>');
    expect(ok).toContain('Formed 1987 in Aberdeen, Washington');
    expect(ok).toContain('href="https://open.spotify.com/x" target="_blank" rel="noopener noreferrer"');
    expect(ok).toContain('<h2 id="albums-title">Discography</h2>');
    const missing = bundle.render({
      url: '/artist/999',
      state: state([{ key: api.artist(999), status: 404, body: { status: 404, error: 'Not Found', message: 'This artist could not be found. It may have been removed or the ID is incorrect.' } }]),
    }).html;
    expect(missing).toContain('This artist could not be found. It may have been removed or the ID is incorrect.');
  });

  it('renders browse pages, search and the not-found screen', () => {
    const page = (n) => ({ letter: '#', page: n, pageSize: 12, total: 13, artists: n === 1 ? Array.from({ length: 12 }, (_, i) => ({ id: i + 1, title: `${i} Band`, imageUrl: null, genres: [] })) : [{ id: 99, title: '99 Luftballons', imageUrl: null, genres: [] }] });
    const browse = bundle.render({
      url: '/browse?letter=%23&page=2',
      state: state([
        { key: api.browse('#', 1), status: 200, body: page(1) },
        { key: api.browse('#', 2), status: 200, body: page(2) },
      ]),
    }).html;
    expect(browse).toContain('99 Luftballons');
    expect(browse).not.toContain('Load More');
    const query = '<script>alert(1)</script>';
    const search = bundle.render({ url: `/search/${encodeURIComponent(query)}`, state: state([{ key: api.searchCards(query, 1), status: 200, body: { query, page: 1, pageSize: 12, total: 0, artists: [] } }]) }).html;
    expect(search).toContain('No results found for &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;');
    expect(search).not.toContain('<script>');
    const notFound = bundle.render({ url: '/nope/really', state: state() }).html;
    expect(notFound).toContain('404 Page Not Found');
    expect(notFound).toContain('Did you forget to add the page to the router?');
  });

  it('renders non-ASCII and odd paths', () => {
    expect(bundle.render({ url: '/search/Beyonc%C3%A9', state: state() }).html).toContain('Search Results');
    expect(bundle.render({ url: '/search/100%25', state: state() }).html).toContain('Search Results');
    expect(bundle.render({ url: '/search/a%20b?x=1#frag', state: state() }).html).toContain('Search Results');
  });
});
