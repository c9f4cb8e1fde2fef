// Accessibility as a test: axe-core (the engine most audits use) runs in Chromium on
// every public page type and every dialog and overlay state, with the site's CSP on,
// and fails on any violation of any impact. Each page type's title, landmarks and
// heading outline are asserted too.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { AxeBuilder } from '@axe-core/playwright';
import { startSiteWithMail } from '../support/mail.mjs';
import { artistByTitle, hydrated, importPastTopTenWeek, PAST_TOP_TEN_WEEK, quietPage, settle } from './browser-helpers.mjs';
import { addEnrichedArtist, ENRICHED_TITLE } from '../support/enriched-artist.mjs';
import { asVisitor, signedInPage, signUp } from './signed-in-helpers.mjs';

let site;
// A real SMTP server, so a visitor can sign up and see their own pages
let mail;
let stop;
before(async () => {
  ({ site, mail, stop } = await startSiteWithMail());
});
after(async () => {
  await stop?.();
});

// axe's default run leaves out its "experimental" rules: turn every one of them on.
const require = createRequire(import.meta.url);
const axe = require('axe-core');
const EVERY_RULE = Object.fromEntries(axe.getRules(['experimental']).map((rule) => [rule.ruleId, { enabled: true }]));
// The axe-core a visitor's audit runs today (this package's own, kept current), not the
// older one @axe-core/playwright pins for itself: 4.13 read "Favorites (3)" as naming
// the visible "3", 4.14 leaves parentheticals out of names and reports the mismatch.
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Runs axe (every rule) on the page as it is now; fails listing every violation of any impact. */
async function assertNoViolations(page, label) {
  // A dialog fading in has the colours of half its opacity: let finite animations end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => {})),
    ),
  );
  const results = await new AxeBuilder({ page, axeSource: AXE_SOURCE }).options({ rules: EVERY_RULE }).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n    ')}`,
  );
  assert.deepEqual(found, [], `${label}: axe violations`);
  return results;
}

/** The page's landmarks by role (and name), in document order. */
async function landmarks(page) {
  return page.evaluate(() => {
    const roleOf = (el) => {
      const explicit = el.getAttribute('role');
      if (explicit) return explicit;
      const tag = el.tagName.toLowerCase();
      // header/footer are banner/contentinfo only outside sectioning content (here: directly in the layout).
      if (tag === 'header') return el.closest('main, article, aside, nav, section') ? null : 'banner';
      if (tag === 'footer') return el.closest('main, article, aside, nav, section') ? null : 'contentinfo';
      return { main: 'main', nav: 'navigation', aside: 'complementary' }[tag] ?? null;
    };
    const visible = (el) => !el.closest('[hidden], [aria-hidden="true"]') && el.getClientRects().length > 0;
    return [...document.querySelectorAll('header, footer, main, nav, aside, [role]')]
      .filter(visible)
      .map((el) => roleOf(el))
      .filter((role) => ['banner', 'main', 'contentinfo', 'navigation', 'search', 'complementary', 'region', 'form'].includes(role));
  });
}

/** The visible headings' levels and texts, in document order. */
async function outline(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')]
      .filter((h) => !h.closest('[aria-hidden="true"], [hidden]') && h.getClientRects().length > 0)
      .map((h) => ({ level: Number(h.tagName[1]), text: h.textContent.trim() })),
  );
}

/** One h1, first; no level skipped going down (h1 -> h3 is a skip, h3 -> h2 is not). */
function assertOutline(headings, h1, label) {
  assert.ok(headings.length > 0, `${label}: has headings`);
  assert.deepEqual(headings[0], { level: 1, text: h1 }, `${label}: the first heading is the page's h1`);
  assert.equal(headings.filter((h) => h.level === 1).length, 1, `${label}: exactly one h1`);
  for (let i = 1; i < headings.length; i += 1) {
    assert.ok(
      headings[i].level <= headings[i - 1].level + 1,
      `${label}: "${headings[i - 1].text}" (h${headings[i - 1].level}) is followed by "${headings[i].text}" (h${headings[i].level})`,
    );
  }
}

