// Rerunnable performance measurements of the real server (release build by default):
//   cargo build --release && npm --prefix e2e run bench
// 1. Page weight: compressed HTML of an artist page, and the JS and CSS it loads.
// 2. Server: first renders (every artist page once, one at a time: render-cache
//    misses), then latency percentiles and throughput of artist pages at a fixed
//    concurrency (random artists; the render cache now answers most).
// 3. Memory: the server's resident set after the load.
// 4. A slow phone: Largest Contentful Paint of an artist page in Chromium with the
//    CPU slowed 4x and a "slow 4G" network (150 ms RTT, 1.6 Mbit/s down), median of 5.
// Prints a Markdown table to paste into the README with the machine it ran on.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { gzipSync } from 'node:zlib';
import { start } from '../support/harness.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const LCP_RUNS = 5;

process.env.SOUND_ATLAS_BIN ??= new URL('../../target/release/sound-atlas', import.meta.url).pathname;
const site = await start();
const rows = [];
try {
  const artists = await (await fetch(`${site.origin}/api/artists`)).json();
  const ids = artists.map((a) => a.id);
  const pick = () => ids[Math.floor(Math.random() * ids.length)];

  // 1. Page weight (gzip, as the server sends it to browsers that accept it).
  const html = await (await fetch(`${site.origin}/artist/${ids[0]}`)).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/static\/[^"]+)"/g)].map((m) => m[1]);
  let js = 0;
  let css = 0;
  for (const path of assets) {
    const bytes = Buffer.from(await (await fetch(`${site.origin}${path}`)).arrayBuffer());
    if (path.endsWith('.css')) css += gzipSync(bytes).length;
    else js += gzipSync(bytes).length;
  }
  const kb = (n) => `${(n / 1024).toFixed(1)} KiB`;
  rows.push(['artist page HTML (gzip)', kb(gzipSync(html).length)]);
  rows.push(['JavaScript loaded (gzip)', kb(js)], ['CSS loaded (gzip)', kb(css)]);

  // 2a. First renders, one at a time.
  const firsts = [];
  for (const id of ids) {
    const t = performance.now();
    await (await fetch(`${site.origin}/artist/${id}`)).arrayBuffer();
    firsts.push(performance.now() - t);
  }
  firsts.sort((a, b) => a - b);
  const ms = (v) => `${v.toFixed(1)} ms`;
  rows.push([`first render of each of ${ids.length} artist pages, p50 / p95`, `${ms(firsts[Math.floor(firsts.length / 2)])} / ${ms(firsts[Math.floor(firsts.length * 0.95)])}`]);

  // 2b. Latency under load.
  const latencies = [];
  let next = 0;
  const began = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const t = performance.now();
        const res = await fetch(`${site.origin}/artist/${pick()}`);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`status ${res.status}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p) => ms(latencies[Math.floor((latencies.length - 1) * p)]);
  rows.push([`artist pages, ${REQUESTS} requests at concurrency ${CONCURRENCY}`, `${(REQUESTS / seconds).toFixed(0)} pages/s`]);
  rows.push(['latency p50 / p95 / p99', `${pct(0.5)} / ${pct(0.95)} / ${pct(0.99)}`]);

  // 3. Memory.
  const status = readFileSync(`/proc/${site.serverPid}/status`, 'utf8');
  rows.push(['server resident memory after the load', status.match(/VmRSS:\s+(\d+ kB)/)[1]]);

  // 4. LCP on an emulated slow phone (fresh context each run: nothing cached).
  const lcps = [];
  for (let run = 0; run < LCP_RUNS; run++) {
    const page = await site.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${site.origin}/artist/${pick()}`, { waitUntil: 'load' });
    const lcp = await page.evaluate(
      () => new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
    );
    lcps.push(lcp);
    await page.context().close();
  }
  lcps.sort((a, b) => a - b);
  rows.push([`LCP, slow 4G + 4x CPU, median of ${LCP_RUNS}`, `${lcps[Math.floor(LCP_RUNS / 2)].toFixed(0)} ms`]);
} finally {
  await site.stop();
}

console.log(`\nMachine: ${cpus().length} x ${cpus()[0].model}, Node ${process.version}\n`);
console.log('| measure | result |\n|---|---|');
for (const [k, v] of rows) console.log(`| ${k} | ${v} |`);
