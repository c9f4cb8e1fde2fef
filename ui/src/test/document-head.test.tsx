import { act, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../generated/contract';
import { renderApp } from './render-app';
import { makeArtist } from './fixtures';
import { cardOf, makeArticle } from '../features/content/content-fixtures';
import { descriptions } from '../generated/contract';
import cases from '../generated/descriptions.cases.json';
import { pageDescription, truncateWords } from '../lib/use-document-head';

/** The head follows client navigation: articles (with `article:*`), artists, then the site's defaults. */

const ORIGIN = 'https://soundatlas.test';
const first = makeArticle({ id: 7, title: 'The Story Behind a Song', date: '2026-11-20', category: 'Artist Spotlight', tags: 'Rock, 1970s, Queen' });
const second = makeArticle({ id: 8, title: 'Gear for Beginners', date: '2026-10-02', category: 'Equipment & Gear', tags: 'Gear' });
const artist = makeArtist();

const prefetched = [
  { key: api.article(7), status: 200, body: first },
  { key: api.article(8), status: 200, body: second },
  { key: api.articles(), status: 200, body: [first, second].map(cardOf) },
  { key: api.artist(artist.id), status: 200, body: artist },
  { key: api.neighbors(artist.id), status: 200, body: { position: 1, total: 2, previousId: 1, nextId: 2 } },
  { key: api.related(artist.id), status: 200, body: [] },
];

function meta(key: string): string | null {
  const element = document.head.querySelector(`meta[property="${key}"]`) ?? document.head.querySelector(`meta[name="${key}"]`);
  return element?.getAttribute('content') ?? null;
}

function all(property: string): string[] {
  return [...document.head.querySelectorAll(`meta[property="${property}"]`)].map((m) => m.getAttribute('content') ?? '');
}

function canonical(): string | null {
  return document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
}

beforeEach(() => {
  for (const stale of document.head.querySelectorAll('meta, link[rel="canonical"]')) stale.remove();
  const link = document.createElement('link');
  link.setAttribute('rel', 'canonical');
  link.setAttribute('href', `${ORIGIN}/`);
  document.head.appendChild(link);
});

describe('the document head on client navigation', () => {
  it('gives an article its article:* tags, swaps them for the next article and removes them on leaving', async () => {
    const { history } = renderApp('/articles/7', prefetched);
    expect(document.title).toBe('The Story Behind a Song - Sound Atlas');
    expect(meta('og:type')).toBe('article');
    expect(meta('og:url')).toBe(`${ORIGIN}/articles/7`);
    expect(canonical()).toBe(`${ORIGIN}/articles/7`);
    expect(all('article:published_time')).toEqual(['2026-11-20']);
    expect(all('article:section')).toEqual(['Artist Spotlight']);
    expect(all('article:tag')).toEqual(['Rock', '1970s', 'Queen']);

    await act(async () => history.push('/articles/8'));
    expect(document.title).toBe('Gear for Beginners - Sound Atlas');
    expect(meta('og:image')).toBe(`${ORIGIN}/og/article/8.jpg`);
    expect(meta('twitter:image:alt')).toBe('Article: Gear for Beginners (Equipment & Gear)');
    expect(all('article:published_time')).toEqual(['2026-10-02']);
    expect(all('article:section')).toEqual(['Equipment & Gear']);
    expect(all('article:tag')).toEqual(['Gear']);

    await act(async () => history.push('/about'));
    expect(document.head.querySelectorAll('meta[property^="article:"]')).toHaveLength(0);
    expect(meta('og:type')).toBe('website');
    expect(meta('og:title')).toBe('Sound Atlas - Explore Your World of Music');
    expect(meta('og:image')).toBe(`${ORIGIN}/assets/og-default.jpg`);
    // Where the app is now.
    expect(meta('og:url')).toBe(`${ORIGIN}/about`);
    expect(canonical()).toBe(`${ORIGIN}/about`);
  });

  it('follows every client navigation with the canonical URL the server would give, and none on a missing page', async () => {
    const { history } = renderApp('/articles', prefetched);
    await act(async () => history.push('/articles/7'));
    expect(canonical()).toBe(`${ORIGIN}/articles/7`);
    await act(async () => history.push('/articles'));
    expect(canonical()).toBe(`${ORIGIN}/articles`);
    await act(async () => history.push('/'));
    expect(canonical()).toBe(`${ORIGIN}/`);
    expect(meta('og:url')).toBe(`${ORIGIN}/`);
    // Only the parameters that name the page (the contract's canonicalQuery).
    await act(async () => history.push('/browse?letter=B&page=2&utm_source=x'));
    expect(canonical()).toBe(`${ORIGIN}/browse?letter=B`);
    await act(async () => history.push('/articles?category=news-and-updates'));
    expect(canonical()).toBe(`${ORIGIN}/articles?category=news-and-updates`);
    await act(async () => history.push(`/artist/${artist.id}?list=favorites`));
    expect(canonical()).toBe(`${ORIGIN}/artist/${artist.id}`);
    // A path no route claims names no URL, as the server's 404; the next page names its own.
    await act(async () => history.push('/no/such/page'));
    expect(document.title).toBe('404 Page Not Found');
    expect(canonical()).toBeNull();
    expect(meta('og:url')).toBeNull();
    await act(async () => history.push('/quiz'));
    expect(canonical()).toBe(`${ORIGIN}/quiz`);
    expect(meta('og:url')).toBe(`${ORIGIN}/quiz`);
  });

  it('gives a missing artist its own title and no URL after a client navigation', async () => {
    const { history } = renderApp('/about', [
      ...prefetched,
      { key: api.artist(999), status: 404, body: { status: 404, error: 'Not Found', message: 'gone' } },
    ]);
    const notFound = () => new Response(JSON.stringify({ status: 404, error: 'Not Found', message: 'gone' }), { status: 404 });
    vi.stubGlobal('fetch', async () => notFound());
    try {
      await act(async () => history.push('/artist/999'));
      await waitFor(() => expect(document.title).toBe('Artist Not Found - Sound Atlas'));
      expect(canonical()).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('gives an artist page its own profile tags and share picture, then the defaults on leaving', async () => {
    const { history } = renderApp('/articles/7', prefetched);
    await act(async () => history.push(`/artist/${artist.id}`));
    expect(document.title).toBe('Nirvana - Sound Atlas');
    expect(meta('og:type')).toBe('profile');
    expect(meta('og:title')).toBe('Nirvana - Sound Atlas');
    expect(meta('og:url')).toBe(`${ORIGIN}/artist/${artist.id}`);
    expect(canonical()).toBe(`${ORIGIN}/artist/${artist.id}`);
    expect(meta('og:image')).toBe(`${ORIGIN}/og/artist/${artist.id}.jpg`);
    expect(meta('twitter:image')).toBe(`${ORIGIN}/og/artist/${artist.id}.jpg`);
    expect(meta('og:image:alt')).toBe(`Band: Nirvana (${artist.genres.slice(0, 3).join(' · ')})`);
    expect(meta('description')).toBe(truncateWords(artist.bio!));
    expect(meta('twitter:description')).toBe(truncateWords(artist.bio!));
    // The article's tags left with the article.
    expect(document.head.querySelectorAll('meta[property^="article:"]')).toHaveLength(0);

    await act(async () => history.push('/browse'));
    expect(meta('og:type')).toBe('website');
    expect(meta('og:image')).toBe(`${ORIGIN}/assets/og-default.jpg`);
    expect(meta('og:url')).toBe(`${ORIGIN}/browse`);
    expect(document.title).toBe('Browse Artists - Sound Atlas');
  });

  it('cuts descriptions at a word to 160 characters, as the server does', () => {
    expect(truncateWords('  short  ')).toBe('short');
    const cut = truncateWords('word '.repeat(60));
    expect(Array.from(cut).length).toBeLessThanOrEqual(160);
    expect(cut.endsWith('word…')).toBe(true);
    expect(truncateWords(`${'a'.repeat(150)} end, tail words here more`, 160)).toBe(`${'a'.repeat(150)} end…`);
  });

  it('describes a page from its own text by the same rule as the server, on the cases it generates', () => {
    expect(cases.length).toBeGreaterThan(10);
    for (const { text, fallback, expected } of cases) expect(pageDescription(text, fallback), JSON.stringify(text)).toBe(expected);
  });

  it('falls back to the texts of the contract', () => {
    expect(pageDescription(null, descriptions.artist('Nirvana'))).toBe('Nirvana on Sound Atlas: genres, biography, fun facts and where to listen.');
    expect(pageDescription(' \n ', descriptions.article('Gear'))).toBe('Gear on Sound Atlas.');
  });
});