/** Opens a page type and checks axe, title, landmarks and outline. */
async function checkPage(path, { title, h1, status = 200, extraLandmarks = [], dialog }) {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  const response = await page.goto(`${site.origin}${path}`);
  assert.equal(response.status(), status, `${path}: status`);
  await hydrated(page);
  // A page that opens a dialog by itself is checked with the dialog open.
  if (dialog) await page.getByRole('dialog', { name: dialog }).waitFor({ state: 'visible' });
  await settle(page);
  assert.equal(await page.title(), title, `${path}: title`);
  const roles = await landmarks(page);
  for (const role of ['banner', 'main', 'contentinfo', ...extraLandmarks]) {
    assert.ok(roles.includes(role), `${path}: has a ${role} landmark (found ${roles.join(', ')})`);
  }
  for (const role of ['banner', 'main', 'contentinfo']) {
    assert.equal(roles.filter((r) => r === role).length, 1, `${path}: one ${role} landmark`);
  }
  assertOutline(await outline(page), h1, path);
  await assertNoViolations(page, path);
  assert.deepEqual(page.problems, [], `${path}: no console errors`);
  await page.context().close();
}

test('the home page has no accessibility violations, its title, landmarks and outline', async () => {
  await checkPage('/', { title: 'Sound Atlas - Explore Your World of Music', h1: 'Explore Your World of Music', extraLandmarks: ['search', 'navigation'] });
});

test("home on a past chart week, with the Top 10's Week selector, has no accessibility violations", async () => {
  await importPastTopTenWeek(site);
  await checkPage(`/?week=${PAST_TOP_TEN_WEEK}`, { title: 'Sound Atlas - Explore Your World of Music', h1: 'Explore Your World of Music', extraLandmarks: ['search', 'navigation'] });
});

test("the header's favorites button is named by what it shows (WCAG 2.5.3)", async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const button = page.locator('header.site-header').getByRole('button', { name: /^Favorites/ });
  const name = (await button.ariaSnapshot()).match(/button "([^"]*)"/)[1];
  const shown = (await button.innerText()).trim();
  assert.equal(name, 'Favorites: 0');
  assert.equal(shown, '0', 'the visible count');
  assert.ok(name.includes(shown), `the name "${name}" contains what it shows, "${shown}"`);
  await page.context().close();
});

test('browse pages (first and later pages) have no accessibility violations', async () => {
  await checkPage('/browse?letter=B', { title: 'Browse Artists: B - Sound Atlas', h1: 'Browse Artists', extraLandmarks: ['navigation'] });
  await checkPage('/browse?letter=S&page=2', { title: 'Browse Artists: S - Sound Atlas', h1: 'Browse Artists' });
  // A numbered page of a letter (the seed's T has two).
  await checkPage('/browse?letter=T&from=2', { title: 'Browse Artists: T, page 2 of 2 - Sound Atlas', h1: 'Browse Artists' });
});

test('genre pages (first and numbered) have no accessibility violations', async () => {
  await checkPage('/genre/pop', { title: 'Pop Artists - Sound Atlas', h1: 'Pop Artists', extraLandmarks: ['navigation'] });
  await checkPage('/genre/pop?from=2', { title: 'Pop Artists, page 2 of 8 - Sound Atlas', h1: 'Pop Artists', extraLandmarks: ['navigation'] });
  await checkPage('/genre/no-such-genre', { title: '404 Page Not Found', h1: '404 Page Not Found', status: 404 });
});

test('country and decade pages, and browse in a country, have no accessibility violations', async () => {
  await checkPage('/country/united-kingdom', { title: 'Artists from United Kingdom - Sound Atlas', h1: 'Artists from United Kingdom', extraLandmarks: ['navigation'] });
  await checkPage('/decade/1960s?from=2', { title: 'Artists Born or Formed in the 1960s, page 2 of 4 - Sound Atlas', h1: 'Artists Born or Formed in the 1960s', extraLandmarks: ['navigation'] });
  await checkPage('/browse?country=united-kingdom&letter=T', { title: 'Browse Artists from United Kingdom: T - Sound Atlas', h1: 'Browse Artists', extraLandmarks: ['navigation'] });
});

test('artist pages, a band and a solo artist, have no accessibility violations', async () => {
  for (const name of ['The Beatles', 'Adele']) {
    const artist = await artistByTitle(site, name);
    await checkPage(`/artist/${artist.id}`, { title: `${name} - Sound Atlas`, h1: name });
  }
  await checkPage('/artist/999999', { title: 'Artist Not Found - Sound Atlas', h1: 'Artist Not Found', status: 404 });
});

test('an enriched artist page (photo credit, listen links, discography, members) has no accessibility violations', async () => {
  const id = await addEnrichedArtist(site);
  await checkPage(`/artist/${id}`, { title: `${ENRICHED_TITLE} - Sound Atlas`, h1: ENRICHED_TITLE });
});

