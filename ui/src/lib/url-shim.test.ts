import { describe, expect, it } from 'vitest';
import { ShimURL } from './url-shim.server';

describe('URL shim (server engine only)', () => {
  const cases: Array<[string, string | undefined]> = [
    ['http://localhost', undefined],
    ['/search/a b', 'http://localhost'],
    ['/artist/Beyoncé', 'http://localhost'],
    ['/a/./b/../c?x=1 2#h h', 'http://localhost'],
    ['/search/100%25', 'http://localhost'],
    ['https://Example.com:443/p?q#f', undefined],
    ['http://localhost:3000/x', undefined],
    ['rel/path', 'http://localhost/base/dir'],
    ['?q=1', 'http://localhost/p'],
  ];
  it.each(cases)('matches WHATWG URL for %s', (input, base) => {
    const shim = new ShimURL(input, base);
    const real = new URL(input, base);
    expect({ href: shim.href, pathname: shim.pathname, search: shim.search, hash: shim.hash, origin: shim.origin, host: shim.host }).toEqual({
      href: real.href,
      pathname: real.pathname,
      search: real.search,
      hash: real.hash,
      origin: real.origin,
      host: real.host,
    });
  });

  it('rejects relative input without a base', () => {
    expect(() => new ShimURL('/x')).toThrow(TypeError);
  });
});
