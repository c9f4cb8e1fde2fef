// Real-browser A/B of first paint and hydration: two server binaries, the same pages, on
// Chromium with DevTools throttling (150 ms latency, 1.6 Mbps down, 4× CPU slowdown, as
// Lighthouse's mobile preset), runs alternated. Lighthouse simulates its metrics from a
// fast trace; this measures what the throttled browser does, so a change that helps the
// simulation and not the visitor shows here. A benchmark, not a test.
//   node e2e/perf/hydration-ab.mjs <binary A> <binary B> [runs=3] [paths=/,/artist/1,/browse?letter=B]
// REPEAT=1 measures a returning visitor (another artist page loaded first: scripts cached).
// Prints the median first contentful paint, time to hydrated (<html data-hydrated>) and,
// from a PerformanceObserver of long tasks (over 50 ms, in the throttled browser's own
// time) from the start until a second after hydration, the blocking time (each task's
// part over 50 ms after the first contentful paint, as Lighthouse's TBT) and the longest.
import { launchChromium } from '../support/harness.mjs';
import { abArguments, median, startPair, throttleLikeMobile } from './ab.mjs';

const { binA, binB, runs, paths } = abArguments('hydration-ab.mjs', '/,/artist/1,/browse?letter=B');
const repeat = process.env.REPEAT === '1';

const sites = await startPair(binA, binB);
await Promise.all(Object.values(sites).map((site) => site.warmed));
const browser = await launchChromium();
/** How long after hydration long tasks still count (effects, the cookie banner, idle work). */
const SETTLE_MS = 1000;
// Long tasks, recorded from the document's start (before any of its scripts).
const observeLongTasks = () => {
  window.__longTasks = [];
  new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((task) => ({ start: task.startTime, duration: task.duration })))).observe({ type: 'longtask', buffered: true });
};
const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 60_000 });
const results = {};
try {
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
        const context = await browser.newContext();
        const page = await context.newPage();
        await throttleLikeMobile(page);
        await page.addInitScript(observeLongTasks);
        if (repeat) {
          await page.goto(`${sites[name].origin}/artist/2`);
          await hydrated(page);
        }
        await page.goto(`${sites[name].origin}${path}`, { waitUntil: 'commit' });
        await hydrated(page);
        const hydratedAt = await page.evaluate(() => performance.now());
        await page.waitForTimeout(SETTLE_MS);
        const { fcp, tasks } = await page.evaluate(() => ({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, tasks: window.__longTasks }));
        const blocking = tasks.filter((task) => task.start >= fcp).reduce((sum, task) => sum + task.duration - 50, 0);
        const entry = (results[`${path} ${name}`] ??= { fcp: [], hydrated: [], blocking: [], longest: [] });
        entry.fcp.push(fcp);
        entry.hydrated.push(hydratedAt);
        entry.blocking.push(blocking);
        entry.longest.push(Math.max(0, ...tasks.map((task) => task.duration)));
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(sites).map((site) => site.stop()));
}
for (const [key, entry] of Object.entries(results)) {
  const ms = (values) => `${median(values).toFixed(0)} ms`;
  console.log(`${key}: first contentful paint ${ms(entry.fcp)}, hydrated ${ms(entry.hydrated)}, blocking ${ms(entry.blocking)}, longest task ${ms(entry.longest)} (${entry.fcp.length} runs)`);
}
