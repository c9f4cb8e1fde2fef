// The atlas at catalogue scale, on SQLite: for each size N, a synthetic catalogue
// (synthetic-catalogue.mjs) imported into a fresh data directory under /usr/bin/time -v,
// then the server started on it and measured.
//   cargo build --release && node e2e/perf/scale.mjs 10000 100000 200000
// Prints, per size: the import's time, rate and peak memory; start to a healthy
// /healthz; resident memory after start and after the load below; the first read, from
// healthy to ready (/readyz: the server reads the catalogue snapshot as it starts; started
// again, the snapshot the first run kept on disk); search at concurrency 4 (`rock`, and `rokc`
// misspelt: p95 latency and the server's CPU time a request), then each kind of query in
// `searchKinds` (one letter, two letters, a common word, two words, part of a word, a
// misspelling: every request a query not asked before, so each is ranked anew); a
// numbered browse page deep in a letter, the largest country's and a decade's deep pages,
// and a page of GET /api/artists.
// Then each import's time against the smallest size's. SOUND_ATLAS_BIN picks another
// binary; SCALE_SERVE=0 measures the import only. With SCALE_DATABASE_URL (a PostgreSQL
// server's URL) each size goes into a fresh database of its own on that server instead
// of SQLite, and a second instance is started beside the first: then one artist is
// imported and the time until both instances find it, and what it cost each in CPU,
// is measured (a change's cost on every instance).
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, startServer } from './server.mjs';
import { FIRST, SECOND, syntheticCatalogue } from './synthetic-catalogue.mjs';

export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const ms = (value) => `${value.toFixed(1)} ms`;

/**
 * Search queries by kind, each distinct (the server keeps a query's ranking a while, so
 * a query asked again measures the kept ranking, not the search), from the synthetic
 * catalogue's words in three casings, with and without a full stop, where a kind has few.
 */
export function searchKinds() {
  const words = [...FIRST, ...SECOND].map((w) => w.toLowerCase()).filter((w) => /^[a-z]{5,}$/.test(w));
  // Three casings, each also with a full stop after it (searched alike, asked apart).
  const cased = (list) => [...new Set(list.flatMap((w) => [w, w.toUpperCase(), w[0].toUpperCase() + w.slice(1)]).flatMap((w) => [w, `${w}.`]))];
  const letters = [...'abcdefghijklmnopqrstuvwxyz'];
  const swap = (w, i) => w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
  return {
    'one letter': cased(letters),
    'two letters': cased(letters.flatMap((a) => [...'aeiou'].map((b) => a + b))),
    'common word': cased(words),
    'two words': FIRST.flatMap((f) => SECOND.map((s) => `${f} ${s}`)).filter((_, i) => i % 4 === 0),
    'part of a word': cased([...new Set(words.flatMap((w) => [w.slice(1, 5), w.slice(2, 6)]))]),
    misspelt: cased([...new Set(words.flatMap((w) => [swap(w, 1), swap(w, 2)]))]),
  };
}

