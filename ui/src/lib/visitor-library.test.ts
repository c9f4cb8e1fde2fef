import { describe, expect, it } from 'vitest';
import type { FavoriteFolder, VideoFavorite } from '../generated/contract';
import { makeArtist } from '../test/fixtures';
import { folderTrackCount, folderTracks, playlistItems, viewItems } from './visitor-library';

const queen = makeArtist({ id: 1, title: 'Queen', genres: ['Rock'], soloVideoLink: 'https://www.youtube.com/@queenofficial' });
const adele = makeArtist({ id: 2, title: 'Adele', genres: ['Soul'], soloVideoLink: null });
const video = (videoId: string, folderId: number | null, url = `https://www.youtube.com/watch?v=${videoId}`): VideoFavorite => ({
  artistId: 3,
  videoId,
  folderId,
  title: `Video ${videoId}`,
  description: '',
  thumbnail: '',
  url,
  artistName: 'Daft Punk',
  publishedAt: '2020-01-01',
});
const folder: FavoriteFolder = { id: 7, name: 'Evening', createdAt: '2026-01-01T00:00:00Z', artists: [queen, adele] };

describe('the library items the favorites pages and the player share', () => {
  it("Play All's tracks: only items with a video link, each naming its artist (a video favorite its original artist)", () => {
    const items = playlistItems(viewItems([queen, adele], [video('aaaaaaaaaaa', null)], null));
    expect(items).toEqual([
      { id: '1', title: 'Queen', soloVideoLink: 'https://www.youtube.com/@queenofficial', genres: ['Rock'], imageUrl: queen.imageUrl, artist: 'Queen' },
      { id: '3-aaaaaaaaaaa', title: 'Video aaaaaaaaaaa', soloVideoLink: 'https://www.youtube.com/watch?v=aaaaaaaaaaa', genres: ['Music Video', 'YouTube'], imageUrl: null, artist: 'Daft Punk' },
    ]);
  });

  it("a folder's tracks are its playable artists, then its own playable video favorites", () => {
    const videos = [video('aaaaaaaaaaa', 7), video('bbbbbbbbbbb', null), video('ccccccccccc', 8), video('ddddddddddd', 7, '  ')];
    expect(folderTracks(folder, videos).map((track) => track.id)).toEqual(['1', '3-aaaaaaaaaaa']);
    // The folder page's heading counts everything the folder holds.
    expect(folderTrackCount(folder, videos)).toBe(4);
    expect(folderTracks({ ...folder, artists: [adele] }, [])).toEqual([]);
  });
});
