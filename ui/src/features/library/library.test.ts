import { describe, expect, it } from 'vitest';
import type { Artist, FavoriteFolder, VideoFavorite } from '../../generated/contract';
import { makeArtist } from '../../test/fixtures';
import { addable, filterItems, isVideoItem, trackCount, videoPseudoArtist } from './library';

const artist = (id: number, title: string, genres: string[]): Artist =>
  makeArtist({ id, title, genres, bio: null, bioSourceLink: null, spotifyLink: null, tidalLink: null, funFact: null, externalId: `a${id}`, year: null, origin: null, country: null });

const video: VideoFavorite = {
  artistId: 7,
  videoId: 'dQw4w9WgXcQ',
  folderId: null,
  title: 'Live at the Hall',
  description: '',
  thumbnail: 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
  url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  artistName: 'Queen',
  publishedAt: '2024-01-01',
};

describe('video favorites as pseudo-artists', () => {
  it('are cards: id artistId-videoId, genres Music Video and YouTube, the thumbnail as image, the video as link', () => {
    const pseudo = videoPseudoArtist(video);
    expect(pseudo.id).toBe('7-dQw4w9WgXcQ');
    expect(pseudo.externalId).toBe('video-7-dQw4w9WgXcQ');
    expect(pseudo.genres).toEqual(['Music Video', 'YouTube']);
    expect(pseudo.bio).toBe('Music video by Queen');
    expect(pseudo.imageUrl).toBe(video.thumbnail);
    expect(pseudo.soloVideoLink).toBe(video.url);
    expect(pseudo.originalArtistId).toBe(7);
    expect(pseudo.originalArtistName).toBe('Queen');
    expect(isVideoItem(pseudo)).toBe(true);
    expect(isVideoItem(artist(7, 'Queen', []))).toBe(false);
  });
});

describe('the favorites search', () => {
  const items = [artist(1, 'Queen', ['Rock']), artist(2, 'Miles Davis', ['Jazz', 'Bebop']), videoPseudoArtist(video)];
  it('filters by title or any genre, case-insensitively', () => {
    expect(filterItems(items, 'queen').map((i) => i.id)).toEqual([1]);
    expect(filterItems(items, 'BEBOP').map((i) => i.id)).toEqual([2]);
    expect(filterItems(items, 'music video').map((i) => i.id)).toEqual(['7-dQw4w9WgXcQ']);
    expect(filterItems(items, '   ')).toHaveLength(3);
    expect(filterItems(items, 'polka')).toEqual([]);
  });
});

describe('folders', () => {
  it('count tracks in words', () => {
    expect(trackCount(0)).toBe('0 tracks');
    expect(trackCount(1)).toBe('1 track');
    expect(trackCount(2)).toBe('2 tracks');
  });
  it('offer only favorites not yet in the folder', () => {
    const favorites = [artist(1, 'Queen', []), artist(2, 'Blur', [])];
    const folder: FavoriteFolder = { id: 9, name: 'Mine', createdAt: '', artists: [artist(2, 'Blur', [])] };
    expect(addable(favorites, [], folder).map((c) => c.title)).toEqual(['Queen']);
    expect(addable(favorites, [], { ...folder, artists: favorites })).toEqual([]);
  });
  it('offer top-level video favorites not yet saved in the folder', () => {
    const video = (videoId: string, folderId: number | null): VideoFavorite => ({
      artistId: 1,
      videoId,
      folderId,
      title: `Video ${videoId}`,
      description: '',
      thumbnail: '',
      url: `https://www.youtube.com/watch?v=${videoId}`,
      artistName: 'Queen',
      publishedAt: '',
    });
    const folder: FavoriteFolder = { id: 9, name: 'Mine', createdAt: '', artists: [] };
    const videos = [video('aaaaaaaaaaa', null), video('bbbbbbbbbbb', null), video('bbbbbbbbbbb', 9), video('ccccccccccc', 4)];
    const candidates = addable([], videos, folder);
    expect(candidates.map((c) => c.title)).toEqual(['Video aaaaaaaaaaa']);
    expect('video' in candidates[0] && candidates[0].video.videoId).toBe('aaaaaaaaaaa');
  });
});
