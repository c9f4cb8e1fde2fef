// The global frame in a real browser: Random Artist, scroll-to-top on every route
// change, the splash screen once per session, and the mobile menu's video FAQ.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { hydrated, quietPage, settle } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
});
after(async () => {
  await site?.stop();
});

test('Random Artist shows "Loading..." while fetching, then opens the artist it got', async () => {
  // Wide enough for the button's label to be visible (narrow screens show the icon only).
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  let release;
  const gate = new Promise((resolve) => {
    release = resolve;
  });
  let served = null;
  await page.route('**/api/artists/random', async (route) => {
    await gate;
    const response = await route.fetch();
    const body = await response.text();
    served = JSON.parse(body);
    await route.fulfill({ response, body });
  });

  await page.goto(`${site.origin}/browse?letter=M`);
  await hydrated(page);
  const header = page.locator('header.site-header');
  const button = header.getByRole('button', { name: 'Random Artist' });
  await button.click();
  const busy = header.getByRole('button', { name: 'Loading...' });
  await busy.waitFor();
  assert.equal(await busy.isDisabled(), true, 'the button is disabled while fetching');
  assert.equal(new URL(page.url()).pathname, '/browse', 'no navigation before the answer');

  release();
  await page.waitForURL((url) => /^\/artist\/\d+$/.test(url.pathname));
  assert.ok(served, 'the random artist came from /api/artists/random');
  assert.equal(new URL(page.url()).pathname, `/artist/${served.id}`);
  await page.getByRole('heading', { level: 1, name: served.title, exact: true }).waitFor();
  await header.getByRole('button', { name: 'Random Artist' }).waitFor();
  assert.equal(await page.title(), `${served.title} - Sound Atlas`);
  assert.deepEqual(page.problems, []);
});

test('"Loading..." is visible at every width, a phone\'s included (the idle label shows as the icon only there)', async () => {
  for (const width of [320, 390, 1280]) {
    const page = await quietPage(site, { viewport: { width, height: 800 } });
    let release;
    const gate = new Promise((resolve) => {
      release = resolve;
    });
    await page.route('**/api/artists/random', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto(`${site.origin}/about`);
    await hydrated(page);
    const header = page.locator('header.site-header');
    await header.getByRole('button', { name: 'Random Artist' }).click();
    const label = header.getByText('Loading...', { exact: true });
    await label.waitFor();
    const box = await label.boundingBox();
    assert.ok(box && box.width > 30 && box.height > 8 && box.x >= 0 && box.x + box.width <= width, `shown at ${width} px: ${JSON.stringify(box)}`);
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `no sideways scroll at ${width} px`);
    release();
    await page.waitForURL((url) => /^\/artist\/\d+$/.test(url.pathname));
    await page.close();
  }
});

test('every route change scrolls to the top', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 700 } });
  const scrollY = () => page.evaluate(() => window.scrollY);
  const toBottom = async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 400);
  };

  // Browse (a long grid) -> an artist card far down the page.
  await page.goto(`${site.origin}/browse?letter=S`);
  await hydrated(page);
  const cards = page.locator('.artist-grid .artist-card-link');
  await cards.nth(11).waitFor();
  await cards.nth(11).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 400);
  const title = (await cards.nth(11).locator('.artist-card-title').textContent()).trim();
  await cards.nth(11).click();
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  assert.equal(await scrollY(), 0, 'browse -> artist');

  // Artist -> a related artist at the bottom of the page (same route, new id).
  await toBottom();
  const related = page.locator('section[aria-labelledby="related-title"] .artist-card-link').first();
  const relatedTitle = (await related.locator('.artist-card-title').textContent()).trim();
  await related.click();
  await page.getByRole('heading', { level: 1, name: relatedTitle, exact: true }).waitFor();
  assert.equal(await scrollY(), 0, 'artist -> related artist');

  // Artist -> the footer's Home link.
  await toBottom();
  await page.locator('footer').getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL(`${site.origin}/`);
  await page.getByRole('heading', { level: 2, name: 'Browse by Letter' }).waitFor();
  assert.equal(await scrollY(), 0, 'artist -> home');

  // Home -> a letter tile (path and query change).
  await page.getByRole('link', { name: 'Artists starting with R' }).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 0);
  await page.getByRole('link', { name: 'Artists starting with R' }).click();
  await page.waitForURL(/\/browse\?letter=R$/);
  // The address changes a moment before the new page commits (and scrolls).
  await page.locator('.letter-bar [aria-current="page"]', { hasText: /^R$/ }).waitFor();
  assert.equal(await scrollY(), 0, 'home -> browse');
  assert.deepEqual(page.problems, []);
});

