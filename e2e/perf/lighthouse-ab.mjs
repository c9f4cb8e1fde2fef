// Lighthouse A/B: two server binaries (for example before and after a change), the same
// pages, runs alternated so machine load hits both alike. A benchmark, not a test.
//   node e2e/perf/lighthouse-ab.mjs <binary A> <binary B> [runs=3] [paths=/,/artist/1,...]
// Prints the median performance score, LCP and TBT per page and binary (mobile preset,
// Debian's Chromium; CHROMIUM overrides the path).
import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { abArguments, median, startPair } from './ab.mjs';

const { binA, binB, runs, paths } = abArguments('lighthouse-ab.mjs', '/,/artist/1,/browse?letter=B,/articles/1');

const sites = await startPair(binA, binB);
const chrome = await launch({ chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
const results = {};
try {
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      for (const name of run % 2 ? ['B', 'A'] : ['A', 'B']) {
        const { lhr } = await lighthouse(`${sites[name].origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const entry = (results[`${path} ${name}`] ??= { score: [], lcp: [], tbt: [] });
        entry.score.push(Math.round(lhr.categories.performance.score * 100));
        entry.lcp.push(lhr.audits['largest-contentful-paint'].numericValue);
        entry.tbt.push(lhr.audits['total-blocking-time'].numericValue);
      }
    }
  }
} finally {
  await chrome.kill();
  await sites.A.stop();
  await sites.B.stop();
}
for (const [key, { score, lcp, tbt }] of Object.entries(results)) {
  console.log(`${key}: performance ${median(score)}, LCP ${(median(lcp) / 1000).toFixed(2)} s, TBT ${median(tbt).toFixed(0)} ms (${runs} runs)`);
}
