import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Outlet, Router, createMemoryHistory, lazyPage, preloadPage, type Route } from './router';

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

  it('refuse to render before their code is loaded', () => {
    const page = lazyPage(() => new Promise<{ P: () => null }>(() => {}), (m) => m.P);
    expect(page.ready()).toBe(false);
    expect(() => render(<>{page()}</>)).toThrow('before its code was loaded');
  });
});
