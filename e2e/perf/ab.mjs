// What the A/B benchmarks (hydration-ab, splash-ab; lighthouse's median) share: their command
// line, the two servers they compare and the statistic they print.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from './server.mjs';

/** `<binary A> <binary B> [runs=3] [paths=defaultPaths]` from the command line: { binA, binB, runs, paths }. */
export function abArguments(script, defaultPaths) {
  const [binA, binB, runsArg, pathsArg] = process.argv.slice(2);
  if (!binA || !binB) throw new Error(`usage: ${script} <binary A> <binary B> [runs] [paths]`);
  return { binA, binB, runs: Number(runsArg ?? 3), paths: (pathsArg ?? defaultPaths).split(',') };
}

/** Both binaries started, each on a fresh data directory: { A, B } (servers of ./server.mjs). */
export async function startPair(binA, binB) {
  return {
    A: await startServer(binA, mkdtempSync(join(tmpdir(), 'sa-ab-'))),
    B: await startServer(binB, mkdtempSync(join(tmpdir(), 'sa-ab-'))),
  };
}

/** Lighthouse's mobile preset as DevTools throttling on `page`: 150 ms latency, 1.6 Mbps down, 750 Kbps up, 4× CPU. */
export async function throttleLikeMobile(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 2 ** 20) / 8, uploadThroughput: (750 * 2 ** 10) / 8 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** The median of `values` (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
