// Cached pages per second against a hashed static file's rate, from the same server in
// the same run: a page a shared cache can keep should be served the way a static file
// is, however many pages are asked for. Release build by default:
//   cargo build --release && npm --prefix e2e run cached-vs-static [-- rounds [pages]]
// `pages` distinct artist pages (default 10,000; the catalogue is the seed plus
// generated artists derived from it, inserted with the sqlite3 CLI into the run's own
// data directory) are each rendered once, then asked for in turn. Both sent as to a
// browser (`Accept-Encoding: gzip, deflate, br`, so brotli), wrk at 8 connections for
// 5 s per measurement, alternating page and file runs `rounds` times (default 3);
// prints each rate's median and their ratio, and the server's resident memory.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BIN, growCatalogue, startServer } from './server.mjs';
import { median } from './ab.mjs';
import { WRK, wrkRate } from './wrk.mjs';
import { allArtists } from '../support/harness.mjs';

if (!WRK) throw new Error("needs Debian's wrk");
const ROUNDS = Number(process.argv[2] ?? 3);
const PAGES = Number(process.argv[3] ?? 10_000);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const dataDir = mkdtempSync(join(tmpdir(), 'sound-atlas-cached-'));
try {
  // The seeded catalogue first (the server seeds an empty database), then enough
  // generated artists for `PAGES` distinct pages.
  const seeded = await startServer(BIN, dataDir);
  await seeded.stop();
  growCatalogue(dataDir, PAGES);
  const server = await startServer(BIN, dataDir);
  try {
    await server.warmed;
    const home = await (await fetch(`${server.origin}/`)).text();
    const file = home.match(/\/static\/entry-[^"]+\.js/)[0];
    const artists = (await allArtists(server.origin)).slice(0, PAGES).map((a) => `/artist/${a.id}`);
    // Every page rendered and compressed once (four at a time), then both paths' code hot.
    let next = 0;
    await Promise.all(Array.from({ length: 4 }, async () => {
      while (next < artists.length) {
        const response = await fetch(`${server.origin}${artists[next++]}`, { headers: BROWSER });
        if (response.status !== 200) throw new Error(`${response.url}: ${response.status}`);
        await response.arrayBuffer();
      }
    }));
    wrkRate(server.origin, artists, BROWSER, 2);
    wrkRate(server.origin, [file], BROWSER, 2);
    const pages = [];
    const files = [];
    for (let round = 0; round < ROUNDS; round++) {
      pages.push(wrkRate(server.origin, artists, BROWSER));
      files.push(wrkRate(server.origin, [file], BROWSER));
    }
    const page = median(pages);
    const staticFile = median(files);
    console.log(`cached artist pages (${artists.length} pages in turn, brotli): ${pages.map(Math.round).join(', ')} /s, median ${Math.round(page)}/s`);
    console.log(`hashed static file ${file} (brotli): ${files.map(Math.round).join(', ')} /s, median ${Math.round(staticFile)}/s`);
    console.log(`ratio: ${((100 * page) / staticFile).toFixed(0)}%; server resident memory ${(server.rss() / 2 ** 20).toFixed(0)} MiB`);
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
