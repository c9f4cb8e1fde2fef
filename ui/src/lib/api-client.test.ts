import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../generated/contract';
import { client } from './api-client';
import { HttpError } from './http-error';

/** Records every request and answers with `answer`. */
function stubFetch(answer: () => Response) {
  const calls: { method: string; url: string; body: unknown; contentType: string | null }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ method: init?.method ?? 'GET', url: String(input), body: init?.body ? JSON.parse(String(init.body)) : null, contentType: headers.get('content-type') });
    return answer();
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the generated client', () => {
  it("sends each operation's method, path, optional query and JSON body", async () => {
    const calls = stubFetch(() => new Response(null, { status: 204 }));
    await expect(client.removeFavorite(3, { folderId: 7 })).resolves.toBeUndefined();
    await client.removeVideoFavorite(3, 'a b');
    const created = { id: 1, artistId: 3, folderId: null, createdAt: '2026-01-01T00:00:00Z' };
    const posted = stubFetch(() => new Response(JSON.stringify(created), { status: 201 }));
    await expect(client.addFavorite({ artistId: 3 })).resolves.toEqual(created);
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([`DELETE ${api.removeFavorite(3, { folderId: 7 })}`, `DELETE ${api.removeVideoFavorite(3, 'a b')}`]);
    expect(calls[0]!.contentType).toBeNull();
    expect(posted).toEqual([{ method: 'POST', url: api.addFavorite(), body: { artistId: 3 }, contentType: 'application/json' }]);
  });

  it('throws the one HttpError on a non-OK answer, with the server message', async () => {
    stubFetch(() => new Response(JSON.stringify({ status: 400, error: 'Bad Request', message: 'Folder name is required' }), { status: 400 }));
    const error: unknown = await client.createFolder({ name: '' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(400);
    expect((error as HttpError).serverMessage).toBe('Folder name is required');
  });
});
