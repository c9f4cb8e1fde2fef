import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api, type FavoriteFolder, type VideoFavorite } from '../../generated/contract';
import { makeArtist } from '../../test/fixtures';
import { LoadFolder } from './full-player';
import type { PlayerControls } from './playlist-state';

const withVideo = (id: number, title: string) => makeArtist({ id, title, genres: ['Rock'], soloVideoLink: `https://www.youtube.com/watch?v=artistVid0${id}` });
const noVideo = (id: number, title: string) => makeArtist({ id, title, genres: ['Pop'], soloVideoLink: null });
const video = (videoId: string, folderId: number | null): VideoFavorite => ({
  artistId: 9,
  videoId,
  folderId,
  title: `Clip ${videoId}`,
  description: '',
  thumbnail: '',
  url: `https://www.youtube.com/watch?v=${videoId}`,
  artistName: 'Daft Punk',
  publishedAt: '2020-01-01',
});
const folder = (id: number, name: string, artists: FavoriteFolder['artists']): FavoriteFolder => ({ id, name, createdAt: '2026-01-01T00:00:00Z', artists });

function setup(folders: FavoriteFolder[], videos: VideoFavorite[]) {
  const client = new QueryClient();
  client.setQueryData([api.favoriteFolders()], folders);
  client.setQueryData([api.videoFavorites()], videos);
  const controls: PlayerControls = { dispatch: vi.fn(), play: vi.fn(), seek: vi.fn() };
  render(
    <QueryClientProvider client={client}>
      <LoadFolder controls={controls} />
    </QueryClientProvider>,
  );
  return { play: controls.play as ReturnType<typeof vi.fn>, select: screen.getByRole('combobox', { name: 'Load Folder' }) as HTMLSelectElement };
}

describe('Load Folder', () => {
  it('counts what the folder holds and what of it has no video, and plays exactly what has one', () => {
    const evening = folder(1, 'Evening', [withVideo(1, 'Queen'), noVideo(2, 'Adele'), withVideo(3, 'Muse')]);
    const { play, select } = setup([evening], [video('clipVideo01', 1), video('clipVideo02', null)]);
    const option = screen.getByRole('option', { name: 'Evening (4 tracks, 1 without a video)' }) as HTMLOptionElement;
    expect(option.disabled).toBe(false);
    fireEvent.change(select, { target: { value: '1' } });
    expect(play).toHaveBeenCalledTimes(1);
    const request = play.mock.calls[0]![0];
    expect(request).toMatchObject({ name: 'Evening', startIndex: 0, isPlaylist: true });
    expect(request.items.map((item: { title: string; artist?: string }) => [item.title, item.artist])).toEqual([
      ['Queen', 'Queen'],
      ['Muse', 'Muse'],
      ['Clip clipVideo01', 'Daft Punk'],
    ]);
  });

  it('a folder of video favorites only counts and plays them', () => {
    const { play, select } = setup([folder(4, 'Clips', [])], [video('clipVideo03', 4)]);
    expect(screen.getByRole('option', { name: 'Clips (1 track)' })).toBeTruthy();
    fireEvent.change(select, { target: { value: '4' } });
    expect(play.mock.calls[0]![0].items).toHaveLength(1);
  });

  it('lists a folder with nothing to play as disabled, saying what it holds, and choosing it plays nothing', () => {
    const { play, select } = setup([folder(2, 'Quiet', [noVideo(2, 'Adele')]), folder(3, 'Empty', []), folder(5, 'Ballads', [noVideo(5, 'Sade'), noVideo(6, 'Enya')])], []);
    expect((screen.getByRole('option', { name: 'Quiet (1 track without a video)' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'Ballads (2 tracks without a video)' }) as HTMLOptionElement).disabled).toBe(true);
    expect((screen.getByRole('option', { name: 'Empty (0 tracks)' }) as HTMLOptionElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: '2' } });
    expect(play).not.toHaveBeenCalled();
  });

  it('signed out (no folders): a disabled "No folders available"', () => {
    setup([], []);
    expect((screen.getByRole('option', { name: 'No folders available' }) as HTMLOptionElement).disabled).toBe(true);
  });
});
