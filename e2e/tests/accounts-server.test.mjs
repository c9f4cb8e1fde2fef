// Accounts against the real server in Chromium, with a real SMTP server (maildev) and a
// real OpenID provider (oidc-provider): the emailed confirmation link followed in the
// browser, and the identity-provider round trip through the browser's redirects.
// (The login dialog and menus come with the accounts UI; this drives the server's own
// pages and calls.)
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { freePort } from '../support/harness.mjs';
import { startSiteWithMail, until } from '../support/mail.mjs';
import { call, hydrated, quietPage } from './browser-helpers.mjs';

const e2e = fileURLToPath(new URL('..', import.meta.url));
let site;
let mail;
let stop;
let provider;
let issuer;

before(async () => {
  const [idpPort, sitePort] = await Promise.all([freePort(), freePort()]);
  issuer = `http://127.0.0.1:${idpPort}`;
  provider = spawn('node', ['support/oidc-provider.mjs'], {
    cwd: e2e,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(idpPort),
      REDIRECT_URI: `http://127.0.0.1:${sitePort}/api/auth/oidc/callback`,
    },
  });
  await until('the identity provider', async () =>
    (await fetch(`${issuer}/.well-known/openid-configuration`)).ok);
  ({ site, mail, stop } = await startSiteWithMail({
    port: sitePort,
    allowOrigins: [issuer],
    env: {
      SOUND_ATLAS_OIDC_ISSUER: issuer,
      SOUND_ATLAS_OIDC_CLIENT_ID: 'sound-atlas',
      SOUND_ATLAS_OIDC_CLIENT_SECRET: 'test-secret',
      SOUND_ATLAS_OIDC_NAME: 'Test ID',
    },
  }));
});

after(async () => {
  await stop?.();
  provider?.kill();
});

const mailTo = (address) => mail.mailTo(address);

test('signing up mails a link through SMTP; following it in the browser signs in', async () => {
  const page = await site.newPage();
  await page.goto(`${site.origin}/about`);
  const signUp = await call(page, 'POST', '/api/auth/signup',
    { email: 'reader@example.com', password: 'a long enough password' });
  assert.equal(signUp.status, 200);
  assert.equal(signUp.json.message, 'Check your email for the confirmation link.');

  const mail = await mailTo('reader@example.com');
  assert.equal(mail.subject, 'Confirm your Sound Atlas account');
  const link = mail.text.match(/http\S+\/api\/auth\/confirm\?token=\S+/)[0];
  assert.ok(link.startsWith(site.origin), link);
  await page.goto(link);
  assert.equal((await call(page, 'GET', '/api/user')).json, null, 'opening the link changes nothing');
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/`);

  const me = await call(page, 'GET', '/api/user');
  assert.equal(me.json.email, 'reader@example.com');
  const cookies = await page.context().cookies();
  assert.deepEqual(cookies.map((c) => c.name).sort(), ['sa_device', 'sa_session']);
  for (const cookie of cookies) {
    assert.equal(cookie.httpOnly, true, cookie.name);
    assert.equal(cookie.sameSite, 'Lax', cookie.name);
  }

  assert.equal((await call(page, 'POST', '/api/auth/signout', {})).status, 200);
  assert.equal((await call(page, 'GET', '/api/user')).json, null);
  // The session cookie is gone; the device id (no account in it) stays, so this browser
  // is still known to the account's limits.
  assert.deepEqual((await page.context().cookies()).map((c) => c.name), ['sa_device'], 'the session cookie is gone');
});

test('the identity-provider round trip signs in and returns to the requested page', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  const info = await call(page, 'GET', '/api/auth/oidc');
  assert.deepEqual(info.json, { enabled: true, name: 'Test ID' });
  await fetch(`${issuer}/test/login?sub=carol&email=carol@idp.test`, { method: 'POST' });

  // The login dialog offers the provider when the server says it is enabled.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  const providerButton = page.getByRole('dialog', { name: 'Sign In' }).getByRole('link', { name: 'Continue with Test ID' });
  assert.equal(await providerButton.getAttribute('href'), '/api/auth/oidc/start?redirectTo=%2Fabout');

  await page.goto(`${site.origin}/api/auth/oidc/start?redirectTo=/browse`);
  await page.waitForURL(`${site.origin}/browse`);
  assert.equal((await call(page, 'GET', '/api/user')).json.email, 'carol@idp.test');
});

test('an open redirect is refused before leaving for the provider', async () => {
  const page = await site.newPage();
  const answer = await page.goto(`${site.origin}/api/auth/oidc/start?redirectTo=//evil.example`);
  assert.equal(answer.status(), 400);
  assert.match(await answer.text(), /The redirect target must be a path on this site\./);
});
