import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../../generated/contract';
import { afterSignOut, LOCAL_LIBRARY_KEYS } from './auth';

afterEach(() => window.localStorage.clear());

describe('signing out', () => {
  it("forgets the user's library and locally stored favorites and folders, and nothing else", () => {
    const client = new QueryClient();
    client.setQueryData([api.user()], { id: 1, email: 'ann@example.com' });
    client.setQueryData([api.favorites()], [{ id: 1 }]);
    client.setQueryData([api.favoriteFolders()], [{ id: 7, artists: [] }]);
    client.setQueryData([api.videoFavorites()], [{ videoId: 'fJ9rUzIMcZQ' }]);
    client.setQueryData(['/api/artists/1'], { id: 1 });
    for (const key of LOCAL_LIBRARY_KEYS) window.localStorage.setItem(key, '[1]');
    window.localStorage.setItem('sound-atlas-audio', 'on');

    afterSignOut(client);

    expect(client.getQueryData([api.user()])).toBeNull();
    expect(client.getQueryData([api.favorites()])).toBeUndefined();
    expect(client.getQueryData([api.favoriteFolders()])).toBeUndefined();
    expect(client.getQueryData([api.videoFavorites()])).toBeUndefined();
    expect(client.getQueryData(['/api/artists/1'])).toEqual({ id: 1 });
    expect(LOCAL_LIBRARY_KEYS.map((key) => window.localStorage.getItem(key))).toEqual([null, null]);
    expect(window.localStorage.getItem('sound-atlas-audio')).toBe('on');
  });
});
