// Offline reading and the installable app, in Chromium with the network cut: pages the
// visitor opened come back, a page never opened shows our offline page, a link followed
// offline keeps the frame, a signed-in visitor's pages are never kept and signing out
// forgets the kept ones.
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

/** Asserts the frame (header with its search, footer) is on screen and the error screen is not. */
async function assertFrame(page) {
  for (const [role, name] of [['banner'], ['search', 'Site search'], ['contentinfo']]) assert.ok(await page.getByRole(role, { name }).isVisible(), `${role} is shown`);
  assert.equal(await page.getByText('Something went wrong').count(), 0);
}

test("offline, a link to a page never opened keeps the frame: the worker holds every page's code", async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  // The worker installs after the page has loaded; it controls the page once active.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15_000 });

  await page.context().setOffline(true);
  try {
    const artistLink = page.locator('a[href^="/artist/"]').first();
    const href = await artistLink.getAttribute('href');
    await artistLink.click();
    await page.waitForURL(`${site.origin}${href}`);
    // The artist page's own code ran (its data waits for the connection), inside the frame:
    // not the error screen, nor the offline page.
    await page.locator('.artist-page').or(page.getByText('Something went wrong')).or(page.getByText("You're offline")).waitFor();
    await assertFrame(page);
  } finally {
    await page.context().setOffline(false);
  }
  await page.context().close();
});

test("a page whose code cannot be fetched is loaded as a whole document, never the error screen", async () => {
  // No worker, and the artist page's code unreachable (as offline before the worker held it).
  const page = await quietPage(site, { serviceWorkers: 'block' });
  await page.route(/\/static\/artist-page-[A-Z0-9]+\.js$/, (route) => route.abort('internetdisconnected'));
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.evaluate(() => (window.sameDocument = true));

  const artistLink = page.locator('a[href^="/artist/"]').first();
  const href = await artistLink.getAttribute('href');
  const { title } = await (await fetch(`${site.origin}/api${href.replace('/artist/', '/artists/')}`)).json();
  await artistLink.click();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  assert.equal(page.url(), `${site.origin}${href}`);
  assert.equal(await page.evaluate(() => window.sameDocument), undefined, 'a new document');
  await assertFrame(page);
  // Back returns to home: the document took the place of the history entry the link added.
  await page.goBack();
  assert.equal(page.url(), `${site.origin}/`);
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
