import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useCachedData } from './cached-data';
import { createQueryClient } from './query-client';
import { watchReads } from './prefetch-audit';

// Made-up keys, not the contract's operations: the hook reads whatever key it is given
// and never fetches one.
const NAMES = 'names';
const OTHER = 'other';
const UNUSED = 'unused';

function Names({ path }: { path: string }) {
  const names = useCachedData<string[]>(path);
  return <p>{names === undefined ? 'nothing' : names.join(', ')}</p>;
}

describe('useCachedData', () => {
  it('reads what the cache holds and follows writes and removals, never fetching', () => {
    const client = createQueryClient({ hydrating: false });
    client.setQueryData([NAMES], ['Ana']);
    render(
      <QueryClientProvider client={client}>
        <Names path={NAMES} />
        <Names path={OTHER} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Ana')).toBeTruthy();
    expect(screen.getByText('nothing')).toBeTruthy();

    act(() => client.setQueryData([NAMES], ['Ana', 'Bo']));
    expect(screen.getByText('Ana, Bo')).toBeTruthy();
    act(() => client.setQueryData([OTHER], ['Cy']));
    expect(screen.getByText('Cy')).toBeTruthy();
    act(() => client.removeQueries({ queryKey: [NAMES] }));
    expect(screen.getByText('nothing')).toBeTruthy();
    // A reader builds no query: nothing is ever fetched for it.
    expect(client.getQueryCache().getAll().map((query) => query.queryKey[0])).toEqual([OTHER]);
  });

  it('counts as a read for the prefetch audit, on the server', () => {
    const client = createQueryClient({ hydrating: true });
    client.setQueryData([NAMES], ['Ana']);
    client.setQueryData([UNUSED], ['Zed']);
    const reads = watchReads(client);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <Names path={NAMES} />
      </QueryClientProvider>,
    );
    expect(html).toBe('<p>Ana</p>');
    const entry = (key: string) => ({ key, status: 200, body: [] });
    expect(reads.report([entry(NAMES), entry(UNUSED)])).toEqual({ missed: [], unread: [UNUSED] });
  });
});
