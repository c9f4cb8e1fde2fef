// Layout a fan meets on a phone and on a laptop (320, 390 and 1366 px wide), measured in
// Chromium: the floating refresh button is never over a control (labels included), the
// header fits at 320 px with its texts whole, the Top 10 strip lines up with its heading,
// the account deletion step keeps its warning over a one-line prompt and a full-width
// field, the Listen On labels fit their pills, no article pans sideways at 320 px, and
// article cards line up with their heading, keep pictures in their box and tags whole, and
// on a phone the controls a fan taps are 44 px targets.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startSiteWithMail, until } from '../support/mail.mjs';
import { artistByTitle, hydrated, quietPage, settle } from './browser-helpers.mjs';
import { signedInPage } from './signed-in-helpers.mjs';
import { addEnrichedArtist } from '../support/enriched-artist.mjs';

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

/**
 * Scrolls the page from top to bottom; at each stop, when the refresh button shows, the
 * controls a tap on the button could also land on. Also how many stops showed it.
 */
function controlsUnderRefresh(page) {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const fab = document.querySelector('.refresh-fab');
    // A label is clicked like the control it names (a quiz's answers are labels around their radios).
    const controls = 'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';
    // What shows of a box: cut by every scrolling or clipping ancestor (a strip's cards past its edge are not there).
    const clipped = (element, rect) => {
      let { left, top, right, bottom } = rect;
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const edge = parent.getBoundingClientRect();
        left = Math.max(left, edge.left);
        top = Math.max(top, edge.top);
        right = Math.min(right, edge.right);
        bottom = Math.min(bottom, edge.bottom);
      }
      return { left, top, right, bottom, width: right - left, height: bottom - top };
    };
    // Whether a tap could land on both: a point, on a 1 px grid over where the boxes meet,
    // inside the button's circle that hits the control. Rounded corners count as the
    // browser counts them (a pill's corner beside the round button is not under it).
    const tapsReachBoth = (control, rect, box) => {
      const radius = box.width / 2;
      const [cx, cy] = [box.left + radius, box.top + box.height / 2];
      for (let x = Math.max(rect.left, box.left); x < Math.min(rect.right, box.right); x += 1) {
        for (let y = Math.max(rect.top, box.top); y < Math.min(rect.bottom, box.bottom); y += 1) {
          if (Math.hypot(x - cx, y - cy) > radius) continue;
          if (document.elementsFromPoint(x, y).some((element) => control.contains(element))) return true;
        }
      }
      return false;
    };
    const found = new Set();
    let shown = 0;
    const step = Math.round(window.innerHeight / 3);
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      await frame();
      if (getComputedStyle(fab).visibility !== 'hidden') {
        shown += 1;
        const box = fab.getBoundingClientRect();
        for (const control of document.querySelectorAll(controls)) {
          if (control === fab || control.closest('[inert], [hidden]')) continue;
          const style = getComputedStyle(control);
          if (style.visibility === 'hidden' || style.display === 'none') continue;
          for (const rect of [...control.getClientRects()].map((part) => clipped(control, part))) {
            if (rect.width > 0 && rect.height > 0 && rect.left < box.right && box.left < rect.right && rect.top < box.bottom && box.top < rect.bottom && tapsReachBoth(control, rect, box)) {
              found.add(`${control.tagName.toLowerCase()} "${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}" at scroll ${y}`);
            }
          }
        }
      }
      if (y + window.innerHeight >= document.documentElement.scrollHeight) break;
    }
    return { under: [...found], shown };
  });
}

test('the floating refresh button is never over a control, on every page type at 320, 390 and 1366 px', async () => {
  const artist = await artistByTitle(site, 'Queen');
  const [article] = await (await fetch(`${site.origin}/api/articles`)).json();
  const paths = ['/', '/browse?letter=A', `/artist/${artist.id}`, '/search/rock', '/articles', `/articles/${article.id}`, '/quiz', '/favorites', '/about', '/privacy-settings'];
  for (const width of WIDTHS) {
    const page = await quietPage(site, viewport(width));
    for (const path of paths) {
      await page.goto(`${site.origin}${path}`);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      const { under, shown } = await controlsUnderRefresh(page);
      assert.deepEqual(under, [], `${path} at ${width} px`);
      if (path === '/about') assert.ok(shown > 0, `the button shows where nothing is under it (${path} at ${width} px)`);
    }
    // It still reloads the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    await page.getByRole('button', { name: 'Refresh page to reset video loading' }).waitFor();
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Refresh page to reset video loading' }).click()]);
    assert.deepEqual(page.problems, []);
    await page.context().close();
  }
});

