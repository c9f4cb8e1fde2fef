// Client navigation across lazily loaded pages (React Router in the browser): back and
// forward, a navigation started while the last one's page module is still loading, and
// the scroll position on the way.
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

const path = (page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};
const heading = (page) => page.locator('main h1').first().textContent();

/** Holds every request for a page module's file (`/static/<name>-<hash>.js`) until released. */
async function holdModule(page, name) {
  let release;
  const released = new Promise((resolve) => {
    release = resolve;
  });
  let requested = false;
  await page.route(new RegExp(`/static/${name}-[A-Z0-9]+\\.js$`), async (route) => {
    requested = true;
    await released;
    await route.continue();
  });
  return { release: () => release(), requested: () => requested };
}

test('back and forward across lazily loaded pages show each page with its address', async () => {
  const page = await quietPage(site);
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  const aboutTitle = await heading(page);

  // About (its module) -> an artist (another module) -> browse (a third).
  await page.goto(`${site.origin}/browse?letter=B`);
  await hydrated(page);
  const browseTitle = await heading(page);
  await page.locator('.artist-card-link').first().click();
  await page.waitForURL(/\/artist\/\d+$/);
  // The address changes a moment before React commits the page it leads to.
  await page.waitForFunction((title) => document.querySelector('main h1')?.textContent !== title, browseTitle);
  const artistPath = path(page);
  const artistTitle = await heading(page);
  await page.goBack();
  await page.waitForURL(`${site.origin}/browse?letter=B`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.goBack();
  await page.waitForURL(`${site.origin}/about`);
  await page.waitForFunction((title) => document.querySelector('main h1')?.textContent === title, aboutTitle);
  await page.goForward();
  await page.waitForURL(`${site.origin}/browse?letter=B`);
  await page.goForward();
  await page.waitForURL(`${site.origin}${artistPath}`);
  await page.waitForFunction((title) => document.querySelector('main h1')?.textContent === title, artistTitle);
  assert.deepEqual(errors, []);
});

test('a page stays, address and all, while the next page’s module loads; a later navigation wins', async () => {
  // Without the service worker: the module must come from the network to be held (the
  // worker would answer it from the files it keeps).
  const page = await quietPage(site, { serviceWorkers: 'block' });
  const held = await holdModule(page, 'artist-page');
  await page.goto(`${site.origin}/browse?letter=B`);
  await hydrated(page);
  const browseTitle = await heading(page);

  await page.locator('.artist-card-link').first().click();
  await new Promise((resolve) => setTimeout(resolve, 300));
  assert.ok(held.requested(), 'the artist page module was asked for');
  assert.equal(path(page), '/browse?letter=B', 'the address waits for the module');
  assert.equal(await heading(page), browseTitle, 'and so does the page');

  // Meanwhile the visitor goes home: that navigation wins, and the artist page never comes.
  await page.locator('header .logo-link').click();
  await page.waitForURL(`${site.origin}/`);
  await page.waitForFunction((title) => document.querySelector('main h1') && document.querySelector('main h1').textContent !== title, browseTitle);
  held.release();
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal(path(page), '/', 'the late module moved nothing');
});

test('a lazily loaded page opens at the top, and back returns to the list where it was', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.origin}/browse?letter=S`);
  await hydrated(page);
  const cards = page.locator('.artist-card-link');
  await cards.nth(11).scrollIntoViewIfNeeded();
  await page.waitForFunction(() => window.scrollY > 300);
  const listScroll = await page.evaluate(() => window.scrollY);
  // The artist page's module is fetched on this click (no page of it was shown yet).
  await cards.nth(11).click();
  await page.waitForURL(/\/artist\/\d+$/);
  await page.waitForFunction(() => window.scrollY === 0);
  await page.goBack();
  await page.waitForURL(`${site.origin}/browse?letter=S`);
  // Back returns to the list where the fan was.
  await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 200, listScroll, { timeout: 5000 });
});

test('after a client navigation the canonical URL is the one the server writes for that address', async () => {
  // The browser composes it (app/frame/head-sync.tsx) from the contract's canonical
  // query parameters; the server's page handlers write their own: the two must agree.
  const [artist] = await (await fetch(`${site.origin}/api/artists/browse?letter=B&page=1`)).json().then((page) => page.artists ?? page);
  const page = await quietPage(site);
  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  const paths = [
    '/browse?letter=B&page=2',
    '/browse?letter=T&from=2',
    '/browse',
    '/browse?letter=A',
    `/artist/${artist.id}?list=favorites`,
    '/articles?category=artist-spotlight&x=1',
    '/search/rock?page=2',
    '/quiz?seed=canonical',
    '/genre/pop?from=2&page=3',
    '/genre/r-and-b',
    '/',
    '/about?utm_source=mail',
  ];
  for (const path of paths) {
    const html = await (await fetch(`${site.origin}${path}`)).text();
    // As the browser reads the attribute (a numbered browse page's has an `&`, escaped).
    const server = html.match(/<link rel="canonical" href="([^"]*)">/)?.[1].replaceAll('&#38;', '&').replaceAll('&amp;', '&') ?? null;
    // A back/forward-style move to the address: React Router renders it on the client.
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await page.waitForFunction((to) => window.location.pathname + window.location.search === to, path);
    await page.waitForFunction(
      (want) => (document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null) === want,
      server,
      { timeout: 5000 },
    ).catch(async () => {
      const client = await page.evaluate(() => document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null);
      assert.equal(client, server, path);
    });
  }
});

test('after a client navigation between browse lists the titles and descriptions are the ones the server writes for that address', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/browse?letter=A`);
  await hydrated(page);
  const keys = [['name', 'description'], ['property', 'og:description'], ['name', 'twitter:description'], ['property', 'og:title']];
  const tags = keys.map(([attr, key]) => `meta[${attr}="${key}"]`);
  const described = (html) => Object.fromEntries(keys.map(([attr, key], i) => [tags[i], html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1] ?? null]));
  const shown = () => page.evaluate((all) => Object.fromEntries(all.map((tag) => [tag, document.head.querySelector(tag)?.getAttribute('content') ?? null])), tags);
  // A letter link, as a fan clicks it, then moves the way Back and Forward make them.
  await page.getByRole('link', { name: 'C', exact: true }).first().click();
  // Each move and the address it lands on: `/browse` resumes the session's letter when
  // that is not the default one, and is its own list when it is.
  const moves = [
    [null, '/browse?letter=C'],
    ['/browse', '/browse?letter=C'],
    ['/browse?letter=B'],
    ['/browse?letter=%23'],
    ['/browse?letter=A'],
    ['/browse', '/browse'],
    ['/browse?letter=T&from=2'],
    ['/genre/pop?from=2'],
  ];
  for (const [path, lands = path] of moves) {
    if (path) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    }
    await page.waitForFunction((want) => window.location.pathname + window.location.search === want, lands);
    const html = await (await fetch(`${site.origin}${lands}`)).text();
    const server = described(html);
    assert.ok(server['meta[name="description"]'], `the server describes ${lands}`);
    // The document's title too (a numbered page's says which page of how many it is).
    const title = html.match(/<title>([^<]*)<\/title>/)[1];
    await page.waitForFunction((want) => document.title === want, title, { timeout: 5000 }).catch(async () => {
      assert.equal(await page.title(), title, lands);
    });
    await page.waitForFunction(([all, want]) => all.every((tag) => (document.head.querySelector(tag)?.getAttribute('content') ?? null) === want[tag]), [tags, server], { timeout: 5000 }).catch(async () => {
      assert.deepEqual(await shown(), server, lands);
    });
  }
  assert.deepEqual(page.problems, []);
});

