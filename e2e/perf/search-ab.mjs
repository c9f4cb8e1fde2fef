// Search latency of two server builds on one imported catalogue, side by side:
//   node e2e/perf/search-ab.mjs <data dir> <binary A> <binary B> [rounds] [queries…]
// Both servers run on the same data directory at once (warm-up off; each reads the
// catalogue's snapshot first), then each round sends every query to A and then to B,
// 200 requests at concurrency 4 of `GET /api/artists/search/cards?query=…&page=1`, so
// both meet the machine's load alike. Prints per build and query the medians over the
// rounds of p50 and p95 latency and of the server's CPU time a request. DATABASE_URL
// (PostgreSQL) is passed on when set; otherwise the data directory's SQLite file. A
// binary written `<binary>@<database URL>` runs on that database alone (the same
// build on SQLite and on PostgreSQL, side by side).
import { load, pct } from './scale.mjs';
import { startServer } from './server.mjs';

const [data, binA, binB, roundsArg = '5', ...rest] = process.argv.slice(2);
if (!data || !binA || !binB) {
  console.error('usage: node e2e/perf/search-ab.mjs <data dir> <binary A> <binary B> [rounds] [queries…]');
  process.exit(2);
}
const rounds = Number(roundsArg);
const queries = rest.length > 0 ? rest : ['rock', 'rokc'];
const REQUESTS = 200;
const CONCURRENCY = 4;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const sites = {};
try {
  for (const [name, arg] of [['A', binA], ['B', binB]]) {
    const [bin, url = process.env.DATABASE_URL] = arg.split(/@(?=\w+:)/);
    const site = await startServer(bin, data, { SOUND_ATLAS_WARM: '0', ...(url ? { DATABASE_URL: url } : {}) });
    sites[name] = site;
    const began = performance.now();
    await (await fetch(`${site.origin}/api/artists?limit=1`)).arrayBuffer();
    console.error(`${name}: first read ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
  const results = {};
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      for (const name of ['A', 'B']) {
        const site = sites[name];
        const url = `${site.origin}/api/artists/search/cards?query=${encodeURIComponent(query)}&page=1`;
        await (await fetch(url)).arrayBuffer();
        const cpu = site.cpu();
        const latencies = await load(() => url, REQUESTS, CONCURRENCY);
        const entry = (results[`${name} ${query}`] ??= { p50: [], p95: [], cpu: [] });
        entry.p50.push(pct(latencies, 0.5));
        entry.p95.push(pct(latencies, 0.95));
        entry.cpu.push(((site.cpu() - cpu) / REQUESTS) * 1000);
      }
    }
    console.error(`round ${round + 1} of ${rounds} done`);
  }
  console.log(`\n| build | query | p50 | p95 | server CPU a request | (medians of ${rounds} rounds of ${REQUESTS} at concurrency ${CONCURRENCY}) |`);
  console.log('|---|---|---|---|---|---|');
  for (const [key, entry] of Object.entries(results)) {
    const [name, query] = key.split(' ');
    const f = (v) => `${median(v).toFixed(1)} ms`;
    console.log(`| ${name} | \`${query}\` | ${f(entry.p50)} | ${f(entry.p95)} | ${f(entry.cpu)} | p95 per round: ${entry.p95.map((v) => v.toFixed(0)).join(', ')} |`);
  }
} finally {
  for (const site of Object.values(sites)) await site.stop();
}
