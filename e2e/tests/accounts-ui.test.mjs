// The accounts UI in Chromium against the real server and a real SMTP server (maildev):
// signing up through the login dialog, following the emailed link, signing in, the
// signed-in menu, a reload that is signed in from the first byte, logging out,
// signing in with an emailed code, recovering a password and the privacy settings.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, test } from 'node:test';
import { startSiteWithMail } from '../support/mail.mjs';
import { CONSENT_KEY, SPLASH_SEEN_KEY, hydrated, quietPage, settle } from './browser-helpers.mjs';
import { confirmByMail, signUp } from './signed-in-helpers.mjs';

let site;
let mail;
let stop;

before(async () => {
  // One mail a second per address (a minute on a real site): a test's sign-up mail does
  // not hold up the code or reset mail it asks for next.
  ({ site, mail, stop } = await startSiteWithMail({ env: { SOUND_ATLAS_MAIL_INTERVAL_SECONDS: '1' } }));
});

after(async () => {
  await stop?.();
});

const mailTo = (address, subject) => mail.mailTo(address, subject);

async function openLogin(page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log In' }).click();
  return page.getByRole('dialog', { name: 'Sign In' });
}

test('signing up in the dialog, confirming by mail, signing in, reloading and logging out', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/about`);
  await hydrated(page);

  const providerInfo = page.waitForResponse((res) => res.url().endsWith('/api/auth/oidc'));
  let dialog = await openLogin(page);
  assert.deepEqual(await (await providerInfo).json(), { enabled: false, name: null });
  await settle(page);
  assert.equal(await dialog.getByRole('link', { name: /Continue with/ }).count(), 0, 'no provider configured, no button');
  await dialog.getByRole('button', { name: "Don't have an account? Sign Up" }).click();
  dialog = page.getByRole('dialog', { name: 'Sign Up' });
  await dialog.getByLabel('Email').fill('fan@example.com');
  await dialog.getByLabel('Password').fill('a long enough password');
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.getByText('Check your email').first().waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0, 'the dialog closes after sign-up');

  await confirmByMail(site, mail, page, 'fan@example.com');
  await hydrated(page);
  // Confirming signed us in; log out through the menu to test the dialog's sign-in.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('fan@example.com').waitFor();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByText('Logged out').waitFor();
  assert.equal(new URL(page.url()).pathname, '/');

  await page.goto(`${site.origin}/browse`);
  await hydrated(page);
  dialog = await openLogin(page);
  await dialog.getByLabel('Email').fill('fan@example.com');
  await dialog.getByLabel('Password').fill('a wrong password!');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  const error = page.getByTestId('toast').filter({ hasText: 'Error' });
  await error.waitFor();
  assert.match(await error.getAttribute('class'), /toast--destructive/);
  await dialog.getByLabel('Password').fill('a long enough password');
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('fan@example.com').waitFor();
  await page.keyboard.press('Escape');

  // The first HTML of a signed-in page already carries the user: no flicker.
  const html = await (await page.request.get(`${site.origin}/browse`)).text();
  assert.match(html, /fan@example\.com/);
  await page.reload();
  await hydrated(page);
  // Playing a private playlist (what Play All on /favorites asks for), minimized.
  await page.evaluate(() => window.dispatchEvent(new CustomEvent('play-request', {
    detail: { items: [{ id: '1', title: 'Fan Secret Song', soloVideoLink: 'https://youtu.be/dQw4w9WgXcQ', genres: ['Rock'] }], name: 'Fan Mix', isPlaylist: true },
  })));
  const player = page.getByRole('dialog', { name: 'Fan Mix' });
  await player.getByRole('button', { name: 'Minimize player' }).click();
  await page.getByRole('region', { name: 'Player' }).getByText('Fan Secret Song').waitFor();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Log Out' }).waitFor();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.getByText('Logged out').waitFor();
  assert.equal((await (await page.request.get(`${site.origin}/api/user`)).json()), null);
  // The player went with the user: nothing on screen, nothing saved, nothing in the page.
  assert.equal(await page.getByRole('region', { name: 'Player' }).count(), 0);
  assert.equal(await page.getByText('Fan Secret Song').count(), 0);
  assert.equal(await page.evaluate(() => window.sessionStorage.getItem('sa-player')), null);
  assert.equal(await page.evaluate(() => document.documentElement.outerHTML.includes('fan@example.com')), false);
  assert.deepEqual(page.problems, []);
});

test('signing in with an emailed code', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  // Signed up, not confirmed: the code confirms the address.
  await signUp(site, 'coder@example.com', 'another long password');
  await new Promise((r) => setTimeout(r, 1_100));

  let dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Sign in with a code instead' }).click();
  dialog = page.getByRole('dialog', { name: 'Sign In with a Code' });
  await dialog.getByRole('button', { name: 'Send Code' }).click();
  await page.getByText('You must provide either an email or phone number.').waitFor();
  await dialog.getByLabel('Email').fill('coder@example.com');
  await dialog.getByRole('button', { name: 'Send Code' }).click();
  const mail = await mailTo('coder@example.com', /code/i);
  const code = mail.text.match(/code is:\s+(\S+)/)[1];
  dialog = page.getByRole('dialog', { name: 'Enter Your Code' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByRole('button', { name: 'Verify Code' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByText('coder@example.com').waitFor();
});

test('recovering a password through the dialog and the mailed link, then the privacy settings', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  // Never confirmed by its sign-up mail: the reset link confirms the address.
  await signUp(site, 'forgetful@example.com', 'the forgotten password');
  await new Promise((r) => setTimeout(r, 1_100));
  let dialog = await openLogin(page);
  await dialog.getByRole('button', { name: 'Forgot your password?' }).click();
  dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email').fill('forgetful@example.com');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await page.getByText('Check your email').first().waitFor();

  const mail = await mailTo('forgetful@example.com', /Reset/);
  await page.goto(mail.text.match(/http\S+\/api\/auth\/recover\/complete\?token=\S+/)[0]);
  await page.getByLabel('New password').fill('a remembered password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.waitForURL(`${site.origin}/`);
  assert.equal((await (await page.request.get(`${site.origin}/api/user`)).json()).email, 'forgetful@example.com');

  await page.getByTestId('toast').filter({ hasText: "New password set, you're signed in" }).waitFor();

  // The link was single-use: following it again sets nothing, and its page says so.
  const token = new URL(mail.text.match(/http\S+\/api\/auth\/recover\/complete\?token=\S+/)[0]).searchParams.get('token');
  const again = await page.request.post(`${site.origin}/api/auth/recover/complete`, {
    headers: { origin: site.origin },
    form: { token, password: 'someone else entirely' },
    maxRedirects: 0,
  });
  assert.equal(again.status(), 303);
  assert.equal(again.headers().location, `/new-password?token=${token}&error=used`);

  // Privacy settings: saving takes about a second, then alerts; the choice is stored.
  await page.goto(`${site.origin}/privacy-settings`);
  await hydrated(page);
  const alerts = [];
  page.on('dialog', (box) => {
    alerts.push(`${box.type()}: ${box.message()}`);
    void box.accept();
  });
  await page.getByLabel('Analytics cookies').check();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await page.getByRole('button', { name: 'Saving...' }).waitFor();
  await page.getByRole('button', { name: 'Save Settings' }).waitFor();
  const saved = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key)), CONSENT_KEY);
  assert.equal(saved.analytics, true);
  assert.equal(saved.advertising, false);

  await page.getByRole('button', { name: 'Clear local data' }).click();
  await page.waitForFunction(() => window.localStorage.length === 0);
  assert.deepEqual(alerts, [
    'alert: Privacy settings saved successfully!',
    'confirm: This will clear all your local data including preferences and favorites. Continue?',
    'alert: All local data cleared. You may need to log in again.',
  ]);
  assert.deepEqual(page.problems, []);
});

test('the cookie banner: only in the browser, only without a saved choice, Customize with its defaults', async () => {
  const page = await site.newPage();
  await page.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SPLASH_SEEN_KEY);
  const html = await (await fetch(`${site.origin}/about`)).text();
  assert.doesNotMatch(html, /Accept All|Essential Only/, 'crawlers never see the banner');

  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await banner.getByRole('button', { name: 'Customize' }).click();
  assert.equal(await banner.getByLabel('Functional').isChecked(), true);
  assert.equal(await banner.getByLabel('Analytics').isChecked(), false);
  assert.equal(await banner.getByLabel('Advertising').isChecked(), false);
  await banner.getByRole('button', { name: 'Back' }).click();
  await banner.getByRole('button', { name: 'Customize' }).click();
  await banner.getByLabel('Advertising').check();
  await banner.getByRole('button', { name: 'Save Preferences' }).click();
  await banner.waitFor({ state: 'detached' });
  const saved = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key)), CONSENT_KEY);
  assert.deepEqual(saved, { essential: true, functional: true, analytics: false, advertising: true });

  await page.reload();
  await hydrated(page);
  assert.equal(await page.getByRole('region', { name: 'Cookie consent' }).count(), 0);

  const other = await site.newPage();
  await other.addInitScript((key) => window.sessionStorage.setItem(key, '1'), SPLASH_SEEN_KEY);
  await other.goto(`${site.origin}/about`);
  await hydrated(other);
  await other.getByRole('button', { name: 'Essential Only' }).click();
  const essential = await other.evaluate((key) => JSON.parse(window.localStorage.getItem(key)), CONSENT_KEY);
  assert.deepEqual(essential, { essential: true, functional: false, analytics: false, advertising: false });
});

test('every response carries a CSP that runs our own scripts only, and a page is the same bytes for everyone', async () => {
  // No per-response part (no nonce): the cached page is the same document every time,
  // which a shared cache can keep. Its scripts are our own files, which 'self' allows,
  // and the boot, inline, allowed by its digest.
  const first = await fetch(`${site.origin}/about`);
  const second = await fetch(`${site.origin}/about`);
  const policy = first.headers.get('content-security-policy');
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' https:\/\/www\.youtube\.com\/iframe_api https:\/\/www\.youtube\.com\/s\/player\/;/);
  assert.ok(!policy.includes('nonce'), policy);
  assert.doesNotMatch(policy, /script-src[^;]*unsafe/);
  const [html, secondHtml] = [await first.text(), await second.text()];
  assert.equal(secondHtml, html, 'byte-identical');
  assert.equal(second.headers.get('etag'), first.headers.get('etag'));
  const scripts = [...html.matchAll(/(<script[^>]*>)([^<]*)<\/script>/g)];
  assert.ok(scripts.length > 0);
  const inline = [];
  for (const [, tag, text] of scripts) {
    // JSON blocks (the page state, JSON-LD) are data, never run; the rest are our files
    // (the classic entry, in the boot's template) and the boot, the one inline script.
    if (/type="application\/(ld\+)?json"/.test(tag)) continue;
    if (tag === '<script>') inline.push(text);
    else assert.match(tag, /^<script src="\/static\/[^"]+\.js">$/, tag);
  }
  assert.equal(inline.length, 1, 'the boot');
  const digest = createHash('sha256').update(inline[0]).digest('base64');
  assert.ok(policy.includes(`'sha256-${digest}'`), 'the boot is allowed by its digest');
  assert.match(policy, /frame-src https:\/\/www\.youtube-nocookie\.com/);
  assert.equal(first.headers.get('strict-transport-security'), null, 'no HSTS over http');
  for (const path of ['/api/nope', '/no/such/page']) {
    const res = await fetch(`${site.origin}${path}`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-security-policy'), policy);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal(res.headers.get('x-frame-options'), 'DENY');
  }
});

test('the privacy pages: Login Required signed out; download and deletion signed in', async () => {
  const page = await quietPage(site);
  await page.goto(`${site.origin}/data-access`);
  await hydrated(page);
  await page.getByText('Login Required').waitFor();
  await page.getByRole('link', { name: 'Back to Privacy Policy' }).waitFor();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
  await page.keyboard.press('Escape');

  // Signed in through the emailed confirmation link.
  await page.evaluate(() => fetch('/api/auth/signup', {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'leaver@example.com', password: 'a leaving password' }),
  }));
  await confirmByMail(site, mail, page, 'leaver@example.com', 'a leaving password');

  await page.goto(`${site.origin}/data-access`);
  await hydrated(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download My Data' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^sound-atlas-data-.*\.json$/);
  const { readFile } = await import('node:fs/promises');
  const exported = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(exported.profile.email, 'leaver@example.com');

  // From another page: Go Back on the confirm step is the flow's step 0, not the page before.
  await page.goto(`${site.origin}/about`);
  await hydrated(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Account Deletion' }).click();
  await page.waitForURL(`${site.origin}/account-deletion`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Go Back' }).click();
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/account-deletion');
  await page.getByRole('button', { name: 'Continue' }).click();
  const remove = page.getByRole('button', { name: 'Delete My Account' });
  await page.getByRole('textbox').fill('delete my account');
  assert.equal(await remove.isDisabled(), true, 'only the exact phrase enables it');
  await page.getByRole('textbox').fill('DELETE MY ACCOUNT');
  const alerts = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await remove.click();
  await page.waitForURL(`${site.origin}/`);
  assert.deepEqual(alerts, ['Your account and all data have been permanently deleted. A confirmation email is on its way to leaver@example.com.']);
  assert.equal(await (await page.request.get(`${site.origin}/api/user`)).json(), null);
  // The confirmation the page asked for after the deletion.
  const confirmation = await mailTo('leaver@example.com', /has been deleted/);
  assert.match(confirmation.text, /has been deleted/);
});

const CONFIRM_LINK = /http\S+\/api\/auth\/confirm\?token=\S+/;

test('the confirmation page: a wrong password is told beside the field, in the frame; confirming shows a toast; the used link says so', async () => {
  await signUp(site, 'twice@example.com', 'the chosen passphrase');
  const link = (await mailTo('twice@example.com', /Confirm/)).text.match(CONFIRM_LINK)[0];
  const page = await quietPage(site);
  await page.goto(link);
  await hydrated(page);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not the chosen one');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'That is not the password chosen when signing up' });
  await refusal.waitFor();
  assert.equal(new URL(page.url()).pathname, '/confirm-email', 'still the site\'s page');
  await page.getByRole('banner').waitFor();
  assert.equal(await password.inputValue(), 'not the chosen one', 'the field keeps what was typed');
  assert.equal(await password.getAttribute('aria-describedby'), await refusal.getAttribute('id'));

  await password.fill('the chosen passphrase');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/`);
  await page.getByTestId('toast').filter({ hasText: "Email confirmed, you're signed in" }).waitFor();

  // Opened again (mail apps and people do): it says it was used and offers signing in.
  await page.goto(link);
  await hydrated(page);
  await page.getByText('This link was already used.').waitFor();
  assert.equal(await page.getByLabel('Password', { exact: true }).count(), 0, 'no form for a used link');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
  assert.deepEqual(page.problems, []);
});

