import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_PAGE, api } from '../../../generated/contract';
import { renderApp } from '../../../test/render-app';
import { httpErrorFromBody } from '../../../lib/http-error';
import { resultsSummary, searchErrorMessage } from './search-page';

describe('search page', () => {
  it('asks for a query when there is none', () => {
    renderApp('/search');
    expect(screen.getByRole('heading', { level: 1, name: 'Search Results' })).toBeTruthy();
    expect(screen.getByText(/Enter an artist name or genre to find what you're looking for\./).textContent).toBe(
      "Start Searching: Enter an artist name or genre to find what you're looking for.",
    );
  });

  it('shows results for the decoded, trimmed query, escaping markup', () => {
    const query = '<script>alert(1)</script>';
    renderApp(`/search/${encodeURIComponent(query)}`, [
      { key: api.searchCards(query, 1), status: 200, body: { query, page: 1, pageSize: 12, total: 0, pages: 1, totalExact: true, artists: [] } },
    ]);
    expect(screen.getByText(`No results found for "${query}"`)).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
  });

  it("has the header's search box: trims, ignores empty text, navigates to /search/{query}", () => {
    const { history } = renderApp('/search');
    const input = document.getElementById('search-page-input') as HTMLInputElement;
    expect(input.placeholder).toBe('Search artists, bands, or genres...');
    expect(input.name).toBe('q');
    expect(input.closest('form')!.getAttribute('action')).toBe('/search');
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form')!);
    expect(history.location.pathname).toBe('/search');
    fireEvent.change(input, { target: { value: '  queen  ' } });
    fireEvent.submit(input.closest('form')!);
    expect(history.location.pathname).toBe('/search/queen');
  });

  it('shows pages 1..N of the results with the count of all and a plain link to the next page', () => {
    const card = (id: number) => ({ id, title: `Band ${id}`, imageUrl: null, genres: ['Rock'] });
    const page = (n: number) => ({
      key: api.searchCards('rock', n),
      status: 200,
      body: { query: 'rock', page: n, pageSize: 12, total: 30, pages: 3, totalExact: true, artists: Array.from({ length: 12 }, (_, i) => card(n * 100 + i)) },
    });
    renderApp('/search/rock?page=2', [page(1), page(2)]);
    expect(screen.getByText('Found 30 results for "rock"')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).filter((h) => h.className === 'artist-card-title')).toHaveLength(24);
    expect(screen.getByText('Showing 24 of 30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Load More' }).getAttribute('href')).toBe('/search/rock?page=3');
    expect(screen.getByRole('search', { name: 'Search artists' })).toBeTruthy();
  });

  it('shows at most MAX_SEARCH_PAGE pages, without a link past them', () => {
    const card = (id: number) => ({ id, title: `Band ${id}`, imageUrl: null, genres: ['Rock'] });
    const pages = Array.from({ length: MAX_SEARCH_PAGE }, (_, i) => ({
      key: api.searchCards('rock', i + 1),
      status: 200,
      body: { query: 'rock', page: i + 1, pageSize: 12, total: 1000, pages: 84, totalExact: true, artists: Array.from({ length: 12 }, (_, j) => card(i * 100 + j)) },
    }));
    const shown = MAX_SEARCH_PAGE * 12;
    for (const page of [MAX_SEARCH_PAGE, MAX_SEARCH_PAGE + 5]) {
      const { unmount } = renderApp(`/search/rock?page=${page}`, pages);
      expect(screen.getAllByRole('heading', { level: 2 }).filter((h) => h.className === 'artist-card-title')).toHaveLength(shown);
      expect(screen.getByText(`Showing ${shown} of 1000`)).toBeTruthy();
      expect(document.querySelector('[aria-busy="true"]'), 'no page past the cap is loading').toBeNull();
      expect(screen.queryByRole('link', { name: 'Load More' })).toBeNull();
      unmount();
    }
  });

  it('offers the pages of the genres the query names, each with its count', () => {
    renderApp('/search/rock', [
      { key: api.genres('rock'), status: 200, body: [{ name: 'Rock', slug: 'rock', artists: 52 }, { name: 'Hard Rock', slug: 'hard-rock', artists: 1 }] },
      { key: api.searchCards('rock', 1), status: 200, body: { query: 'rock', page: 1, pageSize: 12, total: 0, pages: 1, totalExact: true, artists: [] } },
    ]);
    const genres = screen.getByRole('navigation', { name: 'Matching genres' });
    const links = genres.querySelectorAll('a');
    expect([...links].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Rock (52 artists)', '/genre/rock'],
      ['Hard Rock (1 artist)', '/genre/hard-rock'],
    ]);
  });

  it('summarises counts', () => {
    expect(resultsSummary(1, 'x')).toBe('Found 1 result for "x"');
    expect(resultsSummary(3, 'x')).toBe('Found 3 results for "x"');
    expect(resultsSummary(0, 'x')).toBe('No results found for "x"');
    expect(resultsSummary(10000, 'x', false)).toBe('Found at least 10000 results for "x"');
  });

  it('uses the server message for a 400, else the generic text', () => {
    expect(searchErrorMessage(httpErrorFromBody(400, { status: 400, error: 'Bad Request', message: 'Search query is too long' }))).toBe('Search query is too long');
    expect(searchErrorMessage(httpErrorFromBody(500, { status: 500, error: 'x', message: 'y' }))).toBe('Search failed. Please try again later.');
    expect(searchErrorMessage(new TypeError('network'))).toBe('Search failed. Please try again later.');
  });
});
