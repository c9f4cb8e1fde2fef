import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NONE_COULD_PLAY, SeekBar, TransportButtons, UnplayableNote } from './controls';
import type { PlayerControls } from './playlist-state';
import { initialState, playerReducer } from './playlist-state';

const items = [{ id: '1', title: 'Song 1', soloVideoLink: 'https://youtu.be/seekVideo01', genres: [] }];
const loaded = playerReducer(initialState, { type: 'load', request: { items, name: 'Seek' } });
const controls: PlayerControls = { dispatch: vi.fn(), play: vi.fn(), seek: vi.fn() };

describe('the seek slider', () => {
  it('goes to 100 in 1 s steps while the duration is unknown, then to the duration', () => {
    const { rerender } = render(<SeekBar state={loaded} controls={controls} id="seek" />);
    const slider = screen.getByRole('slider', { name: 'Seek' });
    expect(loaded.duration).toBe(0);
    expect(slider.getAttribute('max')).toBe('100');
    expect(slider.getAttribute('step')).toBe('1');
    rerender(<SeekBar state={playerReducer(loaded, { type: 'progress', position: 12.6, duration: 215.4 })} controls={controls} id="seek" />);
    expect(slider.getAttribute('max')).toBe('215');
    expect((slider as HTMLInputElement).value).toBe('12');
  });
});

describe('the play/pause button and the reason nothing plays', () => {
  it('offers Pause only while the video itself plays', () => {
    const asked = playerReducer(loaded, { type: 'resume' });
    const { rerender } = render(<TransportButtons state={asked} controls={controls} />);
    expect(asked.playing).toBe(true);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pause' })).toBeNull();
    rerender(<TransportButtons state={playerReducer(asked, { type: 'videoState', playing: true })} controls={controls} />);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it("says why the track cannot play, after saying that none of the playlist's entries could", () => {
    const { rerender, container } = render(<UnplayableNote state={loaded} className="note" />);
    expect(container.textContent).toBe('');
    const refused = playerReducer(loaded, { type: 'unplayable', reason: 'This video is no longer available.' });
    rerender(<UnplayableNote state={{ ...refused, noneCouldPlay: true }} className="note" />);
    expect(screen.getByRole('alert').textContent).toBe(`${NONE_COULD_PLAY}This video is no longer available.`);
  });
});
