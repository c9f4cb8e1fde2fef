// Offline reading and the installable app, in Chromium with the network cut: pages the
// visitor opened come back, a page never opened shows our offline page, a signed-in
// visitor's pages are never kept and signing out forgets the kept ones.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startSiteWithMail } from '../support/mail.mjs';
import { artistByTitle, hydrated, quietPage } from './browser-helpers.mjs';
import { signedInPage } from './signed-in-helpers.mjs';

const PAGES_CACHE = 'sound-atlas-pages';

let site;
let mail;
let stop;
before(async () => {
  ({ site, mail, stop } = await startSiteWithMail());
});
after(async () => {
  await stop?.();
});

/** The paths of the pages the service worker keeps, once it has kept `expected` of them. */
async function keptPaths(page, expected = []) {
  const paths = () =>
    page.evaluate(async (name) => {
      const cache = await caches.open(name);
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    }, PAGES_CACHE);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const kept = await paths();
    if (expected.every((path) => kept.includes(path)) || Date.now() > deadline) return kept;
    await new Promise((r) => setTimeout(r, 100));
  }
}

test('the pages a visitor opened read offline; a page never opened shows the offline page', async () => {
  const titles = ['Queen', 'ABBA', 'Adele'];
  const artists = await Promise.all(titles.map((title) => artistByTitle(site, title)));
  const never = await artistByTitle(site, 'Nirvana');
  const page = await quietPage(site);
  const manifest = await (await fetch(`${site.origin}/assets/manifest.webmanifest`)).json();
  assert.equal(manifest.start_url, '/');
  for (const icon of manifest.icons) {
    const answer = await fetch(`${site.origin}${icon.src}`);
    assert.equal(answer.headers.get('content-type'), 'image/png', icon.src);
  }

  // The first page is open before the worker controls it: it asks to be kept.
  for (const artist of artists) {
    await page.goto(`${site.origin}/artist/${artist.id}`);
    await hydrated(page);
    await page.evaluate(() => navigator.serviceWorker.ready);
  }
  const paths = artists.map((artist) => `/artist/${artist.id}`);
  assert.deepEqual((await keptPaths(page, paths)).filter((path) => paths.includes(path)).sort(), [...paths].sort());
  assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null));

  await page.context().setOffline(true);
  try {
    for (const [i, artist] of artists.entries()) {
      await page.goto(`${site.origin}/artist/${artist.id}`);
      await page.getByRole('heading', { level: 1, name: titles[i] }).waitFor();
      // Its styles and scripts came from the device too: the page hydrates.
      await hydrated(page);
    }
    await page.goto(`${site.origin}/artist/${never.id}`);
    await page.getByRole('heading', { level: 1, name: "You're offline" }).waitFor();
    assert.equal(await page.title(), "You're offline - Sound Atlas");
  } finally {
    await page.context().setOffline(false);
  }
  await page.context().close();
});

test("a signed-in visitor's pages are never kept, and signing out forgets the kept ones", async () => {
  const page = await signedInPage(site, mail, 'offline@example.com');
  const queen = await artistByTitle(site, 'Queen');
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Kept before signing in (anonymously, by another tab of this browser).
  await page.evaluate(async (name) => {
    const cache = await caches.open(name);
    await cache.put('/articles', new Response('<p>an anonymous page</p>', { headers: { 'content-type': 'text/html' } }));
  }, PAGES_CACHE);
  await page.goto(`${site.origin}/artist/${queen.id}`);
  await hydrated(page);
  await page.goto(`${site.origin}/browse/Q`);
  await hydrated(page);
  // (The worker stores a page after answering with it.)
  await new Promise((r) => setTimeout(r, 1000));
  const kept = await keptPaths(page);
  assert.ok(kept.includes('/articles'));
  assert.ok(!kept.includes(`/artist/${queen.id}`) && !kept.includes('/browse/Q'), `kept: ${kept}`);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByText('Logged out').waitFor();
  assert.deepEqual(await keptPaths(page), []);
  await page.context().close();
});
