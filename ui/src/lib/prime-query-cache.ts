import { hashKey, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { httpErrorFromBody } from './http-error';
import type { RenderState } from '../generated/contract';

/**
 * Puts the server's prefetched reads into the cache with TanStack Query's `hydrate`,
 * identically on the server (before renderToString) and in the browser (before
 * hydrateRoot): 2xx bodies become data, other statuses become the same HttpError the
 * client would throw, so both sides render the same success or error markup.
 */
export function primeQueryCache(client: QueryClient, state: Pick<RenderState, 'prefetched' | 'fetchedAt'>): void {
  const queries: DehydratedState['queries'] = state.prefetched.map((entry) => {
    const queryKey = [entry.key];
    const succeeded = entry.status >= 200 && entry.status < 300;
    const error = succeeded ? null : httpErrorFromBody(entry.status, entry.body);
    return {
      queryKey,
      queryHash: hashKey(queryKey),
      dehydratedAt: state.fetchedAt,
      state: {
        data: succeeded ? entry.body : undefined,
        dataUpdateCount: succeeded ? 1 : 0,
        dataUpdatedAt: succeeded ? state.fetchedAt : 0,
        error,
        errorUpdateCount: succeeded ? 0 : 1,
        errorUpdatedAt: succeeded ? 0 : state.fetchedAt,
        fetchFailureCount: succeeded ? 0 : 1,
        fetchFailureReason: error,
        fetchMeta: null,
        isInvalidated: false,
        status: succeeded ? 'success' : 'error',
        fetchStatus: 'idle',
      },
    };
  });
  hydrate(client, { mutations: [], queries });
}
