// The site behind a real shared cache (Debian's nginx with e2e/support/nginx-shared-cache.conf),
// run as documented (SOUND_ATLAS_TRUSTED_PROXIES names nginx's address): anonymous pages are
// kept and revalidated, a signed-in visitor's never are, each visitor's address has its own
// limits and its own share of connections.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, test } from 'node:test';
import { allArtists, until } from '../support/harness.mjs';
import { startSiteWithMail } from '../support/mail.mjs';
import { startNginx } from '../support/nginx.mjs';
import { signedInPage } from './signed-in-helpers.mjs';

const SHARED_CACHE_SECONDS = 2;
let site;
let cache;
let mail;
let stop;
before(async () => {
  // A shared cache keeps pages for 2 s here (300 by default), so a change shows in the test's time.
  // nginx connects to the server from 127.0.0.1: its forwarded client addresses are believed.
  const env = { SOUND_ATLAS_SHARED_CACHE_SECONDS: String(SHARED_CACHE_SECONDS), SOUND_ATLAS_TRUSTED_PROXIES: '127.0.0.1' };
  ({ site, mail, stop } = await startSiteWithMail({ env }));
  cache = await startNginx(site.origin);
});
after(async () => {
  await cache?.stop();
  await stop?.();
});

const get = (path, headers = {}) => fetch(`${cache.origin}${path}`, { headers: { 'accept-encoding': 'br', ...headers } });

test('a second anonymous fetch is a cache hit with the same body, and revalidates with a 304', async () => {
  const first = await get('/about');
  assert.equal(first.status, 200);
  assert.equal(first.headers.get('x-cache-status'), 'MISS');
  const body = await first.text();
  const second = await get('/about');
  assert.equal(second.headers.get('x-cache-status'), 'HIT');
  assert.equal(await second.text(), body, 'the same document');
  assert.equal(second.headers.get('etag'), first.headers.get('etag'));

  // A browser holding the page asks with its tag: 304 from the cache, no body.
  const again = await get('/about', { 'if-none-match': first.headers.get('etag') });
  assert.equal(again.status, 304);
  assert.equal(await again.text(), '');
  // The server itself answers the same question the same way (a cache revalidating).
  const direct = await fetch(`${site.origin}/about`, { headers: { 'accept-encoding': 'br', 'if-none-match': first.headers.get('etag') } });
  assert.equal(direct.status, 304);
});

test("a signed-in visitor's page is never stored nor served to anyone else", async () => {
  const page = await signedInPage(site, mail, 'cached@example.com');
  const session = (await page.context().cookies()).find((c) => c.name === 'sa_session');
  const viaCache = { cookie: `${session.name}=${session.value}` };
  // Twice through the cache: both from the server (bypassed), both theirs.
  for (let i = 0; i < 2; i += 1) {
    const mine = await get('/favorites', viaCache);
    assert.equal(mine.status, 200);
    assert.equal(mine.headers.get('x-cache-status'), 'BYPASS');
    assert.equal(mine.headers.get('cache-control'), 'private, no-store');
    assert.ok((await mine.text()).includes('cached@example.com'));
  }
  // An anonymous visitor of the same pages never sees them: their own, or a cached anonymous copy.
  for (const path of ['/favorites', '/about']) {
    const anonymous = await get(path);
    assert.ok(!(await anonymous.text()).includes('cached@example.com'), path);
  }
  // A signed-in visit to a page the cache holds is not answered from it (their header shows them).
  const about = await get('/about', viaCache);
  assert.equal(about.headers.get('x-cache-status'), 'BYPASS');
  assert.ok((await about.text()).includes('cached@example.com'));
  // The cookie written as the server's session layer also reads it (a percent-encoded name,
  // spaces around it): the cache and the server take it for the session alike.
  for (const written of [`sa%5Fsession=${session.value}`, `other=1;  sa_session =${session.value}`]) {
    const page = await get('/about', { cookie: written });
    assert.equal(page.headers.get('x-cache-status'), 'BYPASS', written);
    assert.ok((await page.text()).includes('cached@example.com'), written);
  }
});

