// The catalogue's growth, checked as ratios between two sizes of the synthetic
// catalogue (e2e/perf/scale.mjs measures the same at 20,000 to 2,000,000 in release).
// Absolute times vary with the machine and its load; CPU time spent per unit of work,
// and how it grows with the catalogue, much less, so the ratios are of CPU time.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measure } from '../perf/scale.mjs';

const SMALL = 10_000;
const LARGE = 100_000;
const GROWTH = LARGE / SMALL;
/** Linear work may cost this much more than GROWTH times (sorting, cache misses). */
const SLACK = 1.5;
/** What the server may hold per artist: two million artists in about 1 GiB. */
const BYTES_PER_ARTIST = 500;

test(`from ${SMALL} to ${LARGE} artists: the import is linear and flat, reads grow at most linearly and not with depth`, { timeout: 15 * 60_000 }, async () => {
  const bin = process.env.SOUND_ATLAS_BIN;
  assert.ok(bin, 'SOUND_ATLAS_BIN names the server binary');
  const options = { bin, requests: 0.25 };
  const small = await measure(SMALL, options);
  const large = await measure(LARGE, options);
  const ratio = (key) => large[key] / small[key];
  const linear = (key, what) => assert.ok(ratio(key) <= GROWTH * SLACK, `${what} grew ${ratio(key).toFixed(1)}× for ${GROWTH}× the artists`);

  linear('importCpu', 'the import');
  assert.ok(ratio('peak') <= 1.5, `the import's memory grew ${ratio('peak').toFixed(2)}× (flat: at most 1.5×)`);
  linear('firstReadCpu', 'reading the catalogue');
  // Ready (`/readyz`) is said once the catalogue is read: the first request after it reads nothing.
  assert.ok(large.firstAfterReadyCpu <= large.firstReadCpu / 10, `the first request after ready took ${large.firstAfterReadyCpu} s of CPU (the read ${large.firstReadCpu} s)`);
  linear('search_rokcCpu', 'a misspelt search');
  const perArtist = (large.rssSnapshot - small.rssSnapshot) / (LARGE - SMALL);
  assert.ok(perArtist <= BYTES_PER_ARTIST, `the server holds ${perArtist.toFixed(0)} bytes per artist (at most ${BYTES_PER_ARTIST})`);
  // A page deep in a letter costs what its first pages do.
  assert.ok(large.numberedCpu <= large.numberedFirstCpu * 2 + 1, `deep ${large.numberedCpu.toFixed(1)} ms of CPU a page, first pages ${large.numberedFirstCpu.toFixed(1)} ms`);
});
