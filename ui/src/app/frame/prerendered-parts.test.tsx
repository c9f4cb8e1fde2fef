import { describe, expect, it } from 'vitest';
import { api, routes, type VideoFavorite, type Prefetched } from '../../generated/contract';
import { renderPage } from '../../entry.server';
import { makeArtist } from '../../test/fixtures';

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
const ok = (key: string, body: unknown): Prefetched => ({ key, status: 200, body });

// Every route (parameters filled with 1), a page that does not exist, and pages of
// artist cards with their data.
const urls = [...Object.values(routes).map((route) => `/${route.path.replace(/:[a-zA-Z]+/g, '1')}`), '/no/such/page', '/artist/42', '/browse?letter=B'];
const summary = (id: number, title: string, genres: string[]) => ({ id, title, imageUrl: null, genres });
const cards = [summary(42, 'Nirvana', ['Grunge']), summary(7, 'Björk', ['Art Pop', 'Electronic', 'Trip Hop']), summary(9, 'Ｑueen <&>', [])];
const pages: Prefetched[] = [
  ok(api.artist(42), makeArtist()),
  ok(api.neighbors(42), { position: 2, total: 3, previousId: 7, nextId: 9 }),
  ok(api.related(42), cards.slice(1)),
  ok(api.browse('B', 1), { letter: 'B', page: 1, pageSize: 24, total: 3, pages: 1, artists: cards }),
];
const visitors: Record<string, Prefetched[]> = {
  anonymous: pages,
  'signed in, two top-level favorites': [
    ...pages,
    ok(api.user(), { id: 7, email: 'fan@example.com' }),
    ok(api.favorites(), [makeArtist({ id: 7 })]),
    ok(api.favoriteFolders(), []),
    ok(api.videoFavorites(), [video('a', null), video('b', 3)]),
  ],
};

/**
 * A card template's preload of its eager picture (react-dom's `preload`) with its
 * attributes in the order React writes the preload it hoists for an `<img>`: the same
 * link to a browser, another order of attributes.
 */
const samePreloads = (html: string) => html.replace(/<link rel="preload" href="([^"]*)" as="image"/g, '<link rel="preload" as="image" href="$1"');

describe('prerendered markup (the frame, artist cards)', () => {
  it.each(Object.entries(visitors))('write the same markup as rendering the frame in place (%s)', (_visitor, prefetched) => {
    for (const year of [2026, 2027]) {
      const state = { prefetched, fetchedAt: 1_763_740_000_000, year, today: `${year}-01-02`, origin: 'https://soundatlas.test', affiliate: false, dataSaver: false, newSongsWindowWeeks: 8 };
      for (const url of urls) {
        const inPlace = renderPage({ url, state }, { reuseMarkup: false }).html;
        if (url === '/artist/42') expect(inPlace).toContain('artist-card');
        // A frame variant is stored on its first render and read from the second on;
        // cards are written by their template every time.
        for (let i = 0; i < 2; i += 1) expect(samePreloads(renderPage({ url, state }).html), url).toBe(inPlace);
      }
    }
    // Three renders of every page type, twice: seconds on a loaded machine.
  }, 30_000);

  it('are reused: the header shows the count of the visitor it was rendered for', () => {
    const state = (favorites: number) => ({
      prefetched: [ok(api.user(), { id: 7, email: 'fan@example.com' }), ok(api.favorites(), Array.from({ length: favorites }, (_, i) => makeArtist({ id: i + 1 })))],
      fetchedAt: 0,
      year: 2026,
      today: '2026-01-02',
      origin: '',
      affiliate: false,
      newSongsWindowWeeks: 8,
      dataSaver: false,
    });
    expect(renderPage({ url: '/about', state: state(3) }).html).toContain('aria-label="Favorites: 3"');
    expect(renderPage({ url: '/about', state: state(4) }).html).toContain('aria-label="Favorites: 4"');
    expect(renderPage({ url: '/about', state: state(3) }).html).toContain('aria-label="Favorites: 3"');
  });
});
