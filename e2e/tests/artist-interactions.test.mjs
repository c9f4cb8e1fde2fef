// The artist page's interactions in a real browser: share through the clipboard,
// swipe to the next or previous artist, and images that fail to load.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { artistByTitle, hydrated, neighborsOf, quietPage, settle } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
});
after(async () => {
  await site?.stop();
});

test('Share without navigator.share copies the URL, alerts and shows "Copied!" for 2 s', async () => {
  const queen = await artistByTitle(site, 'Queen');
  const page = await quietPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
  // Whatever this Chromium build offers, take the clipboard path.
  await page.addInitScript(() => {
    delete Navigator.prototype.share;
    delete Navigator.prototype.canShare;
  });
  await page.goto(`${site.origin}/artist/${queen.id}`);
  await hydrated(page);
  assert.equal(await page.evaluate(() => typeof navigator.share), 'undefined');

  let message = null;
  let dismissedAt = 0;
  page.once('dialog', async (dialog) => {
    message = `${dialog.type()}: ${dialog.message()}`;
    dismissedAt = Date.now();
    await dialog.accept();
  });
  const actions = page.locator('.artist-actions');
  await actions.getByRole('button', { name: 'Share' }).click();
  const copied = actions.getByRole('button', { name: 'Copied!' });
  await copied.waitFor();
  assert.equal(message, 'alert: URL copied to clipboard!');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), `${site.origin}/artist/${queen.id}`);

  // The indicator goes back to "Share" after 2 s (timed from the alert's dismissal).
  await actions.getByRole('button', { name: 'Share' }).waitFor({ timeout: 10_000 });
  const shownFor = Date.now() - dismissedAt;
  assert.ok(shownFor >= 1900 && shownFor < 5000, `"Copied!" shown for about 2000 ms (was ${shownFor})`);
  assert.deepEqual(page.problems, []);
});

/** A one-finger gesture through the DevTools protocol (real touch events, as on a phone). */
async function swipe(page, cdp, from, to) {
  const point = (p) => [{ x: p.x, y: p.y, id: 1 }];
  await settle(page); // the page's listeners are attached after its first frame
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(from) });
  const steps = 6;
  for (let i = 1; i <= steps; i += 1) {
    const at = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(at) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await settle(page);
}

test('swiping on the artist page goes next (left) or previous (right), short swipes do nothing', async () => {
  const queen = await artistByTitle(site, 'Queen');
  const { nextId, previousId } = await neighborsOf(site, queen.id);
  const page = await quietPage(site, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${site.origin}/artist/${queen.id}`);
  await hydrated(page);
  const heading = page.getByRole('heading', { level: 1 });
  // Swipe across the hero artwork (not a horizontally scrolling area).
  const box = await page.locator('.artist-hero .artist-hero-media').boundingBox();
  const y = box.y + box.height / 2;

  // 60 px: under the 80 px minimum.
  await swipe(page, cdp, { x: 300, y }, { x: 240, y });
  assert.equal(new URL(page.url()).pathname, `/artist/${queen.id}`, 'a 60 px swipe does nothing');
  // 120 px across but 170 px of vertical drift: over the 150 px maximum.
  await swipe(page, cdp, { x: 300, y: y - 85 }, { x: 180, y: y + 85 });
  assert.equal(new URL(page.url()).pathname, `/artist/${queen.id}`, 'too much vertical drift does nothing');
  assert.equal(await heading.textContent(), 'Queen');

  // 150 px to the left: next artist (exactly one step).
  await swipe(page, cdp, { x: 320, y }, { x: 170, y });
  await page.waitForURL(`${site.origin}/artist/${nextId}`);
  const next = await (await fetch(`${site.origin}/api/artists/${nextId}`)).json();
  await page.getByRole('heading', { level: 1, name: next.title, exact: true }).waitFor();

  // 100 px to the right: previous, back to Queen.
  await page.locator('.artist-hero .artist-hero-media').waitFor();
  const back = await page.locator('.artist-hero .artist-hero-media').boundingBox();
  const y2 = back.y + back.height / 2;
  await swipe(page, cdp, { x: 100, y: y2 }, { x: 200, y: y2 });
  await page.waitForURL(`${site.origin}/artist/${queen.id}`);
  await page.getByRole('heading', { level: 1, name: 'Queen', exact: true }).waitFor();
  // And once more to the right: Queen's previous artist.
  await swipe(page, cdp, { x: 100, y: y2 }, { x: 200, y: y2 });
  await page.waitForURL(`${site.origin}/artist/${previousId}`);
  assert.deepEqual(page.problems, []);
});

test('an artist whose image fails everywhere ends with generated artwork, never a broken image', async () => {
  // The seed has no image URLs, so the artist's API answer is given one on a wiki
  // host, and every image host answers 404.
  const queen = await artistByTitle(site, 'Queen');
  const page = await quietPage(site, { viewport: { width: 390, height: 844 } });
  const wikiImage = 'https://upload.wikimedia.org/wikipedia/commons/3/33/Queen_band_1984.jpg';
  await page.route(`**/api/artists/${queen.id}`, async (route) => {
    const response = await route.fetch();
    const artist = await response.json();
    await route.fulfill({ response, json: { ...artist, imageUrl: wikiImage } });
  });
  const tried = [];
  await page.route(
    (url) => /(^|\.)(wikimedia|wikipedia)\.org$/.test(url.hostname),
    async (route) => {
      tried.push(route.request().url());
      await route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
    },
  );

  // Open the artist by client-side navigation so the page reads the API answer above.
  await page.goto(`${site.origin}/browse?letter=Q`);
  await hydrated(page);
  await page.locator('.artist-card-link', { hasText: 'Queen' }).first().click();
  await page.getByRole('heading', { level: 1, name: 'Queen', exact: true }).waitFor();

  const hero = page.locator('.artist-hero');
  await hero.getByText('Image could not be loaded').waitFor();
  assert.equal(await hero.locator('img:not(.generated-artwork)').count(), 0, 'no photo left in the hero');
  // The page's own picture: the artwork itself, in the page (it paints with the text).
  const artwork = await hero.getByRole('img', { name: 'Queen artwork' }).getAttribute('src');
  assert.match(decodeURIComponent(artwork), /^data:image\/svg\+xml,<svg .*>Q<\/text><\/svg>$/);
  assert.match(await hero.locator('.image-error-source').textContent(), /^Source: .*upload\.wikimedia\.org/);
  assert.equal(await hero.getByText('Source: Wikimedia').count(), 0, 'no wiki badge on the artwork');
  // The original, then the one other address built from its file name.
  assert.equal(tried[0], wikiImage);
  assert.equal(tried.length, 2, `tried: ${tried.join(' ')}`);
  assert.ok(tried[1].includes('Special:FilePath') && tried[1].includes('Queen_band_1984.jpg'));
  assert.equal(new Set(tried).size, tried.length, 'no source tried twice');
  const broken = await page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src));
  assert.deepEqual(broken, [], 'no broken image anywhere on the page');
  assert.deepEqual(page.problems, []);
});
