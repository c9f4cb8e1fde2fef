import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { makeArtist } from '../../../test/fixtures';

const link = 'https://www.youtube.com/@nirvana';
const videos = [
  { id: 'hTWKbfoikeg', title: 'Nirvana - Smells Like Teen Spirit', description: '', thumbnail: null, url: 'https://www.youtube.com/watch?v=hTWKbfoikeg', publishedAt: '', viewCount: null, duration: null },
];

function seeded(channel: { status: number; body: unknown }) {
  const artist = makeArtist({ soloVideoLink: link });
  return [
    { key: `/api/artists/${artist.id}`, status: 200, body: artist },
    { key: `/api/artists/${artist.id}/neighbors`, status: 200, body: { position: 1, total: 2, previousId: 7, nextId: 7 } },
    { key: `/api/artists/${artist.id}/related`, status: 200, body: [] },
    { key: `/api/artist/channel-videos?url=${encodeURIComponent(link)}`, ...channel },
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

  it('keeps the Watch on link alone when the channel has no videos or fails', () => {
    renderApp('/artist/42', seeded({ status: 400, body: { status: 400, error: 'Bad Request', message: 'Invalid YouTube URL' } }));
    const section = screen.getByRole('heading', { name: 'Featured Video' }).closest('section')!;
    expect(within(section).queryByRole('list')).toBeNull();
    expect(within(section).getByRole('link', { name: /Watch on YouTube/ })).toBeTruthy();
  });
});
