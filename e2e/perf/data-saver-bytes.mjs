// Bytes of the home page and an artist page with and without the data saver, in Chromium
// (Debian's), on a release server whose Brand New Songs have videos (three songs with
// made-up video ids, imported into the run's own data directory):
//   cargo build --release && npm --prefix e2e run data-saver-bytes
// Counts what comes from the site (every response's encoded body and headers) and the
// requests to the video service's image host (thumbnails; never reached here: no
// network, so counted, not weighed).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataSaverSongs } from '../support/data-saver-songs.mjs';
import { launchChromium } from '../support/harness.mjs';
import { BIN, startServer } from './server.mjs';

const dataDir = mkdtempSync(join(tmpdir(), 'sound-atlas-saver-bench-'));
writeFileSync(join(dataDir, 'songs.json'), JSON.stringify(dataSaverSongs()));
const server = await startServer(BIN, dataDir);
execFileSync(BIN, ['import', 'new-songs', join(dataDir, 'songs.json')], { env: { ...process.env, SOUND_ATLAS_DATA: dataDir }, stdio: 'ignore' });
const browser = await launchChromium();

async function weigh(path, saver) {
  const context = await browser.newContext({ viewport: { width: 412, height: 915 }, extraHTTPHeaders: saver ? { 'save-data': 'on' } : {} });
  // Splash seen and cookies chosen, as for a returning visitor.
  await context.addInitScript(() => {
    sessionStorage.setItem('sa-splash-seen', '1');
    localStorage.setItem('cookie-consent', JSON.stringify({ essential: true, functional: true, analytics: false, advertising: false }));
  });
  await context.route('**/*', (route) => (new URL(route.request().url()).origin === server.origin ? route.continue() : route.abort()));
  const page = await context.newPage();
  let bytes = 0;
  let thumbnails = 0;
  const pending = [];
  page.on('requestfinished', (request) => pending.push(request.sizes().then((sizes) => (bytes += sizes.responseBodySize + sizes.responseHeadersSize))));
  page.on('request', (request) => {
    if (new URL(request.url()).hostname === 'i.ytimg.com') thumbnails += 1;
  });
  await page.goto(`${server.origin}${path}`, { waitUntil: 'networkidle' });
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(1000);
  await Promise.all(pending);
  await context.close();
  return { bytes, thumbnails };
}

try {
  console.log('| page | data saver | bytes from the site | thumbnail requests |');
  console.log('|---|---|---|---|');
  for (const path of ['/', '/artist/1']) {
    for (const saver of [false, true]) {
      const { bytes, thumbnails } = await weigh(path, saver);
      console.log(`| ${path} | ${saver ? 'on' : 'off'} | ${(bytes / 1024).toFixed(1)} KiB | ${thumbnails} |`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
