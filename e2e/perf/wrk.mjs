// Request rates measured with Debian's `wrk` (a Node client tops out near 12,000
// requests/s on two cores and would measure itself).
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const WRK = spawnSync('wrk', ['--version']).error === undefined;

/**
 * Requests per second over `paths` (in turn) on `origin`, at 8 connections on one wrk
 * thread (the other core is the server's) for `seconds`, with `headers`; fails on any
 * answer but 200.
 */
export function wrkRate(origin, paths, headers = {}, seconds = 5) {
  const dir = mkdtempSync(join(tmpdir(), 'sound-atlas-wrk-'));
  try {
    const script = join(dir, 'paths.lua');
    writeFileSync(script, `local paths = { ${paths.map((p) => JSON.stringify(p)).join(', ')} }
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", paths[(n % #paths) + 1])
end
response = function(status)
  if status ~= 200 then error("status " .. status) end
end
`);
    const args = ['-t1', '-c8', `-d${seconds}s`, '-s', script, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), `${origin}/`];
    const out = execFileSync('wrk', args).toString();
    if (/Non-2xx|Socket errors/.test(out)) throw new Error(`wrk: ${out}`);
    return Number(out.match(/Requests\/sec:\s+([\d.]+)/)[1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
