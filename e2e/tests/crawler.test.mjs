// The site as a rendering crawler that obeys robots.txt sees it: every page of the
// site's own sitemap (and an artist, a genre and an article) opened in Chromium with
// every address robots.txt disallows refused. No page needs one to show its content:
// none is asked for, and no page shows an error or a loading state.
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

const locs = (xml) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1].replaceAll('&amp;', '&')));

test('a crawler that obeys robots.txt sees every page whole, needing no disallowed address', async () => {
  const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
  const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]);
  assert.ok(disallowed.length > 0, robots);
  const sitemap = async (name) => locs(await (await fetch(`${site.origin}/sitemaps/${name}`)).text()).map((url) => url.pathname + url.search);
  const paths = await sitemap('pages.xml');
  assert.ok(paths.includes('/quiz'), 'the quiz is in the sitemap');
  for (const name of ['artists-1.xml', 'genres-1.xml', 'articles.xml']) paths.push((await sitemap(name))[0]);

  const page = await quietPage(site);
  const refused = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.origin === site.origin && disallowed.some((prefix) => url.pathname.startsWith(prefix))) {
      refused.push(`${url.pathname}${url.search}`);
      return route.abort('blockedbyclient');
    }
    return route.continue();
  });
  for (const path of paths) {
    refused.length = 0;
    await page.goto(`${site.origin}${path}`);
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    await settle(page);
    assert.deepEqual(refused, [], `${path} asked for disallowed addresses`);
    const text = await page.locator('main').innerText();
    // Whole words: a biography may say "uploading".
    assert.doesNotMatch(text, /\b(could not be loaded|Failed to load|Loading)\b/i, path);
  }
  // The quiz shows its first question, from the server's HTML on.
  const html = await (await fetch(`${site.origin}/quiz`)).text();
  assert.match(html, /Question 1 of \d+/);
  await page.goto(`${site.origin}/quiz`);
  await hydrated(page);
  await page.getByText(/^Question 1 of \d+$/).waitFor();
  assert.deepEqual(refused, []);
});
