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

describe('the Weekly Top 10 overlay', () => {
  const chart = Array.from({ length: 10 }, (_, i) => ({
    weekOf: '2026-11-23',
    source: 'Test Chart',
    picks: false,
    rank: i + 1,
    songName: `Hit ${i + 1}`,
    artist: `Band ${i + 1}`,
    // #1 and #10 have no verified video yet.
    youtubeLink: i === 0 || i === 9 ? null : `https://youtu.be/chartVide0${i}`,
    amazonLink: i === 0 ? 'https://www.amazon.com/dp/B000000001' : null,
    thumbnailUrl: null,
  }));

  it('counts the chart\'s entries, and keeps an entry without a video in prev/next as its card', () => {
    render(<VideoOverlay request={{ kind: 'topTen', entries: chart, index: 3 }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Weekly Top 10 video' });
    const position = () => dialog.querySelector('.video-overlay-position')!.textContent;
    expect(position()).toBe('#4position 4 of 10');
    for (let i = 0; i < 3; i += 1) fireEvent.click(within(dialog).getByRole('button', { name: 'Previous video' }));
    expect(position()).toBe('#1position 1 of 10');
    expect(within(dialog).getByText('No video yet')).toBeTruthy();
    // A product's page: no "search" hint (a search link gets one, lib/marketplace.ts).
    expect(within(dialog).getByRole('button', { name: 'Preview or Buy' }).getAttribute('title')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Previous video' }));
    expect(position()).toBe('#10position 10 of 10');
    expect(within(dialog).getByText('No video yet')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Preview or Buy' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next video' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next video' }));
    expect(position()).toBe('#2position 2 of 10');
    expect(within(dialog).queryByText('No video yet')).toBeNull();
  });

  it('says when Buy opens a search rather than a product', () => {
    const searched = chart.map((entry, i) => (i === 0 ? { ...entry, amazonLink: 'https://www.amazon.com/s?k=Hit+1' } : entry));
    render(<VideoOverlay request={{ kind: 'topTen', entries: searched, index: 0 }} onClose={() => undefined} />);
    const dialog = screen.getByRole('dialog', { name: 'Weekly Top 10 video' });
    expect(within(dialog).getByRole('button', { name: 'Preview or Buy' }).getAttribute('title')).toBe('Opens a search on Amazon');
  });
});
