import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, type VideoFavorite } from '../generated/contract';
import { createQueryClient } from '../lib/query-client';
import { FAVORITES_UPDATED_EVENT } from '../lib/visitor-library';
import { VideoFavoriteHeart } from './video-favorite-heart';

const row: VideoFavorite = {
  artistId: 3,
  videoId: 'fJ9rUzIMcZQ',
  folderId: null,
  title: 'Bohemian Rhapsody',
  description: '',
  thumbnail: '',
  url: 'https://www.youtube.com/watch?v=fJ9rUzIMcZQ',
  artistName: 'Queen',
  publishedAt: '',
};

function renderHeart(videos: VideoFavorite[]) {
  const client = createQueryClient();
  client.setQueryData([api.user()], { id: 1, email: 'ann@example.com' });
  client.setQueryData([api.videoFavorites()], videos);
  render(
    <QueryClientProvider client={client}>
      <VideoFavoriteHeart video={{ ...row, folderId: undefined }} />
    </QueryClientProvider>,
  );
  return client;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the video heart', () => {
  it('shows favorited again when the removal fails twice (tried once more after 500 ms)', async () => {
    const calls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      if (init?.method === 'DELETE') return new Response('{}', { status: 503 });
      return new Response(JSON.stringify([row]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const updated = vi.fn();
    window.addEventListener(FAVORITES_UPDATED_EVENT, updated);
    renderHeart([row]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from Favorites: Bohemian Rhapsody' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Remove from Favorites?' })).getByRole('button', { name: 'Remove' }));
    // At once the heart empties; then, after the retry fails too, it is favorited again.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to Favorites: Bohemian Rhapsody' })).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to remove video favorite'), { timeout: 3000 });
    expect(screen.getByRole('button', { name: 'Remove from Favorites: Bohemian Rhapsody' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.filter((call) => call.startsWith('DELETE'))).toEqual([
      `DELETE ${api.removeVideoFavorite(3, 'fJ9rUzIMcZQ')}`,
      `DELETE ${api.removeVideoFavorite(3, 'fJ9rUzIMcZQ')}`,
    ]);
    expect(updated).toHaveBeenCalled();
    window.removeEventListener(FAVORITES_UPDATED_EVENT, updated);
  });

  it('saves a video at the top level after "Add to Favorites?"', async () => {
    const bodies: unknown[] = [];
    let saved: VideoFavorite[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') {
        bodies.push(JSON.parse(String(init.body)));
        saved = [row];
        return new Response(JSON.stringify(row), { status: 201, headers: { 'Content-Type': 'application/json' } });
      }
      return new Response(JSON.stringify(String(input) === api.videoFavorites() ? saved : []), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    renderHeart([]);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Favorites: Bohemian Rhapsody' }));
    fireEvent.click(within(screen.getByRole('alertdialog', { name: 'Add to Favorites?' })).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from Favorites: Bohemian Rhapsody' })).toBeTruthy());
    expect(bodies).toEqual([expect.objectContaining({ artistId: 3, videoId: 'fJ9rUzIMcZQ', title: 'Bohemian Rhapsody' })]);
  });
});
