// Editorial content in a real browser and as crawlers read it: home's sections (the
// Top 10's week and past weeks, new songs' dates), the article list filtered with and without JavaScript, an article page's raw HTML
// (title, og:*, twitter:*, JSON-LD), an unknown article, the External Link Warning,
// a share image that decodes as 1200x630, and the sitemap index.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { allArtists, start, until } from '../support/harness.mjs';
import { hydrated, importPastTopTenWeek, PAST_TOP_TEN_WEEK, quietPage, SEED_TOP_TEN_WEEK, settle } from './browser-helpers.mjs';

let site;
let articles;
before(async () => {
  site = await start();
  // The list answers cards; each article with its text and products is read by id.
  const cards = await (await fetch(`${site.origin}/api/articles`)).json();
  articles = await Promise.all(cards.map(async (card) => (await fetch(`${site.origin}/api/articles/${card.id}`)).json()));
});
after(async () => {
  await site?.stop();
});

/** Text as React escapes it in server markup. */
const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

/** The content of a `<meta>` tag by its property or name, from raw HTML. */
function metaOf(html, key) {
  const match = html.match(new RegExp(`<meta (?:property|name)="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`));
  return match?.[1];
}

test('the Top 10 names its week and whose list it is, past weeks stay readable without JavaScript, and new songs show their dates', async () => {
  const songs = await (await fetch(`${site.origin}/api/new-songs`)).json();
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const top = page.locator('section[aria-labelledby="top10-title"]');
  assert.equal(await top.locator('.section-note').textContent(), "Week of November 23, 2026 · Editors' picks by Sound Atlas, not a chart");
  // One week: no selector.
  assert.equal(await top.getByRole('combobox', { name: 'Week' }).count(), 0);
  const fresh = page.locator('section[aria-labelledby="new-songs-title"]');
  const dates = await fresh.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
  assert.deepEqual(dates, songs.map((s) => s.releaseDate).filter(Boolean));
  assert.deepEqual([...dates].sort().reverse(), dates, 'newest release first');

  await importPastTopTenWeek(site);
  const noJs = await site.newPage({ javaScriptEnabled: false });
  await noJs.goto(`${site.origin}/`);
  const noJsTop = noJs.locator('section[aria-labelledby="top10-title"]');
  assert.equal(await noJsTop.locator('.section-note').textContent(), "Week of November 23, 2026 · Editors' picks by Sound Atlas, not a chart");
  await noJsTop.getByRole('combobox', { name: 'Week' }).selectOption(PAST_TOP_TEN_WEEK);
  await Promise.all([noJs.waitForURL(`${site.origin}/?week=${PAST_TOP_TEN_WEEK}`), noJsTop.getByRole('button', { name: 'Show' }).click()]);
  assert.equal(await noJsTop.locator('.section-note').textContent(), 'Week of November 16, 2026 · Test Chart');
  assert.equal(await noJsTop.locator('.video-tile-title').first().textContent(), 'Past Hit 1');
  assert.equal(await noJsTop.locator('.video-tile').count(), 10);
  await noJs.context().close();

  // With JavaScript the same address hydrates on that week, its option chosen.
  await page.goto(`${site.origin}/?week=${PAST_TOP_TEN_WEEK}`);
  await hydrated(page);
  assert.equal(await top.locator('.section-note').textContent(), 'Week of November 16, 2026 · Test Chart');
  assert.equal(await top.getByRole('combobox', { name: 'Week' }).inputValue(), PAST_TOP_TEN_WEEK);
  // Choosing a week shows it at once, where the fan is; Back shows the week before, and
  // the picker names it.
  const picker = top.getByRole('combobox', { name: 'Week' });
  const latestWeek = await picker.locator('option').first().getAttribute('value');
  const scrolled = await top.evaluate((section) => {
    section.scrollIntoView();
    return window.scrollY;
  });
  await picker.selectOption(latestWeek);
  await page.waitForURL(`${site.origin}/?week=${latestWeek}`);
  await top.locator('.section-note').filter({ hasText: "Editors' picks" }).waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), scrolled, 'the page stays where it was');
  await page.goBack();
  await page.waitForURL(`${site.origin}/?week=${PAST_TOP_TEN_WEEK}`);
  await top.locator('.section-note').filter({ hasText: 'Test Chart' }).waitFor();
  assert.equal(await picker.inputValue(), PAST_TOP_TEN_WEEK);
  assert.deepEqual(page.problems, []);
  await page.context().close();

  // On a phone the selector fits the screen: the page never scrolls sideways.
  const phone = await quietPage(site, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await phone.goto(`${site.origin}/?week=${PAST_TOP_TEN_WEEK}`);
  await hydrated(phone);
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll at 390 px');
  await phone.context().close();
});

