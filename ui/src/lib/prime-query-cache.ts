import type { QueryClient } from '@tanstack/react-query';
import { httpErrorFromBody } from './http-error';
import type { SsrState } from './ssr-state';

/**
 * Puts the server's prefetched reads into the cache, identically on the server
 * (before renderToString) and in the browser (before hydrateRoot): 2xx bodies
 * become data, other statuses become the same HttpError the fetcher would
 * throw, so both sides render the same success or error markup.
 */
export function primeQueryCache(client: QueryClient, state: Pick<SsrState, 'prefetched' | 'fetchedAt'>): void {
  for (const entry of state.prefetched) {
    const queryKey = [entry.key];
    if (entry.status >= 200 && entry.status < 300) {
      client.setQueryData(queryKey, entry.body, { updatedAt: state.fetchedAt });
      continue;
    }
    const error = httpErrorFromBody(entry.status, entry.body);
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState({
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: state.fetchedAt,
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    });
  }
}
