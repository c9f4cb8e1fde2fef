/**
 * Small URL helpers that work without the WHATWG URL class (the server engine
 * has none).
 */

/** Image URLs starting with '//' are prefixed with https:. */
export function normalizeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const trimmed = url.trim();
  if (trimmed === '') return null;
  if (trimmed.startsWith('//')) return `https:${trimmed}`;
  return trimmed;
}

/** Lower-cased host name of an absolute http(s) or protocol-relative URL, else null. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^@/?#]*@)?([^:/?#]+)/i.exec(url.trim());
  return match ? match[1]!.toLowerCase() : null;
}

function hostIs(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** True for images served by Wikimedia Commons or Wikipedia. */
export function isWikimediaUrl(url: string | null | undefined): boolean {
  const host = hostOf(url);
  return !!host && (hostIs(host, 'wikimedia.org') || hostIs(host, 'wikipedia.org'));
}

/** Reads one parameter of a query string such as `?letter=B&page=2`. */
export function getSearchParam(search: string, name: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return null;
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const rawKey = eq === -1 ? part : part.slice(0, eq);
    if (safeDecode(rawKey) !== name) continue;
    return eq === -1 ? '' : safeDecode(part.slice(eq + 1));
  }
  return null;
}

function safeDecode(value: string): string {
  const plain = value.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plain);
  } catch {
    return plain;
  }
}
