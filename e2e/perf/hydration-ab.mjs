// Real-browser A/B of first paint and hydration: two server binaries, the same pages, on
// Chromium with DevTools throttling (150 ms latency, 1.6 Mbps down, 4× CPU slowdown, as
// Lighthouse's mobile preset), runs alternated. Lighthouse simulates its metrics from a
// fast trace; this measures what the throttled browser does, so a change that helps the
// simulation and not the visitor shows here. A benchmark, not a test.
//   node e2e/perf/hydration-ab.mjs <binary A> <binary B> [runs=3] [paths=/,/artist/1,/browse?letter=B]
// REPEAT=1 measures a returning visitor (another artist page loaded first: scripts cached).
// Prints the median first contentful paint and time to hydrated (<html data-hydrated>).
import { launchChromium } from '../support/harness.mjs';
import { abArguments, median, startPair, throttleLikeMobile } from './ab.mjs';

const { binA, binB, runs, paths } = abArguments('hydration-ab.mjs', '/,/artist/1,/browse?letter=B');
const repeat = process.env.REPEAT === '1';

const sites = await startPair(binA, binB);
await Promise.all(Object.values(sites).map((site) => site.warmed));
const browser = await launchChromium();
const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
const results = {};
try {
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await throttleLikeMobile(page);
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
