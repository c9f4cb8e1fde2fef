/**
 * The state the server hands to `render` and writes into the page as
 * `<script id="sa-state" type="application/json">`.
 */
export interface PrefetchedEntry {
  /** The query key: an API path such as `/api/artists/42`. */
  key: string;
  status: number;
  body: unknown;
}

export interface SsrState {
  prefetched: PrefetchedEntry[];
  /** Epoch ms at which the server read the data. */
  fetchedAt: number;
  /** The year for the footer copyright (server clock, so both sides agree). */
  year: number;
  /** Today's date on the server clock (YYYY-MM-DD, UTC), so both sides show the same. */
  today: string;
  /** Public origin, e.g. `https://soundatlas.example`, for share links. */
  origin: string;
  /** The data saver was on for this request (`Save-Data: on` or the visitor's switch). */
  dataSaver: boolean;
  /** Marketplace links carry the site's affiliate tag: only then is an affiliate notice true. */
  affiliate: boolean;
}

export const STATE_ELEMENT_ID = 'sa-state';

/** Reads the state leniently: missing fields get harmless defaults. */
export function normalizeState(raw: unknown, fallback: { now: number; year: number; origin: string }): SsrState {
  const today = new Date(fallback.now).toISOString().slice(0, 10);
  const value = (raw && typeof raw === 'object' ? raw : {}) as Partial<SsrState>;
  return {
    prefetched: Array.isArray(value.prefetched) ? value.prefetched.filter(isEntry) : [],
    fetchedAt: typeof value.fetchedAt === 'number' ? value.fetchedAt : fallback.now,
    year: typeof value.year === 'number' ? value.year : fallback.year,
    today: typeof value.today === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.today) ? value.today : today,
    origin: typeof value.origin === 'string' && value.origin !== '' ? value.origin : fallback.origin,
    dataSaver: value.dataSaver === true,
    affiliate: value.affiliate === true,
  };
}

function isEntry(entry: unknown): entry is PrefetchedEntry {
  return (
    !!entry &&
    typeof entry === 'object' &&
    typeof (entry as PrefetchedEntry).key === 'string' &&
    typeof (entry as PrefetchedEntry).status === 'number'
  );
}
