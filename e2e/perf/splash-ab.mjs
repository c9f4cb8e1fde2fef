// Real-browser A/B of the splash on a first visit: two server binaries, fresh browser
// contexts (a new session each), on Chromium unthrottled ("desktop") and with the
// mobile preset's DevTools throttling (150 ms latency, 1.6 Mbps down, 4× CPU). For each
// run: first contentful paint, Largest Contentful Paint (its last entry within 8 s, as
// PerformanceObserver reports it), and whether and when the splash appeared after the
// first paint. A benchmark, not a test.
//   node e2e/perf/splash-ab.mjs <binary A> <binary B> [runs=3] [paths=/,/artist/1]
// ALWAYS_A=1 makes A's runs report no first paint to the page, so its splash shows
// whenever the client is ready, as before the "cover from the first paint" rule: the
// same binary twice then compares the two rules.
import { launchChromium } from '../support/harness.mjs';
import { abArguments, median, startPair, throttleLikeMobile } from './ab.mjs';

const { binA, binB, runs, paths } = abArguments('splash-ab.mjs', '/,/artist/1');

const sites = await startPair(binA, binB);
await Promise.all(Object.values(sites).map((site) => site.warmed));
const browser = await launchChromium();
const results = {};
try {
  for (const profile of ['desktop', 'mobile']) {
    for (let run = 0; run < runs; run += 1) {
      for (const path of paths) {
        for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
          const context = await browser.newContext({ viewport: profile === 'mobile' ? { width: 390, height: 844 } : { width: 1366, height: 900 } });
          const page = await context.newPage();
          if (name === 'A' && process.env.ALWAYS_A === '1') {
            await page.addInitScript(() => {
              const original = performance.getEntriesByName.bind(performance);
              performance.getEntriesByName = (entry, type) => (entry === 'first-contentful-paint' ? [] : original(entry, type));
            });
          }
          await page.addInitScript(() => {
            window.__splashAt = null;
            window.__lcp = [];
            new PerformanceObserver((list) => window.__lcp.push(...list.getEntries().map((e) => e.startTime))).observe({ type: 'largest-contentful-paint', buffered: true });
            new MutationObserver(() => {
              if (window.__splashAt === null && document.querySelector('.splash')) window.__splashAt = performance.now();
            }).observe(document, { subtree: true, childList: true });
          });
          if (profile === 'mobile') await throttleLikeMobile(page);
          await page.goto(`${sites[name].origin}${path}`, { waitUntil: 'commit' });
          await page.waitForTimeout(8000);
          const timing = await page.evaluate(() => ({
            fcp: performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? NaN,
            lcp: window.__lcp.at(-1) ?? NaN,
            splashAt: window.__splashAt,
          }));
          const entry = (results[`${profile} ${path} ${name}`] ??= { fcp: [], lcp: [], shown: 0, after: [] });
          entry.fcp.push(timing.fcp);
          entry.lcp.push(timing.lcp);
          if (timing.splashAt !== null) {
            entry.shown += 1;
            entry.after.push(timing.splashAt - timing.fcp);
          }
          await context.close();
        }
      }
    }
  }
} finally {
  await browser.close();
  await Promise.all(Object.values(sites).map((site) => site.stop()));
}
for (const [key, e] of Object.entries(results)) {
  const after = e.after.length ? `, ${median(e.after).toFixed(0)} ms after the first paint` : '';
  console.log(`${key}: FCP ${median(e.fcp).toFixed(0)} ms, LCP ${median(e.lcp).toFixed(0)} ms, splash in ${e.shown}/${e.fcp.length} runs${after}`);
}
