// Country and decade pages: an artist page links its country and the decade it began
// in; their pages list the artists twelve a page with numbered pages as plain links;
// browse filters by country with a form that works without JavaScript, and its
// letters keep the filter.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { artistByTitle, hydrated, quietPage } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
});
after(async () => {
  await site?.stop();
});

/** The titles of the cards on screen. */
const cardTitles = (page) => page.locator('.artist-grid .artist-card-title').allTextContents();

/** What an API read of artists lists. */
async function titlesOf(path) {
  const body = await (await fetch(`${site.origin}${path}`)).json();
  return body.artists.map((a) => a.title);
}

test("without JavaScript: an artist's country and decade lead to their pages, whose numbered pages are plain links", async () => {
  const beatles = await artistByTitle(site, 'The Beatles');
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/artist/${beatles.id}`);
  await page.getByRole('link', { name: 'More artists from United Kingdom' }).click();
  await page.waitForURL(`${site.origin}/country/united-kingdom`);
  await page.getByRole('heading', { level: 1, name: 'Artists from United Kingdom' }).waitFor();
  assert.deepEqual(await cardTitles(page), await titlesOf('/api/countries/united-kingdom?page=1'));
  await page.getByRole('navigation', { name: 'Pages of United Kingdom' }).getByRole('link', { name: 'Page 2' }).click();
  await page.waitForURL(`${site.origin}/country/united-kingdom?from=2`);
  assert.deepEqual(await cardTitles(page), await titlesOf('/api/countries/united-kingdom?page=2'));

  await page.goto(`${site.origin}/artist/${beatles.id}`);
  await page.getByRole('link', { name: 'More artists born or formed in the 1960s' }).click();
  await page.waitForURL(`${site.origin}/decade/1960s`);
  await page.getByRole('heading', { level: 1, name: 'Artists Born or Formed in the 1960s' }).waitFor();
  assert.deepEqual(await cardTitles(page), await titlesOf('/api/decades/1960s?page=1'));
  await page.context().close();
});

test('without JavaScript: the browse country filter is a form, and the letters keep it', async () => {
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/browse?letter=T`);
  await page.getByRole('combobox', { name: 'Country' }).selectOption('united-kingdom');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(`${site.origin}/browse?country=united-kingdom&letter=T`);
  assert.deepEqual(await cardTitles(page), await titlesOf('/api/countries/united-kingdom/browse?letter=T&page=1'));
  await page.getByRole('navigation', { name: 'Filter by first letter' }).getByRole('link', { name: 'B', exact: true }).click();
  await page.waitForURL(`${site.origin}/browse?country=united-kingdom&letter=B`);
  assert.deepEqual(await cardTitles(page), await titlesOf('/api/countries/united-kingdom/browse?letter=B&page=1'));
  await page.context().close();
});

test('with JavaScript: choosing a country filters the letter in place, and All countries lifts it', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/browse?letter=T`);
  await hydrated(page);
  await page.getByRole('combobox', { name: 'Country' }).selectOption('united-kingdom');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(`${site.origin}/browse?country=united-kingdom&letter=T`);
  const expected = await titlesOf('/api/countries/united-kingdom/browse?letter=T&page=1');
  await page.waitForFunction((n) => document.querySelectorAll('.artist-grid .artist-card-title').length === n, expected.length);
  assert.deepEqual(await cardTitles(page), expected);
  // The title follows the list shown, set once the page has rendered it.
  await page.waitForFunction((title) => document.title === title, 'Browse Artists from United Kingdom: T - Sound Atlas');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('');
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(`${site.origin}/browse?letter=T`);
  await page.waitForFunction((title) => document.title === title, 'Browse Artists: T - Sound Atlas');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
