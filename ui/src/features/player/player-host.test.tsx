import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { requestPlay } from '../../lib/events';
import { SIGNED_OUT_EVENT } from '../../lib/signed-out';
import { renderApp } from '../../test/render-app';
import { PLAYER_SESSION_KEY } from './session-key';

const items = [1, 2].map((n) => ({ id: String(n), title: `Song ${n}`, soloVideoLink: `https://youtu.be/unitVideo0${n}`, genres: ['Rock'] }));

describe('the player in the frame', () => {
  afterEach(() => window.sessionStorage.clear());

  it('renders nothing until something is played, then opens after the 300 ms delay', { timeout: 20_000 }, async () => {
    renderApp('/quiz');
    expect(screen.queryByRole('dialog')).toBeNull();
    const asked = Date.now();
    act(() => requestPlay({ items, name: 'Unit Mix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unit Mix' }, { timeout: 15_000 });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(290);
    expect(within(dialog).getByText('Track 1 of 2')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Playlist Queue (2 tracks)' })).toBeTruthy();
    // The queue is saved for a reload within the browser session.
    expect(JSON.parse(window.sessionStorage.getItem(PLAYER_SESSION_KEY) ?? 'null').items).toHaveLength(2);
  });

  it('counts a queue of one as "1 track"', { timeout: 20_000 }, async () => {
    renderApp('/quiz');
    act(() => requestPlay({ items: items.slice(0, 1), name: 'Solo Mix' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solo Mix' }, { timeout: 15_000 });
    expect(within(dialog).getByRole('heading', { name: 'Playlist Queue (1 track)' })).toBeTruthy();
  });

  it('stops and clears itself, its queue and its saved state when the user signs out', { timeout: 20_000 }, async () => {
    renderApp('/quiz');
    act(() => requestPlay({ items, name: 'Ann Mix' }));
    await screen.findByRole('dialog', { name: 'Ann Mix' }, { timeout: 15_000 });
    expect(window.sessionStorage.getItem(PLAYER_SESSION_KEY)).not.toBeNull();
    act(() => {
      window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
    });
    expect(screen.queryByRole('dialog', { name: 'Ann Mix' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Player' })).toBeNull();
    expect(screen.queryByText('Song 1')).toBeNull();
    expect(window.sessionStorage.getItem(PLAYER_SESSION_KEY)).toBeNull();
  });

  it('drops a saved queue at sign-out even before the player is in', () => {
    window.sessionStorage.setItem(PLAYER_SESSION_KEY, JSON.stringify({ items, order: [0, 1], current: 0, open: true }));
    renderApp('/quiz');
    act(() => {
      window.dispatchEvent(new CustomEvent(SIGNED_OUT_EVENT));
    });
    expect(window.sessionStorage.getItem(PLAYER_SESSION_KEY)).toBeNull();
  });

  it('comes back minimized and paused after a reload when the session has a saved queue', async () => {
    window.sessionStorage.setItem(PLAYER_SESSION_KEY, JSON.stringify({ items, order: [0, 1], current: 1, open: true, minimized: true, playing: true, position: 42 }));
    renderApp('/quiz');
    const card = await screen.findByRole('region', { name: 'Player' }, { timeout: 15_000 });
    expect(within(card).getByText('2 of 2')).toBeTruthy();
    expect(within(card).getByText('0:42')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Play' })).toBeTruthy();
  });
});
