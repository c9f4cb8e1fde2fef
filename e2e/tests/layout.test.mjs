// Layout a fan meets on a phone and on a laptop (320, 390 and 1366 px wide), measured in
// Chromium: the floating refresh button is never over a control, the header fits at
// 320 px with its texts whole, the Top 10 strip lines up with its heading, and the
// account deletion step keeps its warning over a one-line prompt and a full-width field.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startSiteWithMail, until } from '../support/mail.mjs';
import { artistByTitle, hydrated, quietPage, settle } from './browser-helpers.mjs';
import { signedInPage } from './signed-in-helpers.mjs';

const WIDTHS = [320, 390, 1366];

let site;
let mail;
let stop;
before(async () => {
  ({ site, mail, stop } = await startSiteWithMail());
});
after(async () => {
  await stop?.();
});

const viewport = (width) => ({ viewport: { width, height: width > 1000 ? 768 : 800 } });
const overlaps = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('the Top 10 strip at 1366 px: cards start under the heading, the arrows at the thumbnails\' centre', async () => {
  const page = await quietPage(site, viewport(1366));
  await page.goto(`${site.origin}/`);
  await hydrated(page);
  const layout = await page.evaluate(() => {
    const section = document.querySelector('section[aria-labelledby="top10-title"]');
    const box = (element) => element.getBoundingClientRect();
    const thumb = box(section.querySelector('.video-tile-thumb'));
    return {
      heading: box(section.querySelector('h2')).left,
      firstCard: box(section.querySelector('.video-tile')).left,
      thumbCentre: thumb.top + thumb.height / 2,
      arrows: [...section.querySelectorAll('.strip-btn')].map((button) => {
        const rect = box(button);
        return rect.top + rect.height / 2;
      }),
    };
  });
  assert.ok(Math.abs(layout.firstCard - layout.heading) <= 1, `the first card starts under the heading (${layout.firstCard} vs ${layout.heading})`);
  assert.equal(layout.arrows.length, 2);
  for (const centre of layout.arrows) assert.ok(Math.abs(centre - layout.thumbCentre) <= 2, `an arrow at the thumbnails' centre (${centre} vs ${layout.thumbCentre})`);
  await page.context().close();
});

test('account deletion step 1: the warning stays, the prompt is one line over a full-width field', async () => {
  const page = await signedInPage(site, mail, 'layout-delete@example.com');
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`${site.origin}/account-deletion`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Continue' }).click();
    const field = page.getByRole('textbox', { name: /Type DELETE MY ACCOUNT to confirm/ });
    await field.waitFor();
    assert.ok(await page.getByRole('note').filter({ hasText: 'This cannot be undone.' }).isVisible(), `the warning at ${width} px`);
    const shape = await field.evaluate((input) => {
      const label = input.closest('label');
      const prompt = label.querySelector('span');
      const lines = new Set([...prompt.getClientRects()].map((rect) => Math.round(rect.top)));
      return { lines: lines.size, field: input.getBoundingClientRect().width, label: label.getBoundingClientRect().width };
    });
    assert.equal(shape.lines, 1, `the prompt on one line at ${width} px`);
    assert.ok(Math.abs(shape.field - shape.label) <= 1, `the field as wide as the step at ${width} px (${shape.field} of ${shape.label})`);
  }
  assert.deepEqual(page.problems, []);
  await page.context().close();
});
