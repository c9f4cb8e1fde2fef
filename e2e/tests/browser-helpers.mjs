// Helpers shared by the end-to-end test files (not a test file itself: node --test
// only picks up *.test.mjs here).

import { until } from '../support/harness.mjs';

/** sessionStorage flag the splash screen sets once it has been shown in a session. */
export const SPLASH_SEEN_KEY = 'sa-splash-seen';

/** Waits until React has hydrated (the client entry marks the root). */
export async function hydrated(page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 15_000 });
}

/** localStorage key of the saved cookie consent (ui/src/lib/consent.ts). */
export const CONSENT_KEY = 'cookie-consent';

/**
 * A page whose session has already seen the splash screen and whose visitor has already
 * chosen their cookies, so neither the 5 s splash nor the consent banner covers the page
 * (both are tested on their own: frame.test.mjs, accounts-ui.test.mjs).
 */
export async function quietPage(site, options = {}) {
  const page = await site.newPage(options);
  await page.addInitScript(([key, consentKey]) => {
    try {
      window.sessionStorage.setItem(key, '1');
      if (window.localStorage.getItem(consentKey) === null) {
        window.localStorage.setItem(consentKey, JSON.stringify({ essential: true, functional: true, analytics: false, advertising: false }));
      }
    } catch {
      // about:blank has no storage
    }
  }, [SPLASH_SEEN_KEY, CONSENT_KEY]);
  return page;
}

/** Resolves after the browser has rendered two more frames (lets a handler's effects land). */
export async function settle(page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** A same-origin call from the page, as the UI makes it: { status, json } (json null on 204). */
export function call(page, method, path, body) {
  return page.evaluate(
    async ([method, path, body]) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: res.status === 204 ? null : await res.json() };
    },
    [method, path, body],
  );
}

/** An artist from the seeded catalogue by exact title. */
export async function artistByTitle(site, title) {
  const hits = await (await fetch(`${site.origin}/api/artists/search?query=${encodeURIComponent(title)}`)).json();
  const artist = hits.find((a) => a.title === title);
  if (!artist) throw new Error(`no artist titled ${title}`);
  return artist;
}

export async function neighborsOf(site, id) {
  return (await fetch(`${site.origin}/api/artists/${id}/neighbors`)).json();
}

/** The week the seed's Top 10 (the editors' picks) belongs to. */
export const SEED_TOP_TEN_WEEK = '2026-11-23';
/** An earlier chart week the tests import: the seed's picks stay the newest list. */
export const PAST_TOP_TEN_WEEK = '2026-11-16';

/**
 * Imports ten places as the chart "Test Chart" of the week before the seed's, and makes
 * the server reread the chart (`?refresh=true`), so home offers its Week selector.
 */
export async function importPastTopTenWeek(site) {
  const places = Array.from({ length: 10 }, (_, i) => ({ rank: i + 1, songName: `Past Hit ${i + 1}`, artist: 'Test Artist' }));
  await site.importFile('top-ten', JSON.stringify(places), ['--week', PAST_TOP_TEN_WEEK, '--chart', 'Test Chart']);
  // A refresh within a second of the last read reuses it: ask until the week shows.
  await until('the imported week', async () => {
    await fetch(`${site.origin}/api/weekly-top-ten?refresh=true`);
    const weeks = await (await fetch(`${site.origin}/api/weekly-top-ten/weeks`)).json();
    return weeks.some((w) => w.weekOf === PAST_TOP_TEN_WEEK);
  });
  // Pages follow at once (the chart read again is a new generation of the content).
  await until('the home page with the imported week', async () => (await (await fetch(`${site.origin}/`)).text()).includes(`<option value="${PAST_TOP_TEN_WEEK}"`));
}
