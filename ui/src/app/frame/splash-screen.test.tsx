import { act } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { SPLASH_DURATION_MS, SPLASH_FADE_MS, SPLASH_LATEST_AFTER_PAINT_MS, SPLASH_SEEN_KEY, paintedTooLongAgo } from './splash-screen';

function paintedAt(startTime: number | null) {
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) =>
    name === 'first-contentful-paint' && startTime !== null ? ([{ name, startTime }] as unknown as PerformanceEntryList) : [],
  );
}

afterEach(() => {
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the splash screen', () => {
  it('counts a page as already read once its first paint is older than the limit', () => {
    paintedAt(null);
    expect(paintedTooLongAgo(10_000)).toBe(false);
    paintedAt(1000);
    expect(paintedTooLongAgo(1000 + SPLASH_LATEST_AFTER_PAINT_MS)).toBe(false);
    expect(paintedTooLongAgo(1001 + SPLASH_LATEST_AFTER_PAINT_MS)).toBe(true);
  });

  it('covers a page from its first paint on a first visit', () => {
    paintedAt(null);
    renderApp('/about');
    expect(document.querySelector('.splash')).not.toBeNull();
    expect(window.sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
  });

  it('is not laid over a page that has been on screen a while, and that load is the session\'s first all the same', () => {
    paintedAt(performance.now() - 1000);
    renderApp('/about');
    act(() => undefined);
    expect(document.querySelector('.splash')).toBeNull();
    expect(window.sessionStorage.getItem(SPLASH_SEEN_KEY)).toBe('1');
  });

  it('starts each phase\'s clock once that phase is on screen, not when it was asked for', () => {
    vi.useFakeTimers();
    try {
      paintedAt(null);
      // What the page shows at the moment each of the splash's clocks is set.
      const shownWhenSet = new Map<number, string | null>();
      const setTimeout = window.setTimeout.bind(window);
      vi.spyOn(window, 'setTimeout').mockImplementation(((handler: TimerHandler, ms?: number) => {
        if (ms === SPLASH_DURATION_MS || ms === SPLASH_FADE_MS) shownWhenSet.set(ms, document.querySelector('.splash')?.className ?? null);
        return setTimeout(handler, ms);
      }) as typeof window.setTimeout);
      renderApp('/about');
      expect(shownWhenSet.get(SPLASH_DURATION_MS)).toBe('splash');
      act(() => vi.advanceTimersByTime(SPLASH_DURATION_MS));
      expect(shownWhenSet.get(SPLASH_FADE_MS)).toBe('splash splash--fading');
      act(() => vi.advanceTimersByTime(SPLASH_FADE_MS));
      expect(document.querySelector('.splash')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
