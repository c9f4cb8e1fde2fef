// Lighthouse's mobile profile (simulated slow 4G and 4× CPU slowdown, Debian's Chromium)
// on the four page types: home, an artist, browse B and an article. A benchmark, not a test.
//   node e2e/perf/lighthouse.mjs [binary ...] [--runs=3] [--paths=/,/artist/1,...] [--cpu-slowdown=4]
// One binary (default: the release build) or several, for example before and after a
// change: each on a fresh data directory, runs alternated so machine load hits all alike.
// Prints per page and binary the medians of the performance score, FCP, LCP, TBT and CLS,
// the longest main-thread task, the LCP element with its render delay (the time from its
// resources being in to its paint), the unthrottled load's own first and largest paints
// (in how many runs the largest was the first) and the bytes (scripts among them) that
// had arrived by the largest: Lighthouse simulates the LCP from every request that ended
// before the paint it observed, so a largest paint after the first can take in scripts.
// Last, Lighthouse's CPU benchmark index of this machine over the runs: a slower hour
// shows in it, and in every task the simulation multiplies.
// --cpu-slowdown=N keeps the profile's network but slows the CPU N times instead of 4 (8
// stands in for a machine half as fast). CHROMIUM overrides Chromium's path; --save=DIR
// keeps each run's report there (JSON, one file per page, binary and run); --tasks prints
// each run's main-thread tasks that count towards TBT (over 50 ms divided by the slowdown
// in the unthrottled trace: 12.5 ms at 4×), with what they ran.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { MainThreadTasks } from 'lighthouse/core/computed/main-thread-tasks.js';
import { throttling } from 'lighthouse/core/config/constants.js';
import { launch } from 'chrome-launcher';
import { median } from './ab.mjs';
import { BIN, startServer } from './server.mjs';

const options = Object.fromEntries(process.argv.slice(2).filter((arg) => arg.startsWith('--')).map((arg) => arg.slice(2).split(/=(.*)/s).slice(0, 2)));
const binaries = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
if (binaries.length === 0) binaries.push(BIN);
const runs = Number(options.runs ?? 3);
const cpuSlowdown = Number(options['cpu-slowdown'] ?? throttling.mobileSlow4G.cpuSlowdownMultiplier);
const paths = (options.paths ?? '/,/artist/1,/browse?letter=B,/articles/1').split(',');
// Several binaries are told apart by their position: A, B, C...
const names = binaries.map((_, i) => String.fromCharCode(65 + i));

