import { describe, expect, it, vi } from 'vitest';
import { api } from '../generated/contract';
import { QueryObserver } from '@tanstack/react-query';
import { HttpError, httpErrorFromText } from './http-error';
import { createQueryClient, finishHydration } from './query-client';
import { primeQueryCache } from './prime-query-cache';

const fetchedAt = 1_763_740_000_000;
const notFoundBody = { status: 404, error: 'Not Found', message: 'This artist could not be found. It may have been removed or the ID is incorrect.' };

describe('primeQueryCache', () => {
  it('puts 2xx bodies into the cache with the server time', () => {
    const client = createQueryClient({ hydrating: true });
    primeQueryCache(client, { prefetched: [{ key: api.artist(42), status: 200, body: { id: 42, title: 'Nirvana' } }], fetchedAt });
    expect(client.getQueryData([api.artist(42)])).toEqual({ id: 42, title: 'Nirvana' });
    const state = client.getQueryState([api.artist(42)]);
    expect(state?.status).toBe('success');
    expect(state?.dataUpdatedAt).toBe(fetchedAt);
  });

  it('puts errors into the error state with the fetcher’s HttpError', () => {
    const client = createQueryClient({ hydrating: true });
    primeQueryCache(client, { prefetched: [{ key: api.artist(999), status: 404, body: notFoundBody }], fetchedAt });
    const state = client.getQueryState([api.artist(999)]);
    expect(state?.status).toBe('error');
    expect(state?.fetchStatus).toBe('idle');
    expect(state?.data).toBeUndefined();
    expect(state?.error).toBeInstanceOf(HttpError);
    const error = state?.error as HttpError;
    expect(error.status).toBe(404);
    expect(error.body).toEqual(notFoundBody);
    expect(error.message).toBe(httpErrorFromText(404, 'Not Found', JSON.stringify(notFoundBody)).message);
  });

  it('does not request prefetched keys when observers mount while hydrating', async () => {
    const fetchSpy = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetchSpy);
    const client = createQueryClient({ hydrating: true });
    primeQueryCache(client, {
      prefetched: [
        { key: api.search('rock'), status: 200, body: [] },
        { key: api.artist(999), status: 404, body: notFoundBody },
      ],
      // Old enough to be stale for the 5-minute search freshness.
      fetchedAt: Date.now() - 60 * 60_000,
    });
    const ok = new QueryObserver(client, { queryKey: [api.search('rock')], staleTime: 5 * 60_000 });
    const failed = new QueryObserver(client, { queryKey: [api.artist(999)] });
    expect(ok.getOptimisticResult(client.defaultQueryOptions({ queryKey: [api.search('rock')], staleTime: 5 * 60_000 })).status).toBe('success');
    expect(failed.getOptimisticResult(client.defaultQueryOptions({ queryKey: [api.artist(999)] })).status).toBe('error');
    const unsubscribe = [ok.subscribe(() => {}), failed.subscribe(() => {})];
    await Promise.resolve();
    expect(fetchSpy).not.toHaveBeenCalled();
    unsubscribe.forEach((fn) => fn());
    finishHydration(client);
    expect(client.getDefaultOptions().queries?.retryOnMount).toBeUndefined();
    vi.unstubAllGlobals();
  });
});
