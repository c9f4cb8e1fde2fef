import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, STATE_ELEMENT_ID } from '../generated/contract';
import { forgetSignedInUser, LOCAL_LIBRARY_KEYS, SIGNED_OUT_EVENT } from './signed-out';

afterEach(() => {
  window.localStorage.clear();
  document.getElementById(STATE_ELEMENT_ID)?.remove();
});

describe('forgetting a signed-out user', () => {
  it("forgets the user's library, locally stored favorites and folders and the page's server state, and nothing else", () => {
    const client = new QueryClient();
    client.setQueryData([api.user()], { id: 1, email: 'ann@example.com' });
    client.setQueryData([api.favorites()], [{ id: 1 }]);
    client.setQueryData([api.favoriteFolders()], [{ id: 7, artists: [] }]);
    client.setQueryData([api.videoFavorites()], [{ videoId: 'fJ9rUzIMcZQ' }]);
    client.setQueryData([api.userExport()], { profile: {} });
    client.setQueryData([api.artist(1)], { id: 1 });
    for (const key of LOCAL_LIBRARY_KEYS) window.localStorage.setItem(key, '[1]');
    window.localStorage.setItem('sound-atlas-audio', 'on');
    const state = document.createElement('script');
    state.id = STATE_ELEMENT_ID;
    state.type = 'application/json';
    state.textContent = JSON.stringify({ prefetched: [{ key: api.user(), status: 200, body: { email: 'ann@example.com' } }] });
    document.body.append(state);
    const announced = vi.fn();
    window.addEventListener(SIGNED_OUT_EVENT, announced);

    forgetSignedInUser(client);
    window.removeEventListener(SIGNED_OUT_EVENT, announced);

    expect(client.getQueryData([api.user()])).toBeNull();
    expect(client.getQueryData([api.favorites()])).toBeUndefined();
    expect(client.getQueryData([api.favoriteFolders()])).toBeUndefined();
    expect(client.getQueryData([api.videoFavorites()])).toBeUndefined();
    expect(client.getQueryData([api.userExport()])).toBeUndefined();
    expect(client.getQueryData([api.artist(1)])).toEqual({ id: 1 });
    expect(LOCAL_LIBRARY_KEYS.map((key) => window.localStorage.getItem(key))).toEqual([null, null]);
    expect(window.localStorage.getItem('sound-atlas-audio')).toBe('on');
    expect(document.getElementById(STATE_ELEMENT_ID)).toBeNull();
    expect(announced).toHaveBeenCalledTimes(1);
  });
});
