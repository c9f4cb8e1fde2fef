import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TopTenEntry } from '../../generated/contract';
import { requestPlay } from '../../lib/events';
import { playHoverSound, playSound } from '../../lib/sound';
import { renderApp } from '../../test/render-app';
import { IconButton, VolumeControl } from './controls';
import type { PlayerControls } from './playlist-state';
import { initialState, playerReducer } from './playlist-state';
import { FullQueue, MiniQueue } from './queue';
import { PLAYER_SESSION_KEY } from './session-key';
import { VideoOverlay } from './video-overlay';

// The sound effects at their boundary: which is asked for, and when. (lib/sound.ts's own
// tests cover that nothing sounds before a gesture or with the switch off.)
vi.mock('../../lib/sound', async (original) => ({
  ...(await original<typeof import('../../lib/sound')>()),
  playSound: vi.fn(),
  playHoverSound: vi.fn(),
}));
// No iframe API in jsdom: the overlay's players never become ready.
vi.mock('../../lib/video-service', async (original) => ({
  ...(await original<typeof import('../../lib/video-service')>()),
  createVideoPlayer: vi.fn(() => new Promise(() => undefined)),
}));

const sound = vi.mocked(playSound);
const hover = vi.mocked(playHoverSound);
const named = (name: string) => sound.mock.calls.filter(([called]) => called === name).length;

const items = [1, 2, 3].map((n) => ({ id: String(n), title: `Song ${n}`, soloVideoLink: `https://youtu.be/soundVide0${n}`, genres: ['Rock'] }));
const state = playerReducer(initialState, { type: 'load', request: { items, name: 'Q' } });

function controls(): PlayerControls & { dispatch: ReturnType<typeof vi.fn> } {
  return { dispatch: vi.fn(), play: vi.fn(), seek: vi.fn() };
}

afterEach(() => {
  sound.mockClear();
  hover.mockClear();
  window.sessionStorage.clear();
});

describe('the player sounds', () => {
  it('plays the intro when a play request opens the player (at the 300 ms opening, not before)', { timeout: 20_000 }, async () => {
    renderApp('/quiz');
    act(() => requestPlay({ items, name: 'Intro Mix' }));
    expect(named('intro')).toBe(0);
    await screen.findByRole('dialog', { name: 'Intro Mix' }, { timeout: 15_000 });
    expect(named('intro')).toBe(1);
  });

  it('plays no intro when a saved queue comes back after a reload (nobody asked)', async () => {
    window.sessionStorage.setItem(PLAYER_SESSION_KEY, JSON.stringify({ items, order: [0, 1, 2], current: 0, open: true }));
    renderApp('/quiz');
    await screen.findByRole('region', { name: 'Player' }, { timeout: 15_000 });
    expect(named('intro')).toBe(0);
  });

  it("clicks on the player's buttons, before their action", () => {
    const action = vi.fn(() => expect(named('click')).toBe(1));
    render(<IconButton label="Next track" glyph="next" onClick={action} />);
    fireEvent.click(screen.getByRole('button', { name: 'Next track' }));
    expect(action).toHaveBeenCalledTimes(1);
  });

  it('clicks on the volume button, but not on the click that ends a long press', () => {
    vi.useFakeTimers();
    try {
      const c = controls();
      render(<VolumeControl state={state} controls={c} />);
      const button = screen.getByRole('button', { name: 'Volume 80%' });
      fireEvent.click(button);
      expect(named('click')).toBe(1);
      fireEvent.pointerDown(button);
      act(() => vi.advanceTimersByTime(900));
      fireEvent.pointerUp(button);
      fireEvent.click(button);
      expect(c.dispatch).toHaveBeenCalledWith({ type: 'longPressVolume' });
      expect(named('click')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clicks on the queue buttons and ticks (throttled in lib/sound) when a pointer enters a row', () => {
    const c = controls();
    const { unmount } = render(<FullQueue state={state} controls={c} />);
    const rows = document.querySelectorAll('.player-queue-row');
    fireEvent.pointerEnter(rows[1]!, { pointerType: 'mouse' });
    expect(hover).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Play track 3: Song 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move Song 1 down' }));
    expect(named('click')).toBe(2);
    expect(c.dispatch).toHaveBeenCalledWith({ type: 'jump', position: 2 });
    unmount();

    render(<MiniQueue state={state} controls={c} />);
    fireEvent.pointerEnter(screen.getByText('Song 2').closest('li')!, { pointerType: 'mouse' });
    expect(hover).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Jump to track 2: Song 2' }));
    expect(named('click')).toBe(3);
    expect(sound).not.toHaveBeenCalledWith('hover');
  });

  it("clicks on the full-screen overlay's arrows and Close Video; keyboard arrows stay silent", () => {
    const entries: TopTenEntry[] = [1, 2, 3].map((rank) => ({
      weekOf: '2026-11-23',
      source: 'Test Chart',
      picks: false,
      rank,
      songName: `Hit ${rank}`,
      artist: `Band ${rank}`,
      youtubeLink: `https://youtu.be/overlayVd0${rank}`,
      amazonLink: null,
      thumbnailUrl: null,
    }));
    const onClose = vi.fn();
    render(<VideoOverlay request={{ kind: 'topTen', entries, index: 0 }} onClose={onClose} />);
    const dialog = screen.getByRole('dialog', { name: 'Weekly Top 10 video' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next video' }));
    expect(within(dialog).getByText('position 2 of 3')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous video' }));
    expect(named('click')).toBe(2);
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(within(dialog).getByText('position 2 of 3')).toBeTruthy();
    expect(named('click')).toBe(2);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close Video' }));
    expect(named('click')).toBe(3);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
