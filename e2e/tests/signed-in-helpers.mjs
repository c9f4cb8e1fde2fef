// A signed-in browser page (signed up through the real SMTP server), for test files that need a
// signed-in visitor (library.test.mjs, accessibility.test.mjs). Not a test file itself.
import assert from 'node:assert/strict';
import { hydrated, quietPage } from './browser-helpers.mjs';

// (the mail server itself lives in support/mail.mjs)
export { startMail, until } from '../support/mail.mjs';

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
