import { describe, expect, it } from 'vitest';
import { artworkHue, initialsOf } from './artwork';
import { ARTIST_SWIPE, DEFAULT_SWIPE, detectSwipe, TOP10_SWIPE } from './swipe';
import { truncateLink } from './truncate';

describe('truncateLink', () => {
  it('keeps links of at most 50 characters', () => {
    const fifty = `https://example.com/${'a'.repeat(30)}`;
    expect(fifty).toHaveLength(50);
    expect(truncateLink(fifty)).toBe(fifty);
  });

  it('cuts longer links to 47 characters plus "..."', () => {
    const long = `https://example.com/${'b'.repeat(60)}`;
    const result = truncateLink(long);
    expect(result).toHaveLength(50);
    expect(result).toBe(`${long.slice(0, 47)}...`);
  });
});

describe('swipe thresholds', () => {
  it('artist page: at least 80 px horizontal, at most 150 px vertical drift', () => {
    expect(detectSwipe(-80, 0, ARTIST_SWIPE)).toBe('left');
    expect(detectSwipe(80, 150, ARTIST_SWIPE)).toBe('right');
    expect(detectSwipe(79, 0, ARTIST_SWIPE)).toBeNull();
    expect(detectSwipe(-200, 151, ARTIST_SWIPE)).toBeNull();
    expect(detectSwipe(-200, -150, ARTIST_SWIPE)).toBe('left');
  });

  it('default: at least 50 px horizontal, under 100 px drift; top 10: 100 px, under 150 px', () => {
    expect(detectSwipe(50, 99, DEFAULT_SWIPE)).toBe('right');
    expect(detectSwipe(50, 100, DEFAULT_SWIPE)).toBeNull();
    expect(detectSwipe(99, 0, TOP10_SWIPE)).toBeNull();
    expect(detectSwipe(-100, 149, TOP10_SWIPE)).toBe('left');
    expect(detectSwipe(-100, 150, TOP10_SWIPE)).toBeNull();
  });
});

describe('generated artwork', () => {
  it('uses initials and a hue in the family of the first genre', () => {
    expect(initialsOf('The Rolling Stones')).toBe('RS');
    expect(initialsOf('Adele')).toBe('A');
    expect(initialsOf('The Beatles')).toBe('B');
    expect(initialsOf('!!!')).toBe('♪');
    const rock = artworkHue(['Rock', 'Pop'], 'x');
    const sameGenre = artworkHue(['rock'], 'y');
    const apart = Math.min(Math.abs(rock - sameGenre), 360 - Math.abs(rock - sameGenre));
    expect(apart).toBeLessThanOrEqual(60);
    expect(artworkHue(['Rock'], 'x')).toBe(rock);
    expect(artworkHue([], 'Adele')).toBeGreaterThanOrEqual(0);
  });

  it('reads initials as a person would: digits and punctuation skipped', () => {
    expect(initialsOf('10,000 Maniacs')).toBe('M');
    expect(initialsOf('30 Seconds to Mars')).toBe('SM');
    expect(initialsOf('3 Doors Down')).toBe('DD');
    expect(initialsOf('AC/DC')).toBe('AD');
    expect(initialsOf('AC/DC')).not.toBe(initialsOf('Adele'));
    expect(initialsOf('B.B. King')).toBe('BK');
    // A name with no word starting with a letter keeps its first character.
    expect(initialsOf('311')).toBe('3');
    expect(initialsOf('2Pac')).toBe('2');
  });
});
