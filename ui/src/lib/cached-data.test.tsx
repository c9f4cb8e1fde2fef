import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useCachedData } from './cached-data';
import { createQueryClient } from './query-client';
import { watchReads } from './prefetch-audit';

function Names({ path }: { path: string }) {
  const names = useCachedData<string[]>(path);
  return <p>{names === undefined ? 'nothing' : names.join(', ')}</p>;
}

describe('useCachedData', () => {
  it('reads what the cache holds and follows writes and removals, never fetching', () => {
    const client = createQueryClient({ hydrating: false });
    client.setQueryData(['/api/names'], ['Ana']);
    render(
      <QueryClientProvider client={client}>
        <Names path="/api/names" />
        <Names path="/api/other" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Ana')).toBeTruthy();
    expect(screen.getByText('nothing')).toBeTruthy();

    act(() => client.setQueryData(['/api/names'], ['Ana', 'Bo']));
    expect(screen.getByText('Ana, Bo')).toBeTruthy();
    act(() => client.setQueryData(['/api/other'], ['Cy']));
    expect(screen.getByText('Cy')).toBeTruthy();
    act(() => client.removeQueries({ queryKey: ['/api/names'] }));
    expect(screen.getByText('nothing')).toBeTruthy();
    // A reader builds no query: nothing is ever fetched for it.
    expect(client.getQueryCache().getAll().map((query) => query.queryKey[0])).toEqual(['/api/other']);
  });

  it('counts as a read for the prefetch audit, on the server', () => {
    const client = createQueryClient({ hydrating: true });
    client.setQueryData(['/api/names'], ['Ana']);
    client.setQueryData(['/api/unused'], ['Zed']);
    const reads = watchReads(client);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <Names path="/api/names" />
      </QueryClientProvider>,
    );
    expect(html).toBe('<p>Ana</p>');
    const entry = (key: string) => ({ key, status: 200, body: [] });
    expect(reads.report([entry('/api/names'), entry('/api/unused')])).toEqual({ missed: [], unread: ['/api/unused'] });
  });
});
