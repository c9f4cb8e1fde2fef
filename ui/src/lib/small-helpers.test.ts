import { describe, expect, it } from 'vitest';
import { artworkHue, initialsOf } from './artwork';
import { browseHref, parseBrowseSearch, parseLetter, parsePage } from './letters';
import { normalizeSearchQuery, searchPath, searchTarget } from './search-query';
import { ARTIST_SWIPE, DEFAULT_SWIPE, detectSwipe, TOP10_SWIPE } from './swipe';
import { titles } from './titles';
import { truncateLink } from './truncate';
import { getSearchParam } from './url';

describe('search query', () => {
  it('trims and ignores empty text', () => {
    expect(normalizeSearchQuery('  Daft Punk  ')).toBe('Daft Punk');
    expect(normalizeSearchQuery('   ')).toBeNull();
    expect(normalizeSearchQuery(undefined)).toBeNull();
    expect(searchTarget('   ')).toBeNull();
  });

  it('navigates to /search/{encoded query}', () => {
    expect(searchTarget('  AC/DC ')).toBe('/search/AC%2FDC');
    expect(searchPath('hip hop')).toBe('/search/hip%20hop');
    expect(searchPath('<script>')).toBe('/search/%3Cscript%3E');
  });
});

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

describe('titles', () => {
  it('match the spec', () => {
    expect(titles.home()).toBe('Sound Atlas - Explore Your World of Music');
    expect(titles.browse()).toBe('Browse Artists - Sound Atlas');
    expect(titles.artist('Nirvana')).toBe('Nirvana - Sound Atlas');
    expect(titles.search('rock')).toBe('Search: rock - Sound Atlas');
    expect(titles.search(null)).toBe('Search - Sound Atlas');
    expect(titles.notFound()).toBe('404 Page Not Found');
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

describe('browse parameters', () => {
  it('parses letter and page leniently', () => {
    expect(parseLetter('b')).toBe('B');
    expect(parseLetter('#')).toBe('#');
    expect(parseLetter('AB')).toBeNull();
    expect(parseLetter('1')).toBeNull();
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('9999')).toBe(50);
    expect(parseBrowseSearch('?letter=%23&page=2&refresh=true')).toEqual({ letterParam: '#', letter: '#', page: 2, refresh: true });
    expect(parseBrowseSearch('')).toEqual({ letterParam: null, letter: 'A', page: 1, refresh: false });
  });

  it('builds real links', () => {
    expect(browseHref('#')).toBe('/browse?letter=%23');
    expect(browseHref('B', 2)).toBe('/browse?letter=B&page=2');
    expect(getSearchParam('?q=a+b&x=%2F', 'q')).toBe('a b');
    expect(getSearchParam('?q=a+b&x=%2F', 'x')).toBe('/');
    expect(getSearchParam('?q=a', 'missing')).toBeNull();
  });
});

describe('generated artwork', () => {
  it('uses initials and a hue derived from the first genre', () => {
    expect(initialsOf('The Rolling Stones')).toBe('RS');
    expect(initialsOf('Adele')).toBe('AD');
    expect(initialsOf('!!!')).toBe('♪');
    expect(artworkHue(['Rock', 'Pop'], 'x')).toBe(artworkHue(['rock'], 'y'));
    expect(artworkHue([], 'Adele')).toBeGreaterThanOrEqual(0);
  });
});
