// Signing up and in through the real SMTP server (support/mail.mjs), for test files that
// need a signed-in visitor. Not a test file itself.
import assert from 'node:assert/strict';
import { hydrated, quietPage } from './browser-helpers.mjs';

const DEFAULT_PASSWORD = 'a long enough password';

/** Signs `email` up through the API (not yet confirmed: the mailed link or code does that). */
export async function signUp(site, email, password = DEFAULT_PASSWORD) {
  const answer = await fetch(`${site.origin}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.origin },
    body: JSON.stringify({ email, password }),
  });
  assert.equal(answer.status, 200);
}

/**
 * Follows the confirmation link mailed to `email` in `page` and confirms with the sign-up's
 * `password`, which signs it in (on home).
 */
export async function confirmByMail(site, mail, page, email, password = DEFAULT_PASSWORD) {
  const message = await mail.mailTo(email, /Confirm/);
  await page.goto(message.text.match(/http\S+\/api\/auth\/confirm\?token=\S+/)[0]);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/`);
}

/** A fresh quiet page of a new account `email`, signed up, confirmed by mail and hydrated on home. */
export async function signedInPage(site, mail, email, pageOptions = {}) {
  await signUp(site, email);
  const page = await quietPage(site, pageOptions);
  await confirmByMail(site, mail, page, email);
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
