// Rerunnable performance measurements of the real server (release build by default),
// every row of the release table (docs/performance.md) against its target, in one run
// on one machine:
//   cargo build --release && npm --prefix e2e install && npm --prefix e2e run bench
// Options (environment): BENCH_ARTISTS (size of the generated catalogue, default
// 100000; 0 skips that part), BENCH_LIGHTHOUSE=0 (skip Lighthouse), BENCH_REQUESTS
// (cached pages and search), BENCH_COLD (cold renders), SOUND_ATLAS_BIN.
//
// 1. Start: spawn to a healthy /healthz on a fresh data directory (median of 3).
// 2. Page weight: compressed HTML of an artist page; JS and CSS it loads.
// 3. Cold renders: every request a distinct URL (`?bench=n`: the render cache keys by
//    URL), at concurrency 1 (p50) and 8 (pages/s); the same pages from a plain Node
//    server that loads the same server bundle and calls `render` per request
//    (e2e/perf/node-yardstick.mjs, the yardstick); cached pages at concurrency 8, sent
//    as to a browser (`Accept-Encoding: gzip, deflate, br`). The two rates compared
//    (Node's and the cached pages') are measured with wrk (Debian's `wrk`) when it is
//    installed: a Node client tops out near 12,000 requests/s on two cores and would
//    measure itself. Without wrk, the Node client measures both.
// 4. Search `rock` at concurrency 4; memory.
// 5. Lighthouse (npm `lighthouse`, mobile preset, Debian's Chromium) on home, an
//    artist page, browse B, the article list and an article; LCP, TBT, CLS.
// 6. A generated catalogue of BENCH_ARTISTS artists (rows derived from the seed with
//    numbered titles, inserted with the sqlite3 CLI; never seed data): search p95,
//    a browse page, cold artist renders, cached pages over 10,000 distinct pages
//    against a static file, memory.
// Prints a Markdown table (measure, result, target) and the machine.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allArtists, freePort } from '../support/harness.mjs';
import { BIN, growCatalogue, startServer } from './server.mjs';
import { WRK, wrkRate } from './wrk.mjs';
import { brotliCompressSync, gzipSync } from 'node:zlib';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const ARTISTS = Number(process.env.BENCH_ARTISTS ?? 100_000);
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const COLD = Number(process.env.BENCH_COLD ?? 1000);

const rows = [];
const row = (measure, result, target = '') => {
  rows.push([measure, result, target]);
  console.error(`  ${measure}: ${result}`);
};
const ms = (v) => `${v.toFixed(1)} ms`;
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const median = (values) => pct([...values].sort((a, b) => a - b), 0.5);

