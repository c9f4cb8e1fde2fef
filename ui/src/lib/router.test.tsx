import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet, Router, createMemoryHistory, lazyPage, preloadPage, useNavigate, type Route } from './router';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('pages loaded on demand', () => {
  it('keep the current page on screen until the next page’s code has arrived', async () => {
    const arrival = deferred();
    let loads = 0;
    const later = lazyPage(
      () => {
        loads += 1;
        return arrival.promise.then(() => ({ Later: () => <h1>Later page</h1> }));
      },
      (m) => m.Later,
    );
    const routes: Route[] = [
      { path: '', Component: () => <h1>First page</h1> },
      { path: 'later', Component: later },
    ];
    const history = createMemoryHistory('/');
    render(
      <Router history={history} routes={routes} notFound={() => <h1>Not found</h1>}>
        <Outlet />
      </Router>,
    );
    act(() => history.navigate('/later'));
    expect(history.location.pathname).toBe('/later');
    expect(screen.getByRole('heading').textContent).toBe('First page');
    await act(async () => {
      arrival.resolve();
      await arrival.promise;
    });
    expect(screen.getByRole('heading').textContent).toBe('Later page');
    expect(loads).toBe(1);
    // Loaded once: nothing to wait for the next time.
    expect(preloadPage(routes, '/later')).toBeNull();
  });

  it('change the address of a link only once the page can show', async () => {
    const arrival = deferred();
    const later = lazyPage(() => arrival.promise.then(() => ({ Later: () => <h1>Later page</h1> })), (m) => m.Later);
    function First() {
      const navigate = useNavigate();
      return <button onClick={() => navigate('/later?x=1')}>Go</button>;
    }
    const history = createMemoryHistory('/');
    render(
      <Router history={history} routes={[{ path: '', Component: First }, { path: 'later', Component: later }]} notFound={() => null}>
        <Outlet />
      </Router>,
    );
    act(() => screen.getByRole('button').click());
    expect(history.location.pathname).toBe('/');
    await act(async () => {
      arrival.resolve();
      await arrival.promise;
    });
    expect(history.location.pathname + history.location.search).toBe('/later?x=1');
    expect(screen.getByRole('heading').textContent).toBe('Later page');
  });

  it('refuse to render before their code is loaded', () => {
    const page = lazyPage(() => new Promise<{ P: () => null }>(() => {}), (m) => m.P);
    expect(page.ready()).toBe(false);
    expect(() => render(<>{page()}</>)).toThrow('before its code was loaded');
  });
});