test('search pages, with results, without and empty, have no accessibility violations', async () => {
  await checkPage('/search/rock', { title: 'Search: rock - Sound Atlas', h1: 'Search Results', extraLandmarks: ['search'] });
  await checkPage('/search/rock?page=2', { title: 'Search: rock - Sound Atlas', h1: 'Search Results' });
  await checkPage('/search/qqqqzzzzxxxx', { title: 'Search: qqqqzzzzxxxx - Sound Atlas', h1: 'Search Results' });
  await checkPage('/search', { title: 'Search - Sound Atlas', h1: 'Search Results' });
});

test('the 404 page has no accessibility violations', async () => {
  await checkPage('/no/such/page', { title: '404 Page Not Found', h1: '404 Page Not Found', status: 404 });
});

test('the open mobile menu has no accessibility violations', async () => {
  const page = await quietPage(site, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).waitFor({ state: 'visible' });
  await settle(page);
  await assertNoViolations(page, 'mobile menu open');
  // The FAQ's disclosure, opened.
  await page.getByRole('dialog', { name: 'Menu' }).getByText('FAQ - Video Loading', { exact: true }).click();
  await settle(page);
  await assertNoViolations(page, 'mobile menu with its FAQ open');
  await page.context().close();
});

test('the external-link warning dialog has no accessibility violations', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  const queen = await artistByTitle(site, 'Queen');
  await page.goto(`${site.origin}/artist/${queen.id}`);
  await hydrated(page);
  await page.getByRole('link', { name: 'Share on Facebook' }).click();
  await page.getByRole('alertdialog', { name: 'External Link Warning' }).waitFor({ state: 'visible' });
  await settle(page);
  await assertNoViolations(page, 'external-link dialog');
  await page.context().close();
});

test('the splash screen over the first page of a session has no accessibility violations', async () => {
  const page = await site.newPage({ viewport: { width: 1280, height: 900 } });
  // As where the client is ready by the first paint (the splash shows only there: frame.test.mjs).
  await page.addInitScript(() => {
    const original = performance.getEntriesByName.bind(performance);
    performance.getEntriesByName = (name, type) => (name === 'first-contentful-paint' ? [] : original(name, type));
  });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.locator('.splash').waitFor({ state: 'visible' });
  await assertNoViolations(page, 'splash screen');
  await page.context().close();
});

test('the quiz, asking and after an answer, has no accessibility violations', async () => {
  await checkPage('/quiz?seed=axe-check', { title: 'Music Quiz - Sound Atlas', h1: 'Music Quiz' });
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/quiz?seed=axe-check`);
  await hydrated(page);
  await page.locator('.quiz-option').first().click();
  await page.getByRole('button', { name: 'Submit Answer' }).click();
  await settle(page);
  await assertNoViolations(page, 'quiz after an answer');
  await page.context().close();
});

test('the privacy pages, signed out, have no accessibility violations', async () => {
  for (const [path, heading] of [
    ['/privacy-settings', 'Privacy Settings'],
    ['/data-access', 'Data Access'],
    ['/account-deletion', 'Account Deletion'],
  ]) {
    await checkPage(path, { title: `${heading} - Sound Atlas`, h1: heading });
  }
});

// Articles and the site's own pages
test('the article list (all and one category), an article and an unknown article have no accessibility violations', async () => {
  await checkPage('/articles', { title: 'Articles - Sound Atlas', h1: 'Articles', extraLandmarks: ['navigation'] });
  await checkPage('/articles?category=equipment-and-gear', { title: 'Articles - Sound Atlas', h1: 'Articles' });
  const [article] = await (await fetch(`${site.origin}/api/articles`)).json();
  await checkPage(`/articles/${article.id}`, { title: `${article.title} - Sound Atlas`, h1: article.title });
  await checkPage('/articles/999999', { title: 'Article Not Found - Sound Atlas', h1: 'Article Not Found', status: 404 });
});

test('About, Privacy Policy and Terms of Service have no accessibility violations', async () => {
  await checkPage('/about', { title: 'About - Sound Atlas', h1: 'About Sound Atlas' });
  // The pages the emailed links open, in each state: an unknown link, a live one (and
  // its refusal beside the field), a contested one, a used one.
  const confirmPage = { title: 'Confirm Your Email - Sound Atlas', h1: 'Confirm your email' };
  await checkPage('/confirm-email?token=axe-check', confirmPage);
  await checkPage('/new-password?token=axe-check', { title: 'Choose a New Password - Sound Atlas', h1: 'Choose a new password' });
  await signUp(site, 'axe-link@example.com', 'the owner passphrase');
  const token = new URL((await mail.mailTo('axe-link@example.com', /Confirm/)).text.match(/http\S+\/api\/auth\/confirm\?token=\S+/)[0]).searchParams.get('token');
  await checkPage(`/confirm-email?token=${token}`, confirmPage);
  await checkPage(`/confirm-email?token=${token}&error=wrong-password`, confirmPage);
  await signUp(site, 'axe-link@example.com', 'a stranger passphrase');
  await checkPage(`/confirm-email?token=${token}&error=passwords-differ`, confirmPage);
  const confirmed = await fetch(`${site.origin}/api/auth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.origin },
    body: JSON.stringify({ token, password: 'the chosen passphrase', passwordAgain: 'the chosen passphrase', redirectTo: null }),
  });
  assert.equal(confirmed.status, 200);
  await checkPage(`/confirm-email?token=${token}`, confirmPage);
  await checkPage('/privacy-policy', { title: 'Privacy Policy - Sound Atlas', h1: 'Privacy Policy' });
  await checkPage('/terms-of-service', { title: 'Terms of Service - Sound Atlas', h1: 'Terms of Service' });
});

