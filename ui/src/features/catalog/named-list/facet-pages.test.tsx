import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api, type Facet, type FacetPage } from '../../../generated/contract';

/** Page `n` of a facet: 12 cards, numbered from the page's first artist. */
function pageOf(facet: Facet, n: number): FacetPage {
  const first = (n - 1) * 12;
  const count = Math.min(12, facet.artists - first);
  return {
    facet,
    page: n,
    pageSize: 12,
    total: facet.artists,
    pages: Math.ceil(facet.artists / 12),
    artists: Array.from({ length: count }, (_, i) => ({ id: first + i + 1, title: `Artist ${first + i + 1}`, imageUrl: null, genres: ['Pop'] })),
  };
}

const uk = { name: 'United Kingdom', slug: 'united-kingdom', artists: 30 };
const sixties = { name: '1960s', slug: '1960s', artists: 14 };

describe('country and decade pages', () => {
  it("list a country's artists with Load More and numbered pages as plain links", () => {
    renderApp('/country/united-kingdom', [{ key: api.country('united-kingdom', 1), status: 200, body: pageOf(uk, 1) }]);
    expect(document.querySelector('h1')?.textContent).toBe('Artists from United Kingdom');
    expect(screen.getByText('30 artists')).toBeTruthy();
    expect(screen.getByText('Load More').getAttribute('href')).toBe('/country/united-kingdom?page=2');
    const pager = screen.getByRole('navigation', { name: 'Pages of United Kingdom' });
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('href')).toBe('/country/united-kingdom?from=3');
    expect(document.title).toBe('Artists from United Kingdom - Sound Atlas');
  });

  it("show a decade's numbered page under its own title", () => {
    renderApp('/decade/1960s?from=2', [{ key: api.decade('1960s', 2), status: 200, body: pageOf(sixties, 2) }]);
    expect(document.querySelector('h1')?.textContent).toBe('Artists Born or Formed in the 1960s');
    expect(screen.getByText('Showing 13–14 of 14')).toBeTruthy();
    expect(document.title).toBe('Artists Born or Formed in the 1960s, page 2 of 2 - Sound Atlas');
  });

  it("are the site's not-found page for an unknown country or decade", () => {
    const notFound = (message: string) => ({ status: 404, error: 'Not Found', message });
    renderApp('/decade/1995s', [{ key: api.decade('1995s', 1), status: 404, body: notFound('This decade could not be found.') }]);
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeTruthy();
  });
});
