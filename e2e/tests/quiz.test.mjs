// The music quiz in a real browser: server-rendered at its first question for a shared
// seed, the same quiz in a fresh page, played through with the keyboard, Try Again.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { start } from '../support/harness.mjs';
import { hydrated, quietPage } from './browser-helpers.mjs';

let site;
before(async () => {
  site = await start();
});
after(async () => {
  await site?.stop();
});

const RESULT_MESSAGES = [
  [80, 'Outstanding! You really know your music!'],
  [60, 'Great job! You have solid music knowledge!'],
  [40, 'Not bad! Keep exploring music to learn more!'],
  [0, "Keep listening! There's so much music to discover!"],
];

/** Text as React escapes it in server markup. */
const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;');

/** The question and its options as the page shows them. */
async function shownQuestion(page) {
  const question = (await page.locator('.quiz-question h2').textContent()).trim();
  const options = (await page.locator('.quiz-option').allTextContents()).map((t) => t.trim());
  return { question, options };
}

test('a shared quiz URL is server-rendered at its first question, hydrates cleanly and is the same quiz in a fresh page', async () => {
  const url = `${site.origin}/quiz?seed=shared-e2e`;
  const html = await (await fetch(url)).text();
  assert.match(html, /<title>Music Quiz - Sound Atlas<\/title>/);
  assert.match(html, /Question 1 of 10/);

  const first = await quietPage(site);
  await first.goto(url);
  await hydrated(first);
  const shown = await shownQuestion(first);
  assert.ok(html.includes(`>${escapeHtml(shown.question)}</h2>`), 'the server rendered the same first question');
  assert.equal(shown.options.length >= 2, true);
  assert.deepEqual(first.problems, [], 'no console errors or hydration mismatches');

  // Another browser context (nothing shared) opening the same link.
  const fresh = await quietPage(site);
  await fresh.goto(url);
  await hydrated(fresh);
  assert.deepEqual(await shownQuestion(fresh), shown);
  assert.equal(await fresh.title(), 'Music Quiz - Sound Atlas');
  assert.deepEqual(fresh.problems, []);
});

test('a whole quiz with the keyboard: choose, submit, feedback, next, results, Try Again', async () => {
  const page = await quietPage(site);
  await page.addInitScript(() => {
    window.historyAtStart = history.length;
  });
  await page.goto(`${site.origin}/quiz`);
  await hydrated(page);
  // The quiz of the day: the address stays /quiz, no history entry is added.
  assert.equal(page.url(), `${site.origin}/quiz`);
  assert.equal(await page.evaluate(() => history.length - window.historyAtStart), 0);

  let correct = 0;
  let total = 0;
  for (;;) {
    total += 1;
    await page.getByText(new RegExp(`^Question ${total} of \\d+$`)).waitFor();
    const submit = page.getByRole('button', { name: 'Submit Answer' });
    assert.equal(await submit.isDisabled(), true, 'Submit Answer waits for a choice');
    // Keyboard only: focus the options, Space chooses, the arrow key changes the choice.
    await page.locator('.quiz-option input').first().focus();
    await page.keyboard.press('Space');
    if (total % 2 === 0) await page.keyboard.press('ArrowDown');
    assert.equal(await submit.isDisabled(), false);
    await page.keyboard.press('Enter');

    const feedback = page.locator('.quiz-feedback');
    await feedback.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('quiz-feedback')), true, 'focus moves to the feedback');
    const text = await feedback.textContent();
    if (text.startsWith('Correct!')) correct += 1;
    else assert.match(text, /^Incorrect\. The answer is /);
    assert.equal(await page.locator('.quiz-option input').first().isDisabled(), true, 'the options are locked');
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('.quiz-option input')].every((input) => input.matches(':disabled'))), true);

    const last = await page.getByRole('button', { name: 'View Results' }).count();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    if (last) break;
    assert.equal(await page.evaluate(() => document.activeElement?.tagName), 'H2', 'focus moves to the next question');
  }

  const results = page.getByRole('heading', { level: 2, name: 'Quiz Complete!' });
  await results.waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Quiz Complete!');
  const percent = Math.round((correct / total) * 100);
  await page.getByText(`You scored ${correct} out of ${total} (${percent}%)`).waitFor();
  const message = RESULT_MESSAGES.find(([min]) => (correct / total) * 100 >= min)[1];
  await page.getByText(message).waitFor();

  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL((u) => u.searchParams.get('seed') !== null);
  await page.getByText('Score: 0').waitFor();
  await page.getByText(/^Question 1 of \d+$/).waitFor();

  await page.getByRole('link', { name: 'Back to Main Menu' }).click();
  await page.waitForURL(`${site.origin}/`);
  assert.deepEqual(page.problems, []);
});
