// Property-based fuzzing of the running server from its OpenAPI description
// (schemathesis from PyPI, in .ci/venv), signed out and then signed in, bounded in time.
// Checks: no 5xx, every answer inside its described status, content type and schema, and
// no stack trace, SQL text or file path in any body (e2e/fuzz/checks.py). The server's
// log must hold no panic.
//
//   node e2e/fuzz/fuzz.mjs            (FUZZ_SECONDS=60 total by default)
//   DATABASE_URL=postgres://... node e2e/fuzz/fuzz.mjs   (the server on PostgreSQL)
//
// The signed-in session is a real one: a user signs up, the confirmation mail is read
// from maildev (a real SMTP server) and the link's token confirms the address.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, createWriteStream, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/harness.mjs';
import { startMail, until } from '../support/mail.mjs';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const e2e = join(repo, 'e2e');
const venv = join(repo, '.ci/venv/bin/schemathesis');
const total = Number(process.env.FUZZ_SECONDS ?? 60);


function run(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const port = await freePort();
const mail = await startMail();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'sound-atlas-fuzz-'));
const logPath = join(dataDir, 'server.log');
const mailApi = mail.api;
const log = createWriteStream(logPath);
const server = spawn(process.env.SOUND_ATLAS_BIN ?? join(repo, 'target/debug/sound-atlas'), [], {
  env: {
    ...process.env,
    SOUND_ATLAS_ADDR: `127.0.0.1:${port}`,
    SOUND_ATLAS_DATA: dataDir,
    SOUND_ATLAS_PUBLIC_URL: origin,
    ...mail.env,
    RUST_LOG: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
server.stdout.pipe(log);
server.stderr.pipe(log);

let failed = false;
try {
  await until('the server', async () => (await fetch(`${origin}/readyz`)).ok, 60_000);

  // A real account: sign up, read the mail, confirm from the link's token and the password.
  const email = 'fuzz@example.test';
  const password = 'fuzz-password-1';
  const signUp = await fetch(`${origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}`);
  const token = await until('the confirmation mail', async () => {
    const mails = await (await fetch(`${mailApi}/email`)).json();
    const text = mails.map((m) => `${m.text ?? ''} ${m.html ?? ''}`).join(' ');
    return /[?&]token=([\w-]+)/.exec(text)?.[1];
  }, 15_000);
  const confirm = await fetch(`${origin}/api/auth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, password }),
  });
  if (!confirm.ok) throw new Error(`confirm answered ${confirm.status}`);
  const cookie = confirm.headers.getSetCookie().find((c) => c.startsWith('sa_session='))?.split(';')[0];
  if (!cookie) throw new Error('confirming set no session cookie');
  // Something in the library, so reads answer non-empty bodies.
  const artists = await (await fetch(`${origin}/api/artists/search?query=a`)).json();
  const authed = { 'content-type': 'application/json', cookie };
  await fetch(`${origin}/api/favorites`, {
    method: 'POST', headers: authed, body: JSON.stringify({ artistId: artists[0].id }),
  });
  await fetch(`${origin}/api/favorite-folders`, {
    method: 'POST', headers: authed, body: JSON.stringify({ name: 'Fuzz folder' }),
  });

  const common = [
    'run', `${origin}/api/openapi.json`,
    '--checks', 'not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance,no_internals_in_body',
    '--phases', 'examples,coverage,fuzzing',
    '--max-redirects', '0',
    '--workers', '1', // hypothesis' lambda descriptions are not thread-safe on Python 3.11
    '--request-timeout', '10',
    '--seed', process.env.FUZZ_SEED ?? '15',
    '--no-shrink',
    '--suppress-health-check', 'all',
    '--warnings', 'off',
  ];
  const hooks = { SCHEMATHESIS_HOOKS: 'checks', PYTHONPATH: join(e2e, 'fuzz') };
  console.log(`== schemathesis, signed out (${Math.round(total / 2)} s)`);
  const out = await run(venv, [...common, '--max-time', String(Math.round(total / 2))], hooks);
  console.log(`== schemathesis, signed in (${Math.round(total / 2)} s)`);
  const signedIn = await run(venv, [
    ...common, '--max-time', String(Math.round(total / 2)),
    '--header', `Cookie: ${cookie}`,
    // The user's own routes; signing out or deleting the account would end the run's session.
    '--include-path-regex', '^/api/(favorites|favorite-folders|video-favorites|user$|user/export|user/deletion-confirmation)',
  ], hooks);
  failed = out !== 0 || signedIn !== 0;
  if (out !== 0) console.error(`schemathesis (signed out) failed: exit ${out}`);
  if (signedIn !== 0) console.error(`schemathesis (signed in) failed: exit ${signedIn}`);
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  mail.stop();
  const serverLog = readFileSync(logPath, 'utf8');
  if (/panicked at/.test(serverLog)) {
    console.error(`the server panicked:\n${serverLog}`);
    failed = true;
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
