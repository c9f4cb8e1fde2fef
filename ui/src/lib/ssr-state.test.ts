import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, STATE_ELEMENT_ID, type RenderState } from '../generated/contract';
import { browserState, pageStart, readPageState } from './ssr-state';

const written: RenderState = {
  prefetched: [{ key: api.artist(1), status: 200, body: { id: 1, title: 'Queen' } }],
  fetchedAt: 1_763_740_000_000,
  year: 2026,
  today: '2026-01-02',
  origin: 'https://soundatlas.test',
  dataSaver: true,
  affiliate: true,
  newSongsWindowWeeks: 8,
};

function writeState(text: string | null): void {
  const element = document.createElement('script');
  element.id = STATE_ELEMENT_ID;
  element.type = 'application/json';
  if (text !== null) element.textContent = text;
  document.body.append(element);
}

afterEach(() => {
  document.getElementById(STATE_ELEMENT_ID)?.remove();
  document.getElementById('root')?.remove();
  vi.restoreAllMocks();
});

/** The document's `#root`, holding the server's markup or (a failed render) nothing. */
function writeRoot(html: string): void {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML = html;
  document.body.prepend(root);
}

describe('the page state', () => {
  it('is read whole from the element the server writes', () => {
    writeState(JSON.stringify(written));
    expect(readPageState(document)).toEqual(written);
  });

  it('is missing when the document has no state element, or an empty one', () => {
    expect(readPageState(document)).toBeNull();
    writeState(null);
    expect(readPageState(document)).toBeNull();
  });

  it('is missing, with an error logged, when its JSON does not parse (a document cut short)', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeState(JSON.stringify(written).slice(0, 40));
    expect(readPageState(document)).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('is missing when the JSON is not an object', () => {
    for (const text of ['null', '[]', '"state"', '42']) {
      document.getElementById(STATE_ELEMENT_ID)?.remove();
      writeState(text);
      expect(readPageState(document)).toBeNull();
    }
  });

  it("without the server's, the browser starts from no data, its own clock (UTC) and origin", () => {
    const now = Date.UTC(2026, 11, 31, 23, 30);
    expect(browserState(now, 'https://soundatlas.test')).toEqual({
      prefetched: [],
      fetchedAt: now,
      year: 2026,
      today: '2026-12-31',
      origin: 'https://soundatlas.test',
      dataSaver: false,
      affiliate: false,
      newSongsWindowWeeks: 8,
    });
  });

  it('hydrates the server\'s markup with the server\'s state', () => {
    writeRoot('<main><h1>Queen</h1></main>');
    writeState(JSON.stringify(written));
    expect(pageStart(document, 0, 'https://elsewhere.test')).toEqual({ state: written, hydrate: true });
  });

  it('renders from the server\'s state when its render failed (an empty root)', () => {
    writeRoot('');
    writeState(JSON.stringify(written));
    expect(pageStart(document, 0, 'https://elsewhere.test')).toEqual({ state: written, hydrate: false });
  });

  it('never hydrates markup without its state: the page is rendered afresh from the browser\'s own', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeRoot('<main><h1>Queen</h1></main>');
    const now = Date.UTC(2026, 0, 2);
    const afresh = { state: browserState(now, 'https://soundatlas.test'), hydrate: false };
    expect(pageStart(document, now, 'https://soundatlas.test')).toEqual(afresh);
    writeState('{"prefetched": [');
    expect(pageStart(document, now, 'https://soundatlas.test')).toEqual(afresh);
    expect(logged).toHaveBeenCalledOnce();
  });
});
