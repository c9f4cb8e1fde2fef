// A real SMTP server (maildev) and a signed-in browser page, for test files that need a
// signed-in visitor (library.test.mjs, accessibility.test.mjs). Not a test file itself.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/harness.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';

const e2e = fileURLToPath(new URL('..', import.meta.url));

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

/** Starts maildev; `env` points the server's SMTP at it. */
export async function startMail() {
  const [smtpPort, webPort] = await Promise.all([freePort(), freePort()]);
  const child = spawn(`${e2e}node_modules/.bin/maildev`, ['--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1'], {
    stdio: 'ignore',
  });
  const api = `http://127.0.0.1:${webPort}/api`;
  await until('maildev', async () => (await fetch(`${api}/email`)).ok);
  return {
    env: { SOUND_ATLAS_SMTP_HOST: '127.0.0.1', SOUND_ATLAS_SMTP_PORT: String(smtpPort), SOUND_ATLAS_SMTP_TLS: 'none' },
    mailTo: (address, subject) =>
      until(`mail to ${address}`, async () => {
        const mails = await (await fetch(`${api}/email`)).json();
        return mails.find((m) => m.to.some((to) => to.address === address) && subject.test(m.subject));
      }),
    stop: () => child.kill(),
  };
}

/** Signs up by the API, then follows the mailed link in a fresh page, which signs it in. */
export async function signedInPage(site, mail, email, pageOptions = {}) {
  const answer = await fetch(`${site.origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.origin },
    body: JSON.stringify({ email, password: 'a long enough password' }),
  });
  assert.equal(answer.status, 200);
  const message = await mail.mailTo(email, /Confirm/);
  const link = message.text.match(/http\S+\/api\/auth\/confirm\?token=\S+/)[0];
  const page = await quietPage(site, pageOptions);
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/`);
  await hydrated(page);
  return page;
}

/** Calls the library API as the page's signed-in visitor (its cookies, same origin). */
export async function asVisitor(page, method, path, body) {
  const answer = await page.request.fetch(`${new URL(page.url()).origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: new URL(page.url()).origin },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(answer.ok(), `${method} ${path}: ${answer.status()} ${await answer.text()}`);
  return answer.status() === 204 ? null : answer.json();
}
