import { api, createClient } from '../generated/contract';

/** An operation the UI calls, by its name in the contract. */
export type Operation = keyof ReturnType<typeof createClient>;

const placeholder = /__(\d+)__/g;

/**
 * Whether a request with `method` to `url` calls `operation`: its arguments (decoded, in
 * its builder's order; `[]` for none) when it does, else null. This is how fake servers
 * route requests by operation. The operation's method and path are read off the
 * generated client, called with a placeholder for each argument. A path can fit more
 * than one operation (the random artist's also fits `artist`): a fake asks about the
 * operations it serves in its own order.
 */
export function matchOperation(operation: Operation, method: string, url: URL): string[] | null {
  let sent = { method: '', path: '' };
  const recorder = createClient((sentMethod, path) => {
    sent = { method: sentMethod, path };
    return Promise.resolve(undefined as never);
  });
  const call = recorder[operation] as (...args: string[]) => Promise<unknown>;
  void call(...Array.from({ length: api[operation].length }, (_, i) => `__${i}__`));
  if (method !== sent.method) return null;

  const [pathname = '', query = ''] = sent.path.split('?');
  const args: string[] = [];
  const positions = [...pathname.matchAll(placeholder)].map((found) => Number(found[1]));
  const pattern = new RegExp(`^${pathname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(placeholder, '([^/]+)')}$`);
  const inPath = pattern.exec(url.pathname);
  if (!inPath) return null;
  positions.forEach((position, i) => {
    args[position] = decodeURIComponent(inPath[i + 1]!);
  });
  for (const [name, value] of new URLSearchParams(query)) {
    const given = url.searchParams.get(name);
    if (given === null) return null;
    args[Number(value.replace(placeholder, '$1'))] = given;
  }
  return args;
}
