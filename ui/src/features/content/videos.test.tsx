import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { makeArtist } from '../../test/fixtures';
import { api } from '../../generated/contract';
import { INVALID_YOUTUBE_URL } from '../../generated/video';
import { cardOf, channelVideos, makeArticle, newSongs, topTen } from './content-fixtures';
import { CHANNEL_STEP, NEW_SONGS_STEP, TOP_TEN_STEP } from './home-sections';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function home() {
  return renderApp('/', [
    { key: api.randomArtist(), status: 200, body: makeArtist() },
    { key: api.weeklyTopTen(), status: 200, body: topTen },
    { key: api.newSongs(), status: 200, body: [...newSongs, { ...newSongs[0]!, id: 2, songName: 'Second Song' }] },
    { key: api.channelVideos(), status: 200, body: channelVideos },
    { key: api.articles(), status: 200, body: [] },
  ]);
}

/** Every way of following a link (the same list as the External Link Warning's test). */
const CLICKS: Array<[string, (el: Element) => boolean]> = [
  ['a plain click', (el) => fireEvent.click(el, { button: 0 })],
  ['a Ctrl click', (el) => fireEvent.click(el, { button: 0, ctrlKey: true })],
  ['a Cmd click', (el) => fireEvent.click(el, { button: 0, metaKey: true })],
  ['a Shift click', (el) => fireEvent.click(el, { button: 0, shiftKey: true })],
  ['a middle click', (el) => fireEvent(el, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }))],
];

function dialog() {
  return screen.queryByRole('alertdialog', { name: 'External Link Warning' });
}

describe('video cards', () => {
  it.each(CLICKS)('show the External Link Warning first on %s of a channel video card', (_name, click) => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    home();
    const card = screen.getByText('Ed Sheeran - Shape of You').closest('a')!;
    expect(card.getAttribute('href')).toBe(channelVideos[0]!.url);
    expect(click(card)).toBe(false);
    expect(dialog()).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Stay Here' }));
    expect(dialog()).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('the home strips', () => {
  it('scroll by the spec steps: Top 10 300 px, new songs 320 px, channel videos 350 px', () => {
    expect([TOP_TEN_STEP, NEW_SONGS_STEP, CHANNEL_STEP]).toEqual([300, 320, 350]);
    const scrollBy = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { configurable: true, value: scrollBy });
    try {
      home();
      const cases: Array<[string, number]> = [
        ['Weekly Top 10', 300],
        ['Brand New Songs', 320],
        ['Latest channel videos', 350],
      ];
      for (const [label, step] of cases) {
        const strip = screen.getByRole('list', { name: label });
        for (const [direction, left] of [['right', step], ['left', -step]] as const) {
          scrollBy.mockClear();
          fireEvent.click(screen.getByRole('button', { name: `Scroll ${label} ${direction}` }));
          expect(scrollBy).toHaveBeenCalledTimes(1);
          expect(scrollBy.mock.contexts[0]).toBe(strip);
          expect(scrollBy.mock.calls[0]![0]).toMatchObject({ left });
        }
      }
    } finally {
      delete (HTMLElement.prototype as { scrollBy?: unknown }).scrollBy;
    }
  });
});

describe('an article video', () => {
  it('says "Invalid YouTube URL" when the article names no 11-character video id', () => {
    for (const bad of ['not a video', 'https://www.youtube.com/watch?v=short', 'fJ9rUzIMcZQX']) {
      const article = makeArticle({ id: 31, youtubeVideo: bad });
      const { container, unmount } = renderApp('/articles/31', [
        { key: api.article(31), status: 200, body: article },
        { key: api.articles(), status: 200, body: [article].map(cardOf) },
      ]);
      expect(INVALID_YOUTUBE_URL).toBe('Invalid YouTube URL');
      expect(screen.getByText('Invalid YouTube URL')).toBeTruthy();
      expect(container.querySelector('.article-video')).toBeNull();
      expect(container.querySelector('iframe')).toBeNull();
      unmount();
    }
    const good = makeArticle({ id: 32, youtubeVideo: 'fJ9rUzIMcZQ' });
    renderApp('/articles/32', [
      { key: api.article(32), status: 200, body: good },
      { key: api.articles(), status: 200, body: [good].map(cardOf) },
    ]);
    expect(screen.queryByText('Invalid YouTube URL')).toBeNull();
    expect(screen.getByRole('button', { name: /^Play video:/ })).toBeTruthy();
  });
});
