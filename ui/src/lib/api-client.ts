import type { QueryFunctionContext } from '@tanstack/react-query';
import { createClient, type ApiPath, type HttpMethod } from '../generated/contract';
import { httpErrorFromText } from './http-error';

/**
 * The one way the UI calls the API: `fetch` with the session's cookie, JSON in and out.
 * A non-OK status (401 included) throws an HttpError; a network failure throws what
 * `fetch` throws.
 */
export async function respond(method: HttpMethod, path: string, body?: unknown, signal?: AbortSignal): Promise<Response> {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw httpErrorFromText(response.status, response.statusText, text);
  }
  return response;
}

/** A call's answer as JSON (`undefined` when there is none, as with a 204). */
export async function request<T>(method: HttpMethod, path: ApiPath<T>, body?: unknown, signal?: AbortSignal): Promise<T> {
  const text = await (await respond(method, path, body, signal)).text();
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** One typed function per API operation, generated from the contract. */
export const client = createClient(request);

/** The QueryClient's default queryFn: the key is `[apiPath]`, read with GET. */
export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const path = queryKey[0];
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(`Query key must be an API path, got ${JSON.stringify(queryKey)}`);
  }
  return request('GET', path as ApiPath<unknown>, undefined, signal);
}
