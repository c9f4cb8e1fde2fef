// Load and soak: a mixed workload against the real server on loopback, one
// Debian `wrk` per kind of request running side by side, so each kind has its own
// latency distribution. Kinds: anonymous pages, search, API reads, sign-ins (many users,
// each from its own forwarded address so the per-IP limits count them apart) and
// favorite writes by many signed-in users.
//
//   LOAD_SECONDS=60 node e2e/load/load.mjs     (docs/operations-and-scaling.md's figures; .ci/load)
//   DATABASE_URL=postgres://... node e2e/load/load.mjs
//
// Fails (exit 1) on any error (non-2xx/3xx answer, socket error or timeout) or when the
// server's resident memory grew by more than half across the run. Prints a Markdown table.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allArtists, freePort, warmUpDone } from '../support/harness.mjs';
import { startMail, until } from '../support/mail.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const seconds = Number(process.env.LOAD_SECONDS ?? 60);
const USERS = Number(process.env.LOAD_USERS ?? 20);


const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]);

const port = await freePort();
const mail = await startMail();
const origin = `http://127.0.0.1:${port}`;
const work = mkdtempSync(join(tmpdir(), 'sound-atlas-load-'));
const mailApi = mail.api;
const server = spawn(process.env.SOUND_ATLAS_BIN ?? join(repo, 'target/debug/sound-atlas'), [], {
  env: {
    ...process.env,
    SOUND_ATLAS_ADDR: `127.0.0.1:${port}`,
    SOUND_ATLAS_DATA: work,
    SOUND_ATLAS_PUBLIC_URL: origin,
    ...mail.env,
    // wrk sends X-Forwarded-For: many users from many addresses, as behind a proxy.
    SOUND_ATLAS_TRUSTED_PROXIES: '127.0.0.1',
    // Errors, and the warm-up's one line (below).
    RUST_LOG: 'error,sound_atlas::warm=info',
  },
  stdio: ['ignore', 'inherit', 'pipe'],
});
// After start the server renders the pages crawlers fetch into its render cache, in the
// background: memory rises until that is done. The run starts after it, so the growth
// it measures is the workload's (a short run that started during the warm-up saw it
// grow by more than half).
let warmedUp = false;
void warmUpDone(server).then(() => {
  warmedUp = true;
});

