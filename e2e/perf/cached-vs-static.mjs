// Cached artist pages per second against a hashed static file's rate, from the same
// server in the same run: a page a shared cache can keep should be served the way a
// static file is. Release build by default:
//   cargo build --release && npm --prefix e2e run cached-vs-static [-- rounds]
// Both sent as to a browser (`Accept-Encoding: gzip, deflate, br`, so brotli), wrk at 8
// connections for 5 s per measurement after a warm-up, alternating page and file runs
// `rounds` times (default 3); prints each rate's median and their ratio.
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BIN, startServer } from './server.mjs';
import { WRK, wrkRate } from './wrk.mjs';

if (!WRK) throw new Error("needs Debian's wrk");
const ROUNDS = Number(process.argv[2] ?? 3);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(join(tmpdir(), 'sound-atlas-cached-'));
const server = await startServer(BIN, dataDir);
try {
  await server.warmed;
  const home = await (await fetch(`${server.origin}/`)).text();
  // Eight seeded artists (wrk fails the run on any answer but 200).
  const artists = Array.from({ length: 8 }, (_, i) => `/artist/${i + 1}`);
  const file = home.match(/\/static\/entry-[^"]+\.js/)[0];
  // Warm-up: every page rendered and compressed, both paths' code hot.
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
  console.log(`cached artist pages (${artists.length} pages, brotli): ${pages.map(Math.round).join(', ')} /s, median ${Math.round(page)}/s`);
  console.log(`hashed static file ${file} (brotli): ${files.map(Math.round).join(', ')} /s, median ${Math.round(staticFile)}/s`);
  console.log(`ratio: ${((100 * page) / staticFile).toFixed(0)}%`);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
