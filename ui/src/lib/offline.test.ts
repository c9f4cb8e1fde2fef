import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../generated/contract';
import { forgetKeptPages, isKeepable, isKeptPage, PAGES_CACHE } from './offline';

afterEach(() => {
  vi.unstubAllGlobals();
});

const response = (status: number, headers: Record<string, string>, type: ResponseType = 'basic') => {
  const made = new Response('<p>page</p>', { status, headers });
  Object.defineProperty(made, 'type', { value: type });
  return made;
};

describe('offline reading', () => {
  it('keeps the home page and artist, article and browse pages, nothing else', () => {
    for (const path of ['/', '/artist/12', '/articles', '/articles/3', '/browse', '/browse/B']) expect(isKeptPage(path), path).toBe(true);
    for (const path of ['/favorites', '/search/queen', '/privacy-settings', '/quiz', '/artistic', api.artists()]) expect(isKeptPage(path), path).toBe(false);
  });

  it('keeps only whole public pages: never a private answer, one setting a cookie, an error or another origin', () => {
    const shared = 'public, max-age=0, s-maxage=300, stale-while-revalidate=600';
    expect(isKeepable(response(200, { 'cache-control': shared }))).toBe(true);
    expect(isKeepable(response(200, { 'cache-control': 'private, no-store' }))).toBe(false);
    expect(isKeepable(response(200, { 'cache-control': 'no-store' }))).toBe(false);
    expect(isKeepable(response(200, { 'cache-control': shared, 'set-cookie': 'sa_session=1' }))).toBe(false);
    expect(isKeepable(response(404, { 'cache-control': shared }))).toBe(false);
    expect(isKeepable(response(200, { 'cache-control': shared }, 'opaque'))).toBe(false);
  });

  it('forgets the kept pages', async () => {
    const deleted = vi.fn(async () => true);
    vi.stubGlobal('caches', { delete: deleted });
    await forgetKeptPages();
    expect(deleted).toHaveBeenCalledWith(PAGES_CACHE);
  });
});