test('back and forward return to where the fan was on every page, a new navigation opens at the top', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 800 } });
  const [artist] = await (await fetch(`${site.origin}/api/artists/browse?letter=Q&page=1`)).json().then((answer) => answer.artists);
  for (const start of ['/', '/articles', `/artist/${artist.id}`, '/browse?letter=S&from=2&page=2']) {
    await page.goto(`${site.origin}${start}`);
    await hydrated(page);
    const y = await page.evaluate(() => {
      const y = Math.min(1200, document.documentElement.scrollHeight - window.innerHeight - 20);
      window.scrollTo(0, y);
      return window.scrollY;
    });
    assert.ok(y > 300, `${start} is long enough to test (${y})`);
    // Wait for the position to be recorded (scroll events come with the next frame).
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    // A click where the fan is (a pointer click would first scroll the footer into view).
    await page.evaluate(() => document.querySelector('footer a[href="/about"]').click());
    await page.waitForURL(`${site.origin}/about`);
    await page.waitForFunction(() => window.scrollY === 0);
    await page.goBack();
    await page.waitForURL(`${site.origin}${start}`);
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 2, y, { timeout: 5000 }).catch(async () => {
      assert.fail(`${start}: back at ${await page.evaluate(() => window.scrollY)}, not ${y}`);
    });
    await page.goForward();
    await page.waitForURL(`${site.origin}/about`);
    await page.waitForFunction(() => window.scrollY === 0);
  }
});
