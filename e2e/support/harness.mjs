// Starts the real server (the binary named by SOUND_ATLAS_BIN, default the debug
// build) on a free loopback port with a fresh data directory (embedded SQLite, seeded
// on start), and Debian's headless Chromium through playwright-core. Requests to any
// other host are aborted: tests never reach the network.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Resolves once the server (spawned with its stderr piped, and `sound_atlas::warm=info`
 * in RUST_LOG) logs that its background warm-up after start is done; passes the rest of
 * its stderr through.
 */
export function warmUpDone(server) {
  return new Promise((resolve) => {
    server.stderr.on('data', (chunk) => {
      const text = chunk.toString();
      if (text.includes('warmed the render cache')) resolve();
      else process.stderr.write(text);
    });
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Debian's headless Chromium (CHROMIUM names another), launched as every test and benchmark launches it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox', '--headless', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

async function waitForHealth(origin, server, deadlineMs) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      const res = await fetch(`${origin}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy within ${deadlineMs} ms`);
}

/**
 * Starts server and browser; returns { origin, browser, newPage, command, importFile, stop, serverPid }.
 * Options: `port` (default: a free one), `env` (extra server environment), `allowOrigins`
 * (other origins the browser may reach, e.g. a local identity provider).
 */
export async function start({ port: chosenPort, env: extraEnv = {}, allowOrigins = [] } = {}) {
  const port = chosenPort ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sound-atlas-e2e-'));
  const bin = process.env.SOUND_ATLAS_BIN ?? join(repo, 'target/debug/sound-atlas');
  // Videos play through the local fake of the video service's iframe API (offline).
  const fakeVideo = join(repo, 'e2e/support/fake-iframe-api.js');
  const env = { ...process.env, SOUND_ATLAS_ADDR: `127.0.0.1:${port}`, SOUND_ATLAS_DATA: dataDir, RUST_LOG: 'warn', SOUND_ATLAS_TEST_FAKE_VIDEO: fakeVideo, ...extraEnv };
  delete env.DATABASE_URL;
  const server = spawn(bin, [], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForHealth(origin, server, 60_000);

  const browser = await launchChromium();

  /** A fresh page; collects console errors and failed hydration into `problems`. */
  async function newPage(options = {}) {
    const context = await browser.newContext(options);
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      return url.origin === origin || allowOrigins.includes(url.origin)
        ? route.continue()
        : route.abort();
    });
    const page = await context.newPage();
    page.problems = [];
    page.on('console', (msg) => {
      // Aborted third-party requests (images on other hosts) are expected here.
      if (msg.type() === 'error' && !/net::ERR_FAILED|Failed to load resource/.test(msg.text())) {
        page.problems.push(msg.text());
      }
    });
    page.on('pageerror', (err) => page.problems.push(String(err)));
    return page;
  }

  /** Runs a subcommand of the binary (an import, the enrichment) on the server's database; resolves with its output. */
  function command(args) {
    return new Promise((resolve, reject) => {
      execFile(bin, args, { env }, (err, stdout, stderr) => (err ? reject(new Error(`${args[0]}: ${err.message}\n${stderr}`)) : resolve(stdout)));
    });
  }

  /** `sound-atlas import <kind> <file> ...args` with `text` as the file. */
  async function importFile(kind, text, args = []) {
    const file = join(dataDir, `import-${Date.now()}.json`);
    writeFileSync(file, text);
    return command(['import', kind, file, ...args]);
  }

  async function stop() {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }

  return { origin, browser, newPage, command, importFile, stop, serverPid: server.pid };
}

/** Polls `check` until it returns something truthy (errors count as "not yet"). */
export async function until(what, check, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value;
    } catch {
      // not there yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Every artist, by title: the list API's pages walked by their `next` (it never answers
 * the whole catalogue at once). `refresh` has the catalogue checked for changes first.
 */
export async function allArtists(origin, { refresh = false } = {}) {
  const artists = [];
  let query = `limit=1000${refresh ? '&refresh=true' : ''}`;
  for (;;) {
    const page = await (await fetch(`${origin}/api/artists?${query}`)).json();
    artists.push(...page.artists);
    if (!page.next) return artists;
    query = `limit=1000&after=${page.next}`;
  }
}
