// Genre pages: every genre chip of an artist page and a search that names a genre lead
// to the genre's page, which lists its artists twelve a page with Load More and
// numbered pages (plain links, so the walk works without JavaScript too).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { artistByTitle, hydrated, quietPage } from './browser-helpers.mjs';

let site;
let pop;
before(async () => {
  site = await start();
  pop = await (await fetch(`${site.origin}/api/genres/pop?page=1`)).json();
});
after(async () => {
  await site?.stop();
});

/** The titles of the cards on screen. */
const cardTitles = (page) => page.locator('.artist-grid .artist-card-title').allTextContents();

/** What the genre API lists on page `n` of Pop. */
async function popTitles(n) {
  const body = await (await fetch(`${site.origin}/api/genres/pop?page=${n}`)).json();
  return body.artists.map((a) => a.title);
}

test('without JavaScript: a chip opens its genre, whose numbered pages are plain links', async () => {
  assert.ok(pop.total > 36, `${pop.total} pop artists: several pages`);
  const adele = await artistByTitle(site, 'Adele');
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/artist/${adele.id}`);
  await page.getByRole('list', { name: 'Genres' }).getByRole('link', { name: 'Pop', exact: true }).click();
  await page.waitForURL(`${site.origin}/genre/pop`);
  await page.getByRole('heading', { level: 1, name: 'Pop Artists' }).waitFor();
  assert.deepEqual(await cardTitles(page), await popTitles(1));
  const pager = page.getByRole('navigation', { name: 'Pages of Pop' });
  await pager.getByRole('link', { name: 'Page 3' }).click();
  await page.waitForURL(`${site.origin}/genre/pop?from=3`);
  assert.deepEqual(await cardTitles(page), await popTitles(3));
  await page.getByText(`Showing 25–36 of ${pop.total}`).waitFor();
  await pager.getByRole('link', { name: 'Previous' }).click();
  await page.waitForURL(`${site.origin}/genre/pop?from=2`);
  assert.deepEqual(await cardTitles(page), await popTitles(2));
  await page.context().close();
});

test('with JavaScript: chip, genre page, Load More and a numbered page, each its own canonical', async () => {
  const adele = await artistByTitle(site, 'Adele');
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/artist/${adele.id}`);
  await hydrated(page);
  await page.getByRole('list', { name: 'Genres' }).getByRole('link', { name: 'Pop', exact: true }).click();
  await page.waitForURL(`${site.origin}/genre/pop`);
  await page.getByRole('heading', { level: 1, name: 'Pop Artists' }).waitFor();
  assert.equal(await page.title(), 'Pop Artists - Sound Atlas');
  assert.deepEqual(await cardTitles(page), await popTitles(1));
  await page.getByRole('link', { name: 'Load More' }).click();
  await page.waitForURL(`${site.origin}/genre/pop?page=2`);
  await page.waitForFunction(() => document.querySelectorAll('.artist-grid .artist-card-title').length === 24);
  assert.deepEqual(await cardTitles(page), [...(await popTitles(1)), ...(await popTitles(2))]);
  const last = Math.ceil(pop.total / 12);
  await page.getByRole('navigation', { name: 'Pages of Pop' }).getByRole('link', { name: `Page ${last}` }).click();
  await page.waitForURL(`${site.origin}/genre/pop?from=${last}`);
  await page.waitForFunction((n) => document.querySelectorAll('.artist-grid .artist-card-title').length === n, pop.total - (last - 1) * 12);
  assert.deepEqual(await cardTitles(page), await popTitles(last));
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  assert.equal(canonical, `${site.origin}/genre/pop?from=${last}`);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a search that names a genre offers its page; an unknown genre is the not-found page', async () => {
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/search/r%26b`);
  await page.getByRole('navigation', { name: 'Matching genres' }).getByRole('link', { name: /^R&B/ }).click();
  await page.waitForURL(`${site.origin}/genre/r-and-b`);
  await page.getByRole('heading', { level: 1, name: 'R&B Artists' }).waitFor();
  const missing = await page.goto(`${site.origin}/genre/no-such-genre`);
  assert.equal(missing.status(), 404);
  await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
  await page.context().close();
});
