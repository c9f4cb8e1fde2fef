// Real-browser A/B of first paint and hydration: two server binaries, the same pages, on
// Chromium with DevTools throttling (150 ms latency, 1.6 Mbps down, 4× CPU slowdown, as
// Lighthouse's mobile preset), runs alternated. Lighthouse simulates its metrics from a
// fast trace; this measures what the throttled browser does, so a change that helps the
// simulation and not the visitor shows here. A benchmark, not a test.
//   node e2e/perf/hydration-ab.mjs <binary A> <binary B> [runs=3] [paths=/,/artist/1,/browse?letter=B]
// REPEAT=1 measures a returning visitor (another artist page loaded first: scripts cached).
// Prints the median first contentful paint and time to hydrated (<html data-hydrated>).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

const [binA, binB, runsArg, pathsArg] = process.argv.slice(2);
if (!binA || !binB) throw new Error('usage: hydration-ab.mjs <binary A> <binary B> [runs] [paths]');
const runs = Number(runsArg ?? 3);
const paths = (pathsArg ?? '/,/artist/1,/browse?letter=B').split(',');
const repeat = process.env.REPEAT === '1';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const sites = { A: await startServer(binA, mkdtempSync(join(tmpdir(), 'sa-ab-'))), B: await startServer(binB, mkdtempSync(join(tmpdir(), 'sa-ab-'))) };
await Promise.all(Object.values(sites).map((site) => site.warmed));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
const results = {};
try {
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
        const context = await browser.newContext();
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 2 ** 20) / 8, uploadThroughput: (750 * 2 ** 10) / 8 });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        if (repeat) {
          await page.goto(`${sites[name].origin}/artist/2`);
          await hydrated(page);
        }
        await page.goto(`${sites[name].origin}${path}`, { waitUntil: 'commit' });
        await hydrated(page);
        const timing = await page.evaluate(() => ({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, hydrated: performance.now() }));
        const entry = (results[`${path} ${name}`] ??= { fcp: [], hydrated: [] });
        entry.fcp.push(timing.fcp);
        entry.hydrated.push(timing.hydrated);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(sites).map((site) => site.stop()));
}
for (const [key, entry] of Object.entries(results)) {
  console.log(`${key}: first contentful paint ${median(entry.fcp).toFixed(0)} ms, hydrated ${median(entry.hydrated).toFixed(0)} ms (${entry.fcp.length} runs)`);
}
