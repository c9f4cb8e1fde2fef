// The open catalogue's dump import at size: for each N, a synthetic entity dump
// (synthetic-wikidata-dump.mjs, gzip) imported with
// `/usr/bin/time -v sound-atlas import wikidata-dump` into a fresh SQLite data
// directory (or the empty database DATABASE_URL names), then imported again (every
// artist present: the update path).
//   cargo build --release && node e2e/perf/open-data-import.mjs 10000 100000
// Prints per size and run: time, entities and artists a second, peak memory; then
// each first import's time against the smallest size's. SOUND_ATLAS_BIN picks another
// binary.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGzip } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { syntheticDump } from './synthetic-wikidata-dump.mjs';

const BIN = process.env.SOUND_ATLAS_BIN ?? fileURLToPath(new URL('../../target/release/sound-atlas', import.meta.url));
const sizes = process.argv.slice(2).map(Number);
if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 4)) {
  console.error('usage: node e2e/perf/open-data-import.mjs <entities> [<entities> ...]');
  process.exit(2);
}
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;

async function writeDump(path, count) {
  const gzip = createGzip({ level: 1 });
  const done = once(gzip.pipe(createWriteStream(path)), 'finish');
  for (const line of syntheticDump(count)) if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  gzip.end();
  await done;
}

function timed(args, env) {
  const run = spawnSync('/usr/bin/time', ['-v', BIN, ...args], { env, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed: ${run.stderr}`);
  const [, clock] = run.stderr.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/);
  const seconds = clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  const peak = Number(run.stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)[1]) * 1024;
  const [, inserted, updated, unchanged] = run.stdout.match(/(\d+) inserted, (\d+) updated, (\d+) unchanged/);
  return { seconds, peak, artists: Number(inserted) + Number(updated) + Number(unchanged) };
}

const rows = [];
for (const count of sizes) {
  const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-open-data-'));
  try {
    const dump = join(dir, 'dump.json.gz');
    await writeDump(dump, count);
    const env = { ...process.env, SOUND_ATLAS_DATA: join(dir, 'data') };
    for (const run of ['first', 'again']) {
      const result = timed(['import', 'wikidata-dump', dump], env);
      const row = { count, run, ...result, bytes: statSync(dump).size };
      rows.push(row);
      console.error(
        `${count} entities (${mib(row.bytes)} gz), ${run}: ${row.seconds.toFixed(2)} s, ` +
          `${(count / row.seconds).toFixed(0)} entities/s, ${(row.artists / row.seconds).toFixed(0)} artists/s, ${mib(row.peak)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const first = rows.filter((r) => r.run === 'first');
console.log('| entities | run | artists | time | entities/s | artists/s | peak RSS |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.count.toLocaleString('en')} | ${r.run} | ${r.artists.toLocaleString('en')} | ${r.seconds.toFixed(2)} s | ${(r.count / r.seconds).toFixed(0)} | ${(r.artists / r.seconds).toFixed(0)} | ${mib(r.peak)} |`);
}
for (const r of first.slice(1)) {
  console.log(`${r.count} / ${first[0].count}: ${(r.seconds / first[0].seconds).toFixed(1)}× the time for ${(r.count / first[0].count).toFixed(0)}× the entities`);
}
