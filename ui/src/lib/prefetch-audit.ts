import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { Prefetched, RenderOutput } from '../generated/contract';

/**
 * What one server render read that the server did not prefetch (the query keys it read,
 * with the query enabled, and found empty), and the prefetched keys it never read.
 */
export type PrefetchReport = Pick<RenderOutput, 'missed' | 'unread'>;

/**
 * Watches which queries a render reads. Every `useQuery` builds (or finds) its query
 * in the cache while rendering, even on the server where nothing is fetched, and
 * `useCachedData` looks its query up: both go through `QueryCache.get` (build calls
 * it too), so recording `get` calls after the cache is primed tells what the tree read.
 */
export function watchReads(client: QueryClient): { report: (prefetched: Prefetched[]) => PrefetchReport } {
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