// The page the service worker shows offline for a page never opened: a page of its own,
// without the frame or scripts.
test('the offline page has no accessibility violations, its title, a main landmark and its heading', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/offline`);
  assert.equal(await page.title(), "You're offline - Sound Atlas");
  assert.deepEqual(await landmarks(page), ['main']);
  assertOutline(await outline(page), "You're offline", '/offline');
  await assertNoViolations(page, '/offline');
  assert.deepEqual(page.problems, []);
  await page.context().close();
});

test('the login dialog has no accessibility violations', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('show-login')));
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor({ state: 'visible' });
  await settle(page);
  await assertNoViolations(page, 'login dialog');
  await page.context().close();
});

test('the cookie banner has no accessibility violations', async () => {
  const page = await site.newPage({ viewport: { width: 1280, height: 900 } });
  // No saved consent (the banner shows); the session's splash already seen.
  await page.addInitScript(() => window.sessionStorage.setItem('sa-splash-seen', '1'));
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.getByRole('region', { name: 'Cookie consent' }).waitFor({ state: 'visible' });
  await settle(page);
  await assertNoViolations(page, 'cookie banner');
  await page.context().close();
});

// The favorites screens, signed out and signed in, and their dialogs
test('the favorites screen, signed out, has no accessibility violations', async () => {
  // Signed out, the screen opens the login dialog by itself.
  await checkPage('/favorites', { title: 'My Favorites - Sound Atlas', h1: 'My Favorites', dialog: 'Sign In' });
});

test('the favorites screens, their dialogs and the favorite confirm dialogs have no accessibility violations', async () => {
  const page = await signedInPage(site, mail, 'a11y@example.com', { viewport: { width: 1280, height: 900 } });
  const check = async (label, { title, h1 }) => {
    await hydrated(page);
    await settle(page);
    if (title) assert.equal(await page.title(), title, `${label}: title`);
    if (h1) assertOutline(await outline(page), h1, label);
    await assertNoViolations(page, label);
  };
  await page.goto(`${site.origin}/favorites`);
  await check('empty favorites', { title: 'My Favorites - Sound Atlas', h1: 'My Favorites' });

  const queen = await artistByTitle(site, 'Queen');
  const adele = await artistByTitle(site, 'Adele');
  await page.goto(`${site.origin}/artist/${queen.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Favorites', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Add to Favorites?' }).waitFor();
  await check('the Add to Favorites? dialog', {});
  await page.getByRole('alertdialog').getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Remove from Favorites', exact: true }).click();
  await page.getByRole('alertdialog', { name: 'Remove from Favorites?' }).waitFor();
  await check('the Remove from Favorites? dialog', {});
  await page.keyboard.press('Escape');

  await asVisitor(page, 'POST', '/api/favorites', { artistId: adele.id });
  const folder = await asVisitor(page, 'POST', '/api/favorite-folders', { name: 'Road Trip' });
  await asVisitor(page, 'POST', '/api/favorites', { artistId: queen.id, folderId: folder.id });
  const empty = await asVisitor(page, 'POST', '/api/favorite-folders', { name: 'Empty One' });

  await page.goto(`${site.origin}/favorites`);
  await check('favorites with folders', { title: 'My Favorites - Sound Atlas', h1: 'My Favorites' });
  await page.getByRole('button', { name: 'New Folder' }).click();
  await page.getByRole('dialog', { name: 'New Folder' }).waitFor();
  await check('the New Folder dialog', {});
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Remove Adele' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Track?' }).waitFor();
  await check('the Remove Track? dialog', {});
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Move Adele', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move Adele' }).waitFor();
  await check('the Move dialog', {});
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Delete folder Road Trip' }).click();
  await page.getByRole('alertdialog', { name: 'Delete Folder?' }).waitFor();
  await check('the Delete Folder? dialog', {});
  await page.keyboard.press('Escape');
  await page.getByPlaceholder('Search favorites...').fill('no such thing');
  await page.getByText('No matches found').waitFor();
  await check('favorites with no match', {});

  await page.goto(`${site.origin}/favorites/folder/${folder.id}`);
  await check('a folder', { title: 'Road Trip - My Favorites - Sound Atlas', h1: 'Road Trip' });
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('dialog', { name: 'Add to Road Trip' }).waitFor();
  await check('the Add dialog', {});
  await page.keyboard.press('Escape');
  await page.goto(`${site.origin}/favorites/folder/${empty.id}`);
  await check('an empty folder', { title: 'Empty One - My Favorites - Sound Atlas', h1: 'Empty One' });
  const missing = await page.goto(`${site.origin}/favorites/folder/999999`);
  assert.equal(missing.status(), 404);
  await check('a folder that is not there', { h1: 'Folder Not Found' });
  assert.deepEqual(page.problems.filter((p) => !/404/.test(p)), [], 'no console errors');
  await page.context().close();
});

