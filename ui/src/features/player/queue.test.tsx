import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PlayerControls } from './playlist-state';
import { initialState, playerReducer } from './playlist-state';
import { DOUBLE_TAP_MS, FullQueue } from './queue';

const items = [1, 2, 3].map((n) => ({ id: String(n), title: `Song ${n}`, soloVideoLink: `https://youtu.be/queueVide0${n}`, genres: ['Rock', 'Pop', 'Indie'] }));
const state = playerReducer(initialState, { type: 'load', request: { items, name: 'Q' } });

function setup() {
  const dispatch = vi.fn();
  const controls: PlayerControls = { dispatch, play: vi.fn(), seek: vi.fn() };
  render(<FullQueue state={state} controls={controls} />);
  return dispatch;
}

describe('the playlist queue', () => {
  it('offers no up button on the first row and no down button on the last, and shows 2 genres per row', () => {
    setup();
    expect(screen.queryByRole('button', { name: 'Move Song 1 up' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Move Song 1 down' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Song 3 up' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Move Song 3 down' })).toBeNull();
    expect(document.querySelectorAll('.player-queue-row')[0]?.querySelectorAll('.player-genre')).toHaveLength(2);
  });

  it('keeps the whole title in each row, for screen readers and on hover (the row ellipsises it)', () => {
    setup();
    const titles = [...document.querySelectorAll('.player-queue-row .player-queue-title')];
    expect(titles.map((title) => [title.textContent, title.getAttribute('title')])).toEqual(items.map((item) => [item.title, item.title]));
  });

  it('plays a row on a second tap within 300 ms, not on taps further apart', () => {
    const dispatch = setup();
    const now = vi.spyOn(Date, 'now');
    const row = screen.getByText('Song 2');
    now.mockReturnValue(1_000);
    fireEvent.click(row);
    now.mockReturnValue(1_000 + DOUBLE_TAP_MS + 50);
    fireEvent.click(row);
    expect(dispatch).not.toHaveBeenCalled();
    now.mockReturnValue(1_000 + DOUBLE_TAP_MS + 50 + DOUBLE_TAP_MS);
    fireEvent.click(row);
    expect(dispatch).toHaveBeenCalledWith({ type: 'jump', position: 1 });
  });

  it('moves a row with the arrow keys on its handle, and with the buttons', () => {
    const dispatch = setup();
    fireEvent.keyDown(screen.getByRole('button', { name: /^Reorder Song 1/ }), { key: 'ArrowDown' });
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'reorder', from: 0, to: 1 });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Reorder Song 1/ }), { key: 'ArrowUp' });
    expect(dispatch).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Move Song 3 up' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'reorder', from: 2, to: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Song 2' }));
    expect(dispatch).toHaveBeenLastCalledWith({ type: 'remove', position: 1 });
  });
});