let failed = false;
try {
  await until('the server', async () => (await fetch(`${origin}/readyz`)).ok, 60_000);

  // Many real accounts: sign up (each from its own address), confirm from the mail.
  const password = 'load-test-password';
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const email = `load${i}@example.test`;
    const res = await fetch(`${origin}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.1.0.${i + 1}` },
      body: JSON.stringify({ email, password }),
    });
    if (!res.ok) throw new Error(`sign-up ${i}: ${res.status}`);
    users.push({ email });
  }
  const tokens = await until('the confirmation mails', async () => {
    const mails = await (await fetch(`${mailApi}/email`)).json();
    const found = new Map();
    for (const m of mails) {
      const to = m.to?.[0]?.address;
      const token = /[?&]token=([\w-]+)/.exec(`${m.text ?? ''} ${m.html ?? ''}`)?.[1];
      if (to && token) found.set(to, token);
    }
    return found.size >= USERS && found;
  }, 30_000);
  for (const user of users) {
    const res = await fetch(`${origin}/api/auth/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: tokens.get(user.email), password }),
    });
    if (!res.ok) throw new Error(`confirm ${user.email}: ${res.status}`);
    user.cookie = res.headers.getSetCookie().find((c) => c.startsWith('sa_session=')).split(';')[0];
  }

  const artists = (await allArtists(origin)).map((a) => a.id);
  const letters = 'ABCDEFGHIJKLMNOPRSTW'.split('');
  const queries = ['queen', 'beat', 'rock', 'jazz', 'the', 'ab', 'soul', 'pop', 'miles', 'blues'];
  const lua = (value) => JSON.stringify(value).replace(/^\[/, '{').replace(/\]$/, '}');
  const common = `
local artists = ${lua(artists)}
local letters = ${lua(letters)}
local queries = ${lua(queries)}
local function pick(list) return list[math.random(#list)] end
local counter = 0
function setup(thread) thread:set("seed", math.random(1e9)) end
function init(args) math.randomseed(seed or os.time()) end
function done(summary, latency, requests)
  local e = summary.errors
  io.stderr:write(string.format('RESULT {"requests":%d,"p50":%d,"p99":%d,"max":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, latency:percentile(50), latency:percentile(99), latency.max,
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;
  const kinds = {
    'anonymous pages': { connections: 4, body: `
function request()
  local r = math.random(4)
  if r == 1 then return wrk.format("GET", "/") end
  if r == 2 then return wrk.format("GET", "/artist/" .. pick(artists)) end
  if r == 3 then return wrk.format("GET", "/browse?letter=" .. pick(letters)) end
  return wrk.format("GET", "/search?query=" .. pick(queries))
end` },
    search: { connections: 2, body: `
function request()
  if math.random(2) == 1 then return wrk.format("GET", "/api/artists/search?query=" .. pick(queries)) end
  return wrk.format("GET", "/api/artists/search/cards?query=" .. pick(queries) .. "&page=1")
end` },
    'API reads': { connections: 3, body: `
function request()
  local r = math.random(4)
  local id = pick(artists)
  if r == 1 then return wrk.format("GET", "/api/artists/" .. id) end
  if r == 2 then return wrk.format("GET", "/api/artists/" .. id .. "/neighbors") end
  if r == 3 then return wrk.format("GET", "/api/artists/browse?letter=" .. pick(letters) .. "&page=1") end
  return wrk.format("GET", "/api/articles")
end` },
    'sign-ins': { connections: 1, body: `
local users = ${lua(users.map((u) => u.email))}
function request()
  counter = counter + 1
  -- each attempt from its own address (10.2.x.y), so the per-IP limits do not apply
  local ip = string.format("10.2.%d.%d", math.floor(counter / 250) % 250, counter % 250 + 1)
  return wrk.format("POST", "/api/auth/signin",
    { ["Content-Type"] = "application/json", ["X-Forwarded-For"] = ip },
    '{"email":"' .. pick(users) .. '","password":"${password}"}')
end` },
    'favorite writes': { connections: 4, body: `
local cookies = ${lua(users.map((u) => u.cookie))}
function request()
  local cookie = pick(cookies)
  if math.random(5) == 1 then
    return wrk.format("GET", "/api/favorites", { Cookie = cookie })
  end
  return wrk.format("POST", "/api/favorites",
    { ["Content-Type"] = "application/json", Cookie = cookie },
    '{"artistId":' .. pick(artists) .. '}')
end` },
  };

  // Warm the render cache and the engines, as a running site would be.
  await until('the warm-up', () => warmedUp, 120_000);
  for (const path of ['/', `/artist/${artists[0]}`, '/browse?letter=A']) await fetch(`${origin}${path}`);

  const rssStart = rssKb(server.pid);
  const runs = Object.entries(kinds).map(([kind, { connections, body }]) => {
    const script = join(work, `${kind.replace(/\W+/g, '-')}.lua`);
    writeFileSync(script, common + body);
    return new Promise((resolve) => {
      const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, origin],
        { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.on('data', (d) => { err += d; });
      // 'close', not 'exit': the summary wrk writes last may still be in the pipe at exit.
      child.once('close', (code, signal) => {
        if (code || signal) err += `\n(wrk exited: ${signal ?? code})`;
        const line = /RESULT (\{.*\})/.exec(err);
        resolve({ kind, connections, result: line ? JSON.parse(line[1]) : null, err });
      });
    });
  });
  const results = await Promise.all(runs);
  const rssEnd = rssKb(server.pid);

  const ms = (us) => (us / 1000).toFixed(1);
  let cpu = 'unknown CPU';
  try { cpu = `${cpus()[0].model.trim()}, ${cpus().length} cores`; } catch { /* keep */ }
  const bin = process.env.SOUND_ATLAS_BIN ? 'SOUND_ATLAS_BIN' : 'debug build';
  console.log(`\nLoad: ${seconds} s, ${results.reduce((n, r) => n + r.connections, 0)} connections, ${USERS} users, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, ${bin}; ${cpu}; ${new Date().toISOString()}\n`);
  console.log('| kind | connections | requests | req/s | p50 ms | p99 ms | max ms | errors |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const { kind, connections, result, err } of results) {
    if (!result) {
      console.log(`| ${kind} | ${connections} | wrk failed: ${err.trim().split('\n').pop()} |`);
      failed = true;
      continue;
    }
    const errors = result.connect + result.read + result.write + result.status + result.timeout;
    if (errors > 0) failed = true;
    console.log(`| ${kind} | ${connections} | ${result.requests} | ${(result.requests / seconds).toFixed(1)} | ${ms(result.p50)} | ${ms(result.p99)} | ${ms(result.max)} | ${errors} |`);
  }
  console.log(`\nServer RSS: ${(rssStart / 1024).toFixed(1)} MiB at the start, ${(rssEnd / 1024).toFixed(1)} MiB at the end.`);
  if (rssEnd > rssStart * 1.5) {
    console.error('resident memory grew by more than half across the run');
    failed = true;
  }
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  mail.stop();
  rmSync(work, { recursive: true, force: true });
}
if (failed) console.error('load: FAILED (errors above)');
process.exit(failed ? 1 : 0);