const sites = [];
for (const binary of binaries) sites.push(await startServer(binary, mkdtempSync(join(tmpdir(), 'sa-lighthouse-'))));
await Promise.all(sites.map((site) => site.warmed));
const chrome = await launch({
  chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

/** One Lighthouse run's figures. */
async function measure(url, reportName) {
  const { lhr, report, artifacts } = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (options.save) {
    mkdirSync(options.save, { recursive: true });
    writeFileSync(join(options.save, `${reportName}.json`), report);
  }
  const audit = (id) => lhr.audits[id];
  if ('tasks' in options) {
    console.log(`${reportName}: FCP ${audit('first-contentful-paint').numericValue.toFixed(0)} ms, LCP ${audit('largest-contentful-paint').numericValue.toFixed(0)} ms, TBT ${audit('total-blocking-time').numericValue.toFixed(0)} ms`);
    await printBlockingTasks(reportName, artifacts.Trace);
  }
  const [elementTable, phaseTable] = audit('largest-contentful-paint-element').details?.items ?? [];
  const element = elementTable?.items[0]?.node;
  const renderDelay = phaseTable?.items.find((item) => item.phase === 'Render Delay')?.timing;
  const longTasks = audit('long-tasks').details?.items ?? [];
  const { observedFirstContentfulPaint: observedFcp, observedLargestContentfulPaint: observedLcp } = audit('metrics').details.items[0];
  const arrived = (audit('network-requests').details?.items ?? []).filter((request) => request.networkEndTime <= observedLcp);
  const kilobytes = (requests) => requests.reduce((sum, request) => sum + request.transferSize, 0) / 1000;
  return {
    score: Math.round(lhr.categories.performance.score * 100),
    fcp: audit('first-contentful-paint').numericValue,
    lcp: audit('largest-contentful-paint').numericValue,
    tbt: audit('total-blocking-time').numericValue,
    cls: audit('cumulative-layout-shift').numericValue,
    longestTask: Math.max(0, ...longTasks.map((task) => task.duration)),
    element: element ? `${element.selector} "${element.snippet.slice(0, 60)}"` : 'none',
    renderDelay,
    observedFcp,
    observedLcp,
    arrivedKb: kilobytes(arrived),
    arrivedScriptKb: kilobytes(arrived.filter((request) => request.resourceType === 'Script')),
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

/** Lighthouse's simulation runs each task `cpuSlowdown` times slower; one over 50 ms simulated blocks the main thread. */
const BLOCKING_UNTHROTTLED_MS = 50 / cpuSlowdown;

/** The unthrottled trace's main-thread tasks the simulation counts as blocking, with what each ran. */
async function printBlockingTasks(reportName, trace) {
  const tasks = await MainThreadTasks.request(trace, { computedCache: new Map() });
  const file = (url) => url.replace(/^.*\//, '');
  console.log(`${reportName}: tasks over ${BLOCKING_UNTHROTTLED_MS} ms, unthrottled`);
  for (const task of tasks.filter((t) => !t.parent && t.duration > BLOCKING_UNTHROTTLED_MS)) {
    const parts = new Map();
    const walk = (node) => {
      const name = node.event.name === 'EvaluateScript' || node.event.name === 'v8.compile' ? `${node.event.name} ${file(node.event.args?.data?.url ?? '')}` : node.event.name;
      parts.set(name, (parts.get(name) ?? 0) + node.selfTime);
      node.children.forEach(walk);
    };
    walk(task);
    const largest = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
    console.log(`  at ${task.startTime.toFixed(0)} ms: ${task.duration.toFixed(1)} ms (${task.group.label}; ${task.attributableURLs.map(file).join(', ') || '-'}): ${largest.join(', ')}`);
  }
}

const results = new Map();
try {
  for (const site of sites) for (const path of paths) await fetch(`${site.origin}${path}`);
  for (let run = 0; run < runs; run += 1) {
    for (const path of paths) {
      const order = run % 2 ? [...names].reverse() : names;
      for (const name of order) {
        const reportName = `${path.replace(/[^a-z0-9]+/gi, '_')}-${name}-${run + 1}`;
        const figures = await measure(`${sites[names.indexOf(name)].origin}${path}`, reportName);
        const key = `${path} ${name}`;
        results.set(key, [...(results.get(key) ?? []), figures]);
      }
    }
  }
} finally {
  await chrome.kill();
  for (const site of sites) await site.stop();
}

if (binaries.length > 1) binaries.forEach((binary, i) => console.log(`${names[i]}: ${binary}`));
console.log(`Lighthouse mobile${cpuSlowdown === throttling.mobileSlow4G.cpuSlowdownMultiplier ? '' : `, CPU slowdown ${cpuSlowdown}×`}, medians of ${runs} (${new Date().toISOString().slice(0, 10)})`);
console.log('| page | score | FCP | LCP | TBT | CLS | longest task | LCP element (render delay) | unthrottled FCP, LCP (runs painting both at once): KB in by the LCP (scripts) |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const path of paths) {
  for (const name of names) {
    const all = results.get(`${path} ${name}`);
    const of = (field) => median(all.map((figures) => figures[field]));
    const seconds = (field) => `${(of(field) / 1000).toFixed(2)} s`;
    const elements = [...new Set(all.map((figures) => figures.element))].join(' / ');
    const label = binaries.length > 1 ? `${path} ${name}` : path;
    const together = all.filter((figures) => figures.observedLcp === figures.observedFcp).length;
    console.log(
      `| ${label} | ${of('score')} | ${seconds('fcp')} | ${seconds('lcp')} | ${of('tbt').toFixed(0)} ms | ${of('cls').toFixed(3)} | ${of('longestTask').toFixed(0)} ms | ${elements} (${of('renderDelay')?.toFixed(0)} ms) | ${of('observedFcp').toFixed(0)}, ${of('observedLcp').toFixed(0)} ms (${together} of ${all.length}): ${of('arrivedKb').toFixed(0)} (${of('arrivedScriptKb').toFixed(0)}) |`,
    );
  }
}
const indexes = [...results.values()].flat().map((figures) => figures.benchmarkIndex);
console.log(`Lighthouse's benchmark index of this machine (higher is faster): median ${median(indexes).toFixed(0)}, ${Math.min(...indexes).toFixed(0)}–${Math.max(...indexes).toFixed(0)}`);
