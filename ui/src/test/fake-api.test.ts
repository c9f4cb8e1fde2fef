import { describe, expect, it } from 'vitest';
import { api } from '../generated/contract';
import { matchOperation } from './fake-api';

const at = (path: string) => new URL(path, 'https://soundatlas.test');

describe('matching a request to an operation', () => {
  it('tells operations on one path apart by their method', () => {
    expect(matchOperation('favorites', 'GET', at(api.favorites()))).toEqual([]);
    expect(matchOperation('addFavorite', 'GET', at(api.favorites()))).toBeNull();
    expect(matchOperation('addFavorite', 'POST', at(api.addFavorite()))).toEqual([]);
  });

  it("gives the operation's arguments, decoded, from its path and its query, and ignores optional parameters", () => {
    expect(matchOperation('removeVideoFavorite', 'DELETE', at(api.removeVideoFavorite(3, 'a b/c', { folderId: 7 })))).toEqual(['3', 'a b/c']);
    expect(matchOperation('searchCards', 'GET', at(api.searchCards('AC/DC', 2)))).toEqual(['AC/DC', '2']);
    expect(matchOperation('weeklyTopTenOf', 'GET', at(api.weeklyTopTenOf('2026-11-16', { refresh: 'true' })))).toEqual(['2026-11-16']);
  });

  it('answers null for another path', () => {
    expect(matchOperation('removeFavorite', 'DELETE', at(api.deleteFolder(7)))).toBeNull();
    expect(matchOperation('weeklyTopTenOf', 'GET', at(api.weeklyTopTen()))).toBeNull();
    expect(matchOperation('neighbors', 'GET', at(api.related(7)))).toBeNull();
  });
});
