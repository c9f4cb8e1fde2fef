// What a change costs every instance. A synthetic catalogue (synthetic-catalogue.mjs) of
// each size is imported into a fresh PostgreSQL database (SCALE_DATABASE_URL names the
// server), two instances are started on it, and then `--changes` single-artist imports
// run one after another, each as the command line makes it (a new artist, announced to
// the instances). Prints, per size: the time until both instances find each change's
// artist (p50, p95, max), and the CPU each change cost each instance (its CPU over the
// changes, less that of as many polls on an unchanged catalogue), beside each
// instance's CPU from its start until ready (a whole read of the catalogue).
//
// usage: SCALE_DATABASE_URL=postgres://user@host:port/db node e2e/perf/change-cost.mjs [--changes=1000] <artists> [<artists> ...]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { freshDatabase, pct, untilReady, writeCatalogue } from './scale.mjs';
import { BIN, startServer } from './server.mjs';

const server = process.env.SCALE_DATABASE_URL;
const args = process.argv.slice(2);
const changes = Number(args.find((a) => a.startsWith('--changes='))?.split('=')[1] ?? 1000);
const sizes = args.filter((a) => !a.startsWith('--')).map(Number);
if (!server || sizes.length === 0 || sizes.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error('usage: SCALE_DATABASE_URL=postgres://... node e2e/perf/change-cost.mjs [--changes=1000] <artists> [<artists> ...]');
  process.exit(2);
}

const search = (origin, title) => `${origin}/api/artists/search/cards?query=${encodeURIComponent(title)}&page=1`;

/** Polls `origin` every 5 ms until its search finds `title`; the time since `began`, and the polls. */
async function untilFound(origin, title, began) {
  for (let polls = 1; ; polls++) {
    const answer = await (await fetch(search(origin, title))).json();
    if (answer.artists?.some((a) => a.title === title)) return { after: performance.now() - began, polls };
    if (performance.now() - began > 60_000) throw new Error(`${title} not found on ${origin} within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measure(count) {
  const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-changes-'));
  try {
    const csv = join(dir, 'artists.csv');
    await writeCatalogue(csv, count);
    const env = { ...process.env, SOUND_ATLAS_DATA: join(dir, 'cli'), DATABASE_URL: freshDatabase(server, `sound_atlas_changes_${count}`) };
    const run = spawnSync(BIN, ['import', 'artists', csv], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`import failed: ${run.stderr}`);
    const database = { SOUND_ATLAS_WARM: '0', DATABASE_URL: env.DATABASE_URL, ...(process.env.RUST_LOG ? { RUST_LOG: process.env.RUST_LOG } : {}) };
    const instances = [await startServer(BIN, join(dir, 'one'), database), await startServer(BIN, join(dir, 'two'), database)];
    try {
      // Each instance's CPU from its start until ready: its whole read of the catalogue.
      const wholeRead = [];
      for (const instance of instances) {
        await untilReady(instance.origin);
        wholeRead.push(instance.cpu());
      }
      const cpu = instances.map((i) => i.cpu());
      const seen = [];
      let polls = [0, 0];
      let title;
      for (let n = 1; n <= changes; n++) {
        title = `Zyxwv Change ${n}`;
        const one = join(dir, 'one.csv');
        writeFileSync(one, `title,kind,genres\n${title},band,Rock\n`);
        const began = performance.now();
        const imported = spawnSync(BIN, ['import', 'artists', one], { env, encoding: 'utf8' });
        if (imported.status !== 0) throw new Error(`import failed: ${imported.stderr}`);
        // From the import's end (its announcement) until both instances find the artist.
        const announced = performance.now();
        const found = await Promise.all(instances.map((i) => untilFound(i.origin, title, announced)));
        seen.push(Math.max(...found.map((f) => f.after)));
        polls = polls.map((p, i) => p + found[i].polls);
        if (n % 100 === 0) console.error(`${count}: ${n} changes, import ${(announced - began).toFixed(0)} ms, seen after ${seen.at(-1).toFixed(0)} ms`);
      }
      const spent = instances.map((instance, i) => instance.cpu() - cpu[i]);
      // The polls' own CPU, measured by as many on the unchanged catalogue.
      const polled = [];
      for (const [i, instance] of instances.entries()) {
        const before = instance.cpu();
        for (let p = 0; p < polls[i]; p++) await (await fetch(search(instance.origin, title))).json();
        polled.push(instance.cpu() - before);
      }
      seen.sort((a, b) => a - b);
      return {
        count,
        seen,
        perChange: spent.map((s, i) => ((s - polled[i]) / changes) * 1000),
        polls,
        wholeRead,
      };
    } finally {
      for (const instance of instances) await instance.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const rows = [];
for (const count of sizes) rows.push(await measure(count));
console.log(`\nMachine: ${cpus().length} x ${cpus()[0].model}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; binary ${BIN}; ${changes} changes a size\n`);
console.log('| artists | a change found by both instances after: p50 / p95 / max | CPU a change cost instance 1 / 2 | CPU from start to ready (a whole read), instance 1 / 2 |');
console.log('|---|---|---|---|');
for (const { count, seen, perChange, wholeRead } of rows) {
  const ms = (v) => `${v.toFixed(0)} ms`;
  console.log(`| ${count.toLocaleString('en')} | ${ms(pct(seen, 0.5))} / ${ms(pct(seen, 0.95))} / ${ms(seen.at(-1))} | ${perChange.map((c) => `${c.toFixed(1)} ms`).join(' / ')} | ${wholeRead.map((c) => `${c.toFixed(2)} s`).join(' / ')} |`);
}