test("the cache's access log holds paths, never query strings (the emailed links' tokens)", async () => {
  const token = 'emailed-token-never-in-a-log';
  await get(`/api/auth/confirm?token=${token}`);
  await get(`/new-password?token=${token}`);
  const log = await until('the access log lines', () => {
    const text = readFileSync(cache.accessLog, 'utf8');
    return text.includes('/new-password') && text;
  });
  assert.ok(log.includes('"GET /api/auth/confirm HTTP/1.1"'), log);
  assert.ok(!log.includes(token), log);
  assert.ok(!log.includes('?'), log);
});

test('a change of data shows through the cache within the freshness the pages state', async () => {
  const artists = await allArtists(site.origin);
  const { id } = artists.find((artist) => artist.title === '2Pac');
  const path = `/artist/${id}`;
  await get(path);
  const held = await get(path);
  assert.equal(held.headers.get('x-cache-status'), 'HIT');
  assert.equal(
    held.headers.get('cache-control'),
    `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}, stale-while-revalidate=${SHARED_CACHE_SECONDS * 2}`,
  );
  const changed = 'A biography changed by an import while the page was cached.';
  assert.ok(!(await held.text()).includes(changed));

  // An import in another process, then the catalogue's refresh (what the site's own
  // refresh asks for): the server has the change.
  await site.importFile('artists', `externalId,title,bio\n2pac,2Pac,"${changed}"\n`, ['--format', 'csv']);
  // (A refresh within a second of the catalogue's last check reuses that check.)
  await until('the server has the change', async () => {
    const list = await allArtists(site.origin, { refresh: true });
    return list.find((artist) => artist.id === id).bio === changed;
  }, 20_000);
  const changedAt = Date.now();
  // Through the cache: once its copy is older than s-maxage, the next request starts a
  // background revalidation and the one after it has the new page.
  for (;;) {
    const body = await (await get(path)).text();
    if (body.includes(changed)) break;
    assert.ok(Date.now() - changedAt < (SHARED_CACHE_SECONDS + 3) * 1000, 'the change shows within s-maxage');
    await new Promise((r) => setTimeout(r, 250));
  }
});

/** A code request through the cache from the loopback address `from` (Linux routes all of 127/8 to lo). */
function requestCodeFrom(from, email) {
  const body = JSON.stringify({ email });
  const { hostname, port } = new URL(cache.origin);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, localAddress: from, method: 'POST', path: '/api/auth/otp', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'sec-fetch-site': 'same-origin' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test("each visitor's address has its own limits behind the cache", async () => {
  // Code requests are limited to 20 an hour per address: one address uses them up...
  for (let n = 0; n < 20; n += 1) {
    assert.equal(await requestCodeFrom('127.0.0.2', `limited${n}@example.com`), 200, `request ${n}`);
  }
  assert.equal(await requestCodeFrom('127.0.0.2', 'limited-more@example.com'), 429);
  // ...and a visitor at another address is not held to them.
  assert.equal(await requestCodeFrom('127.0.0.3', 'another@example.com'), 200);
});

/** A connection from `from` that sends a request's headers and waits for its body: nginx answers
 * 100 Continue once the request is counted and its body is wanted, or refuses it at once. */
function heldRequestFrom(from) {
  const { hostname, port } = new URL(cache.origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port, localAddress: from }, () => {
      socket.write(`POST /api/auth/signin HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: 64\r\nExpect: 100-continue\r\n\r\n`);
    });
    socket.once('data', (chunk) => resolve({ socket, status: Number(chunk.toString().split(' ')[1]) }));
    socket.on('error', reject);
  });
}

test('one address holds at most its share of the connections through the cache', async () => {
  const held = [];
  try {
    for (let n = 0; n < 32; n += 1) {
      const request = await heldRequestFrom('127.0.0.4');
      held.push(request.socket);
      assert.equal(request.status, 100, `request ${n} is under way`);
    }
    const refused = await heldRequestFrom('127.0.0.4');
    held.push(refused.socket);
    assert.equal(refused.status, 429, 'past its share, at once');
    // Meanwhile every other visitor is served.
    const other = await new Promise((resolve, reject) => {
      const { hostname, port } = new URL(cache.origin);
      request({ host: hostname, port, localAddress: '127.0.0.5', path: '/about' }, (res) => {
        res.resume();
        resolve(res.statusCode);
      })
        .on('error', reject)
        .end();
    });
    assert.equal(other, 200);
  } finally {
    for (const socket of held) socket.destroy();
  }
});
