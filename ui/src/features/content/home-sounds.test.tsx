import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../generated/contract';
import { playHoverSound } from '../../lib/sound';
import { makeArtist } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { channelVideos, newSongs, topTen } from './content-fixtures';

// The hover effect at its boundary (lib/sound.ts throttles it and keeps it silent before a
// gesture or with the switch off; its own tests cover that).
vi.mock('../../lib/sound', async (original) => ({ ...(await original<typeof import('../../lib/sound')>()), playHoverSound: vi.fn() }));

const hover = vi.mocked(playHoverSound);
afterEach(() => hover.mockClear());

const home = [
  { key: api.randomArtist(), status: 200, body: makeArtist() },
  { key: api.weeklyTopTen(), status: 200, body: topTen },
  { key: api.newSongs(), status: 200, body: newSongs },
  { key: api.channelVideos(), status: 200, body: channelVideos },
  { key: api.articles(), status: 200, body: [] },
];

describe('the home cards', () => {
  it('ask for the hover effect when a pointer enters a Top 10 or a new-song card, passing the pointer type along', () => {
    renderApp('/', home);
    const card = (title: string) => screen.getByText(title, { selector: '.video-tile-title' }).closest('li')!;
    expect(hover).not.toHaveBeenCalled();
    fireEvent.pointerEnter(card('Shape of You'), { pointerType: 'mouse' });
    expect(hover).toHaveBeenLastCalledWith('mouse');
    fireEvent.pointerEnter(card('Blinding Lights'), { pointerType: 'touch' });
    expect(hover).toHaveBeenLastCalledWith('touch');
    fireEvent.pointerEnter(card('APT.'), { pointerType: 'pen' });
    expect(hover).toHaveBeenLastCalledWith('pen');
    expect(hover).toHaveBeenCalledTimes(3);
  });
});
