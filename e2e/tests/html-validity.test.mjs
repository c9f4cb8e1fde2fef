// Every page type's server HTML through the W3C's Nu HTML checker (npm `vnu-jar`, run with
// Debian's Java): what crawlers and browsers parse before any script runs must be valid
// HTML, with no error of any kind.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import vnuJar from 'vnu-jar';
import { startSiteWithMail } from '../support/mail.mjs';
import { signedInPage } from './signed-in-helpers.mjs';
import { importPastTopTenWeek, PAST_TOP_TEN_WEEK } from './browser-helpers.mjs';
import { addEnrichedArtist } from '../support/enriched-artist.mjs';

let site;
let mail;
let stop;
before(async () => {
  ({ site, mail, stop } = await startSiteWithMail());
  // Two chart weeks, so home shows its Week selector.
  await importPastTopTenWeek(site);
});
after(async () => {
  await stop?.();
});

/** The Nu checker's findings on `pages` ([path, html]), as "path: message (extract)". */
async function nuFindings(pages, { errorsOnly }) {
  const dir = mkdtempSync(join(tmpdir(), 'sa-vnu-'));
  const files = pages.map(([, html], i) => {
    const file = join(dir, `${i}.html`);
    writeFileSync(file, html);
    return file;
  });
  // One run for every page (the checker's start is most of its time); it prints its
  // findings as JSON on stderr and exits 1 when there are any.
  const options = ['-jar', vnuJar, ...(errorsOnly ? ['--errors-only'] : []), '--format', 'json', ...files];
  const run = await promisify(execFile)('java', options, { maxBuffer: 64 * 2 ** 20 }).catch((failed) => failed);
  const { messages } = JSON.parse(run.stderr);
  // Errors always; warnings too unless `errorsOnly` (the checker's other notes are not findings).
  return messages.filter((message) => message.type === 'error' || message.subType === 'warning').map((message) => `${pages[files.indexOf(new URL(message.url).pathname)][0]}: ${message.message} (${(message.extract ?? '').trim().slice(0, 80)})`);
}

test('every page type is valid HTML to the Nu checker', async () => {
  const [artist] = await (await fetch(`${site.origin}/api/artists/browse?letter=B&page=1`)).json().then((page) => page.artists ?? page);
  const [article] = await (await fetch(`${site.origin}/api/articles`)).json();
  const enriched = await addEnrichedArtist(site);
  const paths = [
    '/',
    `/?week=${PAST_TOP_TEN_WEEK}`,
    '/browse',
    '/browse?letter=B',
    '/browse?letter=T&from=2',
    '/genre/r-and-b',
    '/genre/pop?from=2',
    '/genre/no-such-genre',
    '/country/united-kingdom',
    '/decade/1960s?from=2',
    '/country/atlantis',
    '/browse?country=united-kingdom&letter=B',
    `/artist/${artist.id}`,
    // With every section the enrichment adds.
    `/artist/${enriched}`,
    '/artist/999999',
    '/search',
    '/search/rock',
    '/quiz?seed=validity',
    '/articles',
    `/articles/${article.id}`,
    '/about',
    '/privacy-policy',
    '/terms-of-service',
    '/privacy-settings',
    '/data-access',
    '/account-deletion',
    '/favorites',
    '/favorites/folder/1',
    '/no/such/page',
    // The pages the emailed links open (the mailed addresses redirect to them).
    '/api/auth/confirm?token=validity',
    '/api/auth/recover/complete?token=validity',
    '/confirm-email?token=validity',
    '/new-password?token=validity',
    // The page the service worker shows offline.
    '/offline',
  ];
  const pages = [];
  for (const path of paths) {
    const answer = await fetch(`${site.origin}${path}`);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/html/, path);
    pages.push([path, await answer.text()]);
  }
  assert.deepEqual(await nuFindings(pages, { errorsOnly: true }), []);
});

test("a signed-in visitor's own pages are valid, without a warning either", async () => {
  const page = await signedInPage(site, mail, 'validity@example.com');
  const pages = [];
  // Each as its visitor gets it (the form, not the sign-in prompt).
  for (const [path, shown] of [
    ['/privacy-settings', 'Cookie preferences'],
    ['/data-access', 'Download My Data'],
    ['/account-deletion', 'This cannot be undone.'],
  ]) {
    const answer = await page.request.get(`${site.origin}${path}`);
    assert.equal(answer.status(), 200, path);
    const html = await answer.text();
    assert.ok(html.includes(shown), `${path} shows ${shown}`);
    pages.push([path, html]);
  }
  assert.deepEqual(await nuFindings(pages, { errorsOnly: false }), []);
});
