import { act, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { Route, Routes, matchRoutes, UNSAFE_createMemoryHistory as createMemoryHistory, unstable_HistoryRouter as HistoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyModule, lazyPage, takeRenderedModules, type LazyPage } from './lazy-page';
import { Navigation, useNavigate } from './navigation';

function GoTo({ to }: { to: string }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to)}>
      go
    </button>
  );
}

/** Renders React Router at `/` over `routes` as the app does (lib/navigation.tsx's preloading); answers its history. */
function renderRoutes(routes: Array<{ path: string; Component: ComponentType }>) {
  const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
  const preload = (pathname: string) => (matchRoutes(routes, pathname)?.[0]?.route.Component as LazyPage | undefined)?.preload();
  render(
    <HistoryRouter history={history}>
      <Navigation preload={preload}>
        <Routes>
          {routes.map((route) => (
            <Route key={route.path} path={route.path} Component={route.Component} />
          ))}
        </Routes>
      </Navigation>
    </HistoryRouter>,
  );
  return history;
}

/** Shows "error screen" once its children throw while rendering. */
class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? <p>error screen</p> : this.props.children;
  }
}

/** A module whose loading the test finishes by hand. */
function deferredModule(name: string, text: string) {
  let finish!: () => void;
  const module = lazyModule(name, () => new Promise<{ Page: () => ReactElement }>((resolve) => (finish = () => resolve({ Page: () => <p>{text}</p> }))));
  return { module, finish: () => act(async () => finish()) };
}

