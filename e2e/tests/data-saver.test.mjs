// The data saver in Chromium: with the browser's Save-Data, or the visitor's switch,
// no video thumbnail loads until asked; without it they do.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { dataSaverSongs } from '../support/data-saver-songs.mjs';
import { start, until } from '../support/harness.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
  await site.importFile('new-songs', JSON.stringify(dataSaverSongs()));
});
after(async () => {
  await site?.stop();
});

/**
 * The thumbnail requests the home page makes (to the video service's image host): once
 * the first is made when `loads`, else after half a second in which none may come.
 */
async function thumbnailsOfHome(options, cookie, loads = false) {
  const page = await quietPage(site, options);
  if (cookie) await page.context().addCookies([{ name: 'sa_data_saver', value: 'on', url: site.origin }]);
  const thumbnails = [];
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'i.ytimg.com') thumbnails.push(request.url());
  });
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  // Scrolled through, so lazily loaded images would load.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.locator('.video-tile').first().scrollIntoViewIfNeeded();
  if (loads) await until('a thumbnail is requested', async () => thumbnails.length > 0);
  else await page.waitForTimeout(500);
  await page.context().close();
  return thumbnails;
}

test('the data saver loads no video thumbnail; without it they load', async () => {
  assert.ok((await thumbnailsOfHome({}, false, true)).length > 0, 'thumbnails load normally');
  assert.deepEqual(await thumbnailsOfHome({ extraHTTPHeaders: { 'save-data': 'on' } }), [], "the browser's Save-Data");
  assert.deepEqual(await thumbnailsOfHome({}, true), [], "the visitor's switch");
});
