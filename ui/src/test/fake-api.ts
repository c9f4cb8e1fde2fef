import { operations } from '../generated/contract';

/** An API operation, by its name in the contract. */
export type Operation = keyof typeof operations;

const hole = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, '\\$&');

/**
 * Whether a request with `method` to `url` calls `operation`: its arguments (decoded, in
 * its template's order; `[]` for none) when it does, else null. This is how fake servers
 * route requests by operation. A path can fit more than one operation (the random
 * artist's also fits `artist`): a fake asks about the operations it serves in its own
 * order.
 */
export function matchOperation(operation: Operation, method: string, url: URL): string[] | null {
  const declared = operations[operation];
  if (method !== declared.method) return null;
  const [path = '', query = ''] = declared.template.split('?');
  const pattern = new RegExp(`^${path.split(/\{\w+\}/).map(escapeRegExp).join('([^/]+)')}$`);
  const inPath = pattern.exec(url.pathname);
  if (!inPath) return null;
  const args = inPath.slice(1).map((value) => decodeURIComponent(value));
  for (const [, name] of query.matchAll(hole)) {
    const given = url.searchParams.get(name!);
    if (given === null) return null;
    args.push(given);
  }
  return args;
}