describe('lazily loaded pages', () => {
  it('render at once when the loader answers the module itself (the server bundle), and report their names', () => {
    const module = lazyModule('at-once', () => ({ Page: () => <p>built in</p> }));
    const Page = lazyPage(module, (m) => m.Page);
    takeRenderedModules();
    render(<Page />);
    expect(screen.getByText('built in')).toBeTruthy();
    expect(takeRenderedModules()).toEqual(['at-once']);
    expect(takeRenderedModules()).toEqual([]);
    expect(Page.preload()).toBeUndefined();
  });

  it('load once, however often they are asked for', async () => {
    let calls = 0;
    const module = lazyModule('once', async () => {
      calls += 1;
      return { value: 1 };
    });
    expect(module.current()).toBeUndefined();
    const first = module.load();
    expect(module.load()).toBe(first);
    await first;
    expect(module.current()).toEqual({ value: 1 });
    expect(calls).toBe(1);
  });

  it('keep the current page on screen until the next page’s module is in, and a later navigation wins', async () => {
    const home = lazyModule('home', () => ({ Page: () => <p>home</p> }));
    const slow = deferredModule('slow', 'slow page');
    const other = deferredModule('other', 'other page');
    const routes = [
      { path: '', Component: lazyPage(home, (m) => m.Page) },
      { path: 'slow', Component: lazyPage(slow.module, (m) => m.Page) },
      { path: 'other', Component: lazyPage(other.module, (m) => m.Page) },
    ];
    const history = renderRoutes(routes);
    expect(screen.getByText('home')).toBeTruthy();

    await act(async () => history.push('/slow'));
    expect(screen.getByText('home')).toBeTruthy();
    await slow.finish();
    expect(screen.getByText('slow page')).toBeTruthy();

    // Back home (loaded: at once), then to "other" and on to "slow" before "other" is in.
    await act(async () => history.push('/'));
    expect(screen.getByText('home')).toBeTruthy();
    await act(async () => history.push('/other'));
    await act(async () => history.push('/slow'));
    expect(screen.getByText('slow page')).toBeTruthy();
    await other.finish();
    expect(screen.getByText('slow page')).toBeTruthy();
    expect(screen.queryByText('other page')).toBeNull();
  });

  it('move the address only once the next page’s module is in, when the router navigates', async () => {
    const home = lazyModule('home', () => ({ Page: () => <GoSlow /> }));
    const slow = deferredModule('slow', 'slow page');
    function GoSlow() {
      const navigate = useNavigate();
      return (
        <button type="button" onClick={() => navigate('/slow?from=home')}>
          go
        </button>
      );
    }
    const routes = [
      { path: '', Component: lazyPage(home, (m) => m.Page) },
      { path: 'slow', Component: lazyPage(slow.module, (m) => m.Page) },
    ];
    const history = renderRoutes(routes);
    act(() => screen.getByRole('button', { name: 'go' }).click());
    expect(history.location.pathname).toBe('/');
    await slow.finish();
    expect(history.location.pathname + history.location.search).toBe('/slow?from=home');
    expect(screen.getByText('slow page')).toBeTruthy();
  });

  it('drop a waiting navigation when the address moves meanwhile (back, forward)', async () => {
    const slow = deferredModule('slow', 'slow page');
    const home = lazyModule('home', () => ({ Page: () => <GoTo to="/slow" /> }));
    const routes = [
      { path: '', Component: lazyPage(home, (m) => m.Page) },
      { path: 'slow', Component: lazyPage(slow.module, (m) => m.Page) },
    ];
    const history = renderRoutes(routes);
    act(() => screen.getByRole('button', { name: 'go' }).click());
    await act(async () => history.push('/?moved=1'));
    await slow.finish();
    expect(history.location.pathname + history.location.search).toBe('/?moved=1');
    expect(screen.queryByText('slow page')).toBeNull();
  });

  it('show the frame without the page, never throwing, when the next page’s module cannot be loaded (offline)', async () => {
    const home = lazyModule('home', () => ({ Page: () => <GoTo to="/offline-page" /> }));
    let loads = 0;
    const unreachable = lazyModule<{ Page: () => ReactElement }>('unreachable', () => {
      loads += 1;
      return Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    });
    const routes = [
      { path: '', Component: lazyPage(home, (m) => m.Page) },
      { path: 'offline-page', Component: lazyPage(unreachable, (m) => m.Page) },
    ];
    const history = createMemoryHistory({ initialEntries: ['/'], v5Compat: true });
    const preload = (pathname: string) => (matchRoutes(routes, pathname)?.[0]?.route.Component as LazyPage | undefined)?.preload();
    render(
      <HistoryRouter history={history}>
        <Navigation preload={preload}>
          <header>the frame</header>
          <ErrorBoundary>
            <Routes>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} Component={route.Component} />
              ))}
            </Routes>
          </ErrorBoundary>
        </Navigation>
      </HistoryRouter>,
    );
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // jsdom reports a navigation to another document, which it cannot make, as an error.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => screen.getByRole('button', { name: 'go' }).click());
    expect(warned).toHaveBeenCalledWith('The module unreachable could not be loaded', expect.any(TypeError));
    expect(reported.mock.calls.map(([error]) => String(error))).toEqual([expect.stringContaining('Not implemented: navigation to another Document')]);
    expect(history.location.pathname).toBe('/offline-page');
    expect(screen.getByText('the frame')).toBeTruthy();
    expect(screen.queryByText('error screen')).toBeNull();
    expect(screen.queryByRole('button', { name: 'go' })).toBeNull();
    // The failure stays: the module is not asked for again in this document.
    expect(await unreachable.load()).toBeUndefined();
    expect(loads).toBe(1);
  });

  it('start loading a page’s module when a pointer comes over a link to it', async () => {
    let loads = 0;
    const home = lazyModule('home', () => ({ Page: () => <a href="/slow?x=1">slow</a> }));
    const slow = lazyModule('slow', async () => {
      loads += 1;
      return { Page: () => <p>slow page</p> };
    });
    const routes = [
      { path: '', Component: lazyPage(home, (m) => m.Page) },
      { path: 'slow', Component: lazyPage(slow, (m) => m.Page) },
    ];
    renderRoutes(routes);
    expect(loads).toBe(0);
    fireEvent.pointerOver(screen.getByText('slow'));
    expect(loads).toBe(1);
    await act(() => slow.load());
    expect(slow.current()).toBeDefined();
  });
});