const playerTracks = [1, 2, 3].map((n) => ({
  id: String(n),
  title: `Song ${n}`,
  soloVideoLink: `https://www.youtube.com/watch?v=a11yVideo0${n}`,
  genres: ['Rock', 'Pop', 'Indie'],
}));

test('the playlist player, maximized and minimized with its queue, has no accessibility violations', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  await page.evaluate((items) => window.dispatchEvent(new CustomEvent('play-request', { detail: { items, name: 'Road Trip' } })), playerTracks);
  const dialog = page.getByRole('dialog', { name: 'Road Trip' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('button', { name: /^Volume/ }).click();
  await settle(page);
  await assertNoViolations(page, 'maximized player');
  await page.keyboard.press('Escape');
  const mini = page.getByRole('region', { name: 'Player' });
  await mini.waitFor({ state: 'visible' });
  await mini.getByRole('button', { name: 'Show queue' }).click();
  await settle(page);
  await assertNoViolations(page, 'minimized player with its queue');
  await page.context().close();
});

test('the Weekly Top 10 overlay and the new-songs player have no accessibility violations', async () => {
  const page = await quietPage(site, { viewport: { width: 1280, height: 900 } });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const entries = [1, 2, 3].map((rank) => ({
    rank,
    songName: `Hit ${rank}`,
    artist: `Band ${rank}`,
    youtubeLink: `https://www.youtube.com/watch?v=a11yTopTen${rank}`,
    amazonLink: 'https://www.amazon.com/dp/B0000A11Y1',
    thumbnailUrl: null,
  }));
  // The last entry has no video yet: it shows as its card.
  entries.push({ rank: 4, songName: 'Hit 4', artist: 'Band 4', youtubeLink: null, amazonLink: 'https://www.amazon.com/dp/B0000A11Y4', thumbnailUrl: null });
  await page.evaluate((entries) => window.dispatchEvent(new CustomEvent('video-overlay-request', { detail: { kind: 'topTen', entries, index: 0 } })), entries);
  await page.getByRole('dialog', { name: 'Weekly Top 10 video' }).waitFor({ state: 'visible' });
  await settle(page);
  await assertNoViolations(page, 'Weekly Top 10 overlay');
  await page.keyboard.press('ArrowLeft');
  await page.getByRole('dialog', { name: 'Weekly Top 10 video' }).getByText('No video yet').waitFor();
  await settle(page);
  await assertNoViolations(page, 'Weekly Top 10 overlay, an entry without a video');
  await page.keyboard.press('Escape');
  const songs = [1, 2].map((id) => ({ id, songName: `New ${id}`, artistName: 'Singer', thumbnail: null, videoId: `a11yNewSng${id}`, amazonLink: null, releaseDate: null }));
  await page.evaluate((songs) => window.dispatchEvent(new CustomEvent('video-overlay-request', { detail: { kind: 'newSongs', songs, index: 0 } })), songs);
  await page.getByRole('dialog', { name: 'Brand New Songs video' }).waitFor({ state: 'visible' });
  await settle(page);
  await assertNoViolations(page, 'new-songs player');
  await page.context().close();
});
