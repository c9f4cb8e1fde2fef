import { describe, expect, it } from 'vitest';
import type { PlaylistItem } from '../../lib/events';
import { mediaMetadata } from './player';
import { initialState, playerReducer } from './playlist-state';

const items: PlaylistItem[] = [
  { id: '1', title: 'Bohemian Rhapsody', soloVideoLink: 'https://youtu.be/fJ9rUzIMcZQ', genres: ['Rock'], artist: 'Queen', imageUrl: 'https://img.example/queen.jpg' },
  { id: '2', title: 'Untitled', soloVideoLink: 'https://youtu.be/mediaSess02', genres: [] },
  { id: '3-abcdefghijk', title: 'Live at the Park', soloVideoLink: 'https://youtu.be/abcdefghijk', genres: ['Music Video', 'YouTube'], artist: '  ' },
];

const at = (startIndex: number) => playerReducer(initialState, { type: 'load', request: { items, name: 'Road Trip', startIndex } });

describe('the lock screen (Media Session metadata)', () => {
  it("names the track's artist, not the playlist", () => {
    expect(mediaMetadata(at(0))).toEqual({ title: 'Bohemian Rhapsody', artist: 'Queen', album: 'Sound Atlas', artwork: [{ src: 'https://img.example/queen.jpg' }] });
  });

  it('falls back to the playlist name when the track names no artist, with the video thumbnail as artwork', () => {
    expect(mediaMetadata(at(1))).toEqual({
      title: 'Untitled',
      artist: 'Road Trip',
      album: 'Sound Atlas',
      artwork: [{ src: 'https://i.ytimg.com/vi/mediaSess02/hqdefault.jpg', sizes: '480x360', type: 'image/jpeg' }],
    });
    expect(mediaMetadata(at(2))?.artist).toBe('Road Trip');
  });

  it('shows nothing without a track', () => {
    expect(mediaMetadata(initialState)).toBeNull();
  });
});
