import { afterEach, describe, expect, it } from 'vitest';
import { isInHorizontalScroller } from './swipe';

/** Gives an element a scrolled width beyond its box (jsdom lays nothing out). */
function overflowing(element: HTMLElement, scrollWidth: number, clientWidth: number): HTMLElement {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
  return element;
}

function build(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.appendChild(root);
  return root;
}

describe('isInHorizontalScroller (swipes that start in horizontally scrollable areas are ignored)', () => {
  afterEach(() => document.body.replaceChildren());

  it('is true for a touch on an element inside a row that scrolls sideways (overflow-x auto or scroll)', () => {
    for (const overflow of ['auto', 'scroll']) {
      const root = build(`<div class="dialog"><ul class="strip" style="overflow-x:${overflow}"><li><a><span class="title">Song</span></a></li></ul></div>`);
      overflowing(root.querySelector<HTMLElement>('.strip')!, 1200, 390);
      expect(isInHorizontalScroller(root.querySelector('.title'), root), overflow).toBe(true);
      // The scroller itself counts too.
      expect(isInHorizontalScroller(root.querySelector('.strip'), root), overflow).toBe(true);
    }
  });

  it('is false where nothing scrolls sideways: a row that fits, hidden overflow, or vertical-only scrolling', () => {
    const root = build(`
      <div class="fits" style="overflow-x:auto"><span class="a">a</span></div>
      <div class="clipped" style="overflow-x:hidden"><span class="b">b</span></div>
      <div class="visible"><span class="c">c</span></div>`);
    overflowing(root.querySelector<HTMLElement>('.fits')!, 390, 390);
    overflowing(root.querySelector<HTMLElement>('.clipped')!, 1200, 390);
    overflowing(root.querySelector<HTMLElement>('.visible')!, 1200, 390);
    expect(isInHorizontalScroller(root.querySelector('.a'), root)).toBe(false);
    expect(isInHorizontalScroller(root.querySelector('.b'), root)).toBe(false);
    expect(isInHorizontalScroller(root.querySelector('.c'), root)).toBe(false);
  });

  it('tolerates a pixel of rounding (scrollWidth one more than clientWidth is not a scroller)', () => {
    const root = build('<div class="row" style="overflow-x:auto"><span class="x">x</span></div>');
    overflowing(root.querySelector<HTMLElement>('.row')!, 391, 390);
    expect(isInHorizontalScroller(root.querySelector('.x'), root)).toBe(false);
  });

  it('is true inside an element marked data-swipe-ignore', () => {
    const root = build('<div data-swipe-ignore><input class="slider" type="range" /></div>');
    expect(isInHorizontalScroller(root.querySelector('.slider'), root)).toBe(true);
  });

  it('looks no further up than the element given (the overlay), nor past the body', () => {
    const root = build('<div class="page" style="overflow-x:auto"><div class="overlay"><p class="text">t</p></div></div>');
    overflowing(root.querySelector<HTMLElement>('.page')!, 2000, 390);
    const overlay = root.querySelector('.overlay');
    expect(isInHorizontalScroller(root.querySelector('.text'), overlay)).toBe(false);
    expect(isInHorizontalScroller(root.querySelector('.text'))).toBe(true);
    overflowing(document.body, 2000, 390);
    document.body.style.overflowX = 'auto';
    expect(isInHorizontalScroller(document.body)).toBe(false);
    document.body.style.overflowX = '';
  });

  it('is false for a target that is not an element (a text node, the window, nothing)', () => {
    const root = build('<div style="overflow-x:auto">text</div>');
    overflowing(root.firstElementChild as HTMLElement, 2000, 390);
    expect(isInHorizontalScroller(root.firstElementChild!.firstChild)).toBe(false);
    expect(isInHorizontalScroller(window)).toBe(false);
    expect(isInHorizontalScroller(null)).toBe(false);
  });
});
