// `sound-atlas enrich` at size, against a local imitation of the services it reads:
//   cargo build --release && node e2e/perf/enrich-pace.mjs <artists> [wikimedia pace ms] [MusicBrainz pace ms]
// N made-up artists (a CSV import: title, kind, encyclopedia link, no biography) are
// read by `enrich` from an imitation of the knowledge base, the encyclopedia, Commons
// and MusicBrainz that answers in their documented shapes and holds each to its
// documented limits: MusicBrainz answers 503 to a request sooner than its pace after
// the last one (as musicbrainz.org does past one a second), and the imitation counts
// any Wikimedia request sent while another is in flight (their etiquette asks for
// requests in series). The paces default to enrich's own (250 ms, 1000 ms, the real
// services' floors); 0 0 measures enrich's own cost with the services out of the way.
// Each answer takes LATENCY_MS (default 100) to come.
//
// Prints: the run's time and CPU, requests per service and per artist, when the last
// biography was asked, the limits broken (must be 0), and what a fill of 250,000
// artists takes at the documented limits, from the requests counted per artist.
// SOUND_ATLAS_BIN picks another binary.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = process.env.SOUND_ATLAS_BIN ?? fileURLToPath(new URL('../../target/release/sound-atlas', import.meta.url));
const [count, wikimediaPace = 250, musicbrainzPace = 1000] = process.argv.slice(2).map(Number);
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: node e2e/perf/enrich-pace.mjs <artists> [wikimedia pace ms] [MusicBrainz pace ms]');
  process.exit(2);
}
const LATENCY_MS = Number(process.env.LATENCY_MS ?? 100);
const FILL = 250_000;

// The made-up artists: "Synthetic Artist <n>", two in five bands of three members,
// half with a photo, nine in ten with a MusicBrainz id, one in ten with more albums
// than a lookup lists (25).
const title = (n) => `Synthetic Artist ${n}`;
const numberOf = (title) => Number(/^Synthetic Artist (\d+)$/.exec(title)?.[1] ?? -1);
const isBand = (n) => n % 5 < 2;
const mbidOf = (n) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const snak = (property, value, type) => ({ snaktype: 'value', property, datavalue: { value, type } });
const claim = (property, value, type = 'string') => ({ mainsnak: snak(property, value, type), type: 'statement', rank: 'normal' });
const itemRef = (id) => ({ 'entity-type': 'item', 'numeric-id': Number(id.slice(1)), id });
const year = (y, precision = 9) => ({ time: `+${y}-00-00T00:00:00Z`, timezone: 0, before: 0, after: 0, precision, calendarmodel: 'http://www.wikidata.org/entity/Q1985727' });

function item(n, pageTitle) {
  const id = `Q${900_000_000 + n}`;
  const claims = {
    P571: [claim(isBand(n) ? 'P571' : 'P569', year(1950 + (n % 60)), 'time')],
  };
  if (n % 10 !== 9) claims.P434 = [claim('P434', mbidOf(n))];
  if (n % 2 === 0) claims.P18 = [claim('P18', `Synthetic ${n}.jpg`)];
  if (isBand(n)) {
    claims.P527 = [0, 1, 2].map((k) => ({ ...claim('P527', itemRef(`Q${800_000_000 + n * 3 + k}`), 'wikibase-entityid'),
      qualifiers: { P580: [snak('P580', year(1950 + (n % 60)), 'time')] } }));
  }
  return { type: 'item', id, claims, sitelinks: { enwiki: { site: 'enwiki', title: pageTitle, badges: [] } } };
}

function releaseGroups(n, offset, limit) {
  const all = n % 10 === 0 ? 40 : 8;
  return Array.from({ length: Math.max(0, Math.min(limit, all - offset)) }, (_, i) => ({
    id: `${mbidOf(n).slice(0, -4)}${String(offset + i).padStart(4, '0')}`,
    title: `Record ${offset + i + 1}`, 'primary-type': 'Album', 'secondary-types': [], 'first-release-date': `${1960 + ((offset + i) % 50)}`,
  }));
}

