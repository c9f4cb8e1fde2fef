import { describe, expect, it } from 'vitest';
import { api, routes, type VideoFavorite } from '../../generated/contract';
import { renderPage } from '../../entry.server';
import { makeArtist } from '../../test/fixtures';
import type { PrefetchedEntry } from '../../lib/ssr-state';

const video = (videoId: string, folderId: number | null): VideoFavorite => ({
  artistId: 42,
  videoId,
  folderId,
  title: 'Live',
  description: '',
  thumbnail: 'https://i.ytimg.com/vi/x/hqdefault.jpg',
  url: `https://www.youtube.com/watch?v=${videoId}`,
  artistName: 'Nirvana',
  publishedAt: '2024-01-01',
});
const ok = (key: string, body: unknown): PrefetchedEntry => ({ key, status: 200, body });

// Every route (parameters filled with 1) and a page that does not exist.
const urls = [...Object.values(routes).map((route) => `/${route.path.replace(/:[a-zA-Z]+/g, '1')}`), '/no/such/page'];
const visitors: Record<string, PrefetchedEntry[]> = {
  anonymous: [],
  'signed in, two top-level favorites': [
    ok(api.user(), { id: 7, email: 'fan@example.com' }),
    ok(api.favorites(), [makeArtist()]),
    ok(api.favoriteFolders(), []),
    ok(api.videoFavorites(), [video('a', null), video('b', 3)]),
  ],
};

describe('prerendered frame parts', () => {
  it.each(Object.entries(visitors))('write the same markup as rendering the frame in place (%s)', (_visitor, prefetched) => {
    for (const year of [2026, 2027]) {
      const state = { prefetched, fetchedAt: 1_763_740_000_000, year, today: `${year}-01-02`, origin: 'https://soundatlas.test' };
      for (const url of urls) {
        const inPlace = renderPage({ url, state }, { reuseFrame: false }).html;
        // The first render of a variant fills the markup store, the second reads it.
        expect(renderPage({ url, state }).html, url).toBe(inPlace);
        expect(renderPage({ url, state }).html, url).toBe(inPlace);
      }
    }
  });

  it('are reused: the header shows the count of the visitor it was rendered for', () => {
    const state = (favorites: number) => ({
      prefetched: [ok(api.user(), { id: 7, email: 'fan@example.com' }), ok(api.favorites(), Array.from({ length: favorites }, (_, i) => makeArtist({ id: i + 1 })))],
      fetchedAt: 0,
      year: 2026,
      today: '2026-01-02',
      origin: '',
    });
    expect(renderPage({ url: '/about', state: state(3) }).html).toContain('aria-label="Favorites (3)"');
    expect(renderPage({ url: '/about', state: state(4) }).html).toContain('aria-label="Favorites (4)"');
    expect(renderPage({ url: '/about', state: state(3) }).html).toContain('aria-label="Favorites (3)"');
  });
});
