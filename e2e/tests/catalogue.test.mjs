// The public catalogue in a real browser against the real server: home, browse a
// letter, open an artist, next and previous, search, not-found, no-JS rendering,
// and the raw HTML a crawler reads.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { artistByTitle, hydrated, settle } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
});
after(async () => {
  await site?.stop();
});

test('home page renders on the server and hydrates without errors', async () => {
  const page = await site.newPage();
  const response = await page.goto(`${site.origin}/`);
  assert.equal(response.status(), 200);
  assert.equal(await page.title(), 'Sound Atlas - Explore Your World of Music');
  await hydrated(page);
  await page.getByRole('link', { name: 'Browse Artists' }).first().waitFor();
  assert.deepEqual(page.problems, [], 'no console errors or hydration mismatches');
});

test('browsing a letter lists its artists and Load More adds a page', async () => {
  const page = await site.newPage();
  await page.goto(`${site.origin}/browse`);
  await hydrated(page);
  assert.equal(await page.title(), 'Browse Artists - Sound Atlas');
  await page.getByRole('navigation', { name: 'Filter by first letter' }).getByRole('link', { name: 'B', exact: true }).click();
  await page.waitForURL(/letter=B/);
  // The address changes a moment before the page re-renders for the new letter.
  await page.locator('.letter-bar [aria-current="page"]', { hasText: /^B$/ }).waitFor();
  const cards = page.locator('.artist-grid .artist-card-title');
  await cards.first().waitFor();
  assert.equal(await cards.count(), 12);
  for (const title of await cards.allTextContents()) assert.match(title, /^B/i);
  await page.getByRole('link', { name: 'Load More' }).click();
  await page.waitForFunction(() => document.querySelectorAll('.artist-grid .artist-card-title').length > 12);
  assert.deepEqual(page.problems, []);
});

test('opening an artist, then next and previous, walks the full list', async () => {
  const page = await site.newPage();
  await page.goto(`${site.origin}/browse?letter=Q`);
  await hydrated(page);
  await page.locator('.artist-card-link', { hasText: 'Queen' }).first().click();
  await page.waitForURL(/\/artist\/\d+$/);
  await page.getByRole('heading', { level: 1, name: 'Queen' }).waitFor();
  assert.equal(await page.title(), 'Queen - Sound Atlas');
  const counter = page.getByText(/^\d+ \/ \d+ artists$/);
  const [position, total] = (await counter.textContent()).match(/\d+/g).map(Number);
  assert.ok(total >= 300);

  await page.getByRole('link', { name: 'Next artist' }).click();
  await page.getByText(`${position + 1} / ${total} artists`).waitFor();
  await page.getByRole('link', { name: 'Previous artist' }).click();
  await page.getByText(`${position} / ${total} artists`).waitFor();
  await page.getByRole('heading', { level: 1, name: 'Queen' }).waitFor();
  assert.deepEqual(page.problems, []);
});

test('searching from the header finds artists despite a typo', async () => {
  const page = await site.newPage();
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const box = page.getByPlaceholder('Search artists, bands, or genres...');
  await box.fill('  beatels  ');
  await box.press('Enter');
  await page.waitForURL(/\/search\/beatels$/);
  await page.getByText(/^Found \d+ results? for "beatels"$/).waitFor();
  await page.locator('.artist-card-title', { hasText: 'The Beatles' }).first().waitFor();
  assert.equal(await page.title(), 'Search: beatels - Sound Atlas');
  assert.deepEqual(page.problems, []);
});

test('a search for markup shows it as text', async () => {
  const page = await site.newPage();
  // Markup that would run if any of it reached the page as HTML, before or after hydration.
  const markup = '<img src=x onerror=alert(1)><script>alert(2)</script>';
  const dialogs = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const response = await page.goto(`${site.origin}/search/${encodeURIComponent(markup)}`);
  const html = await response.text();
  assert.ok(!html.includes('<img src=x'), 'the server HTML escapes it');
  await hydrated(page);
  await page.getByText(`No results found for "${markup}"`).waitFor();
  await settle(page);
  assert.deepEqual(dialogs, [], 'nothing of it ran');
  assert.equal(await page.locator('main img[src="x"], main script:not([type])').count(), 0, 'no element was made of it');
  assert.deepEqual(page.problems, [], 'no script error, no failed hydration');
});

test('an unknown path is the not-found screen with status 404', async () => {
  const page = await site.newPage();
  const response = await page.goto(`${site.origin}/no/such/page`);
  assert.equal(response.status(), 404);
  await hydrated(page);
  await page.getByText('404 Page Not Found').first().waitFor();
  await page.getByText('Did you forget to add the page to the router?').waitFor();
  const artist = await page.goto(`${site.origin}/artist/999999`);
  assert.equal(artist.status(), 404);
  await page.getByText('This artist could not be found. It may have been removed or the ID is incorrect.').waitFor();
});

test('without JavaScript an artist page shows its full content', async () => {
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/search/queen`);
  await page.locator('.artist-card-link', { hasText: 'Queen' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Queen' }).waitFor();
  await page.getByText(/\d+ \/ \d+ artists/).waitFor();
  assert.ok(await page.getByText('Read full biography').count() >= 1);
});

test('the raw HTML of an artist page carries title, Open Graph tags and JSON-LD', async () => {
  const queen = await artistByTitle(site, 'Queen');
  const res = await fetch(`${site.origin}/artist/${queen.id}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  assert.match(html, /<title>Queen - Sound Atlas<\/title>/);
  for (const property of ['og:title', 'og:type', 'og:image', 'og:url', 'og:description', 'og:site_name']) {
    assert.match(html, new RegExp(`<meta property="${property}" content="[^"]+">`), property);
  }
  assert.match(html, /<meta name="twitter:card" content="summary_large_image">/);
  const docs = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const group = docs.find((d) => d['@type'] === 'MusicGroup');
  assert.equal(group.name, 'Queen');
  assert.ok(group.genre.length > 0);
  assert.ok(docs.some((d) => d['@type'] === 'BreadcrumbList'));
  assert.match(html, /<h1[^>]*>Queen<\/h1>/, 'the artist is in the server-rendered markup');
});
