// Session memory: browse remembers the letter, the page reached and the scroll
// position and restores them on return; the refresh flag leaves the address; a
// search path's scroll position is restored when coming back to it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
});
after(async () => {
  await site?.stop();
});

/** Waits until the letter bar marks `letter` as the current one (the address can change a frame before the page). */
const activeLetter = (page, letter) => page.locator('.letter-bar [aria-current="page"]', { hasText: new RegExp(`^${letter}$`) }).waitFor();
const cardCount = (page) => page.locator('.artist-grid .artist-card-link').count();

test('the chosen letter and page come back after visiting an artist', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 800 } });
  await page.goto(`${site.origin}/browse`);
  await hydrated(page);
  await activeLetter(page, 'A');

  await page.getByRole('navigation', { name: 'Filter by first letter' }).getByRole('link', { name: 'D', exact: true }).click();
  await page.waitForURL(/\/browse\?letter=D$/);
  await activeLetter(page, 'D');
  await page.locator('.artist-grid .artist-card-title').first().waitFor();
  for (const title of await page.locator('.artist-grid .artist-card-title').allTextContents()) assert.match(title, /^D/i);
  await page.getByRole('link', { name: 'Load More' }).click();
  await page.waitForURL(/\/browse\?letter=D&page=2$/);
  await page.waitForFunction(() => document.querySelectorAll('.artist-grid .artist-card-link').length > 12);
  const shown = await cardCount(page);

  // Open a card, then come back through the artist page's "Browse Artists" button (a plain /browse link).
  await page.locator('.artist-grid .artist-card-link').first().click();
  await page.waitForURL(/\/artist\/\d+$/);
  await page.locator('.artist-bottom-nav').getByRole('link', { name: 'Browse Artists' }).click();
  await page.waitForURL(/\/browse\?letter=D&page=2$/);
  await activeLetter(page, 'D');
  await page.waitForFunction((n) => document.querySelectorAll('.artist-grid .artist-card-link').length === n, shown);

  // A full reload of plain /browse in the same session restores it too.
  await page.goto(`${site.origin}/browse`);
  await page.waitForURL(/\/browse\?letter=D&page=2$/);
  await hydrated(page);
  await activeLetter(page, 'D');

  // The menu's Browse Artists link, followed from the browse page itself, keeps the letter.
  await page.getByRole('navigation', { name: 'Filter by first letter' }).getByRole('link', { name: 'K', exact: true }).click();
  await page.waitForURL(/\/browse\?letter=K$/);
  await activeLetter(page, 'K');
  await page.evaluate(() => {
    // Record the addresses the app goes through from here on.
    window.__urls = [];
    for (const method of ['pushState', 'replaceState']) {
      const original = history[method].bind(history);
      history[method] = (state, unused, url) => {
        original(state, unused, url);
        window.__urls.push(`${location.pathname}${location.search}`);
      };
    }
  });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Browse Artists' }).click();
  await page.waitForFunction(() => window.__urls.includes('/browse') && window.__urls.at(-1) === '/browse?letter=K');
  await activeLetter(page, 'K');
  assert.deepEqual(page.problems, []);
});

test('going back to browse restores the scroll position', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 700 } });
  await page.goto(`${site.origin}/browse?letter=S&page=2`);
  await hydrated(page);
  const card = page.locator('.artist-grid .artist-card-link').nth(17);
  await card.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 600);
  // The position is saved from scroll events (one per frame); wait until it is stored.
  const y = await page.evaluate(() => Math.round(window.scrollY));
  await page.waitForFunction((expected) => sessionStorage.getItem('browse:scrollPosition') === String(expected), y);
  await card.click();
  await page.waitForURL(/\/artist\/\d+$/);
  await page.locator('h1#artist-title').waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0);

  await page.goBack();
  await page.waitForURL(/\/browse\?letter=S&page=2$/);
  await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) <= 2, y);
  assert.deepEqual(page.problems, []);
});

test('the refresh flag is removed from the address', async () => {
  const page = await quietPage(site);
  const response = await page.goto(`${site.origin}/browse?letter=B&refresh=true`);
  assert.equal(response.status(), 200);
  await hydrated(page);
  await page.waitForURL(`${site.origin}/browse?letter=B`);
  await activeLetter(page, 'B');
  await page.locator('.artist-grid .artist-card-title').first().waitFor();

  // Plain /browse?refresh=true in a session that chose B: the flag goes, the letter comes back.
  await page.goto(`${site.origin}/browse?refresh=true`);
  await hydrated(page);
  await page.waitForURL(`${site.origin}/browse?letter=B`);
  await activeLetter(page, 'B');

  // A new session: nothing to restore, the flag still goes.
  const fresh = await quietPage(site);
  await fresh.goto(`${site.origin}/browse?refresh=true`);
  await hydrated(fresh);
  await fresh.waitForURL(`${site.origin}/browse`);
  await activeLetter(fresh, 'A');
  assert.deepEqual([...page.problems, ...fresh.problems], []);
});

test('going back to a search restores its scroll position', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 700 } });
  await page.goto(`${site.origin}/search/rock`);
  await hydrated(page);
  await page.getByText(/^Found \d+ results for "rock"$/).waitFor();
  // Positions are saved once the page has restored its own (100 ms after the
  // results); keep nudging the scroll until one is stored.
  await page.evaluate(() => window.scrollTo(0, 1500));
  const handle = await page.waitForFunction(
    () => {
      const saved = JSON.parse(sessionStorage.getItem('search:/search/rock') ?? 'null');
      if (saved && saved.scrollY === Math.round(window.scrollY)) return saved.scrollY;
      window.scrollBy(0, 1);
      return false;
    },
    null,
    { polling: 50 },
  );
  const y = await handle.jsonValue();
  assert.ok(y > 1000);

  // Leave through the header logo (no card opened), then come back. A synthetic
  // click: a pointer click would first scroll the sticky header "into view".
  await page.locator('header .logo-link').dispatchEvent('click');
  await page.waitForURL(`${site.origin}/`);
  await page.getByRole('heading', { level: 2, name: 'Browse by Letter' }).waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  await page.goBack();
  await page.waitForURL(/\/search\/rock$/);
  await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) <= 2, y);
  assert.deepEqual(page.problems, []);
});