// One keep-alive HTTP client for every measurement (fetch adds its own overhead).
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Runs `count` requests for `urlAt(i)` at `concurrency`; returns sorted latencies and rate. */
async function load(urlAt, count, concurrency) {
  const latencies = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        const res = await get(urlAt(i));
        if (res.status !== 200) throw new Error(`${urlAt(i)}: status ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  return { latencies, rate: count / seconds, mean: latencies.reduce((a, b) => a + b, 0) / latencies.length };
}

const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br' };

/**
 * Requests per second at concurrency 8 over `paths` (in turn) on `origin`, with wrk
 * for 5 s when installed, else the Node client for `count` requests.
 */
async function rate(origin, paths, headers, count) {
  if (!WRK) return (await load((i) => `${origin}${paths[i % paths.length]}`, count, 8)).rate;
  return wrkRate(origin, paths, headers);
}

const stateOf = (html) => JSON.parse(html.match(/<script id="sa-state" type="application\/json"[^>]*>(.*?)<\/script>/s)[1]);

async function coldRenders(origin, ids, label, { targetP50 = '≤ 3 ms', targetRate = '≥ 400/s' } = {}) {
  const url = (i) => `${origin}/artist/${ids[i % ids.length]}?bench=${label}-${i}`;
  const one = await load((i) => url(i), Math.min(ids.length, 400, COLD), 1);
  const eight = await load((i) => url(i + 100_000), COLD, 8);
  return { one, eight, targetP50, targetRate };
}

const tmpDirs = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-bench-'));
  tmpDirs.push(dir);
  return dir;
};

try {
  // 1. Start to healthy on a fresh data directory.
  const starts = [];
  for (let run = 0; run < 3; run++) {
    const server = await startServer(BIN, freshDir());
    starts.push(server.startMs);
    await server.stop();
  }
  row('start to healthy (/healthz), fresh data dir, median of 3', ms(median(starts)), '≤ 1 s');

  const dataDir = freshDir();
  const site = await startServer(BIN, dataDir);
  try {
    const artists = await allArtists(site.origin);
    const ids = artists.map((a) => a.id);

    // 2. Page weight.
    const page = await get(`${site.origin}/artist/${ids[0]}`);
    const html = page.body.toString();
    row('artist page HTML (gzip)', kib(gzipSync(page.body).length));
    const assets = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/static\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    let js = 0;
    let jsBr = 0;
    let css = 0;
    for (const path of new Set(assets)) {
      const bytes = (await get(`${site.origin}${path}`)).body;
      if (path.endsWith('.css')) css += gzipSync(bytes).length;
      else {
        js += gzipSync(bytes).length;
        jsBr += brotliCompressSync(bytes).length;
      }
    }
    const served = await get(`${site.origin}${assets.find((a) => a.endsWith('.js'))}`, { 'accept-encoding': 'br, gzip' });
    row('JavaScript on first load of an artist page, gzip / brotli', `${kib(js)} / ${kib(jsBr)} (entry sent as ${served.headers['content-encoding'] ?? 'identity'})`, '≤ 90 KiB');
    row('CSS loaded (gzip)', kib(css));

    // 3. Cached pages, then cold renders (both once the warm-up after start, which renders
    // on idle workers, is done: a crawler meets a server in that state), then the Node
    // yardstick. Cached pages first: the cold renders' thousand one-off URLs fill the
    // render cache, whose admission policy then keeps new entries out.
    await site.warmed;
    const paths = ids.map((id) => `/artist/${id}`);
    for (const path of paths) await get(`${site.origin}${path}`); // every page cached
    const cached = await rate(site.origin, paths, BROWSER_ENCODING, REQUESTS * 5);
    const cold = await coldRenders(site.origin, ids, 'seed');
    row('cold render of an artist page, p50 at concurrency 1 (distinct URLs)', ms(pct(cold.one.latencies, 0.5)), '≤ 3 ms');
    row('cold artist pages per second at concurrency 8', `${cold.eight.rate.toFixed(0)}/s`, '≥ 400/s');

    const states = {};
    for (const id of ids) states[`/artist/${id}`] = stateOf((await get(`${site.origin}/artist/${id}`)).body.toString());
    const bundleDir = freshDir();
    execFileSync(process.execPath, [join(repo, 'ui/build.mjs'), '--outdir', bundleDir], { stdio: 'ignore' });
    writeFileSync(join(bundleDir, 'states.json'), JSON.stringify(states));
    const nodePort = await freePort();
    const yardstick = spawn(process.execPath, [join(repo, 'e2e/perf/node-yardstick.mjs'), join(bundleDir, 'server.js'), join(bundleDir, 'states.json'), String(nodePort)], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise((resolve) => yardstick.stdout.once('data', resolve));
    try {
      const nodeOrigin = `http://127.0.0.1:${nodePort}`;
      await load((i) => `${nodeOrigin}${paths[i % paths.length]}`, 200, 1); // warm V8's JIT, as a long-running server would be
      const nodeOne = await load((i) => `${nodeOrigin}${paths[i % paths.length]}`, 400, 1);
      const nodeRate = await rate(nodeOrigin, paths, {}, 1000);
      const client = WRK ? 'wrk' : 'Node client';
      row('same page, plain Node server calling the same bundle\'s render per request', `${ms(pct(nodeOne.latencies, 0.5))} p50, ${nodeRate.toFixed(0)}/s (${client})`, 'yardstick');
      row('cached artist pages per second at concurrency 8, browser Accept-Encoding', `${cached.toFixed(0)}/s (${(cached / nodeRate).toFixed(1)}× Node, ${client})`, '≥ 20× the Node server');
    } finally {
      yardstick.kill('SIGTERM');
    }

    // 4. Search and memory.
    const search = await load(() => `${site.origin}/api/artists/search?query=rock`, REQUESTS, 4);
    row(`search \`rock\`, ${ids.length} artists, concurrency 4`, `${ms(search.mean)} mean, p95 ${ms(pct(search.latencies, 0.95))}, ${search.rate.toFixed(0)}/s`);
    row('server resident memory after the load', `${(site.rss() / 2 ** 20).toFixed(0)} MiB`);

    // 5. Lighthouse.
    if (LIGHTHOUSE) {
      const { default: lighthouse } = await import('lighthouse');
      const { launch } = await import('chrome-launcher');
      const chrome = await launch({ chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
      try {
        for (const [name, path] of [['/', '/'], ['/artist/{id}', `/artist/${ids[0]}`], ['/browse?letter=B', '/browse?letter=B'], ['/articles', '/articles'], ['/articles/{id}', '/articles/1']]) {
          const result = await lighthouse(`${site.origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'seo'] });
          const lhr = result.lhr;
          const audit = (id) => lhr.audits[id].numericValue;
          const score = (c) => Math.round(lhr.categories[c].score * 100);
          row(`Lighthouse mobile ${name}: performance / accessibility / SEO`, `${score('performance')} / ${score('accessibility')} / ${score('seo')}`, '≥ 98 / 100 / 100');
          row(`  ${name}: LCP, TBT, CLS`, `${(audit('largest-contentful-paint') / 1000).toFixed(2)} s, ${audit('total-blocking-time').toFixed(0)} ms, ${audit('cumulative-layout-shift').toFixed(3)}`, '≤ 1.2 s, ≤ 100 ms, ≤ 0.01');
        }
      } finally {
        await chrome.kill();
      }
    }
  } finally {
    await site.stop();
  }

  // 6. The generated catalogue.
  if (ARTISTS > 0) {
    growCatalogue(dataDir, ARTISTS);
    const big = await startServer(BIN, dataDir);
    try {
      const all = await allArtists(big.origin);
      const ids = all.map((a) => a.id);
      const n = ids.length.toLocaleString('en');
      await big.warmed;
      await get(`${big.origin}/api/artists/search?query=rock`);
      const search = await load(() => `${big.origin}/api/artists/search?query=rock`, 400, 4);
      row(`search \`rock\`, ${n} artists, concurrency 4`, `p95 ${ms(pct(search.latencies, 0.95))}, ${search.rate.toFixed(0)}/s`, 'p95 ≤ 10 ms');
      const browse = await load((i) => `${big.origin}/api/artists/browse?letter=B&page=${(i % 20) + 1}`, 400, 1);
      row(`a browse page (API), ${n} artists`, `p50 ${ms(pct(browse.latencies, 0.5))}, p95 ${ms(pct(browse.latencies, 0.95))}`, '≤ 5 ms');
      const shuffled = ids.filter((_, i) => i % 97 === 0);
      const cold = await coldRenders(big.origin, shuffled, 'big');
      row(`cold artist page render, ${n} artists, p50 at concurrency 1 / pages/s at 8`, `${ms(pct(cold.one.latencies, 0.5))} / ${cold.eight.rate.toFixed(0)}/s`, '≤ 3 ms / ≥ 400/s');
      row(`server resident memory, ${n} artists, after the load`, `${(big.rss() / 2 ** 20).toFixed(0)} MiB`, '< 300 MB');
      // Cached pages across many pages (after the cold renders, which they would
      // answer): 10,000 distinct artist pages, each rendered once, then asked for in
      // turn, against a hashed static file from the same server.
      const many = ids.slice(0, 10_000).map((id) => `/artist/${id}`);
      await load((i) => `${big.origin}${many[i]}`, many.length, 4);
      const file = (await get(`${big.origin}/`)).body.toString().match(/\/static\/entry-[^"]+\.js/)[0];
      const manyRate = await rate(big.origin, many, BROWSER_ENCODING, REQUESTS * 5);
      const fileRate = await rate(big.origin, [file], BROWSER_ENCODING, REQUESTS * 5);
      row(`cached artist pages, ${many.length.toLocaleString('en')} distinct pages in turn, against a static file (concurrency 8, brotli)`, `${manyRate.toFixed(0)}/s against ${fileRate.toFixed(0)}/s (${((100 * manyRate) / fileRate).toFixed(0)}%)`, '≥ 100%');
      row(`server resident memory, ${n} artists, holding those pages`, `${(big.rss() / 2 ** 20).toFixed(0)} MiB`);
    } finally {
      await big.stop();
    }
  }
} finally {
  agent.destroy();
  for (const dir of tmpDirs) rmSync(dir, { recursive: true, force: true });
}

console.log(`\nMachine: ${cpus().length} x ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; binary ${BIN}\n`);
console.log('| measure | result | target |\n|---|---|---|');
for (const [k, v, t] of rows) console.log(`| ${k} | ${v} | ${t} |`);
