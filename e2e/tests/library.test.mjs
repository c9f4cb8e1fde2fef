// The library in Chromium against the real server and a real SMTP server (maildev): a
// signed-out heart opens the login dialog; signed up and confirmed by mail, a fan
// favorites artists, creates a folder, adds to it, moves a favorite, searches inside
// it, renames it, removes with a confirm dialog, deletes the folder, and meets the empty states.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startSiteWithMail } from '../support/mail.mjs';
import { artistByTitle, hydrated, quietPage, settle } from './browser-helpers.mjs';
import { signedInPage } from './signed-in-helpers.mjs';

let site;
let mail;
let stop;

before(async () => {
  ({ site, mail, stop } = await startSiteWithMail());
});

after(async () => {
  await stop?.();
});

async function confirmIn(page, title, button) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

test('signed out, a heart and the favorites screen open the login dialog', async () => {
  const queen = await artistByTitle(site, 'Queen');
  const page = await quietPage(site);
  await page.goto(`${site.origin}/artist/${queen.id}`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Add to Favorites', exact: true }).click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
  assert.equal(await page.getByRole('alertdialog').count(), 0, 'no confirm dialog first');
  await page.keyboard.press('Escape');

  // A card's heart too.
  await page.goto(`${site.origin}/browse`);
  await hydrated(page);
  await page.getByRole('button', { name: /^Add to Favorites: / }).first().click();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();

  await page.goto(`${site.origin}/favorites`);
  await hydrated(page);
  await page.getByText('Login Required').waitFor();
  await page.getByRole('dialog', { name: 'Sign In' }).waitFor();
  await page.close();
});

test('favorites, folders, moving, searching, removing and deleting, with their empty states', async () => {
  const queen = await artistByTitle(site, 'Queen');
  const adele = await artistByTitle(site, 'Adele');
  const page = await signedInPage(site, mail, 'collector@example.com');

  // The empty top level.
  await page.goto(`${site.origin}/favorites`);
  await hydrated(page);
  await page.getByText('Start Your Collection').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Explore Artists' }).getAttribute('href'), '/browse');

  // Favorite two artists from their pages, each after its confirm dialog.
  for (const artist of [queen, adele]) {
    await page.goto(`${site.origin}/artist/${artist.id}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Add to Favorites', exact: true }).click();
    await confirmIn(page, 'Add to Favorites?', 'Add');
    await page.getByRole('button', { name: 'Remove from Favorites', exact: true }).waitFor();
  }
  await page.getByRole('button', { name: 'Favorites: 2' }).waitFor();

  // After a reload the heart and count come in the first HTML.
  const html = await (await page.request.get(`${site.origin}/artist/${adele.id}`)).text();
  assert.match(html, /Remove from Favorites/);
  assert.match(html, /Favorites: 2/);

  // A folder: the name is trimmed, Create waits for one, Enter submits.
  await page.getByRole('button', { name: 'Favorites: 2' }).click();
  await page.waitForURL(`${site.origin}/favorites`);
  await page.getByRole('heading', { level: 1, name: 'My Favorites' }).waitFor();

  // Play All hands the playable favorites to the player, named "My Favorites".
  await page.getByRole('button', { name: 'Play All' }).click();
  const player = page.getByRole('dialog', { name: 'My Favorites' });
  await player.getByRole('heading', { name: /^Playlist Queue \(\d+ tracks\)$/ }).waitFor();
  await player.getByRole('button', { name: 'Close player' }).click();
  await player.waitFor({ state: 'detached' });

  await page.getByRole('button', { name: 'New Folder' }).click();
  const create = page.getByRole('dialog', { name: 'New Folder' });
  assert.equal(await create.getByRole('button', { name: 'Create' }).isDisabled(), true);
  await create.getByLabel('Folder name').fill('   ');
  assert.equal(await create.getByRole('button', { name: 'Create' }).isDisabled(), true);
  await create.getByLabel('Folder name').fill('  Road Trip  ');
  await create.getByLabel('Folder name').press('Enter');
  await create.waitFor({ state: 'detached' });
  const folders = page.getByRole('region', { name: 'My Folders' });
  await folders.getByRole('link', { name: /Road Trip\s*0 tracks/ }).click();
  await page.waitForURL(/\/favorites\/folder\/\d+$/);
  const folderUrl = page.url();

  // The empty folder, then Add from Favorites.
  await page.getByRole('heading', { level: 1, name: 'Road Trip' }).waitFor();
  await page.getByText('Empty Folder').waitFor();
  await page.getByRole('button', { name: 'Add from Favorites' }).click();
  let add = page.getByRole('dialog', { name: 'Add to Road Trip' });
  await add.getByRole('button', { name: 'Add Queen' }).click();
  await add.getByRole('button', { name: 'Add Queen' }).waitFor({ state: 'detached' });
  await add.getByRole('button', { name: 'Done' }).click();
  await page.getByText('1 track', { exact: true }).waitFor();

  // Move Adele from the top level into the folder.
  await page.goto(`${site.origin}/favorites`);
  await hydrated(page);
  await page.getByRole('button', { name: 'Move Adele', exact: true }).click();
  await page.getByRole('dialog', { name: 'Move Adele' }).getByRole('button', { name: 'Move here: Road Trip' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 3, name: 'Adele' }).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Favorites: 1' }).waitFor();
  await folders.getByRole('link', { name: /Road Trip\s*2 tracks/ }).waitFor();

  // Inside: search by genre and title, no match, clear.
  await page.goto(folderUrl);
  await hydrated(page);
  await page.getByText('2 tracks', { exact: true }).waitFor();
  const search = page.getByPlaceholder('Search folder tracks...');
  await search.fill('adele');
  await page.getByRole('heading', { level: 3, name: 'Queen' }).waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 3, name: 'Adele' }).waitFor();
  await search.fill('no such track at all');
  await page.getByText('No matches found').waitFor();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await page.getByRole('heading', { level: 3, name: 'Queen' }).waitFor();

  // Favorites mode from the folder: prev/next through it, Back to it.
  await page.getByRole('link', { name: /Queen/ }).first().click();
  await page.waitForURL(/\/artist\/\d+\?list=favorites&folder=\d+$/);
  await page.getByText(/\d+ \/ 2 favorites/).waitFor();
  await page.getByRole('link', { name: 'Back' }).click();
  await page.waitForURL(folderUrl);

  // Remove a track: cancel first, then confirm.
  await page.getByRole('button', { name: 'Remove Queen' }).click();
  await page.getByRole('alertdialog', { name: 'Remove Track?' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('heading', { level: 3, name: 'Queen' }).waitFor();
  await page.getByRole('button', { name: 'Remove Queen' }).click();
  await confirmIn(page, 'Remove Track?', 'Remove');
  await page.getByRole('heading', { level: 3, name: 'Queen' }).waitFor({ state: 'detached' });
  await page.getByText('1 track', { exact: true }).waitFor();
  await settle(page);

  // The Add dialog offers Queen again (she is still a main favorite).
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  add = page.getByRole('dialog', { name: 'Add to Road Trip' });
  await add.getByRole('button', { name: 'Add Queen' }).waitFor();
  await add.getByRole('button', { name: 'Done' }).click();

  // Rename it: the same rules as a new name; the heading and the title follow, and a reload
  // reads the new name from the server.
  await page.getByRole('button', { name: 'Rename Folder' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename Road Trip' });
  await rename.getByLabel('Folder name').fill('  Long Drive  ');
  await rename.getByLabel('Folder name').press('Enter');
  await page.getByRole('heading', { level: 1, name: 'Long Drive' }).waitFor();
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Long Drive' }).waitFor();
  await hydrated(page);

  // Delete the folder it shows: back to the top level, the folder gone, and Adele (moved
  // into it from the main favorites) back among them, as its dialog says.
  await page.getByRole('button', { name: 'Delete Folder' }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete Folder?' });
  assert.match(await confirmDelete.textContent(), /Its tracks go back to your main favorites\./);
  await confirmIn(page, 'Delete Folder?', 'Delete');
  await page.waitForURL(`${site.origin}/favorites`);
  await page.getByRole('region', { name: 'My Folders' }).waitFor({ state: 'detached' });
  await page.getByRole('heading', { level: 3, name: 'Adele' }).waitFor();
  await page.getByRole('button', { name: 'Favorites: 2' }).waitFor();
  const gone = await page.request.get(folderUrl);
  assert.equal(gone.status(), 404);

  // Unfavorite both from the cards: back to the empty collection.
  await page.goto(`${site.origin}/favorites`);
  await hydrated(page);
  await page.getByRole('heading', { level: 3, name: 'Adele' }).waitFor();
  for (const name of ['Adele', 'Queen']) {
    await page.getByRole('button', { name: `Remove ${name}` }).click();
    await confirmIn(page, 'Remove Track?', 'Remove');
    await page.getByRole('heading', { level: 3, name }).waitFor({ state: 'detached' });
  }
  await page.getByText('Start Your Collection').waitFor();
  await page.getByRole('button', { name: 'Favorites: 0' }).waitFor();
  assert.deepEqual(page.problems, [], 'no console errors (hydration of the signed-in pages included)');
  await page.close();
});
