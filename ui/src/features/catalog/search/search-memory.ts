import { readSession, writeSession } from '../../../lib/storage';

export const SEARCH_RESTORE_DELAY_MS = 100;
const PREFIX = 'search:';

export interface SearchMemory {
  scrollY: number | null;
  lastArtistId: number | null;
}

function keyFor(path: string): string {
  return `${PREFIX}${path}`;
}

export function loadSearchMemory(path: string): SearchMemory {
  const raw = readSession<Partial<SearchMemory>>(keyFor(path));
  return {
    scrollY: typeof raw?.scrollY === 'number' ? raw.scrollY : null,
    lastArtistId: typeof raw?.lastArtistId === 'number' ? raw.lastArtistId : null,
  };
}

export function saveSearchScroll(path: string, scrollY: number): void {
  const memory = loadSearchMemory(path);
  writeSession(keyFor(path), { ...memory, scrollY: Math.max(0, Math.round(scrollY)) });
}

export function rememberOpenedArtist(path: string, id: number, scrollY: number): void {
  writeSession(keyFor(path), { scrollY: Math.max(0, Math.round(scrollY)), lastArtistId: id });
}
