import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { defaultQueryFn } from './api-client';

/**
 * No refetch on window focus or interval, no retries (queries
 * and mutations), default queries never go stale. Per-query staleTime lives in
 * features/<feature>/queries.ts.
 */
export function defaultOptions(): DefaultOptions {
  return {
    queries: {
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      refetchOnReconnect: false,
    },
    mutations: { retry: false },
  };
}

/**
 * While hydrating, observers must neither retry a prefetched error nor refetch
 * prefetched data that the client clock deems stale: either would request data
 * the server already sent (and an error retry would render a spinner instead of
 * the server's error markup). `finishHydration` restores the normal behaviour
 * for everything mounted afterwards.
 */
export function hydratingOptions(): DefaultOptions {
  const base = defaultOptions();
  return { ...base, queries: { ...base.queries, retryOnMount: false, refetchOnMount: false } };
}

export function createQueryClient(options: { hydrating?: boolean } = {}): QueryClient {
  return new QueryClient({ defaultOptions: options.hydrating ? hydratingOptions() : defaultOptions() });
}

export function finishHydration(client: QueryClient): void {
  client.setDefaultOptions(defaultOptions());
}