test('a ?week= without a list (an old link, junk) shows the latest week with a word why, the picker on it', async () => {
  await importPastTopTenWeek(site);
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  for (const [asked, note] of [
    ['2020-01-06', 'There is no Weekly Top 10 for the week of January 6, 2020. Showing the latest week.'],
    ['not-a-week', 'There is no Weekly Top 10 for that week. Showing the latest week.'],
  ]) {
    // The server's page already says it (no script needed), and hydration keeps it.
    const html = await (await fetch(`${site.origin}/?week=${asked}`)).text();
    assert.ok(html.includes(escapeHtml(note)), `server HTML for ?week=${asked}`);
    assert.ok(!html.includes('Failed to load Weekly Top 10 data'), 'not the load-failure text');
    await page.goto(`${site.origin}/?week=${asked}`);
    await hydrated(page);
    const top = page.locator('section[aria-labelledby="top10-title"]');
    assert.equal(await top.getByRole('status').textContent(), note);
    assert.equal(await top.locator('.section-note').last().textContent(), "Week of November 23, 2026 · Editors' picks by Sound Atlas, not a chart");
    assert.equal(await top.locator('.video-tile').count(), 10);
    assert.equal(await top.getByRole('combobox', { name: 'Week' }).inputValue(), SEED_TOP_TEN_WEEK);
  }
  assert.deepEqual(page.problems.filter((problem) => !/status of 40[04]/.test(problem)), []);
  await page.context().close();
});

test('Top 10 thumbnails that fail to load (before or after hydration) show the placeholder, never a broken image', async () => {
  const chart = await (await fetch(`${site.origin}/api/weekly-top-ten`)).json();
  const page = await quietPage(site, { viewport: { width: 1366, height: 900 } });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const top = page.locator('section[aria-labelledby="top10-title"]');
  // The video host is unreachable here (every other origin is aborted): each thumbnail fails.
  const pictured = chart.slice(0, 4).filter((entry) => entry.thumbnailUrl);
  assert.ok(pictured.length > 0, 'the seed has Top 10 thumbnails');
  await until('placeholders for the failed thumbnails', async () => {
    const tiles = await top.locator('.video-tile').evaluateAll((all) =>
      all.slice(0, 4).map((tile) => ({
        broken: [...tile.querySelectorAll('img')].some((img) => img.complete && img.naturalWidth === 0),
        placeholder: tile.querySelector('.video-tile-placeholder')?.textContent ?? null,
      })),
    );
    return tiles.every((tile, i) => !tile.broken && tile.placeholder === chart[i].songName);
  });
  await page.context().close();
});

