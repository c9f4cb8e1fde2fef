import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { api } from '../../../generated/contract';

const card = (id: number) => ({ id, title: `Band ${id}`, imageUrl: null, genres: ['Rock'] });
const countries = { key: api.countries(), status: 200, body: [{ name: 'Japan', slug: 'japan', artists: 3 }, { name: 'Peru', slug: 'peru', artists: 1 }] };
const japan = { name: 'Japan', slug: 'japan' };

describe('browse by country', () => {
  it('offers every country as a form that works without script, keeping the letter', () => {
    renderApp('/browse?letter=B', [countries, { key: api.browse('B', 1), status: 200, body: { letter: 'B', country: null, page: 1, pageSize: 12, total: 1, pages: 1, artists: [card(1)] } }]);
    const form = screen.getByRole('combobox', { name: 'Country' }).closest('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/browse');
    const options = within(form).getAllByRole('option').map((option) => [option.textContent, option.getAttribute('value')]);
    expect(options).toEqual([['All countries', ''], ['Japan (3)', 'japan'], ['Peru (1)', 'peru']]);
    expect((form.querySelector('input[name="letter"]') as HTMLInputElement).value).toBe('B');
  });

  it("lists one letter's artists from one country, its letters and pages keeping the filter", () => {
    const page = { letter: 'B', country: japan, page: 1, pageSize: 12, total: 13, pages: 2, artists: Array.from({ length: 12 }, (_, i) => card(i + 1)) };
    renderApp('/browse?country=japan&letter=B', [countries, { key: api.browseInCountry('japan', 'B', 1), status: 200, body: page }]);
    expect(screen.getByText('13 artists from Japan starting with B')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement).value).toBe('japan');
    const letters = screen.getByRole('navigation', { name: 'Filter by first letter' });
    expect(within(letters).getByRole('link', { name: 'C' }).getAttribute('href')).toBe('/browse?country=japan&letter=C');
    expect(screen.getByText('Load More').getAttribute('href')).toBe('/browse?country=japan&letter=B&page=2');
    expect(document.title).toBe('Browse Artists from Japan: B - Sound Atlas');
  });

  it('shows the whole letter for a country the catalogue does not know, as the server does', () => {
    const notFound = { status: 404, error: 'Not Found', message: 'This country could not be found.' };
    renderApp('/browse?country=atlantis&letter=B', [
      countries,
      { key: api.browseInCountry('atlantis', 'B', 1), status: 404, body: notFound },
      { key: api.browse('B', 1), status: 200, body: { letter: 'B', country: null, page: 1, pageSize: 12, total: 1, pages: 1, artists: [card(1)] } },
    ]);
    expect(screen.getByText('1 artist starting with B')).toBeTruthy();
    expect(document.title).toBe('Browse Artists: B - Sound Atlas');
  });
});
