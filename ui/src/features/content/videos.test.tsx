import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { makeArtist } from '../../test/fixtures';
import { channelVideos, newSongs, topTen } from './content-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function home() {
  return renderApp('/', [
    { key: '/api/artists/random', status: 200, body: makeArtist() },
    { key: '/api/weekly-top-ten', status: 200, body: topTen },
    { key: '/api/new-songs', status: 200, body: [...newSongs, { ...newSongs[0]!, id: 2, songName: 'Second Song' }] },
    { key: '/api/youtube/channel-videos', status: 200, body: channelVideos },
    { key: '/api/articles', status: 200, body: [] },
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
