import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api, type GenrePage } from '../../../generated/contract';
import { GENRE, listHead } from './named-list-page';
import { artistCount } from '../artist-count';

const pop = { name: 'Pop', slug: 'pop', artists: 89 };

/** Page `n` of Pop: 12 cards, numbered from the page's first artist. */
function popPage(n: number): GenrePage {
  const first = (n - 1) * 12;
  const count = Math.min(12, pop.artists - first);
  return {
    genre: pop,
    page: n,
    pageSize: 12,
    total: pop.artists,
    pages: Math.ceil(pop.artists / 12),
    artists: Array.from({ length: count }, (_, i) => ({ id: first + i + 1, title: `Pop Artist ${first + i + 1}`, imageUrl: null, genres: ['Pop'] })),
  };
}

/** The titles of the cards on screen, in order. */
const cardTitles = () => [...document.querySelectorAll('.artist-grid .artist-card-title')].map((title) => title.textContent);

const seeded = (...pages: number[]) => pages.map((n) => ({ key: api.genre('pop', n), status: 200, body: popPage(n) }));

describe('genre page', () => {
  it("lists the genre's artists with Load More and numbered pages as plain links", () => {
    renderApp('/genre/pop', seeded(1));
    // Text and CSS queries: role queries over a whole page of cards are slow in jsdom.
    expect(document.querySelector('h1')?.textContent).toBe('Pop Artists');
    expect(screen.getByText('89 artists')).toBeTruthy();
    expect(cardTitles()).toEqual(popPage(1).artists.map((a) => a.title));
    expect(screen.getByText('Showing 12 of 89')).toBeTruthy();
    expect(screen.getByText('Load More').getAttribute('href')).toBe('/genre/pop?page=2');
    const pager = screen.getByRole('navigation', { name: 'Pages of Pop' });
    const links = within(pager).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/genre/pop', '/genre/pop?from=2', '/genre/pop?from=3', '/genre/pop?from=8', '/genre/pop?from=2']);
    expect(within(pager).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(document.title).toBe('Pop Artists - Sound Atlas');
  });

  it('shows a numbered page alone, with the pages loaded after it', () => {
    renderApp('/genre/pop?from=4&page=5', seeded(4, 5));
    expect(screen.getByText('Showing 37–60 of 89')).toBeTruthy();
    expect(cardTitles()).toEqual([...popPage(4).artists, ...popPage(5).artists].map((a) => a.title));
    expect(screen.getByText('Load More').getAttribute('href')).toBe('/genre/pop?from=4&page=6');
    const pager = screen.getByRole('navigation', { name: 'Pages of Pop' });
    expect(within(pager).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/genre/pop?from=3');
    expect(within(pager).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/genre/pop?from=6');
    expect(within(pager).getByRole('link', { name: 'Page 4' }).getAttribute('aria-current')).toBe('page');
  });

  it("is the site's not-found page for an unknown genre", () => {
    renderApp('/genre/nope', [{ key: api.genre('nope', 1), status: 404, body: { status: 404, error: 'Not Found', message: 'This genre could not be found.' } }]);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
    expect(document.title).toBe('404 Page Not Found');
  });

  it('names its own canonical URL as the server does, and counts in words', () => {
    expect(listHead(GENRE, pop, 1, 8, 'https://soundatlas.test').url).toBe('https://soundatlas.test/genre/pop');
    expect(listHead(GENRE, pop, 3, 8, 'https://soundatlas.test').url).toBe('https://soundatlas.test/genre/pop?from=3');
    expect(listHead(GENRE, pop, 1, 8, 'https://soundatlas.test').description).toBe(
      'Pop artists and bands on Sound Atlas, from A to Z: biographies, fun facts and where to listen.',
    );
    // A numbered page says which it is, in its title and its description.
    expect(listHead(GENRE, pop, 3, 8, 'https://soundatlas.test').title).toBe('Pop Artists, page 3 of 8 - Sound Atlas');
    expect(listHead(GENRE, pop, 3, 8, 'https://soundatlas.test').description).toBe(
      'Page 3 of 8 of the Pop artists and bands on Sound Atlas, from A to Z: biographies, fun facts and where to listen.',
    );
    expect(artistCount(1)).toBe('1 artist');
    expect(artistCount(89)).toBe('89 artists');
  });
});
