import fc from 'fast-check';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../app/app-providers';
import { api, type ArtistSummary, type RenderState } from '../generated/contract';
import { StaticRouter } from 'react-router';
import { Navigation } from '../lib/navigation';
import { createQueryClient } from '../lib/query-client';
import { primeQueryCache } from '../lib/prime-query-cache';
import { makeArtist } from './fixtures';
import { ArtistCardContent } from '../components/artist-card';
import { artistCardMarkup } from '../components/artist-card-markup';

/** What React renders for the card's content, for a visitor signed in (with `favorites`) or not. */
function rendered(artist: ArtistSummary, headingLevel: 2 | 3, heart: boolean, favorited: boolean, loading: 'eager' | 'lazy'): string {
  const state: RenderState = {
    prefetched: favorited
      ? [
          { key: api.user(), status: 200, body: { id: 7, email: 'fan@example.com' } },
          { key: api.favorites(), status: 200, body: [makeArtist({ id: artist.id })] },
        ]
      : [],
    fetchedAt: 0,
    year: 2026,
    today: '2026-01-02',
    origin: 'https://soundatlas.test',
    affiliate: false,
    newSongsWindowWeeks: 8,
    dataSaver: false,
  };
  const client = createQueryClient({ hydrating: true });
  primeQueryCache(client, state);
  // React hoists a preload of an eager picture ahead of the whole render; the card's own
  // markup is what follows it (the browser finds the picture in the card too).
  const html = renderToString(
    <AppProviders client={client} state={state}>
      <StaticRouter location="/browse?letter=B">
        <Navigation preload={() => undefined}>
          <ArtistCardContent artist={artist} headingLevel={headingLevel} heart={heart} loading={loading} />
        </Navigation>
      </StaticRouter>
    </AppProviders>,
  );
  return html.replace(/^(<link rel="preload" as="image"[^>]*\/>)+/, '');
}

// Text with what HTML escapes, quotes, non-Latin letters and emoji among plain words.
const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'B', ' ', '&', '<', '>', '"', "'", 'é', 'Ｑ', '·', '-', '/', '😀', 'the ') }),
  fc.string({ unit: 'grapheme' }),
);
const imageUrl = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.webUrl().map((url) => url.replace(/^https?:/, '')),
  fc.constantFrom('https://upload.wikimedia.org/a/b/C&D "x".jpg', ' http://x.test/a.png ', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.test/a.png'),
);
const photoCredit = fc.record({ author: text, license: text });
const artist = fc.record({ id: fc.nat(), title: text, imageUrl, genres: fc.array(text, { maxLength: 4 }), photoCredit }, { requiredKeys: ['id', 'title', 'imageUrl', 'genres'] });

describe('artistCardMarkup', () => {
  it('writes what React renders for the card, for any artist, heading level, heart and loading', () => {
    fc.assert(
      fc.property(artist, fc.constantFrom<2 | 3>(2, 3), fc.constantFrom<boolean | null>(null, false, true), fc.constantFrom('eager' as const, 'lazy' as const), (card, headingLevel, favorited, loading) => {
        const markup = artistCardMarkup({ artist: card, headingLevel, favorited, loading });
        const react = rendered(card, headingLevel, favorited !== null, favorited === true, loading);
        if (markup === undefined) expect(card.imageUrl?.trim().match(/^(https?:)?\/\//i)).toBeFalsy();
        else expect(markup).toBe(react);
      }),
      { numRuns: 400 },
    );
    // 400 renders: seconds on a loaded machine.
  }, 20_000);

  it("carries the photo's credit in the card's text and as the photo's tooltip", () => {
    const artist = { id: 1, title: 'Queen', genres: ['Rock'], imageUrl: 'https://upload.wikimedia.org/a.jpg', photoCredit: { author: 'Carl Lender', license: 'CC BY-SA 2.0' } };
    const markup = artistCardMarkup({ artist, headingLevel: 3, favorited: null, loading: 'lazy' })!;
    expect(markup).toContain('title="Photo: Carl Lender · CC BY-SA 2.0"');
    expect(markup).toContain('<span class="sr-only photo-credit">Photo: Carl Lender · CC BY-SA 2.0</span>');
    expect(artistCardMarkup({ artist: { ...artist, photoCredit: undefined }, headingLevel: 3, favorited: null, loading: 'lazy' })).not.toContain('Photo:');
  });

  it('writes the markup itself for the artwork and for http(s) images', () => {
    const base = { id: 1, title: 'Nirvana', genres: ['Grunge'] };
    for (const imageUrl of [null, 'https://upload.wikimedia.org/a.jpg', '//upload.wikimedia.org/a.jpg']) {
      expect(artistCardMarkup({ artist: { ...base, imageUrl }, headingLevel: 3, favorited: null, loading: 'lazy' })).toContain('artist-card-link');
    }
  });

  it('loads the picture, photo or artwork, at once in the first screen (artwork within the page) and lazily below it (sized either way)', () => {
    const base = { id: 1, title: 'Nirvana', genres: ['Grunge'] };
    for (const imageUrl of [null, 'https://upload.wikimedia.org/a.jpg']) {
      for (const loading of ['eager', 'lazy'] as const) {
        const card = document.createElement('div');
        card.innerHTML = artistCardMarkup({ artist: { ...base, imageUrl }, headingLevel: 3, favorited: null, loading })!;
        const images = card.querySelectorAll('img');
        expect(images, `${imageUrl} ${loading}`).toHaveLength(1);
        expect(images[0]!.getAttribute('loading')).toBe(loading);
        expect(images[0]!.getAttribute('decoding')).toBe('async');
        expect(images[0]!.getAttribute('fetchpriority')).toBeNull();
        // Artwork in the first screen comes with the page (it paints with the text).
        if (imageUrl === null) expect(images[0]!.getAttribute('src')).toMatch(loading === 'eager' ? /^data:image\/svg\+xml,%3Csvg/ : /^\/art\//);
        expect(Number(images[0]!.getAttribute('width'))).toBeGreaterThan(0);
        expect(images[0]!.getAttribute('height')).toBe(images[0]!.getAttribute('width'));
      }
    }
  });
});