test('home shows the Weekly Top 10, Brand New Songs, the channel, the latest articles and the quiz link', async () => {
  const chart = await (await fetch(`${site.origin}/api/weekly-top-ten`)).json();
  const songs = await (await fetch(`${site.origin}/api/new-songs`)).json();
  const channel = await (await fetch(`${site.origin}/api/youtube/channel-videos`)).json();
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  await page.goto(`${site.origin}/`);
  await hydrated(page);

  const top = page.locator('section[aria-labelledby="top10-title"]');
  assert.equal(await top.locator('.video-tile').count(), chart.length);
  assert.equal((await top.locator('.rank-badge').first().textContent()).trim(), '#1');
  // The strip scrolls by 300 px per click.
  const strip = top.locator('.strip-list');
  await page.evaluate(() => {
    // A narrow strip so there is something to scroll at this viewport.
    document.querySelector('section[aria-labelledby="top10-title"] .strip-list').style.maxWidth = '400px';
  });
  await top.getByRole('button', { name: 'Scroll Weekly Top 10 right' }).click();
  await settle(page);
  assert.equal(await strip.evaluate((el) => Math.round(el.scrollLeft)), 300);

  // Refresh says "Refreshing..." for one second, then "Refresh" again.
  const clickedAt = Date.now();
  await top.getByRole('button', { name: 'Refresh' }).click();
  await top.getByRole('button', { name: 'Refreshing...' }).waitFor();
  await top.getByRole('button', { name: 'Refresh', exact: true }).waitFor({ timeout: 5000 });
  const shown = Date.now() - clickedAt;
  assert.ok(shown >= 950 && shown < 3000, `the spinner text stays a second (${shown} ms)`);

  const fresh = page.locator('section[aria-labelledby="new-songs-title"]');
  assert.equal(await fresh.locator('.video-tile').count(), songs.length);
  const withBuy = songs.filter((s) => s.amazonLink).length;
  assert.equal(await fresh.getByRole('link', { name: /^Buy / }).count(), withBuy);

  const videos = page.locator('section[aria-labelledby="channel-title"]');
  if (channel.length === 0) assert.equal(await videos.getByText('Coming Soon').count(), 3);
  else assert.equal(await videos.locator('.video-tile').count(), channel.length);

  const latest = page.locator('section[aria-labelledby="articles-title"]');
  assert.equal(await latest.locator('article').count(), 3);
  assert.equal(await latest.locator('h3').first().textContent(), articles[0].title);
  assert.equal(await latest.getByRole('link', { name: 'View All' }).getAttribute('href'), '/articles');
  await latest.getByRole('link', { name: 'Explore All Articles' }).click();
  await page.waitForURL(`${site.origin}/articles`);
  // The title follows in an effect after the navigation commits.
  await until('the Articles title', async () => (await page.title()) === 'Articles - Sound Atlas');

  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Test Your Music Knowledge' }).click();
  await page.waitForURL(/\/quiz/);
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the article list filters by category with JavaScript (no reload) and without it (links)', async () => {
  const gear = articles.filter((a) => a.category === 'Equipment & Gear');
  assert.ok(gear.length > 0 && gear.length < articles.length);

  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/articles`);
  await hydrated(page);
  assert.equal(await page.locator('.article-grid article').count(), articles.length);
  await page.evaluate(() => {
    window.sameDocument = true;
  });
  const categories = page.getByRole('navigation', { name: 'Article categories' });
  await categories.getByRole('link', { name: 'Equipment & Gear' }).click();
  await page.waitForURL(`${site.origin}/articles?category=equipment-and-gear`);
  assert.equal(await page.evaluate(() => window.sameDocument), true, 'filtered without a page load');
  // The address changes at once, the list when the category's answer is in.
  const titles = () => page.locator('.article-grid h2').allTextContents();
  const wanted = gear.map((a) => a.title);
  await until("the category's articles", async () => (await titles()).join('\n') === wanted.join('\n')).catch(async () => {
    assert.deepEqual(await titles(), wanted);
  });
  const size = await page.locator('.article-grid .article-card').first().boundingBox();
  assert.deepEqual([Math.round(size.width), Math.round(size.height)], [280, 400], 'cards are 280 by 400');
  await page.locator('.article-grid a').first().click();
  await page.waitForURL(`${site.origin}/articles/${gear[0].id}`);
  await page.getByRole('heading', { level: 1, name: gear[0].title }).waitFor();
  assert.deepEqual(page.problems, []);
  await page.context().close();

  const noJs = await site.newPage({ javaScriptEnabled: false });
  await noJs.goto(`${site.origin}/articles`);
  await noJs.getByRole('navigation', { name: 'Article categories' }).getByRole('link', { name: 'Equipment & Gear' }).click();
  await noJs.waitForURL(`${site.origin}/articles?category=equipment-and-gear`);
  assert.deepEqual(await noJs.locator('.article-grid h2').allTextContents(), gear.map((a) => a.title));
  await noJs.getByRole('navigation', { name: 'Article categories' }).getByRole('link', { name: 'All', exact: true }).click();
  await noJs.waitForURL(`${site.origin}/articles`);
  assert.equal(await noJs.locator('.article-grid article').count(), articles.length);
  await noJs.context().close();
});

test('an article page is complete in its raw HTML: title, og:*, twitter:* and JSON-LD', async () => {
  const article = articles.find((a) => a.tags.includes(','));
  const url = `${site.origin}/articles/${article.id}`;
  const response = await fetch(url);
  assert.equal(response.status, 200);
  const html = await response.text();
  const title = `${article.title} - Sound Atlas`;
  assert.ok(html.includes(`<title>${escapeHtml(title)}</title>`));
  assert.equal(metaOf(html, 'og:title'), escapeHtml(title));
  assert.equal(metaOf(html, 'og:type'), 'article');
  assert.equal(metaOf(html, 'og:url'), url);
  assert.equal(metaOf(html, 'og:image'), `${site.origin}/og/article/${article.id}.jpg`);
  assert.equal(metaOf(html, 'og:image:type'), 'image/jpeg');
  assert.equal(metaOf(html, 'og:image:width'), '1200');
  assert.equal(metaOf(html, 'og:image:height'), '630');
  assert.ok(metaOf(html, 'og:image:alt').includes(escapeHtml(article.title)));
  assert.equal(metaOf(html, 'article:published_time'), article.date);
  assert.equal(metaOf(html, 'article:author'), `${site.origin}/about`);
  assert.equal(metaOf(html, 'article:section'), escapeHtml(article.category));
  assert.ok(metaOf(html, 'og:description').length > 0);
  assert.equal(metaOf(html, 'twitter:card'), 'summary_large_image');
  assert.equal(metaOf(html, 'twitter:title'), escapeHtml(title));
  assert.equal(metaOf(html, 'twitter:image'), `${site.origin}/og/article/${article.id}.jpg`);
  assert.ok(html.includes(`<link rel="canonical" href="${url}">`));
  const docs = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  const main = docs.find((d) => d['@type'] === 'Article' || d['@type'] === 'NewsArticle');
  assert.equal(main.headline, article.title);
  assert.equal(main.datePublished, article.date);
  assert.equal(docs.find((d) => d['@type'] === 'BreadcrumbList').itemListElement.at(-1).item, url);
  // The content itself is in the HTML, not only the head.
  assert.ok(html.includes(escapeHtml(article.summary)));
});

test('an unknown article answers 404 with "Article Not Found"', async () => {
  const response = await fetch(`${site.origin}/articles/999999`);
  assert.equal(response.status, 404);
  const html = await response.text();
  assert.ok(html.includes('Article Not Found:'));
  assert.ok(html.includes('The article you&#x27;re looking for doesn&#x27;t exist.'));

  const page = await quietPage(site);
  const answer = await page.goto(`${site.origin}/articles/999999`);
  assert.equal(answer.status(), 404);
  await hydrated(page);
  assert.equal(await page.title(), 'Article Not Found - Sound Atlas');
  await page.context().close();
});

test('a link in an article opens through the External Link Warning, and the head follows navigation', async () => {
  const article = articles.find((a) => /https?:\/\//.test(a.content));
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/articles/${article.id}`);
  await hydrated(page);
  const link = page.locator('.article-content a').first();
  const href = await link.getAttribute('href');
  await link.click();
  const dialog = page.getByRole('alertdialog', { name: 'External Link Warning' });
  await dialog.waitFor();
  assert.ok(await dialog.getByText('You are about to navigate to an external website:').isVisible());
  assert.ok(await dialog.getByText('Leaving Application').isVisible());
  await dialog.getByRole('button', { name: 'Stay Here' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(page.url(), `${site.origin}/articles/${article.id}`);
  await link.click();
  const [popup] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Yes, Continue' }).click()]);
  assert.equal(popup.url().startsWith(href) || popup.url() === 'about:blank' || popup.url().includes('chrome-error'), true, popup.url());

  // Leaving the article in the app returns the social tags to the site's defaults.
  const ogTitle = () => page.locator('meta[property="og:title"]').getAttribute('content');
  assert.equal(await ogTitle(), `${article.title} - Sound Atlas`);
  await page.getByRole('link', { name: 'Back to Articles' }).click();
  await page.waitForURL(`${site.origin}/articles`);
  await until('the default og:title', async () => (await ogTitle()) === 'Sound Atlas - Explore Your World of Music');
  assert.equal(await page.locator('meta[property="og:type"]').getAttribute('content'), 'website');
  await page.context().close();
});

test('every external link of home, an article and an artist page asks first', async () => {
  const article = articles.find((a) => a.product1Name);
  const artists = await allArtists(site.origin);
  const artist = artists.find((a) => a.soloVideoLink && a.spotifyLink) ?? artists[0];
  for (const path of ['/', `/articles/${article.id}`, `/artist/${artist.id}`]) {
    const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
    await page.goto(`${site.origin}${path}`);
    await hydrated(page);
    const result = await page.evaluate(async (origin) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      // The Top 10 and new-song cards play in the site's own full-screen player (player.test.mjs).
      const playsInSite = (a) => a.matches('.video-tile--top10 .video-tile-link, .video-tile--song .video-tile-link');
      const external = [...document.querySelectorAll('a[href]')].filter((a) => new URL(a.href).origin !== origin && !playsInSite(a));
      const silent = [];
      for (const link of external) {
        link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
        await frame();
        const dialog = document.querySelector('[role="alertdialog"]');
        if (!dialog || !dialog.textContent.includes('External Link Warning')) silent.push(link.href);
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        await frame();
      }
      return { count: external.length, silent, blank: external.filter((a) => a.target !== '_blank').map((a) => a.href) };
    }, site.origin);
    assert.ok(result.count > 0, `${path} has external links`);
    assert.deepEqual(result.silent, [], `${path}: links that open without the warning`);
    assert.deepEqual(result.blank, [], `${path}: external links that do not open a new tab`);
    assert.equal(page.context().pages().length, 1, 'nothing opened without a confirmation');
    await page.context().close();
  }
});

