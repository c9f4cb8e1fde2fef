import { useCallback, useSyncExternalStore } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';

const hashes = new Map<string, string>();
function hashOf(path: string): string {
  let hash = hashes.get(path);
  if (hash === undefined) {
    hash = hashKey([path]);
    hashes.set(path, hash);
  }
  return hash;
}

/**
 * The data cached under `[path]` (what the page was primed with, or what a write later
 * stored), never fetched: the signed-in user and the library lists, read by the header
 * and by every heart on a page. A subscription to the query cache rather than a
 * `useQuery` observer, because an observer is the dearest thing a server render makes
 * (about 50 µs each in QuickJS-ng) and a page of cards read these lists dozens of times.
 * Reads go through `QueryCache.get`, which the prefetch audit (prefetch-audit.ts) watches.
 */
export function useCachedData<T>(path: string): T | undefined {
  const cache = useQueryClient().getQueryCache();
  const hash = hashOf(path);
  const subscribe = useCallback(
    (onChange: () => void) =>
      cache.subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [cache, hash],
  );
  const read = () => cache.get(hash)?.state.data as T | undefined;
  return useSyncExternalStore(subscribe, read, read);
}
