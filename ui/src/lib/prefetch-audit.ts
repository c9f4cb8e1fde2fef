import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { PrefetchedEntry } from './ssr-state';

/** What one server render read that the server did not prefetch, and the reverse. */
export interface PrefetchReport {
  /** Query keys the tree read (with the query enabled) and found empty: each renders a loading state into the HTML. */
  missed: string[];
  /** Prefetched keys the tree never read: data sent for nothing. */
  unread: string[];
}

/**
 * Watches which queries a render reads. Every `useQuery` builds (or finds) its query
 * in the cache while rendering, even on the server where nothing is fetched, and
 * `useCachedData` looks its query up: both go through `QueryCache.get` (build calls
 * it too), so recording `get` calls after the cache is primed tells what the tree read.
 */
export function watchReads(client: QueryClient): { report: (prefetched: PrefetchedEntry[]) => PrefetchReport } {
  const cache = client.getQueryCache();
  const read = new Set<string>();
  const get = cache.get.bind(cache);
  cache.get = ((queryHash: string) => {
    read.add(queryHash);
    return get(queryHash);
  }) as typeof cache.get;

  return {
    report(prefetched) {
      const seeded = new Set(prefetched.map((entry) => hashKey([entry.key])));
      const missed: string[] = [];
      for (const query of cache.getAll()) {
        if (seeded.has(query.queryHash) || !read.has(query.queryHash)) continue;
        // A disabled query (e.g. an artist's neighbours after the artist failed) fetches nothing.
        if ((query.options as { enabled?: unknown }).enabled === false || query.state.status !== 'pending') continue;
        missed.push(String(query.queryKey[0]));
      }
      const unread = prefetched.filter((entry) => !read.has(hashKey([entry.key]))).map((entry) => entry.key);
      return { missed, unread };
    },
  };
}
