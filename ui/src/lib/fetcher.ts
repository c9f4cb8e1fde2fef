import type { QueryFunctionContext } from '@tanstack/react-query';
import { httpErrorFromText } from './http-error';

/**
 * Default fetch convention (spec section 7): GET the path, with credentials,
 * reading JSON. A non-OK status (401 included) throws an HttpError.
 */
export async function fetchJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw httpErrorFromText(response.status, response.statusText, text);
  }
  return (await response.json()) as T;
}

/** The QueryClient's default queryFn: the key is `[apiPath]`. */
export function defaultQueryFn({ queryKey, signal }: QueryFunctionContext): Promise<unknown> {
  const path = queryKey[0];
  if (typeof path !== 'string' || !path.startsWith('/')) {
    throw new Error(`Query key must be an API path, got ${JSON.stringify(queryKey)}`);
  }
  return fetchJson(path, signal);
}