const counted = { wikidata: 0, encyclopedia: 0, summary: 0, commons: 0, musicbrainz: 0 };
const broken = { musicbrainzTooSoon: 0, wikimediaInParallel: 0 };
let wikimediaInFlight = 0;
let lastMusicbrainz = 0;
let lastSummaryAt = 0;

function answer(url) {
  const q = url.searchParams;
  const titles = (q.get('titles') ?? '').split('|').filter(Boolean);
  if (url.pathname === '/w/api.php') {
    counted.wikidata += 1;
    const entities = {};
    if (q.get('ids')) {
      for (const id of q.get('ids').split('|')) entities[id] = { type: 'item', id, labels: { en: { language: 'en', value: `Member ${id}` } } };
    } else {
      titles.forEach((t, i) => {
        const n = numberOf(t);
        if (n < 0) entities[`-${i + 1}`] = { site: 'enwiki', title: t, missing: '' };
        else entities[`Q${900_000_000 + n}`] = item(n, t);
      });
    }
    return [200, { entities, success: 1 }];
  }
  if (url.pathname === '/enwiki/api.php') {
    counted.encyclopedia += 1;
    return [200, { batchcomplete: true, query: { pages: titles.map((t, i) => ({ pageid: i + 1, ns: 0, title: t })) } }];
  }
  if (url.pathname === '/commons/api.php') {
    counted.commons += 1;
    const pages = titles.map((t) => {
      const file = t.slice(5).replaceAll(' ', '_');
      return { ns: 6, title: t, imageinfo: [{
        url: `https://upload.wikimedia.org/wikipedia/commons/a/ab/${file}`,
        descriptionurl: `https://commons.wikimedia.org/wiki/File:${file}`,
        extmetadata: { Artist: { value: 'A Photographer' }, LicenseShortName: { value: 'CC BY-SA 4.0' },
          LicenseUrl: { value: 'https://creativecommons.org/licenses/by-sa/4.0' }, NonFree: { value: 'false' } } }] };
    });
    return [200, { batchcomplete: true, query: { pages } }];
  }
  if (url.pathname.startsWith('/page/summary/')) {
    counted.summary += 1;
    lastSummaryAt = performance.now();
    const page = decodeURIComponent(url.pathname.slice('/page/summary/'.length)).replaceAll('_', ' ');
    return [200, { type: 'standard', title: page, extract: `${page} is an artist made up for a benchmark. `.repeat(8).trim() }];
  }
  if (url.pathname.startsWith('/ws/2/')) {
    counted.musicbrainz += 1;
    const now = performance.now();
    const tooSoon = now - lastMusicbrainz < musicbrainzPace * 0.99;
    lastMusicbrainz = now;
    if (tooSoon) {
      broken.musicbrainzTooSoon += 1;
      return [503, { error: 'Your requests are exceeding the allowable rate limit.' }];
    }
    if (url.pathname === '/ws/2/release-group') {
      const n = Number(q.get('artist').slice(-12));
      const groups = releaseGroups(n, Number(q.get('offset') ?? 0), Number(q.get('limit') ?? 25));
      return [200, { 'release-group-count': n % 10 === 0 ? 40 : 8, 'release-groups': groups }];
    }
    const n = Number(url.pathname.slice(-12));
    return [200, { id: mbidOf(n), name: title(n), type: isBand(n) ? 'Group' : 'Person', 'life-span': { begin: `${1950 + (n % 60)}` },
      'release-groups': releaseGroups(n, 0, 25), relations: [] }];
  }
  return [404, { error: 'Not Found' }];
}

