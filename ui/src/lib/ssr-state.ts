import { NEW_SONGS_WINDOW_WEEKS, STATE_ELEMENT_ID, type RenderState } from '../generated/contract';

/**
 * The page state the server wrote into the document (`<script id="sa-state"
 * type="application/json">`, the contract's `RenderState`, serialized by the server from
 * that same type), or null when the document has none the browser can read: the element
 * is missing or empty, or its JSON does not parse to an object. A page served by this
 * server always carries one; a document without it was not (or was cut short).
 */
export function readPageState(doc: Document): RenderState | null {
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const state: unknown = JSON.parse(text);
    return state !== null && typeof state === 'object' && !Array.isArray(state) ? (state as RenderState) : null;
  } catch (error) {
    console.error('Could not read the page state', error);
    return null;
  }
}

/**
 * How the browser starts the page in `doc`: from the server's state, hydrating the
 * markup the server rendered into `#root` (none when its render failed: the browser
 * renders from the state). Markup is hydrated only with the state it was rendered from:
 * without a state it can read, the browser renders the page afresh from
 * `browserState`, fetching its data.
 */
export function pageStart(doc: Document, now: number, origin: string): { state: RenderState; hydrate: boolean } {
  const written = readPageState(doc);
  const rendered = doc.getElementById('root')?.firstElementChild != null;
  return written ? { state: written, hydrate: rendered } : { state: browserState(now, origin), hydrate: false };
}

/**
 * The state of a page the browser renders without the server's: no data (every read
 * is fetched), the browser's clock (UTC, as the server's) and its own origin, the data
 * saver and affiliate notices off, Brand New Songs' default window.
 */
export function browserState(now: number, origin: string): RenderState {
  const date = new Date(now);
  return {
    prefetched: [],
    fetchedAt: now,
    year: date.getUTCFullYear(),
    today: date.toISOString().slice(0, 10),
    origin,
    dataSaver: false,
    affiliate: false,
    newSongsWindowWeeks: NEW_SONGS_WINDOW_WEEKS,
  };
}
