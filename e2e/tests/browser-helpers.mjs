// Helpers shared by the end-to-end test files (not a test file itself: node --test
// only picks up *.test.mjs here).

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