const imitation = createServer((req, res) => {
  const url = new URL(req.url, 'http://imitation');
  const wikimedia = !url.pathname.startsWith('/ws/2/');
  if (wikimedia) {
    if (wikimediaInFlight > 0) broken.wikimediaInParallel += 1;
    wikimediaInFlight += 1;
  }
  const [status, body] = answer(url);
  setTimeout(() => {
    if (wikimedia) wikimediaInFlight -= 1;
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 503 ? { 'retry-after': '1' } : {}) });
    res.end(JSON.stringify(body));
  }, LATENCY_MS);
});
await new Promise((resolve) => imitation.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${imitation.address().port}`;

function run(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn('/usr/bin/time', ['-v', BIN, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('close', (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${args[0]} failed: ${stderr.slice(-2000)}`))));
  });
}
const timeOf = (stderr, label) => Number(stderr.match(new RegExp(`${label}: (\\S+)`))[1]);

const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-enrich-pace-'));
try {
  const env = { ...process.env, SOUND_ATLAS_DATA: join(dir, 'data'), SOUND_ATLAS_CONTACT: 'benchmark@localhost' };
  const csv = join(dir, 'artists.csv');
  const rows = Array.from({ length: count }, (_, n) =>
    `${title(n)},${isBand(n) ? 'band' : 'solo'},Rock,https://en.wikipedia.org/wiki/${title(n).replaceAll(' ', '_')}`);
  writeFileSync(csv, `title,kind,genres,bioSourceLink\n${rows.join('\n')}\n`);
  await run(['import', 'artists', csv], env);
  const started = performance.now();
  const { stdout, stderr } = await run(['enrich',
    '--wikidata-api', `${base}/w/api.php`, '--commons-api', `${base}/commons/api.php`,
    '--musicbrainz-api', `${base}/ws/2`, '--summary-api', base, '--encyclopedia-api', `${base}/enwiki/api.php`,
    '--wikimedia-pace-ms', String(wikimediaPace), '--musicbrainz-pace-ms', String(musicbrainzPace)], env);
  const seconds = (performance.now() - started) / 1000;
  const biographiesIn = (lastSummaryAt - started) / 1000;
  const cpu = timeOf(stderr, 'User time \\(seconds\\)') + timeOf(stderr, 'System time \\(seconds\\)');
  const peak = timeOf(stderr, 'Maximum resident set size \\(kbytes\\)') / 1024;
  const wikimedia = counted.wikidata + counted.encyclopedia + counted.summary + counted.commons;
  const perArtist = (n) => (n / count).toFixed(3);
  console.log(stdout.trim().split('\n').slice(0, 2).join('\n'));
  console.log(`${count} artists, paces ${wikimediaPace} ms (Wikimedia) / ${musicbrainzPace} ms (MusicBrainz), answers after ${LATENCY_MS} ms`);
  console.log(`  run: ${seconds.toFixed(1)} s, last biography asked at ${biographiesIn.toFixed(1)} s; enrich's CPU ${cpu.toFixed(1)} s (${((cpu / count) * 1000).toFixed(2)} ms an artist), peak ${peak.toFixed(0)} MiB`);
  console.log(`  requests: ${JSON.stringify(counted)}; per artist: Wikimedia ${perArtist(wikimedia)}, MusicBrainz ${perArtist(counted.musicbrainz)}`);
  console.log(`  limits broken: ${JSON.stringify(broken)}`);
  // At the documented limits each service's requests take their pace; the two run side
  // by side, so a fill takes the longer, and the biographies at most the Wikimedia share.
  const hours = (requests, pace) => ((requests / count) * FILL * pace) / 3_600_000;
  console.log(`  ${FILL.toLocaleString('en')} artists at 250 ms / 1000 ms: MusicBrainz ${hours(counted.musicbrainz, 1000).toFixed(1)} h, ` +
    `Wikimedia ${hours(wikimedia, 250).toFixed(1)} h (every biography within it)`);
} finally {
  imitation.close();
  rmSync(dir, { recursive: true, force: true });
}
