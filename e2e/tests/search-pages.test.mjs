// Search results in pages, like browse: the count of all matches, 12 cards a page, and
// a Load More that is a plain link (so it works without JavaScript too).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';
import { addEnrichedArtist, ENRICHED_TITLE } from '../support/enriched-artist.mjs';

// The last page a search shows, as the contract declares it (read from the copy the
// build generates for the UI, so the test follows the one declaration).
const MAX_SEARCH_PAGE = Number(
  readFileSync(new URL('../../ui/src/generated/contract.ts', import.meta.url), 'utf8').match(
    /^export const MAX_SEARCH_PAGE = (\d+);$/m,
  )[1],
);

let site;
let total;
before(async () => {
  site = await start();
  // Every match counts (the full-artist search answers only the best 100).
  total = (await (await fetch(`${site.origin}/api/artists/search/cards?query=rock`)).json()).total;
});
after(async () => {
  await site?.stop();
});

test('without JavaScript, Load More is a link to the next page, which shows pages 1 and 2', async () => {
  assert.ok(total > 24, `${total} matches for rock`);
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/search/rock`);
  await page.getByText(`Found ${total} results for "rock"`).waitFor();
  assert.equal(await page.locator('.artist-grid .artist-card-title').count(), 12);
  await page.getByRole('link', { name: 'Load More' }).click();
  await page.waitForURL(`${site.origin}/search/rock?page=2`);
  assert.equal(await page.locator('.artist-grid .artist-card-title').count(), 24);
  await page.getByText(`Showing 24 of ${total}`).waitFor();
  await page.context().close();
});

test('with JavaScript, Load More appends the next page in place', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/search/rock`);
  await hydrated(page);
  const cards = page.locator('.artist-grid .artist-card-title');
  assert.equal(await cards.count(), 12);
  const firstTwelve = await cards.allTextContents();
  await page.getByRole('link', { name: 'Load More' }).click();
  await page.waitForURL(/\/search\/rock\?page=2$/);
  await page.waitForFunction(() => document.querySelectorAll('.artist-grid .artist-card-title').length === 24);
  assert.deepEqual((await cards.allTextContents()).slice(0, 12), firstTwelve, 'page 1 stays, page 2 follows');
  // The same order as the spec's full search answer.
  const full = (await (await fetch(`${site.origin}/api/artists/search?query=rock`)).json()).slice(0, 24).map((a) => a.title);
  assert.deepEqual(await cards.allTextContents(), full);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('a page past the last one, or spelled otherwise, leads to the last page, which has no Load More', async () => {
  const last = MAX_SEARCH_PAGE;
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/search/rock?page=0${last + 1}`);
  await page.waitForURL(`${site.origin}/search/rock?page=${last}`);
  const shown = Math.min(total, last * 12);
  assert.equal(await page.locator('.artist-grid .artist-card-title').count(), shown);
  await page.getByText(`Showing ${shown} of ${total}`).waitFor();
  assert.equal(await page.getByRole('link', { name: 'Load More' }).count(), 0);
  await page.context().close();
});

test("an artist's other name finds it on the search page, written by the server", async () => {
  await addEnrichedArtist(site);
  // The alias the knowledge base gives the enriched band, which its title alone does not match.
  const page = await site.newPage({ javaScriptEnabled: false });
  await page.goto(`${site.origin}/search/${encodeURIComponent('The Enriched Fixtures')}`);
  assert.deepEqual(await page.locator('.artist-grid .artist-card-title').allTextContents(), [ENRICHED_TITLE]);
  await page.context().close();
});
