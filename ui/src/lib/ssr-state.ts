import { STATE_ELEMENT_ID, type RenderState } from '../generated/contract';

/**
 * The page state the server wrote into the document (`<script id="sa-state"
 * type="application/json">`, the contract's `RenderState`, serialized by the server from
 * that same type), or null when the document has none the browser can read: the element
 * is missing or empty, or its JSON does not parse to an object. A page served by this
 * server always carries one; a document without it was not (or was cut short).
 */
export function readPageState(doc: Document = document): RenderState | null {
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
 * The state of a page the browser renders without the server's: no data (every read
 * is fetched), the browser's clock (UTC, as the server's) and its own origin, the data
 * saver and affiliate notices off.
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
  };
}
