import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type Prefetched, type RenderState } from '../generated/contract';
import { AppProviders } from '../app/app-providers';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from '../app/routes';
import { renderPage } from '../entry.server';
import { CONSENT_KEY, DEFAULT_CONSENT } from '../lib/consent';
import { createQueryClient } from '../lib/query-client';
import { primeQueryCache } from '../lib/prime-query-cache';
import { makeArtist } from './fixtures';
import { cardOf, channelVideos, makeArticle, newSongs, topTen } from '../features/content/content-fixtures';

// React's development build (used by vitest) reports every hydration
// difference, attributes included, through console.error / onRecoverableError.
const artist = makeArtist({ imageUrl: 'https://upload.wikimedia.org/wikipedia/commons/1/19/Nirvana.jpg' });
const notFound = { status: 404, error: 'Not Found', message: 'This artist could not be found. It may have been removed or the ID is incorrect.' };
const genrePage = { genre: { name: 'Grunge', slug: 'grunge', artists: 1 }, page: 1, pageSize: 12, total: 1, pages: 1, artists: [{ id: 42, title: 'Nirvana', imageUrl: null, genres: ['Grunge'] }] };
const browsePage = { letter: 'N', country: null, page: 1, pageSize: 12, total: 1, pages: 1, artists: [{ id: 42, title: 'Nirvana', imageUrl: null, genres: ['Grunge'] }] };

const article = makeArticle();
const articles = [article, makeArticle({ id: 8, title: 'Another Story', category: 'General' }), makeArticle({ id: 9, title: 'A Third Story' })];
const articleMissing = { status: 404, error: 'Not Found', message: "The article you're looking for doesn't exist." };
const home: Prefetched[] = [
  { key: api.randomArtist(), status: 200, body: artist },
  { key: api.weeklyTopTen(), status: 200, body: topTen },
  { key: api.topTenWeeks(), status: 200, body: [{ weekOf: '2026-11-23', source: 'Sound Atlas', picks: true }] },
  { key: api.newSongs(), status: 200, body: newSongs },
  { key: api.channelVideos(), status: 200, body: channelVideos },
  { key: api.articles(), status: 200, body: articles.map(cardOf) },
];

const cases: Array<[string, Prefetched[]]> = [
  ['/', home],
  ['/articles', [{ key: api.articles(), status: 200, body: articles.map(cardOf) }]],
  ['/articles?category=general', [{ key: api.articles(), status: 200, body: articles.map(cardOf) }]],
  [
    '/articles/7',
    [
      { key: api.article(7), status: 200, body: article },
      { key: api.articles(), status: 200, body: articles.map(cardOf) },
    ],
  ],
  ['/articles/999', [{ key: api.article(999), status: 404, body: articleMissing }]],
  ['/about', []],
  ['/privacy-policy', []],
  ['/terms-of-service', []],
  ['/', []],
  [
    '/artist/42',
    [
      { key: api.artist(42), status: 200, body: artist },
      { key: api.neighbors(42), status: 200, body: { position: 1, total: 2, previousId: 7, nextId: 7 } },
      { key: api.related(42), status: 200, body: [] },
      { key: api.artistGenres(42), status: 200, body: [{ name: 'Grunge', slug: 'grunge', artists: 1 }] },
    ],
  ],
  ['/artist/999', [{ key: api.artist(999), status: 404, body: notFound }]],
  ['/artist/5', [{ key: api.artist(5), status: 500, body: { status: 500, error: 'Internal Server Error', message: 'x' } }]],
  ['/browse?letter=N', [{ key: api.browse('N', 1), status: 200, body: browsePage }, { key: api.countries(), status: 200, body: [{ name: 'Japan', slug: 'japan', artists: 3 }] }]],
  ['/genre/grunge?from=1', [{ key: api.genre('grunge', 1), status: 200, body: genrePage }]],
  ['/genre/nope', [{ key: api.genre('nope', 1), status: 404, body: { status: 404, error: 'Not Found', message: 'This genre could not be found.' } }]],
  ['/search/nirvana', [{ key: api.genres('nirvana'), status: 200, body: [] }, { key: api.searchCards('nirvana', 1), status: 200, body: { query: 'nirvana', page: 1, pageSize: 12, total: 1, pages: 1, totalExact: true, artists: [{ id: artist.id, title: artist.title, imageUrl: artist.imageUrl, genres: artist.genres }] } }]],
  ['/search/x', [{ key: api.genres('x'), status: 200, body: [{ name: 'X', slug: 'x', artists: 1 }] }, { key: api.searchCards('x', 1), status: 400, body: { status: 400, error: 'Bad Request', message: 'Too long' } }]],
  ['/search', []],
  ['/missing/page', []],
];

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('hydration', () => {
  it.each(cases)('hydrates %s without mismatches or requests', async (url, prefetched) => {
    const state: RenderState = { prefetched, fetchedAt: Date.now(), year: 2026, today: '2026-11-23', origin: 'https://soundatlas.test', affiliate: false, dataSaver: false, newSongsWindowWeeks: 8 };
    // (The engine has no WHATWG URL of its own: the server bundle brings core-js's, and
    // the server's route walk renders every route in the real engine.)
    const { html } = renderPage({ url, state });
    const fetchSpy = vi.fn(() => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetchSpy);
    window.sessionStorage.setItem('sa-splash-seen', '1');
    // A visitor who already chose their cookies: the banner (client-only) stays away.
    window.localStorage.setItem(CONSENT_KEY, JSON.stringify(DEFAULT_CONSENT));
    window.history.replaceState(null, '', url);
    const container = document.createElement('div');
    container.id = 'root';
    container.innerHTML = html;
    document.body.appendChild(container);

    const errors: unknown[] = [];
    const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => errors.push(args));
    const client = createQueryClient({ hydrating: true });
    primeQueryCache(client, state);
    let root: ReturnType<typeof hydrateRoot> | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <AppProviders client={client} state={state}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    const requested = fetchSpy.mock.calls.map((call) => String((call as unknown[])[0]));
    for (const entry of prefetched) expect(requested).not.toContain(entry.key);
    if ((prefetched.length > 0 || url === '/about') && url !== '/artist/42') expect(requested).toEqual([]);
    act(() => root?.unmount());
    consoleError.mockRestore();
  });
});
