import { describe, expect, it } from 'vitest';
import type { NewSong } from '../../generated/contract';
import window from '../../../../crates/contract/cases/new-songs-window.json';
import { hasNewSongs } from './new-songs';

const song = (releaseDate: string | null, id: number): NewSong => ({
  id,
  songName: `Song ${id}`,
  artistName: 'Artist',
  thumbnail: null,
  videoId: null,
  amazonLink: null,
  releaseDate,
});

// The server's cases (content crate): the page says the strip shows only the latest
// releases exactly when the server found none within the window.
describe('Brand New Songs window', () => {
  for (const { today, weeks, dates, within } of window.cases) {
    it(`${today}, ${weeks} weeks: ${within.length} of ${dates.length} new`, () => {
      expect(hasNewSongs(dates.map(song), today, weeks)).toBe(within.length > 0);
    });
  }
});