test('the splash shows over the server-rendered page on the first load of a session only', async () => {
  // The server HTML never contains the splash: crawlers and no-JS readers get the page.
  const html = await (await fetch(`${site.origin}/`)).text();
  assert.doesNotMatch(html, /class="splash/);
  assert.match(html, /<h1[^>]*>Explore Your World of Music<\/h1>/);

  const page = await site.newPage({ viewport: { width: 390, height: 800 } });
  // As on a machine where the client is ready before the first paint: the splash may
  // cover the page from its first paint (the late case is the next test).
  await page.addInitScript(() => {
    const original = performance.getEntriesByName.bind(performance);
    performance.getEntriesByName = (name, type) => (name === 'first-contentful-paint' ? [] : original(name, type));
  });
  // Timestamps (page clock) of the splash appearing, starting to fade, and leaving.
  await page.addInitScript(() => {
    const log = (window.__splashLog = []);
    new MutationObserver(() => {
      const el = document.querySelector('.splash');
      const state = el ? (el.classList.contains('splash--fading') ? 'fading' : 'on') : 'off';
      if ((log.at(-1)?.state ?? 'off') !== state) log.push({ state, at: performance.now() });
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });

  // A slow phone's CPU: the splash's commit comes well after the effect that asks for it,
  // and its 5 seconds are counted from when it is on screen all the same.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const splash = page.locator('.splash');
  await splash.waitFor({ state: 'visible' });
  assert.equal(await splash.locator('.splash-tagline').textContent(), 'Explore Your World of Music');
  assert.equal((await splash.locator('.wordmark').textContent()).replace(/\s+/g, ' '), 'Sound Atlas');
  // The page is rendered underneath, not hidden or waiting for the splash.
  const heading = page.locator('main h1');
  assert.equal(await heading.textContent(), 'Explore Your World of Music');
  assert.equal(await heading.isVisible(), true);
  assert.ok((await page.locator('main .letter-tile').count()) >= 27);

  await splash.waitFor({ state: 'detached', timeout: 15_000 });
  const log = await page.evaluate(() => window.__splashLog);
  assert.deepEqual(log.map((entry) => entry.state), ['on', 'fading', 'off']);
  const shown = log[1].at - log[0].at;
  const fade = log[2].at - log[1].at;
  assert.ok(shown >= 4950 && shown < 7000, `shown for 5000 ms (was ${Math.round(shown)})`);
  assert.ok(fade >= 450 && fade < 2000, `fades for 500 ms (was ${Math.round(fade)})`);

  // Same session: neither a client navigation nor a reload shows it again.
  await page.locator('footer').getByRole('link', { name: 'Browse Artists' }).click();
  await page.waitForURL(/\/browse/);
  await page.getByRole('heading', { level: 1, name: 'Browse Artists' }).waitFor();
  await settle(page);
  await page.reload();
  await hydrated(page);
  await settle(page);
  assert.equal(await splash.count(), 0);
  assert.deepEqual(await page.evaluate(() => window.__splashLog), [], 'no splash after the reload');
  assert.deepEqual(page.problems, []);
});

test('the splash is not laid over a page that has been on screen a while (the scripts came late)', async () => {
  const page = await site.newPage({ viewport: { width: 390, height: 800 } });
  await page.addInitScript(() => {
    window.__splashSeen = false;
    new MutationObserver(() => {
      if (document.querySelector('.splash')) window.__splashSeen = true;
    }).observe(document, { subtree: true, childList: true });
  });
  // The page's scripts arrive 1.5 s after its HTML was painted.
  await page.route(/\/static\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await settle(page);
  const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
  assert.ok(fcp !== null, 'painted');
  assert.equal(await page.evaluate(() => window.__splashSeen), false, 'no splash over the page being read');
  assert.equal(await page.evaluate(() => window.sessionStorage.getItem('sa-splash-seen')), '1', 'that load was the session\'s first');
  assert.deepEqual(page.problems, []);
});

test('the mobile menu has its entries and the four video-loading tips', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 800 } });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await menu.waitFor({ state: 'visible' });
  const entries = (await menu.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).map((t) => t.trim());
  assert.deepEqual(entries, ['Home', 'Browse Artists', 'Favorites', 'Articles', 'Music Quiz']);
  await menu.getByRole('button', { name: 'Log In' }).waitFor();

  const tips = menu.locator('.menu-faq li');
  assert.equal(await tips.count(), 4);
  assert.equal(await tips.first().isVisible(), false, 'the FAQ starts collapsed');
  await menu.getByText('FAQ - Video Loading', { exact: true }).click();
  await tips.first().waitFor({ state: 'visible' });
  assert.deepEqual(await tips.allTextContents(), [
    'Refresh the page to reset the video cache.',
    'Wait for the site to fully load before using Weekly Top 10.',
    'Click "Watch on YouTube" for instant playback.',
    'Save artists to your favorites and use the built-in playlist player.',
  ]);
  for (let i = 0; i < 4; i += 1) assert.equal(await tips.nth(i).isVisible(), true);

  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  assert.deepEqual(page.problems, []);
});
