import { describe, expect, it } from 'vitest';
import part1 from '../../../assets/seed/artists/part-1.json';
import part2 from '../../../assets/seed/artists/part-2.json';
import part3 from '../../../assets/seed/artists/part-3.json';
import pictures from '../../../crates/contract/cases/artwork-pictures.json';
import { artworkPicture, images } from '../generated/contract';
import { artworkHue, initialsOf } from './artwork';

/** The seed catalogue, as the site lists it under each browse letter. */
const seed: Array<{ title: string; genres: string[] }> = [...part1, ...part2, ...part3];

describe('generated artwork over the seed catalogue', () => {
  it('never gives two artists under one browse letter the same picture', () => {
    const byLetter = new Map<string, Map<string, string>>();
    const clashes: string[] = [];
    for (const artist of seed) {
      const letter = /^[a-z]/i.test(artist.title) ? artist.title[0]!.toUpperCase() : '#';
      const pictures = byLetter.get(letter) ?? new Map<string, string>();
      byLetter.set(letter, pictures);
      const url = images.artwork(artworkHue(artist.genres, artist.title), initialsOf(artist.title));
      const other = pictures.get(url);
      if (other) clashes.push(`${other} / ${artist.title}: ${url}`);
      pictures.set(url, artist.title);
    }
    expect(clashes).toEqual([]);
  });
});

// The server draws initials of at most `maxInitials` letters or digits (or ♪), the shared
// cases' bound (crates/contract), and refuses others: what the UI writes must be drawn.
describe('initials the server draws', () => {
  it('are what the UI writes for every seed artist, and for letters with long capitals', () => {
    const titles = [...seed.map((artist) => artist.title), 'ßtraße Boß', 'ﬃx ﬂow', 'ΐa ΰb', 'The 1975', '!!!'];
    const refused = titles
      .map((title) => [title, initialsOf(title)] as const)
      .filter(([, initials]) => {
        const count = Array.from(initials).length;
        return count < 1 || count > pictures.maxInitials || !/^([\p{L}\p{N}]+|♪)$/u.test(initials);
      });
    expect(refused).toEqual([]);
  });

  it('are one character each, the first of its capital', () => {
    expect(['ßtraße Boß', 'ﬃx ﬂow', 'The Beatles', '311'].map(initialsOf)).toEqual(['SB', 'FF', 'B', '3']);
  });
});

// The server's cases (contract crate): the page draws the picture the server sends.
describe('the generated artwork picture', () => {
  for (const { hue, initials, end, size } of pictures.cases) {
    it(`${hue} ${initials}: dark end ${end}, letters ${size}`, () => {
      const picture = artworkPicture(hue, initials);
      expect(picture).toContain(`stop-color="hsl(${hue} 70% 46%)"`);
      expect(picture).toContain(`stop-color="hsl(${end} 65% 20%)"`);
      expect(picture).toContain(`font-size="${size}"`);
      expect(picture.endsWith(`>${initials}</text></svg>`)).toBe(true);
    });
  }
});