test('share images decode as 1200x630 PNGs, and two articles look different', async () => {
  const [first, second] = articles;
  const page = await quietPage(site);
  await page.goto(`${site.origin}/about`);
  const decoded = await page.evaluate(async (urls) => {
    const out = [];
    for (const url of urls) {
      const img = new Image();
      img.src = url;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 34;
      canvas.getContext('2d').drawImage(img, 0, 0, 64, 34);
      out.push({ size: [img.naturalWidth, img.naturalHeight], pixels: canvas.toDataURL() });
    }
    return out;
  }, [`/og/article/${first.id}.jpg`, `/og/article/${second.id}.jpg`]);
  for (const image of decoded) assert.deepEqual(image.size, [1200, 630]);
  assert.notEqual(decoded[0].pixels, decoded[1].pixels, 'each article has its own picture');
  const response = await fetch(`${site.origin}/og/article/${first.id}.jpg`);
  assert.equal(response.headers.get('content-type'), 'image/jpeg');
  await page.context().close();
});

test('the sitemap index names child sitemaps that list every seeded artist and article', async () => {
  const robots = await (await fetch(`${site.origin}/robots.txt`)).text();
  assert.ok(robots.includes(`Sitemap: ${site.origin}/sitemap.xml`));
  const index = await (await fetch(`${site.origin}/sitemap.xml`)).text();
  assert.match(index, /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  const children = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
  assert.ok(children.length >= 3);
  const urls = new Map();
  for (const child of children) {
    const xml = await (await fetch(child)).text();
    const entries = [...xml.matchAll(/<url><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/url>/g)];
    assert.ok(entries.length <= 50_000, child);
    for (const [, loc, lastmod] of entries) urls.set(loc.replaceAll('&amp;', '&'), lastmod);
  }
  const artists = await allArtists(site.origin);
  for (const artist of artists) assert.ok(urls.has(`${site.origin}/artist/${artist.id}`), artist.title);
  // Each article is dated by when its row last changed (the seed wrote them when the
  // server first started), never before the article's own date.
  for (const article of articles) {
    const lastmod = urls.get(`${site.origin}/articles/${article.id}`);
    assert.match(lastmod ?? '', /^\d{4}-\d{2}-\d{2}$/, article.title);
    assert.ok(lastmod >= article.date, `${article.title}: ${lastmod}`);
  }
  // Browse and its letters change with their artists, and so does each genre's page.
  assert.match(urls.get(`${site.origin}/browse?letter=B`) ?? '', /^\d{4}-\d{2}-\d{2}$/);
  assert.match(urls.get(`${site.origin}/genre/r-and-b`) ?? '', /^\d{4}-\d{2}-\d{2}$/);
  for (const path of ['/', '/articles', '/about', '/privacy-policy', '/terms-of-service', '/quiz']) {
    assert.ok(urls.has(`${site.origin}${path}`), path);
  }
});

test('About, Privacy Policy and Terms of Service are server-rendered and linked from the footer', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const footer = page.locator('footer.site-footer');
  for (const [name, path, heading] of [
    ['About Sound Atlas', '/about', 'About Sound Atlas'],
    ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
    ['Terms of Service', '/terms-of-service', 'Terms of Service'],
  ]) {
    assert.equal(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), path);
    const html = await (await fetch(`${site.origin}${path}`)).text();
    assert.ok(html.includes(`<h1>${heading}</h1>`), path);
  }
  const today = new Date().toISOString().slice(0, 10);
  const privacy = await (await fetch(`${site.origin}/privacy-policy`)).text();
  assert.ok(privacy.includes(`dateTime="${today}"`) || privacy.includes(`datetime="${today}"`), 'last updated is today');
  await page.context().close();
});
