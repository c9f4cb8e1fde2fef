// A photo's credit goes wherever the photo goes: a card whose photo's licence asks for
// its author and licence carries them (the photo's tooltip, and the card's text for
// screen readers), on browse, search and genre pages, as the server writes the card
// and as the browser renders it after hydration; on the artist page the source badge sits on
// the photo, never on its credit, and the members timeline's years sit under the bars' ends.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { addEnrichedArtist, ENRICHED_TITLE } from '../support/enriched-artist.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';

// What the fixture's Commons answer gives as the photo's author and licence.
const CREDIT = 'Photo: Fixture Photographer · CC BY-SA 4.0';
// The photo as Wikimedia's media server would send it (the tests stay offline): a photo
// that fails to load gives way to the generated artwork, which has no tooltip.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let site;
let enrichedId;
before(async () => {
  site = await start();
  enrichedId = await addEnrichedArtist(site);
});
after(async () => {
  await site?.stop();
});

/** The first page number of a paged card answer (`pathOf(n)`) that holds the enriched artist. */
async function pageHolding(pathOf) {
  for (let n = 1; n <= 200; n++) {
    const answer = await (await fetch(`${site.origin}${pathOf(n)}`)).json();
    if (answer.artists.some((a) => a.id === enrichedId)) return n;
    if (answer.artists.length === 0) break;
  }
  throw new Error(`no page of ${pathOf('n')} holds the enriched artist`);
}

/** The enriched artist's card on the page as it is now: its photo's tooltip and its text. */
async function creditOfCard(page) {
  const card = page.locator('article.artist-card', { has: page.locator('.artist-card-title', { hasText: ENRICHED_TITLE }) });
  await card.waitFor();
  return {
    tooltip: await card.locator('img').getAttribute('title'),
    hidden: await card.locator('.sr-only').textContent(),
    // The card's link names the credit to assistive technology.
    name: await card.locator('a.artist-card-link').evaluate((link) => link.textContent),
  };
}

test('the API gives the card its credit; a card without a known credit leaves it out', async () => {
  const browsePage = (n) => `/api/artists/browse?letter=F&page=${n}`;
  const browse = await (await fetch(`${site.origin}${browsePage(await pageHolding(browsePage))}`)).json();
  const card = browse.artists.find((a) => a.id === enrichedId);
  assert.deepEqual(card.photoCredit, { author: 'Fixture Photographer', license: 'CC BY-SA 4.0' });
  // The seed's photos have no known credit: their cards leave the field out.
  const others = browse.artists.filter((a) => a.id !== enrichedId);
  assert.ok(others.length > 0 && others.every((a) => !('photoCredit' in a)), JSON.stringify(others));
});

for (const [where, pathOf, apiOf] of [
  ['search', () => `/search/${encodeURIComponent(ENRICHED_TITLE)}`, null],
  ['browse', (n) => `/browse?letter=F&from=${n}`, (n) => `/api/artists/browse?letter=F&page=${n}`],
  ['a genre page', (n) => `/genre/rock?from=${n}`, (n) => `/api/genres/rock?page=${n}`],
]) {
  test(`on ${where}, the card with a credited photo carries its credit, server-written and hydrated`, async () => {
    const path = pathOf(apiOf ? await pageHolding(apiOf) : 1);
    const plain = await site.newPage({ javaScriptEnabled: false });
    await plain.goto(`${site.origin}${path}`);
    const written = await creditOfCard(plain);
    assert.equal(written.tooltip, CREDIT);
    assert.equal(written.hidden, CREDIT);
    assert.ok(written.name.includes(CREDIT), written.name);
    await plain.context().close();

    const page = await quietPage(site);
    await page.route('https://upload.wikimedia.org/**', (route) => route.fulfill({ body: PIXEL, contentType: 'image/png' }));
    await page.goto(`${site.origin}${path}`);
    await hydrated(page);
    assert.deepEqual(await creditOfCard(page), written);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  });
}

test('a credited photo that cannot be loaded takes its credit with it: the artwork shown is credited to nobody', async () => {
  const page = await quietPage(site);
  await page.route('https://upload.wikimedia.org/**', (route) => route.abort());
  await page.goto(`${site.origin}/search/${encodeURIComponent(ENRICHED_TITLE)}`);
  await hydrated(page);
  const card = page.locator('article.artist-card', { has: page.locator('.artist-card-title', { hasText: ENRICHED_TITLE }) });
  await card.locator('.artist-image--artwork').waitFor();
  assert.equal(await card.locator('img[title]').count(), 0, 'no photo, no tooltip');
  assert.equal(await card.locator('.photo-credit').evaluate((credit) => getComputedStyle(credit).display), 'none');
  const name = await card.locator('a.artist-card-link').evaluate((link) => link.innerText);
  assert.ok(!name.includes('Photo:'), name);
  await page.context().close();
});

test("the artist page's source badge sits on the photo, never on its credit; the timeline's years sit under the bars' ends", async () => {
  for (const width of [390, 1366]) {
    const page = await quietPage(site, { viewport: { width, height: 900 } });
    await page.route('https://upload.wikimedia.org/**', (route) => route.fulfill({ body: PIXEL, contentType: 'image/png' }));
    await page.goto(`${site.origin}/artist/${enrichedId}`);
    await hydrated(page);
    await page.locator('.image-badge').waitFor();
    const boxes = await page.evaluate(() => {
      const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
      const axis = [...document.querySelectorAll('.member-axis span')].map((span) => span.getBoundingClientRect().toJSON());
      return { badge: box('.image-badge'), picture: box('.artist-hero-media'), credit: box('.image-credit'), track: box('.member-track'), axis };
    });
    const { badge, picture, credit, track, axis } = boxes;
    assert.ok(badge.bottom <= picture.bottom && badge.top >= picture.top, `the badge is on the picture at ${width} px`);
    assert.ok(badge.bottom <= credit.top, `the badge leaves the credit alone at ${width} px`);
    assert.ok(Math.abs(axis[0].left - track.left) <= 1, `the first year under the bars' start at ${width} px`);
    assert.ok(Math.abs(axis.at(-1).right - track.right) <= 1, `the last year under the bars' end at ${width} px (${axis.at(-1).right} vs ${track.right})`);
    await page.context().close();
  }
});

test('a photo that cannot be loaded is asked for twice, the photo and one other address of its file, then the artwork shows', async () => {
  const page = await quietPage(site);
  const asked = [];
  await page.route(/^https:\/\/([a-z0-9-]+\.)*(wikimedia|wikipedia)\.org\//, (route) => {
    if (route.request().url().includes('Fixture_Enriched_Band.jpg')) asked.push(route.request().url());
    return route.abort();
  });
  await page.goto(`${site.origin}/artist/${enrichedId}`);
  await hydrated(page);
  await page.locator('.artist-image--artwork').first().waitFor();
  await page.getByText('Image could not be loaded').waitFor();
  assert.equal(asked.length, 2, asked.join('\n'));
  assert.match(asked[0], /^https:\/\/upload\.wikimedia\.org\//);
  assert.match(asked[1], /^https:\/\/commons\.wikimedia\.org\/wiki\/Special:FilePath\/Fixture_Enriched_Band\.jpg/);
  await page.context().close();
});
