import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { NewSong } from '../../generated/contract';
import { VideoOverlay } from './video-overlay';

// No iframe API in jsdom: the overlay's players never become ready.
vi.mock('../../lib/video-service', async (original) => ({
  ...(await original<typeof import('../../lib/video-service')>()),
  createVideoPlayer: vi.fn(() => new Promise(() => undefined)),
}));

const songs = [1, 2, 3].map((id) => ({ id, songName: `New ${id}`, artistName: `Singer ${id}`, thumbnail: null, videoId: `swipeVide0${id}`, amazonLink: null, releaseDate: null }) as NewSong);

function swipe(element: Element, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.touchStart(element, { touches: [{ clientX: from.x, clientY: from.y }] });
  fireEvent.touchEnd(element, { changedTouches: [{ clientX: to.x, clientY: to.y }] });
}

describe('swipes over the full-screen video', () => {
  it('has a transparent swipe zone at each edge of the video: hidden from assistive technology, never focusable', () => {
    render(<VideoOverlay request={{ kind: 'newSongs', songs, index: 0 }} onClose={() => undefined} />);
    const zones = document.querySelectorAll<HTMLElement>('.video-overlay-stage [data-swipe-zone]');
    expect(zones).toHaveLength(2);
    for (const zone of zones) {
      expect(zone.getAttribute('aria-hidden')).toBe('true');
      expect(zone.hasAttribute('tabindex')).toBe(false);
      expect(zone.childElementCount).toBe(0);
      expect(zone.textContent).toBe('');
    }
    // The arrows stay the accessible way.
    expect(screen.getByRole('button', { name: 'Previous video' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next video' })).toBeTruthy();
  });

  it('a swipe that starts on an edge zone goes next or previous (the default 50 px rule); a short one does nothing', () => {
    render(<VideoOverlay request={{ kind: 'newSongs', songs, index: 0 }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Brand New Songs video' });
    const [start, end] = document.querySelectorAll('[data-swipe-zone]');
    swipe(end!, { x: 350, y: 300 }, { x: 290, y: 310 });
    expect(within(dialog).getByText('position 2 of 3')).toBeTruthy();
    swipe(start!, { x: 20, y: 300 }, { x: 80, y: 300 });
    expect(within(dialog).getByText('position 1 of 3')).toBeTruthy();
    swipe(start!, { x: 20, y: 300 }, { x: 60, y: 300 });
    expect(within(dialog).getByText('position 1 of 3')).toBeTruthy();
  });
});
