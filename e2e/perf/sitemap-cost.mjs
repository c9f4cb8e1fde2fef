// What a full child sitemap costs the server per poll: `artists` artists with a
// biography (default 60,000, so `/sitemaps/artists-1.xml` lists 50,000 URLs; the seed
// plus generated rows, inserted with the sqlite3 CLI into the run's own data directory),
// then the file asked for as a browser or crawler does (`Accept-Encoding: gzip,
// deflate, br`) by wrk at 8 connections for 5 s, and the same for `/sitemap.xml`.
// Release build by default:
//   cargo build --release && node e2e/perf/sitemap-cost.mjs [artists]
// Prints each file's bytes sent, requests/s and the server's CPU per request.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { BIN, growCatalogue, startServer } from './server.mjs';
import { WRK, wrkRate } from './wrk.mjs';

if (!WRK) throw new Error("needs Debian's wrk");
const ARTISTS = Number(process.argv[2] ?? 60_000);
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const dataDir = mkdtempSync(join(tmpdir(), 'sound-atlas-sitemap-'));
try {
  const seeded = await startServer(BIN, dataDir);
  await seeded.stop();
  growCatalogue(dataDir, ARTISTS);
  const server = await startServer(BIN, dataDir);
  try {
    await server.warmed;
    for (const path of ['/sitemaps/artists-1.xml', '/sitemap.xml']) {
      // The bytes on the wire (fetch would decode them), and their coding.
      const [sent, coding] = execFileSync('curl', ['-s', '-o', '/dev/null', '-H', `accept-encoding: ${BROWSER['accept-encoding']}`,
        '-w', '%{size_download} %header{content-encoding}', `${server.origin}${path}`]).toString().split(' ');
      const cpu = server.cpu();
      const rate = wrkRate(server.origin, [path], BROWSER, 5);
      const perRequest = ((server.cpu() - cpu) * 1000) / (rate * 5);
      console.log(`${path}: ${coding || 'identity'} ${(Number(sent) / 1024).toFixed(0)} KiB sent, ${rate.toFixed(0)}/s at 8 connections, server CPU ${perRequest.toFixed(2)} ms a request`);
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