test('a password typed before the page\'s script runs is the one sent, once', async () => {
  await signUp(site, 'early@example.com', 'the chosen passphrase');
  const link = (await mailTo('early@example.com', /Confirm/)).text.match(CONFIRM_LINK)[0];
  const page = await quietPage(site);
  // The page's script is held back while the fan types (a slow phone, a slow network).
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  await page.route(/\/static\/entry-[A-Z0-9]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link, { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Password', { exact: true }).fill('the chosen passphrase');
  release();
  await hydrated(page);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/`);
  await page.getByTestId('toast').filter({ hasText: "Email confirmed, you're signed in" }).waitFor();
  assert.deepEqual(page.problems, []);
});

test('without script, a refused confirmation comes back to the page with its message; the landing page shows the notice once', async () => {
  await signUp(site, 'noscript@example.com', 'the chosen passphrase');
  const link = (await mailTo('noscript@example.com', /Confirm/)).text.match(CONFIRM_LINK)[0];
  const page = await quietPage(site, { javaScriptEnabled: false });
  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill('not the chosen one');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(/\/confirm-email\?token=[^&]+&error=wrong-password$/);
  await page.getByRole('alert').filter({ hasText: 'That is not the password chosen when signing up' }).waitFor();
  await page.getByLabel('Password', { exact: true }).fill('the chosen passphrase');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/?notice=email-confirmed`);

  // With script, the landing page shows the notice and drops it from the address.
  const scripted = await quietPage(site);
  await scripted.goto(`${site.origin}/?notice=email-confirmed`);
  await scripted.getByTestId('toast').filter({ hasText: "Email confirmed, you're signed in" }).waitFor();
  await scripted.waitForURL(`${site.origin}/`);
});

test('a contested address: the page says someone else also signed up and asks for a new password twice', async () => {
  await signUp(site, 'contested@example.com', 'the owner passphrase');
  const link = (await mailTo('contested@example.com', /Confirm/)).text.match(CONFIRM_LINK)[0];
  await signUp(site, 'contested@example.com', 'a stranger passphrase');
  const page = await quietPage(site);
  await page.goto(link);
  await hydrated(page);
  await page.getByText('Someone else also signed up with this address.').waitFor();
  const first = page.getByLabel('New password', { exact: true });
  const again = page.getByLabel('New password again');
  await first.fill('a newly chosen passphrase');
  await again.fill('another chosen passphrase');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.getByRole('alert').filter({ hasText: 'The two passwords are not the same.' }).waitFor();
  await again.fill('a newly chosen passphrase');
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await page.waitForURL(`${site.origin}/`);
  await page.getByTestId('toast').filter({ hasText: 'Your account now opens with the password you just chose.' }).waitFor();
  const signIn = await fetch(`${site.origin}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: site.origin },
    body: JSON.stringify({ email: 'contested@example.com', password: 'a newly chosen passphrase' }),
  });
  assert.equal(signIn.status, 200);
});
