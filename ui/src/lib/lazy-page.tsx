/**
 * Pages whose code is a file of its own in the browser, fetched with the page that
 * shows them (a page loads the code of its own route, no other).
 *
 * The browser build (ui/build.mjs) writes every `import()` target as one file named by
 * the module's base name (`artist-page-<hash>.js`); `name` is that base name. The server
 * bundle has every page built in (build.mjs turns `() => import(...)` in the route table
 * into a `require`, so a page renders at once), reports the names a render used, and
 * the document preloads those files, so hydration waits for no extra round trip. The
 * browser loads the current page's module before it hydrates (entry.client.tsx) and the
 * router keeps the current page on screen until the next one's module is in.
 *
 * A module that cannot be fetched (offline, the service worker not holding it) stays
 * failed for the document: its page is then loaded as a whole document (a full
 * navigation to its address, which the service worker answers with the kept copy or the
 * offline page), inside the frame meanwhile, never the error screen.
 */
import { use, useEffect, type ComponentType } from 'react';
import { useLocation } from 'react-router';

type Loaded<M> = Promise<M> | M;

export interface LazyModule<M> {
  readonly name: string;
  /** The module, once loaded. */
  current(): M | undefined;
  /** Loads the module once; later calls answer the same promise, undefined when it failed. */
  load(): Promise<M | undefined>;
}

export function lazyModule<M>(name: string, loader: () => Loaded<M>): LazyModule<M> {
  let module: M | undefined;
  let loading: Promise<M | undefined> | undefined;
  return {
    name,
    current: () => module,
    load() {
      if (!loading) {
        const loaded = loader();
        // The server bundle's loader answers the module itself.
        if (!(loaded instanceof Promise)) module = loaded;
        loading = Promise.resolve(loaded).then(
          (value) => (module = value),
          (error: unknown) => {
            console.warn(`The module ${name} could not be loaded`, error);
            return undefined;
          },
        );
      }
      return loading;
    },
  };
}

/** A page component of a route table: `Component` of `module`, with `preload` for the router. */
export type LazyPage = ComponentType & {
  /** Starts loading the page's module; undefined when it is already loaded. */
  preload(): Promise<unknown> | undefined;
};

/** The names of the lazy modules rendered since the last `takeRenderedModules()`. */
const rendered = new Set<string>();

export function lazyPage<M>(module: LazyModule<M>, pick: (module: M) => ComponentType): LazyPage {
  function Page() {
    // The server bundle's modules load at once: `current()` answers after `load()`.
    const loading = module.current() ? undefined : module.load();
    const loaded = module.current() ?? use(loading!);
    if (!loaded) return <LoadAsDocument />;
    rendered.add(module.name);
    const Component = pick(loaded);
    return <Component />;
  }
  Page.displayName = `LazyPage(${module.name})`;
  Page.preload = () => {
    if (module.current()) return undefined;
    return module.load();
  };
  return Page;
}

/** Loads the address shown as a whole document, in place of the current history entry. */
function LoadAsDocument() {
  const { pathname, search, hash } = useLocation();
  useEffect(() => window.location.replace(pathname + search + hash), [pathname, search, hash]);
  return null;
}

/** The server's render: which lazy modules the page used (their files are preloaded). */
export function takeRenderedModules(): string[] {
  const names = [...rendered];
  rendered.clear();
  return names;
}
