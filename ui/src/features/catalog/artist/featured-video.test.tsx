import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../generated/contract';
import { SHOW_LOGIN_EVENT } from '../../../lib/events';
import { renderApp } from '../../../test/render-app';
import { makeArtist } from '../../../test/fixtures';

const link = 'https://www.youtube.com/@nirvana';
const videos = [
  { id: 'hTWKbfoikeg', title: 'Nirvana - Smells Like Teen Spirit', description: '', thumbnail: null, url: 'https://www.youtube.com/watch?v=hTWKbfoikeg', publishedAt: '', viewCount: null, duration: null },
];

function seeded(channel: { status: number; body: unknown }) {
  const artist = makeArtist({ soloVideoLink: link });
  return [
    { key: api.artist(artist.id), status: 200, body: artist },
    { key: api.neighbors(artist.id), status: 200, body: { position: 1, total: 2, previousId: 7, nextId: 7 } },
    { key: api.related(artist.id), status: 200, body: [] },
    { key: api.artistChannelVideos(link), ...channel },
  ];
}

describe('Featured Video', () => {
  it("lists the channel's latest videos above the Watch on link", () => {
    renderApp('/artist/42', seeded({ status: 200, body: videos }));
    const section = screen.getByRole('heading', { name: 'Featured Video' }).closest('section')!;
    const list = within(section).getByRole('list', { name: 'Latest videos of Nirvana' });
    expect(within(list).getByRole('link', { name: 'Nirvana - Smells Like Teen Spirit' }).getAttribute('href')).toBe('https://www.youtube.com/watch?v=hTWKbfoikeg');
    expect(within(section).getByRole('link', { name: /Watch on YouTube/ }).getAttribute('href')).toBe(link);
  });

  it('keeps each video a 16:9 picture box when its thumbnail fails, the title under it', () => {
    const { container } = renderApp('/artist/42', seeded({ status: 200, body: videos }));
    const tile = container.querySelector('.featured-video')!;
    const box = () => tile.firstElementChild!;
    expect(box().className).toBe('featured-video-thumb');
    fireEvent.error(box().querySelector('img')!);
    expect(box().className).toBe('featured-video-thumb');
    expect(box().querySelector('img')).toBeNull();
    expect(box().nextElementSibling?.textContent).toBe('Nirvana - Smells Like Teen Spirit');
  });

  it('keeps the Watch on link alone when the channel has no videos or fails', () => {
    renderApp('/artist/42', seeded({ status: 400, body: { status: 400, error: 'Bad Request', message: 'Invalid YouTube URL' } }));
    const section = screen.getByRole('heading', { name: 'Featured Video' }).closest('section')!;
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).getByRole('link', { name: /Watch on YouTube/ })).toBeTruthy();
  });

  it('puts a favorite heart on each video: filled when it is a video favorite, the login dialog when signed out', () => {
    const opened = vi.fn();
    window.addEventListener(SHOW_LOGIN_EVENT, opened);
    const { unmount } = renderApp('/artist/42', seeded({ status: 200, body: videos }));
    fireEvent.click(screen.getByRole('button', { name: 'Add to Favorites: Nirvana - Smells Like Teen Spirit' }));
    expect(opened).toHaveBeenCalledTimes(1);
    window.removeEventListener(SHOW_LOGIN_EVENT, opened);
    unmount();

    const saved = { artistId: 42, videoId: 'hTWKbfoikeg', folderId: null, title: videos[0]!.title, description: '', thumbnail: '', url: videos[0]!.url, artistName: 'Nirvana', publishedAt: '' };
    renderApp('/artist/42', [
      ...seeded({ status: 200, body: videos }),
      { key: api.user(), status: 200, body: { id: 1, email: 'ann@example.com' } },
      { key: api.videoFavorites(), status: 200, body: [saved] },
    ]);
    const heart = screen.getByRole('button', { name: 'Remove from Favorites: Nirvana - Smells Like Teen Spirit' });
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });
});