test('the header fits at 320 px: logo, search and buttons side by side, the placeholder whole, "Loading..." off the search text', async () => {
  for (const width of [320, 390]) {
    const page = await quietPage(site, viewport(width));
    await page.goto(`${site.origin}/about`);
    await hydrated(page);
    const boxes = await page.evaluate(() => {
      const box = (selector) => document.querySelector(selector).getBoundingClientRect().toJSON();
      const input = document.querySelector('.header-search input');
      const style = getComputedStyle(input);
      const context = document.createElement('canvas').getContext('2d');
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      return {
        logo: box('.wordmark'),
        actions: [...document.querySelectorAll('.header-actions > *')].map((element) => element.getBoundingClientRect().toJSON()),
        placeholder: context.measureText(input.placeholder).width,
        room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        scrollWidth: document.documentElement.scrollWidth,
      };
    });
    for (const action of boxes.actions) assert.ok(!overlaps(boxes.logo, action), `the logo is clear of the buttons at ${width} px`);
    assert.ok(boxes.placeholder <= boxes.room, `the placeholder fits at ${width} px (${boxes.placeholder} of ${boxes.room})`);
    assert.ok(boxes.scrollWidth <= width, `no sideways scroll at ${width} px`);

    // "Loading..." while the random artist is fetched: held here until measured.
    let release;
    await page.route('**/api/artists/random*', async (route) => {
      await new Promise((resolve) => {
        release = resolve;
      });
      await route.continue();
    });
    await page.getByRole('button', { name: 'Random Artist' }).click();
    const loading = page.getByText('Loading...', { exact: true });
    await loading.waitFor();
    const chip = await loading.boundingBox();
    const search = await page.locator('.header-search input').boundingBox();
    const searchBox = { left: search.x, right: search.x + search.width, top: search.y, bottom: search.y + search.height };
    assert.ok(!overlaps({ left: chip.x, right: chip.x + chip.width, top: chip.y, bottom: chip.y + chip.height }, searchBox), `"Loading..." is off the search field at ${width} px`);
    await until('the request held', async () => release !== undefined);
    release();
    await page.waitForURL(/\/artist\//);
    await page.context().close();
  }
});

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

test('the Listen On labels fit their pills at every width from 768 to 1920 px', async () => {
  const artist = await artistByTitle(site, 'Queen');
  for (const width of [768, 1024, 1366, 1920]) {
    const page = await quietPage(site, viewport(width));
    await page.goto(`${site.origin}/artist/${artist.id}`);
    await hydrated(page);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('.listen-link')]
        .filter((link) => link.scrollWidth > link.clientWidth)
        .map((link) => `${link.textContent.trim()} (${link.scrollWidth} > ${link.clientWidth})`),
    );
    assert.ok((await page.locator('.listen-link').count()) > 0, 'the page has listen links');
    assert.deepEqual(overflowing, [], `at ${width} px`);
    await page.context().close();
  }
});

test('no article pans sideways at 320 px: long links and words wrap', async () => {
  const articles = await (await fetch(`${site.origin}/api/articles`)).json();
  const page = await quietPage(site, viewport(320));
  for (const article of articles) {
    await page.goto(`${site.origin}/articles/${article.id}`);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 320, `${article.title}: ${width} px wide at 320`);
  }
  await page.context().close();
});

test('article cards: the grid starts under the heading, pictures stay in their box, tag chips whole', async () => {
  for (const width of [390, 1366]) {
    const page = await quietPage(site, viewport(width));
    await page.goto(`${site.origin}/articles`);
    await hydrated(page);
    const layout = await page.evaluate(() => {
      const left = (element) => element.getBoundingClientRect().left;
      const cards = [...document.querySelectorAll('.article-grid .article-card')];
      return {
        offset: left(document.querySelector('.article-grid')) - left(document.querySelector('main h1')),
        firstCard: left(cards[0]) - left(document.querySelector('main h1')),
        // What a card's picture box holds stays inside it (no initials spilling over the title).
        spilling: cards.filter((card) => {
          const media = card.querySelector('.article-card-media').getBoundingClientRect();
          const body = card.querySelector('.article-card-body').getBoundingClientRect();
          return [...card.querySelectorAll('.article-card-media > *')].some((inner) => inner.getBoundingClientRect().bottom > media.bottom + 0.5) || body.top < media.bottom - 0.5;
        }).length,
        cutTags: [...document.querySelectorAll('.article-card-tags .tag')].filter((tag) => tag.scrollWidth > tag.clientWidth).map((tag) => tag.textContent),
      };
    });
    assert.ok(Math.abs(layout.firstCard) <= 1, `the first card starts under the heading at ${width} px (${layout.firstCard})`);
    assert.equal(layout.spilling, 0, `at ${width} px`);
    assert.deepEqual(layout.cutTags, [], `at ${width} px`);
    await page.context().close();
  }
});

test('on a phone every control named here is at least 44 px each way: header, letters, pager, genre chips, back link, sources, footer', async () => {
  const enriched = await addEnrichedArtist(site);
  const [article] = await (await fetch(`${site.origin}/api/articles`)).json();
  const targets = '.site-header a, .site-header button, .letter-btn, .numbered-pager a, .tag-link, .back-link, .source-list a, .site-footer a';
  for (const width of [320, 390]) {
    const page = await quietPage(site, viewport(width));
    await page.route('https://upload.wikimedia.org/**', (route) => route.abort());
    for (const path of ['/browse?letter=S', `/artist/${enriched}`, `/articles/${article.id}`]) {
      await page.goto(`${site.origin}${path}`);
      await hydrated(page);
      const small = await page.evaluate((selector) => {
        const seen = [...document.querySelectorAll(selector)].filter((element) => element.getClientRects().length > 0 && !element.closest('.sr-only, .skip-link'));
        return seen
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
          .map(({ element, box }) => `${element.className || element.tagName} "${(element.getAttribute('aria-label') ?? element.textContent).trim().slice(0, 30)}" ${Math.round(box.width)}x${Math.round(box.height)}`);
      }, targets);
      assert.deepEqual(small, [], `${path} at ${width} px`);
    }
    await page.context().close();
  }
});