export async function writeCatalogue(path, count) {
  const out = createWriteStream(path);
  for (const line of syntheticCatalogue(count)) if (!out.write(`${line}\n`)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

/** `count` requests at `concurrency`; their latencies in ms, sorted. */
export async function load(urlAt, count, concurrency) {
  const latencies = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const url = urlAt(next++);
        const began = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        latencies.push(performance.now() - began);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** Waits until the server at `origin` says it is ready: its catalogue is read. */
export async function untilReady(origin) {
  const began = performance.now();
  while ((await fetch(`${origin}/readyz`)).status !== 200) {
    if (performance.now() - began > 300_000) throw new Error('not ready within 300 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A fresh, empty database named `name` on the PostgreSQL server at `server`; its URL. */
export function freshDatabase(server, name) {
  for (const sql of [`DROP DATABASE IF EXISTS ${name}`, `CREATE DATABASE ${name}`]) {
    const run = spawnSync('psql', [server, '-q', '-c', sql], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`psql: ${run.stderr}`);
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Polls `origin`'s search until it finds `title`; the time it took. */
async function untilFound(origin, title, began) {
  for (;;) {
    const answer = await (await fetch(`${origin}/api/artists/search/cards?query=${encodeURIComponent(title)}&page=1`)).json();
    if (answer.artists?.some((a) => a.title === title)) return performance.now() - began;
    if (performance.now() - began > 300_000) throw new Error(`${title} not found within 300 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * One size: a synthetic catalogue of `count` artists imported into a fresh SQLite data
 * directory by `bin`, then (with `serve`) the server started on it and measured.
 */
export async function measure(count, { bin = BIN, serve = true, requests = 1 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-scale-'));
  try {
    const csv = join(dir, 'artists.csv');
    await writeCatalogue(csv, count);
    const data = join(dir, 'data');
    const env = { ...process.env, SOUND_ATLAS_DATA: data };
    delete env.DATABASE_URL;
    const server = process.env.SCALE_DATABASE_URL;
    if (server) env.DATABASE_URL = freshDatabase(server, `sound_atlas_scale_${count}`);
    const database = env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {};
    const run = spawnSync('/usr/bin/time', ['-v', bin, 'import', 'artists', csv], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`import failed: ${run.stderr}`);
    const seconds = (() => {
      const [, clock] = run.stderr.match(/Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)/);
      return clock.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    })();
    const peak = Number(run.stderr.match(/Maximum resident set size \(kbytes\): (\d+)/)[1]) * 1024;
    const cpuSeconds = (label) => Number(run.stderr.match(new RegExp(`${label} time \\(seconds\\): (\\S+)`))[1]);
    const row = { count, seconds, rate: count / seconds, peak, importCpu: cpuSeconds('User') + cpuSeconds('System') };
    console.error(`${count}: import ${seconds.toFixed(2)} s, ${row.rate.toFixed(0)}/s, ${mib(peak)}`);
    if (serve) {
      // Without the warm-up, so the server's time is the measured requests' alone.
      const site = await startServer(bin, data, { SOUND_ATLAS_WARM: '0', ...database });
      // p95 latency of `n` requests (scaled by `requests`) and the server's CPU time per request.
      const measured = async (key, urlAt, n, concurrency) => {
        const total = Math.max(10, Math.round(n * requests));
        const cpu = site.cpu();
        row[key] = pct(await load(urlAt, total, concurrency), 0.95);
        row[`${key}Cpu`] = ((site.cpu() - cpu) / total) * 1000;
      };
      try {
        row.start = site.startMs;
        row.rssStart = site.rss();
        // The server reads the catalogue as it starts and is ready (`/readyz`) once it has.
        const began = performance.now();
        const cpu = site.cpu();
        await untilReady(site.origin);
        row.firstRead = performance.now() - began;
        row.firstReadCpu = site.cpu() - cpu;
        // Ready means ready: the first catalogue request waits for no read.
        const asked = site.cpu();
        const first = await (await fetch(`${site.origin}/api/artists?limit=1`)).json();
        row.firstAfterReadyCpu = site.cpu() - asked;
        row.rssSnapshot = site.rss();
        await fetch(`${site.origin}/artist/${first.artists[0].id}`);
        for (const query of ['rock', 'rokc']) {
          await fetch(`${site.origin}/api/artists/search/cards?query=${query}&page=1`);
          await measured(`search_${query}`, () => `${site.origin}/api/artists/search/cards?query=${query}&page=1`, 200, 4);
        }
        // Every query once, at concurrency 4: p50 and p95 latency, server CPU a request.
        row.kinds = {};
        for (const [kind, queries] of Object.entries(searchKinds())) {
          const cpu = site.cpu();
          const url = (i) => `${site.origin}/api/artists/search/cards?query=${encodeURIComponent(queries[i])}&page=1`;
          const latencies = await load(url, queries.length, 4);
          const cpuMs = ((site.cpu() - cpu) / queries.length) * 1000;
          row.kinds[kind] = { queries: queries.length, p50: pct(latencies, 0.5), p95: pct(latencies, 0.95), cpu: cpuMs };
        }
        const letter = await (await fetch(`${site.origin}/api/artists/browse?letter=B&page=1`)).json();
        const deep = Math.max(1, Math.ceil(letter.total / 12) - 1);
        row.pages = Math.ceil(letter.total / 12);
        await measured('numberedFirst', (i) => `${site.origin}/browse?letter=B&from=${1 + (i % 20)}`, 100, 2);
        await measured('numbered', (i) => `${site.origin}/browse?letter=B&from=${deep - (i % 20)}`, 100, 2);
        // The largest country's and a decade's deep pages, as deep as a letter's.
        for (const [name, api, page] of [
          ['countryDeep', '/api/countries/united-states?page=1', '/country/united-states'],
          ['decadeDeep', '/api/decades/1990s?page=1', '/decade/1990s'],
        ]) {
          const { pages } = await (await fetch(`${site.origin}${api}`)).json();
          await measured(name, (i) => `${site.origin}${page}?from=${Math.max(1, pages - 1 - (i % 20))}`, 100, 2);
        }
        await measured('list', () => `${site.origin}/api/artists?limit=1000&after=${first.next}`, 50, 2);
        row.rssAfter = site.rss();
        if (server) {
          // A second instance on the same database; then one artist imported: the time
          // until each instance finds it, and the CPU it cost each.
          const other = await startServer(bin, join(dir, 'other'), { SOUND_ATLAS_WARM: '0', ...database });
          try {
            await untilReady(other.origin);
            const one = join(dir, 'one.csv');
            const title = `Zyxwv Change ${count}`;
            writeFileSync(one, `title,kind,genres\n${title},band,Rock\n`);
            const cpu = [site.cpu(), other.cpu()];
            const began = performance.now();
            const run = spawnSync(bin, ['import', 'artists', one], { env, encoding: 'utf8' });
            if (run.status !== 0) throw new Error(`import failed: ${run.stderr}`);
            const seen = await Promise.all([site, other].map((s) => untilFound(s.origin, title, began)));
            // The rereads run after the answer that found the artist: wait for them.
            await new Promise((resolve) => setTimeout(resolve, 2_000));
            row.change = { seen, cpu: [site.cpu() - cpu[0], other.cpu() - cpu[1]] };
          } finally {
            await other.stop();
          }
        }
      } finally {
        await site.stop();
      }
      // Started again on the same data: the first read loads the snapshot the first run
      // kept beside the database (it was written in the background after its read).
      const again = await startServer(bin, data, { SOUND_ATLAS_WARM: '0', ...database });
      try {
        row.restart = again.startMs;
        const began = performance.now();
        const cpu = again.cpu();
        await untilReady(again.origin);
        row.restartRead = performance.now() - began;
        row.restartReadCpu = again.cpu() - cpu;
        const search = performance.now();
        await (await fetch(`${again.origin}/search/rokc`)).arrayBuffer();
        row.restartSearch = performance.now() - search;
        row.rssRestart = again.rss();
      } finally {
        await again.stop();
      }
    }
    return row;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sizes = process.argv.slice(2).map(Number);
  if (sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error('usage: node e2e/perf/scale.mjs <artists> [<artists> ...]');
    process.exit(2);
  }
  const SERVE = process.env.SCALE_SERVE !== '0';
  const rows = [];
  for (const count of sizes) rows.push(await measure(count, { serve: SERVE }));
  console.log(`\nMachine: ${cpus().length} x ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; binary ${BIN}\n`);
  console.log('| artists | import | rate | import peak RSS | × smallest | start to healthy | RSS after start / after load | first read (server CPU) | search p95 `rock` / `rokc` | server CPU a search `rock` / `rokc` | numbered browse page p95 (of B\'s pages) | `/api/artists` page of 1,000 p95 | restarted: start, first read (server CPU), then a search page, RSS |');
  console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
  for (const row of rows) {
    const ratio = row.seconds / rows[0].seconds;
    const serve = SERVE
      ? [ms(row.start), `${mib(row.rssStart)} / ${mib(row.rssAfter)}`, `${ms(row.firstRead)} (${row.firstReadCpu.toFixed(1)} s)`, `${ms(row.search_rock)} / ${ms(row.search_rokc)}`, `${ms(row.search_rockCpu)} / ${ms(row.search_rokcCpu)}`, `${ms(row.numbered)} (${row.pages})`, ms(row.list), `${ms(row.restart)}, ${ms(row.restartRead)} (${row.restartReadCpu.toFixed(1)} s), ${ms(row.restartSearch)}, ${mib(row.rssRestart)}`]
      : ['', '', '', '', '', '', '', ''];
    console.log(`| ${row.count.toLocaleString('en')} | ${row.seconds.toFixed(2)} s | ${Math.round(row.rate).toLocaleString('en')}/s | ${mib(row.peak)} | ${ratio.toFixed(1)}× | ${serve.join(' | ')} |`);
  }
  if (SERVE) {
    console.log('\n| artists | deep page p95 (server CPU a request): numbered browse B | largest country (United States) | a decade (1990s) |');
    console.log('|---|---|---|---|');
    for (const row of rows) {
      const deep = (key) => `${ms(row[key])} (${ms(row[`${key}Cpu`])})`;
      console.log(`| ${row.count.toLocaleString('en')} | ${deep('numbered')} | ${deep('countryDeep')} | ${deep('decadeDeep')} |`);
    }
    if (rows[0].change) {
      console.log('\n| artists | one artist imported: found by instance 1 / 2 after | CPU it cost instance 1 / 2 (in the 2 s after) |');
      console.log('|---|---|---|');
      for (const { count, change } of rows) {
        console.log(`| ${count.toLocaleString('en')} | ${ms(change.seen[0])} / ${ms(change.seen[1])} | ${change.cpu[0].toFixed(2)} s / ${change.cpu[1].toFixed(2)} s |`);
      }
    }
    console.log('\n| artists | search kind (distinct queries, concurrency 4) | p50 | p95 | server CPU a request |');
    console.log('|---|---|---|---|---|');
    for (const row of rows) {
      for (const [kind, k] of Object.entries(row.kinds)) {
        console.log(`| ${row.count.toLocaleString('en')} | ${kind} (${k.queries}) | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.cpu)} |`);
      }
    }
  }
}
