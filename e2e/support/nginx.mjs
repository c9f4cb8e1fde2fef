// Debian's nginx in front of a running server, with the repository's shared-cache
// configuration (nginx-shared-cache.conf beside this file): its own prefix directory under /tmp,
// a free port, stopped with the test.
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './harness.mjs';

const conf = fileURLToPath(new URL('./nginx-shared-cache.conf', import.meta.url));

/** nginx caching `upstream` (`http://127.0.0.1:port`); returns { origin, accessLog, stop }. */
export async function startNginx(upstream) {
  const prefix = mkdtempSync(join(tmpdir(), 'sa-nginx-'));
  // nginx's workers may run as another user (nobody) when started as root.
  chmodSync(prefix, 0o777);
  const port = await freePort();
  const config = readFileSync(conf, 'utf8')
    .replaceAll('@PREFIX@', prefix)
    .replaceAll('@LISTEN@', `127.0.0.1:${port}`)
    .replaceAll('@UPSTREAM@', new URL(upstream).host);
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const nginx = spawn(process.env.NGINX ?? '/usr/sbin/nginx', ['-p', prefix, '-c', file, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  const origin = `http://127.0.0.1:${port}`;
  const until = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null) throw new Error(`nginx exited with ${nginx.exitCode}`);
    try {
      await fetch(`${origin}/healthz`);
      break;
    } catch {
      if (Date.now() > until) throw new Error('nginx did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    origin,
    accessLog: join(prefix, 'access.log'),
    stop: () =>
      new Promise((resolve) => {
        if (nginx.exitCode !== null) return resolve();
        nginx.once('exit', resolve);
        nginx.kill('SIGTERM');
      }),
  };
}
