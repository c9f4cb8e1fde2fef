// The server binary started for a benchmark: its own port and data directory, on
// SQLite unless told a DATABASE_URL, resolved once /healthz answers.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, warmUpDone } from '../support/harness.mjs';

/** The binary a benchmark measures unless told another: SOUND_ATLAS_BIN, else the release build. */
export const BIN = process.env.SOUND_ATLAS_BIN ?? fileURLToPath(new URL('../../target/release/sound-atlas', import.meta.url));

/**
 * Starts `bin` on `dataDir` (with `extraEnv`); resolves with { origin, startMs (to
 * healthy), stop, rss, cpu (seconds the process has run on a core so far), warmed (a
 * promise: the background warm-up after start is done) }.
 */
export async function startServer(bin, dataDir, extraEnv = {}) {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // The warm-up's one info line says when the background renders after start are done;
  // the snapshot's says how long its read and its indexes took (passed through).
  const env = { ...process.env, SOUND_ATLAS_ADDR: `127.0.0.1:${port}`, SOUND_ATLAS_DATA: dataDir, RUST_LOG: 'warn,sound_atlas::warm=info,sound_atlas_catalog::store=info', ...extraEnv };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  const began = performance.now();
  const server = spawn(bin, [], { env, stdio: ['ignore', 'inherit', 'pipe'] });
  const warmed = warmUpDone(server);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - began > 120_000) throw new Error('server not healthy within 120 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startMs = performance.now() - began;
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((r) => server.once('exit', r));
  };
  const rss = () => Number(readFileSync(`/proc/${server.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)[1]) * 1024;
  // utime and stime, in clock ticks (USER_HZ, 100 a second on Linux).
  const cpu = () => {
    const fields = readFileSync(`/proc/${server.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  };
  return { origin, startMs, stop, rss, cpu, warmed };
}

/**
 * Grows the seeded catalogue in `dataDir` to `count` artists with generated rows derived
 * from the seed (numbered titles, no pictures), written with `sqlite3`: never seed data.
 * A catalogue grown before grows on (numbers continue from its count).
 */
export function growCatalogue(dataDir, count) {
  const db = join(dataDir, 'sound-atlas.db');
  const current = Number(execFileSync('sqlite3', [db, 'select count(*) from artists']).toString());
  const extra = count - current;
  if (extra <= 0) return;
  execFileSync('sqlite3', [db, `
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${extra})
    INSERT INTO artists (external_id, title, kind, year, origin, real_name, genres, image_url, bio,
                         bio_source_link, spotify_link, apple_link, amazon_link, tidal_link, fun_fact)
    SELECT 'bench-' || (i + ${current}), a.title || ' ' || (i + ${current}), a.kind, a.year, a.origin, a.real_name, a.genres, NULL, a.bio,
           a.bio_source_link, a.spotify_link, a.apple_link, a.amazon_link, a.tidal_link, a.fun_fact
    FROM n JOIN artists a ON a.id = (i % 350) + 1;`]);
}
