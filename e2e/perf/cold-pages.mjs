// Cold artist pages as a crawler meets them: every request a distinct artist page the
// server has never rendered (no render cache, no confirmed page), sent as to a browser
// or a crawler (`Accept-Encoding: gzip, deflate, br`). Release build by default:
//   cargo build --release && node e2e/perf/cold-pages.mjs [artists=100000] [dataDir]
// The catalogue is the seed plus generated artists (server.mjs's growCatalogue); a
// `dataDir` given is grown once and kept, so several binaries (SOUND_ATLAS_BIN) can be
// measured on the same catalogue. Prints, after 200 cold pages to warm the code paths:
// - at concurrency 1 (400 pages): p50 and p90 end to end, and the mean end to end, of
//   the engine (the server's render histogram, /metrics) and of the rest (the reads, the
//   shell, compression, headers, and the exchange), of which in the server's own answer
//   (its latency histogram of artist pages less the engine), and the server's CPU per
//   page (/proc); and, for comparison, the mean end to end of one of those pages asked
//   again (its cached copy: the exchange any answer pays), back to back and after a
//   pause as long as a render;
// - at concurrency 8: pages/s over 5 s of distinct pages, with wrk (Debian's `wrk`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BIN, growCatalogue, startServer } from './server.mjs';
import { WRK, wrkRate } from './wrk.mjs';

if (!WRK) throw new Error("needs Debian's wrk");
const ARTISTS = Number(process.argv[2] ?? 100_000);
const KEPT = process.argv[3];
const CRAWLER = { 'accept-encoding': 'gzip, deflate, br' };
const TOKEN = 'cold-pages-bench';

const agent = new Agent({ keepAlive: true, maxSockets: 8 });
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

/**
 * From /metrics so far: the engine's renders (their count and total seconds) and the
 * server's artist page answers (count and total seconds, from its latency histogram: the
 * handler's whole time, the engine's included).
 */
async function serverMetrics(origin) {
  const text = (await get(`${origin}/metrics`, { authorization: `Bearer ${TOKEN}` })).body.toString();
  const value = (name) => Number(text.match(new RegExp(`^${name.replace(/[{}]/g, '\\$&')} (\\S+)$`, 'm'))[1]);
  const page = (part) => value(`sound_atlas_http_request_duration_seconds_${part}{route="/artist/{id}",method="GET"}`);
  return {
    count: value('sound_atlas_render_duration_seconds_count'),
    seconds: value('sound_atlas_render_duration_seconds_sum'),
    answers: page('count'),
    answerSeconds: page('sum'),
  };
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const ms = (v) => `${v.toFixed(2)} ms`;

const dataDir = KEPT ?? mkdtempSync(join(tmpdir(), 'sound-atlas-cold-'));
try {
  const db = join(dataDir, 'sound-atlas.db');
  const seeded = await startServer(BIN, dataDir); // seeds an empty database
  await seeded.stop();
  growCatalogue(dataDir, ARTISTS);
  // Generated artists in a fixed shuffled order (never the seed's, which the warm-up
  // after start may render): each page asked for once.
  const ids = execFileSync('sqlite3', [db, "select id from artists where external_id like 'bench-%' order by (id * 2654435761) % 4294967291"], { maxBuffer: 1 << 30 })
    .toString().trim().split('\n');
  let next = 0;
  const fresh = () => `/artist/${ids[next++]}`;

  const server = await startServer(BIN, dataDir, { SOUND_ATLAS_METRICS_TOKEN: TOKEN });
  try {
    await server.warmed;
    const load = loadavg().map((l) => l.toFixed(1)).join(' ');
    const sent = async (path) => {
      const res = await get(`${server.origin}${path}`, CRAWLER);
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      return res;
    };
    for (let i = 0; i < 200; i++) await sent(fresh());

    const latencies = [];
    const metricsBefore = await serverMetrics(server.origin);
    const cpuBefore = server.cpu();
    const codings = new Set();
    for (let i = 0; i < 400; i++) {
      const t = performance.now();
      const res = await sent(fresh());
      latencies.push(performance.now() - t);
      codings.add(res.headers['content-encoding'] ?? 'identity');
    }
    const cpu = (server.cpu() - cpuBefore) / 400;
    const metricsAfter = await serverMetrics(server.origin);
    const renders = metricsAfter.count - metricsBefore.count;
    if (renders < 390) throw new Error(`400 pages, the engine rendered ${renders}: not every page was cold`);
    const serverMean = ((metricsAfter.answerSeconds - metricsBefore.answerSeconds) / (metricsAfter.answers - metricsBefore.answers)) * 1000;
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    latencies.sort((a, b) => a - b);

    // What any answer pays (this client, the connection, the layers around the handler):
    // one of those pages again, answered from its cached copy, back to back and after a
    // pause as long as a render (the server and the client idle as for a cold page: on a
    // virtual machine, waking costs as much as the server's own work).
    const engineMean = ((metricsAfter.seconds - metricsBefore.seconds) / renders) * 1000;
    const cachedPath = `/artist/${ids[next - 1]}`;
    for (let i = 0; i < 50; i++) await sent(cachedPath);
    const cachedMean = async (pause) => {
      let total = 0;
      for (let i = 0; i < 200; i++) {
        if (pause) await new Promise((resolve) => setTimeout(resolve, pause));
        const t = performance.now();
        await sent(cachedPath);
        total += performance.now() - t;
      }
      return total / 200;
    };
    const [cachedBackToBack, cachedAfterPause] = [await cachedMean(0), await cachedMean(Math.round(engineMean))];

    // Concurrency 8: more distinct pages than 5 s can take.
    const paths = ids.slice(next, next + 20_000).map((id) => `/artist/${id}`);
    const rendersBefore = (await serverMetrics(server.origin)).count;
    const rate = wrkRate(server.origin, paths, CRAWLER);
    const rendered = (await serverMetrics(server.origin)).count - rendersBefore;
    if (rendered < rate * 5 * 0.95) throw new Error(`wrk asked ${Math.round(rate * 5)} pages, the engine rendered ${rendered}: not every page was cold`);

    console.log(`${ids.length + 350} artists, binary ${BIN}, load average ${load} (1, 5, 15 min)`);
    console.log(`concurrency 1, 400 cold artist pages (${[...codings].join(', ')}): p50 ${ms(pct(latencies, 0.5))}, p90 ${ms(pct(latencies, 0.9))}, mean ${ms(mean)}: engine ${ms(engineMean)}, the rest ${ms(mean - engineMean)} (in the server's own answer ${ms(serverMean - engineMean)}, its answer ${ms(serverMean)}); server CPU ${ms(cpu * 1000)} a page`);
    console.log(`one of them cached, end to end: ${ms(cachedBackToBack)} back to back, ${ms(cachedAfterPause)} after a pause as long as a render`);
    console.log(`concurrency 8 (wrk, 5 s, distinct pages): ${rate.toFixed(0)} cold pages/s`);
  } finally {
    await server.stop();
  }
} finally {
  agent.destroy();
  if (!KEPT) rmSync(dataDir, { recursive: true, force: true });
}
