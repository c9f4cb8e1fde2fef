import { describe, expect, it } from 'vitest';
import type { NewSong, TopTenEntry } from '../../generated/contract';
import { overlayVideos, preloadWindow } from './video-overlay';

const entry = (rank: number, youtubeLink: string | null): TopTenEntry => ({
  weekOf: '2026-11-23',
  source: 'Test Chart',
  picks: false,
  rank,
  songName: `Song ${rank}`,
  artist: `Artist ${rank}`,
  youtubeLink,
  amazonLink: rank === 1 ? 'https://www.amazon.com/dp/B000000001' : null,
  thumbnailUrl: null,
});

describe('the full-screen video overlays', () => {
  it('keep every entry of the chart, in order, entries without a valid video included, and start on the one clicked', () => {
    const entries = [entry(1, 'https://www.youtube.com/watch?v=aaaaaaaaaaa'), entry(2, null), entry(3, 'https://youtu.be/ccccccccccc'), entry(4, 'https://youtu.be/bad')];
    const { videos, start } = overlayVideos({ kind: 'topTen', entries, index: 2 });
    expect(videos.map((video) => [video.rank, video.videoId])).toEqual([
      [1, 'aaaaaaaaaaa'],
      [2, null],
      [3, 'ccccccccccc'],
      [4, null],
    ]);
    expect(start).toBe(2);
    expect(videos[0]?.buyLink).toBe('https://www.amazon.com/dp/B000000001');
    // Clicking an entry with no video starts on it (its card state).
    expect(overlayVideos({ kind: 'topTen', entries, index: 1 }).start).toBe(1);
    expect(overlayVideos({ kind: 'topTen', entries, index: 9 }).start).toBe(0);
  });

  it('read new songs by their video id', () => {
    const song: NewSong = { id: 7, songName: 'Fresh', artistName: 'Someone', thumbnail: null, videoId: 'ddddddddddd', amazonLink: null, releaseDate: null } as NewSong;
    const { videos } = overlayVideos({ kind: 'newSongs', songs: [song, { ...song, id: 8, videoId: null }], index: 0 });
    expect(videos).toEqual([
      { key: 'new-7-ddddddddddd', title: 'Fresh', artist: 'Someone', videoId: 'ddddddddddd', thumbnail: null, rank: null, buyLink: null },
      { key: 'new-8-none', title: 'Fresh', artist: 'Someone', videoId: null, thumbnail: null, rank: null, buyLink: null },
    ]);
  });

  it('preload the current video and its two neighbours, never more than 3, wrapping around', () => {
    expect(preloadWindow(0, 10)).toEqual([0, 1, 9]);
    expect(preloadWindow(9, 10)).toEqual([9, 0, 8]);
    expect(preloadWindow(0, 2)).toEqual([0, 1]);
    expect(preloadWindow(0, 1)).toEqual([0]);
    expect(preloadWindow(0, 0)).toEqual([]);
  });

  it('with the data saver on, load the current video alone', () => {
    expect(preloadWindow(0, 10, true)).toEqual([0]);
    expect(preloadWindow(9, 10, true)).toEqual([9]);
    expect(preloadWindow(0, 0, true)).toEqual([]);
  });
});
