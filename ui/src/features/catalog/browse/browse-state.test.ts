import { describe, expect, it } from 'vitest';
import { BROWSE_LETTER_KEY, BROWSE_PAGES_KEY, BROWSE_SCROLL_KEY, loadBrowseState, rememberPage, restoreHref, sanitizePages, saveScroll, saveSelection } from './browse-state';

describe('browse session state', () => {
  it('remembers the page per letter', () => {
    expect(rememberPage({ A: 2 }, 'B', 3)).toEqual({ A: 2, B: 3 });
    expect(sanitizePages({ A: 2, b: 4, AB: 1, C: 0, D: 'x', '#': 2 })).toEqual({ A: 2, B: 4, '#': 2 });
  });

  it('restores the last letter and its page, or nothing for the default', () => {
    expect(restoreHref({ letter: 'C', pages: { C: 3 }, scrollY: 0 })).toBe('/browse?letter=C&page=3');
    expect(restoreHref({ letter: '#', pages: {}, scrollY: 0 })).toBe('/browse?letter=%23');
    expect(restoreHref({ letter: null, pages: {}, scrollY: null })).toBeNull();
    expect(restoreHref({ letter: 'A', pages: { A: 2 }, scrollY: null })).toBe('/browse?letter=A&page=2');
  });

  it('round-trips through sessionStorage and ignores junk', () => {
    saveSelection('B', 2);
    saveSelection('C', 1);
    saveScroll(812.4);
    expect(loadBrowseState()).toEqual({ letter: 'C', pages: { B: 2, C: 1 }, scrollY: 812 });
    window.sessionStorage.setItem(BROWSE_LETTER_KEY, '"ZZ"');
    window.sessionStorage.setItem(BROWSE_PAGES_KEY, 'not json');
    window.sessionStorage.setItem(BROWSE_SCROLL_KEY, '-5');
    expect(loadBrowseState()).toEqual({ letter: null, pages: {}, scrollY: null });
  });
});
