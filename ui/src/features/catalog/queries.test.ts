import { describe, expect, it } from 'vitest';
import { api } from '../../generated/contract';
import { queries, STALE_BROWSE, STALE_SEARCH } from './queries';

describe('query keys', () => {
  // These two check what the generated builders write, so their expected paths are written out.
  it('are the API paths the server prefetches', () => {
    expect(api.artist(42)).toBe('/api/artists/42');
    expect(api.neighbors(42)).toBe('/api/artists/42/neighbors');
    expect(api.related('42')).toBe('/api/artists/42/related');
    expect(api.randomArtist()).toBe('/api/artists/random');
  });

  it('encode path and query parts with encodeURIComponent', () => {
    expect(api.artist('a/b c')).toBe('/api/artists/a%2Fb%20c');
    expect(api.search('AC/DC & friends')).toBe('/api/artists/search?query=AC%2FDC%20%26%20friends');
    expect(api.search('Beyoncé')).toBe('/api/artists/search?query=Beyonc%C3%A9');
    expect(api.browse('#', 1)).toBe('/api/artists/browse?letter=%23&page=1');
    expect(api.browse('B', 3)).toBe('/api/artists/browse?letter=B&page=3');
  });

  it('carries the spec freshness per query', () => {
    expect(queries.search('x').staleTime).toBe(STALE_SEARCH);
    expect(STALE_SEARCH).toBe(5 * 60_000);
    expect(queries.browse('A', 1).staleTime).toBe(STALE_BROWSE);
    expect(STALE_BROWSE).toBe(15 * 60_000);
    expect(queries.artists().staleTime).toBe(5 * 60_000);
    expect(queries.randomArtist().staleTime).toBe(Infinity);
    expect(queries.artist(1).queryKey).toEqual([api.artist(1)]);
  });
});
