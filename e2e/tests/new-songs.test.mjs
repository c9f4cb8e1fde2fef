// Brand New Songs never calls old songs brand new: when none of the songs came out within
// the deployment's window (SOUND_ATLAS_NEW_SONGS_WINDOW_WEEKS), the strip says it shows
// the latest releases there are, with their dates; when some did, it shows only those
// and says nothing more. The server's markup and the hydrated page say the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { start } from '../support/harness.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';

/** Brand New Songs on home as the server writes it and as the hydrated page shows it. */
async function strip(site) {
  const read = async (page) => {
    const section = page.locator('section[aria-labelledby="new-songs-title"]');
    await section.locator('.video-tile').first().waitFor();
    return {
      note: (await section.locator('.section-note').allTextContents())[0] ?? null,
      dates: await section.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime'))),
    };
  };
  const plain = await site.newPage({ javaScriptEnabled: false });
  await plain.goto(`${site.origin}/`);
  const written = await read(plain);
  await plain.context().close();
  const page = await quietPage(site);
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const shown = await read(page);
  assert.deepEqual(page.problems, []);
  await page.context().close();
  assert.deepEqual(shown, written, 'the hydrated page says what the server wrote');
  return written;
}

const weeksAgo = (weeks) => new Date(Date.now() - weeks * 7 * 86_400_000).toISOString().slice(0, 10);

for (const weeks of [3, 520]) {
  test(`with a window of ${weeks} weeks, the strip says whether its songs are new`, async () => {
    const site = await start({ env: { SOUND_ATLAS_NEW_SONGS_WINDOW_WEEKS: String(weeks) } });
    try {
      const songs = await (await fetch(`${site.origin}/api/new-songs`)).json();
      const dated = songs.map((s) => s.releaseDate).filter(Boolean);
      const anyNew = dated.some((date) => date >= weeksAgo(weeks));
      // The seed's songs came out in 2024: none within 3 weeks, all within 10 years.
      assert.equal(anyNew, weeks === 520);
      const { note, dates } = await strip(site);
      assert.equal(note, anyNew ? null : `Nothing released in the last ${weeks} weeks. Here are the latest releases we have, newest first.`);
      assert.deepEqual(dates, dated, 'every song with its date, newest first');
    } finally {
      await site.stop();
    }
  });
}
