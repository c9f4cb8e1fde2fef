import { afterEach, describe, expect, it, vi } from 'vitest';
import { STATE_ELEMENT_ID, type RenderState } from '../generated/contract';
import { browserState, readPageState } from './ssr-state';

const written: RenderState = {
  prefetched: [{ key: '/api/artists/1', status: 200, body: { id: 1, title: 'Queen' } }],
  fetchedAt: 1_763_740_000_000,
  year: 2026,
  today: '2026-01-02',
  origin: 'https://soundatlas.test',
  dataSaver: true,
  affiliate: true,
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
  vi.restoreAllMocks();
});

describe('the page state', () => {
  it('is read whole from the element the server writes', () => {
    writeState(JSON.stringify(written));
    expect(readPageState()).toEqual(written);
  });

  it('is missing when the document has no state element, or an empty one', () => {
    expect(readPageState()).toBeNull();
    writeState(null);
    expect(readPageState()).toBeNull();
  });

  it('is missing, with an error logged, when its JSON does not parse (a document cut short)', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    writeState(JSON.stringify(written).slice(0, 40));
    expect(readPageState()).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });

  it('is missing when the JSON is not an object', () => {
    for (const text of ['null', '[]', '"state"', '42']) {
      document.getElementById(STATE_ELEMENT_ID)?.remove();
      writeState(text);
      expect(readPageState()).toBeNull();
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
    });
  });
});
