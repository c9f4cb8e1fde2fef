import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import deletion from '../../../crates/contract/cases/folder-deletion.json';
import { api, type Artist, type FavoriteFolder, type VideoFavorite } from '../generated/contract';
import { makeArtist } from '../test/fixtures';
import { folderTrackCount, folderTracks, playlistItems, returnFolderToTopLevel, viewItems } from './visitor-library';

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

describe('a deleted folder in the cached lists, before they are read again', () => {
  type Video = { artist: number; video: string; folder: string | null };
  // The server's tests read the same cases (crates/library/tests/library/routes.rs).
  it.each(deletion.cases.map((c, n) => [n, c] as const))('does what the server does: case %i', (_, c) => {
    const names = Object.keys(c.folders);
    const folderId = (name: string | null) => (name === null ? null : names.indexOf(name) + 1);
    const artist = (id: number): Artist => makeArtist({ id, title: `Artist ${id}` });
    const videos = (list: Video[]): VideoFavorite[] =>
      list.map((v) => ({ ...video(v.video, folderId(v.folder)), artistId: v.artist }));
    const client = new QueryClient();
    client.setQueryData([api.favorites()], c.favorites.map(artist));
    client.setQueryData(
      [api.favoriteFolders()],
      Object.entries(c.folders).map(([name, held]): FavoriteFolder => ({ id: folderId(name)!, name, createdAt: '2026-01-01T00:00:00Z', artists: held.map(artist) })),
    );
    client.setQueryData([api.videoFavorites()], videos(c.videos));

    returnFolderToTopLevel(client, folderId(c.deleted)!);

    const favorites = client.getQueryData<Artist[]>([api.favorites()])!.map((a) => a.id);
    expect(favorites).toHaveLength(new Set(favorites).size);
    expect([...favorites].sort()).toEqual([...c.after.favorites].sort());
    const folders = client.getQueryData<FavoriteFolder[]>([api.favoriteFolders()])!;
    expect(Object.fromEntries(folders.map((f) => [f.name, f.artists.map((a) => a.id).sort()]))).toEqual(
      Object.fromEntries(Object.entries(c.after.folders).map(([name, held]) => [name, [...held].sort()])),
    );
    const key = (v: VideoFavorite) => `${v.artistId} ${v.videoId} ${v.folderId}`;
    expect(client.getQueryData<VideoFavorite[]>([api.videoFavorites()])!.map(key).sort()).toEqual(videos(c.after.videos).map(key).sort());
  });
});
