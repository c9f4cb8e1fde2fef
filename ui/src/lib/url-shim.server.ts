/**
 * A small stand-in for the WHATWG `URL` class, installed only when the engine
 * has none (QuickJS / bare deno_core). react-router builds
 * `new URL("http://localhost")` at module initialisation and runs every matched
 * pathname through `new URL(path, "http://localhost")` to percent-encode it.
 * This covers absolute http(s)-like URLs and relative references against them:
 * scheme, host, port, path (dot segments removed, path percent-encode set),
 * query and fragment. It is not a general URL parser.
 */

const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#.*)?$/;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21' };

function encodeSet(value: string, extra: RegExp): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    if (code <= 0x20 || code >= 0x7f || extra.test(char)) {
      out += encodeUtf8(char);
    } else {
      out += char;
    }
  }
  return out;
}

function encodeUtf8(char: string): string {
  // encodeURIComponent percent-encodes any code point as UTF-8 bytes.
  const encoded = encodeURIComponent(char);
  return encoded === char ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encoded;
}

/** Path percent-encode set: C0 controls, space, ", #, <, >, ?, `, {, }, and non-ASCII. */
export function encodePath(path: string): string {
  return encodeSet(path, /["#<>?`{}]/);
}

/** Query percent-encode set (special schemes): C0, space, ", #, <, >, '. */
function encodeQuery(query: string): string {
  return encodeSet(query, /["#<>']/);
}

/** Fragment percent-encode set: C0, space, ", <, >, `. */
function encodeFragment(fragment: string): string {
  return encodeSet(fragment, /["<>`]/);
}

export function removeDotSegments(path: string): string {
  const input = path.split('/');
  const output: string[] = [];
  for (let i = 0; i < input.length; i += 1) {
    const segment = input[i]!;
    const last = i === input.length - 1;
    if (segment === '.' || segment.toLowerCase() === '%2e') {
      if (last) output.push('');
      continue;
    }
    if (segment === '..' || /^(?:\.|%2e){2}$/i.test(segment)) {
      if (output.length > 1) output.pop();
      if (last) output.push('');
      continue;
    }
    output.push(segment);
  }
  const joined = output.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

interface Parts {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
}

function parseAbsolute(input: string): Parts | null {
  const match = ABSOLUTE.exec(input);
  if (!match) return null;
  const protocol = `${match[1]!.toLowerCase()}:`;
  const authority = match[2] ?? '';
  let userinfo = '';
  let hostPort = authority;
  const at = authority.lastIndexOf('@');
  if (at !== -1) {
    userinfo = authority.slice(0, at);
    hostPort = authority.slice(at + 1);
  }
  let hostname = hostPort;
  let port = '';
  const portMatch = /^(.*?)(?::(\d*))?$/.exec(hostPort);
  if (portMatch) {
    hostname = portMatch[1]!;
    port = portMatch[2] ?? '';
  }
  if (DEFAULT_PORTS[protocol] === port) port = '';
  const [username = '', password = ''] = userinfo === '' ? [] : userinfo.split(':');
  const rawPath = match[3] ?? '';
  return {
    protocol,
    username,
    password,
    hostname: hostname.toLowerCase(),
    port,
    pathname: encodePath(removeDotSegments(rawPath === '' ? '/' : rawPath.replace(/\\/g, '/'))),
    search: match[4] && match[4] !== '?' ? `?${encodeQuery(match[4].slice(1))}` : '',
    hash: match[5] && match[5] !== '#' ? `#${encodeFragment(match[5].slice(1))}` : '',
  };
}

function resolve(input: string, base: Parts): Parts {
  const hashIndex = input.indexOf('#');
  const fragment = hashIndex === -1 ? null : input.slice(hashIndex + 1);
  const beforeHash = hashIndex === -1 ? input : input.slice(0, hashIndex);
  const queryIndex = beforeHash.indexOf('?');
  const query = queryIndex === -1 ? null : beforeHash.slice(queryIndex + 1);
  const path = (queryIndex === -1 ? beforeHash : beforeHash.slice(0, queryIndex)).replace(/\\/g, '/');

  let pathname = base.pathname;
  let search = base.search;
  if (path.startsWith('//')) {
    const parsed = parseAbsolute(`${base.protocol}${input}`);
    if (parsed) return parsed;
  }
  if (path !== '') {
    if (path.startsWith('/')) pathname = path;
    else pathname = `${base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1)}${path}`;
    pathname = encodePath(removeDotSegments(pathname));
    search = '';
  }
  if (query !== null) search = query === '' ? '' : `?${encodeQuery(query)}`;
  else if (path !== '') search = '';
  const hash = fragment === null || fragment === '' ? '' : `#${encodeFragment(fragment)}`;
  return { ...base, pathname, search, hash };
}

class ShimURL {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;

  constructor(input: string | { toString(): string }, base?: string | { toString(): string }) {
    const text = String(input).trim();
    let parts = parseAbsolute(text);
    if (!parts || (base !== undefined && !/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text))) {
      if (base === undefined) throw new TypeError(`Invalid URL: ${text}`);
      const baseParts = parseAbsolute(String(base).trim());
      if (!baseParts) throw new TypeError(`Invalid base URL: ${String(base)}`);
      parts = resolve(text, baseParts);
    }
    this.protocol = parts.protocol;
    this.username = parts.username;
    this.password = parts.password;
    this.hostname = parts.hostname;
    this.port = parts.port;
    this.pathname = parts.pathname;
    this.search = parts.search;
    this.hash = parts.hash;
  }

  get host(): string {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname;
  }

  get origin(): string {
    return `${this.protocol}//${this.host}`;
  }

  get href(): string {
    const auth = this.username ? `${this.username}${this.password ? `:${this.password}` : ''}@` : '';
    return `${this.protocol}//${auth}${this.host}${this.pathname}${this.search}${this.hash}`;
  }

  toString(): string {
    return this.href;
  }

  toJSON(): string {
    return this.href;
  }
}

const scope = globalThis as unknown as { URL?: unknown };
if (typeof scope.URL === 'undefined') scope.URL = ShimURL;

export { ShimURL };
