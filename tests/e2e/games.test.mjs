// Saved games on a phone: the demo, new, rename, duplicate, delete with undo, resume across a
// reload; export and import of games and army lists; hostile files refused with their reason
// and nothing changed; sharing a roster; backup and restore; the printable order sheet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { phone, openApp, downloadText, settle } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const DEMO = "Demo: McPherson's Ridge, 1 July 1863";

/** Opens the app on the Game screen and goes to Saved games by its button. */
async function games(page) {
  await openApp(page, app.server.url);
  await page.getByRole('link', { name: 'Saved games' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Saved games' }).waitFor();
}

const card = (page, name) => page.locator('.game-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cardNames = (page) => page.locator('.game-card h3').allInnerTexts();
const stored = (page) => page.evaluate(() => localStorage.getItem('johnny-reb'));

async function download(page, name) {
  const [d] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name, exact: true }).tap()]);
  return d;
}

test('the demo game opens, clearly labelled, with its regiments named', async () => {
  const { context, page, problems } = await phone(app.browser);
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  const demo = card(page, DEMO);
  await demo.getByText('Open now').waitFor();
  await demo.getByText('Demo game: an example to explore').waitFor();
  await demo.getByText('17 regiments').waitFor();
  await demo.getByText('Turn 1, phase 1 of 8: Mark Orders').waitFor();
  // The Game screen shows it, and the order sheet names its regiments.
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await page.getByText(DEMO).waitFor();
  await settle(page);
  await openApp(page, app.server.url, 'print');
  for (const name of ['2nd Wisconsin', '24th Michigan', '1st Tennessee', '42nd Mississippi']) {
    await page.getByRole('rowheader', { name }).waitFor();
  }
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('new game, rename, duplicate, delete with undo, resume kept across a reload', async () => {
  const { context, page, problems } = await phone(app.browser);
  await games(page);
  assert.deepEqual(await cardNames(page), ['New game']);
  // A game nobody has played yet says so, in words that read.
  const facts = page.locator('.game-card .game-facts').filter({ hasText: 'regiments' });
  assert.equal((await facts.innerText()).trim(), '0 regiments \u00b7 no changes yet');
  // The last game cannot be deleted.
  await page.getByRole('button', { name: 'Delete New game' }).tap();
  await page.getByRole('alert').filter({ hasText: 'The last game cannot be deleted' }).waitFor();

  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  // A new game asks which system; the choice is the system's name.
  await page.getByRole('group', { name: 'Which game?' }).waitFor();
  await page.getByRole('button', { name: /^Johnny Reb \(2nd edition\)/ }).tap();
  await page.getByRole('status').filter({ hasText: 'A new game is open.' }).waitFor();
  assert.equal(await page.locator('.game-card').count(), 2);

  // Rename the open (second) game through its session, the other one through the saves.
  await page.locator('.game-card').nth(1).getByRole('button', { name: 'Rename' }).tap();
  await page.getByLabel('New name for “New game”').fill('Shiloh');
  await page.getByRole('button', { name: 'Save name' }).tap();
  await card(page, 'Shiloh').getByText('Open now').waitFor();
  await page.getByRole('button', { name: 'Rename New game' }).tap();
  await page.getByLabel('New name for “New game”').fill('<b>Antietam</b>');
  await page.getByRole('button', { name: 'Save name' }).tap();
  await page.getByRole('alert').filter({ hasText: 'no HTML in names' }).waitFor();
  await page.getByLabel('New name for “New game”').fill('Antietam');
  await page.getByRole('button', { name: 'Save name' }).tap();
  await page.getByRole('heading', { name: 'Antietam', exact: true }).waitFor();
  assert.deepEqual(await cardNames(page), ['Antietam', 'Shiloh']);

  // Duplicate: the copy sits after its original, not opened.
  await page.getByRole('button', { name: 'Duplicate Antietam' }).tap();
  assert.deepEqual(await cardNames(page), ['Antietam', 'Antietam (copy)', 'Shiloh']);
  await card(page, 'Shiloh').getByText('Open now').waitFor();

  // Delete the open game, then undo: it comes back exactly, in its place, open again.
  await settle(page);
  const before = JSON.parse(await stored(page));
  await page.getByRole('button', { name: 'Delete Shiloh' }).tap();
  await page.getByRole('status').filter({ hasText: 'Deleted “Shiloh”.' }).waitFor();
  assert.deepEqual(await cardNames(page), ['Antietam', 'Antietam (copy)']);
  await card(page, 'Antietam (copy)').getByText('Open now').waitFor();
  await settle(page);
  assert.equal(JSON.parse(await stored(page)).games.length, 2, 'the deletion is saved');
  await page.getByRole('button', { name: 'Undo delete' }).tap();
  await card(page, 'Shiloh').getByText('Open now').waitFor();
  assert.deepEqual(await cardNames(page), ['Antietam', 'Antietam (copy)', 'Shiloh']);
  await settle(page);
  const after = JSON.parse(await stored(page));
  assert.deepEqual(after.games, before.games);
  assert.equal(after.current, before.current);

  // Resume another game, play a phase, reload: it is still the open one.
  await page.getByRole('button', { name: 'Open Antietam', exact: true }).tap();
  await card(page, 'Antietam').getByText('Open now').waitFor();
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await page.getByText('Antietam', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await settle(page);
  await page.reload();
  await page.getByText('Antietam', { exact: true }).waitFor();
  await page.getByText('Phase 2 of 8: Routs and Rallies').waitFor();
  await page.getByRole('link', { name: 'Saved games' }).tap();
  await card(page, 'Antietam').getByText('Open now').waitFor();
  await card(page, 'Antietam').getByText('Turn 1, phase 2 of 8: Routs and Rallies').waitFor();
  assert.equal(await card(page, 'Shiloh').getByText('Open now').count(), 0);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a game exported and imported back; an army list exported, shared and loaded for a side', async () => {
  const { context, page, problems } = await phone(app.browser);
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await card(page, DEMO).getByText('Open now').waitFor();

  const exported = await download(page, 'Export the open game');
  assert.match(exported.suggestedFilename(), /^johnny-reb-game-demo-mcpherson-s-ridge.*\.json$/);
  const file = JSON.parse(await downloadText(exported));
  assert.equal(file.format, 'johnny-reb/game');
  assert.equal(file.game.name, DEMO);

  await page.getByLabel('Import a game or army list').setInputFiles(await exported.path());
  // The demo is saved already: the imported copy is named apart.
  await page.getByRole('status').filter({ hasText: `Imported “${DEMO} (2)” and opened it.` }).waitFor();
  assert.deepEqual(await cardNames(page), ['New game', DEMO, `${DEMO} (2)`]);
  await page.locator('.game-card').nth(2).getByText('Open now').waitFor();
  await page.locator('.game-card').nth(2).getByText('17 regiments').waitFor();

  // The Union army list, downloaded (this browser cannot share files).
  const list = await download(page, 'Share the Union roster');
  const listFile = JSON.parse(await downloadText(list));
  assert.equal(listFile.format, 'johnny-reb/army-list');
  assert.equal(listFile.side, 'Union');
  await page.getByRole('status').filter({ hasText: 'downloaded instead' }).waitFor();
  const exportedList = await download(page, 'Export the Union army list');
  assert.equal(JSON.parse(await downloadText(exportedList)).format, 'johnny-reb/army-list');

  // Loaded into a new game for the Confederates.
  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  await page.getByRole('button', { name: /^Johnny Reb \(2nd edition\)/ }).tap();
  await card(page, 'New game').nth(1).getByText('Open now').waitFor();
  await page.getByLabel('Import a game or army list').setInputFiles(await list.path());
  await page.getByRole('button', { name: 'Load for the Confederates' }).tap();
  await page
    .getByRole('status')
    .filter({ hasText: 'Loaded the army list for the Confederates: exported from the Union side, its units now stand on the Confederate side.' })
    .waitFor();
  await page.locator('.game-card').nth(3).getByText('10 regiments').waitFor();
  await settle(page);
  await openApp(page, app.server.url, 'print');
  const confederate = page.getByRole('region', { name: 'Confederate: roster and orders' });
  await confederate.getByRole('rowheader', { name: /2nd Wisconsin/ }).waitFor();
  // On the Roster the list stands on the Confederate side, in its colour (dashed grey, not blue).
  await openApp(page, app.server.url, 'roster?side=confederate');
  const card2wi = page.getByRole('article', { name: '2nd Wisconsin' });
  const edge = await card2wi.evaluate((e) => [getComputedStyle(e).borderLeftStyle, getComputedStyle(e).borderLeftColor]);
  assert.deepEqual(edge, ['dashed', 'rgb(119, 115, 107)']);
  await page.getByRole('button', { name: 'Union', exact: true }).tap();
  await page.getByText('The Union army has no units yet.').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('where the browser can share files, the roster goes to the share sheet', async () => {
  const { context, page } = await phone(app.browser);
  await context.addInitScript(() => {
    window.__shared = [];
    navigator.canShare = (data) => Array.isArray(data.files) && data.files.length === 1;
    navigator.share = async (data) => {
      window.__shared.push({ title: data.title, name: data.files[0].name, text: await data.files[0].text() });
    };
  });
  await games(page);
  await page.getByRole('button', { name: 'Share the Confederate roster' }).tap();
  await page.getByRole('status').filter({ hasText: 'handed to the share sheet' }).waitFor();
  const shared = await page.evaluate(() => window.__shared);
  assert.equal(shared.length, 1);
  assert.match(shared[0].name, /^johnny-reb-army-confederate-.*\.json$/);
  assert.equal(JSON.parse(shared[0].text).side, 'Confederate');
  await context.close();
});

test('hostile and malformed files are refused with their reason and nothing changes', async () => {
  const { context, page, problems } = await phone(app.browser);
  let dialogs = 0;
  page.on('dialog', (d) => {
    dialogs++;
    d.dismiss();
  });
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await card(page, DEMO).getByText('Open now').waitFor();
  const good = JSON.parse(await downloadText(await download(page, 'Export the open game')));
  const goodList = JSON.parse(await downloadText(await download(page, 'Export the Union army list')));
  await settle(page);
  const saved = await stored(page);
  const names = await cardNames(page);

  const evil = '<img src=x onerror=alert(1)>';
  const htmlName = structuredClone(good);
  htmlName.game.name = evil;
  const htmlRegiment = structuredClone(goodList);
  htmlRegiment.army.divisions[0].brigades[0].regiments[0].name = evil;
  const wrongType = structuredClone(good);
  wrongType.game.turn = 'three';
  const hugeNumber = structuredClone(good);
  hugeNumber.game.roster.union.divisions[0].brigades[0].regiments[0].kills = 1e300;
  const cases = [
    ['html-name.json', JSON.stringify(htmlName), evil],
    ['html-regiment.json', JSON.stringify(htmlRegiment), evil],
    ['wrong-type.json', JSON.stringify(wrongType), 'wrong type'],
    ['huge-number.json', JSON.stringify(hugeNumber), 'number too large'],
    ['big.json', JSON.stringify({ format: 'johnny-reb/game', pad: 'x'.repeat(3 * 1024 * 1024) }), 'too large'],
    ['not-json.json', '{"format": "johnny-reb/game", ', 'not valid JSON'],
    ['other.json', JSON.stringify({ format: 'something-else', schema: 2 }), 'This is not a game file'],
    ['backup.json', JSON.stringify({ format: 'johnny-reb/backup', schema: 2, doc: {} }), 'Restore a backup'],
  ];
  for (const [name, text, why] of cases) {
    await page.getByLabel('Import a game or army list').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
    const alert = page.getByRole('alert').filter({ hasText: 'Not imported.' });
    await alert.filter({ hasText: why }).waitFor();
    assert.match(await alert.innerText(), /Nothing saved was changed/);
    assert.equal(await page.locator('.messages img, .game-list img').count(), 0, `${name}: no markup rendered`);
    await settle(page);
    assert.equal(await stored(page), saved, `${name}: the saved data is untouched`);
    assert.deepEqual(await cardNames(page), names, `${name}: the list is unchanged`);
  }
  // The hostile name is shown as text, character for character.
  await page.getByLabel('Import a game or army list').setInputFiles({ name: 'h.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(htmlName)) });
  const refusal = page.getByRole('alert').filter({ hasText: 'Not imported. The file\'s game is not sound' });
  await refusal.waitFor();
  const text = await refusal.innerText();
  assert.ok(text.includes(evil), text);
  // A hostile backup is refused the same way, before any question.
  await page.getByLabel('Restore a backup').setInputFiles({ name: 'b.json', mimeType: 'application/json', buffer: Buffer.from('[1,2') });
  await page.getByRole('alert').filter({ hasText: 'Not restored.' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Replace everything' }).count(), 0);
  assert.equal(await stored(page), saved);
  assert.equal(dialogs, 0);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('back up everything and restore it, after a confirmation', async () => {
  const { context, page, problems } = await phone(app.browser);
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await card(page, DEMO).getByText('Open now').waitFor();
  await page.getByRole('button', { name: 'Duplicate New game' }).tap();
  const names = await cardNames(page);
  assert.deepEqual(names, ['New game', 'New game (copy)', DEMO]);
  const backup = await download(page, 'Back up everything');
  const doc = JSON.parse(await downloadText(backup));
  assert.equal(doc.format, 'johnny-reb/backup');
  assert.equal(doc.doc.games.length, 3);

  // Change things: delete two games, open the other.
  await page.getByRole('button', { name: 'Delete New game (copy)' }).tap();
  await page.getByRole('button', { name: `Delete ${DEMO}` }).tap();
  assert.deepEqual(await cardNames(page), ['New game']);
  await settle(page);
  const changed = await stored(page);

  // Cancelling the restore changes nothing.
  await page.getByLabel('Restore a backup').setInputFiles(await backup.path());
  await page.getByRole('alertdialog', { name: 'Restore the backup' }).getByText('The 1 games saved now are replaced').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).tap();
  assert.equal(await page.getByRole('alertdialog').count(), 0);
  await settle(page);
  assert.equal(await stored(page), changed);

  await page.getByLabel('Restore a backup').setInputFiles(await backup.path());
  await page.getByRole('button', { name: 'Replace everything' }).tap();
  await page.getByRole('status').filter({ hasText: 'Restored the backup: 3 games.' }).waitFor();
  assert.deepEqual(await cardNames(page), names);
  await card(page, DEMO).getByText('Open now').waitFor();
  await settle(page);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Saved games' }).waitFor();
  assert.deepEqual(await cardNames(page), names);
  await card(page, DEMO).getByText('Open now').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('the print route renders the roster as an order sheet and prints it', async () => {
  const { context, page, problems } = await phone(app.browser);
  await context.addInitScript(() => {
    window.__printed = 0;
    window.print = () => {
      window.__printed++;
    };
  });
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await card(page, DEMO).getByText('Open now').waitFor();
  await page.getByRole('link', { name: 'Roster and order sheet' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Roster and order sheet' }).waitFor();
  const union = page.getByRole('region', { name: 'Union: roster and orders' });
  const table = union.getByRole('table', { name: /Union roster and order sheet/ });
  const headers = await table.getByRole('columnheader').allInnerTexts();
  assert.deepEqual(headers.slice(0, 4), ['Regiment or section', 'BMP', 'Figures', 'Weapon']);
  assert.ok(headers.includes('T1') && headers.includes('T8'), headers.join());
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /6th Wisconsin/ }) });
  const cells = await row.getByRole('cell').allInnerTexts();
  // Elite infantry: BMP 2 (Table 5); 17 figures laid out 3-4-3-4-3; rifle-muskets; empty order cells.
  assert.match(cells[0], /^2\b/);
  assert.equal(cells[1], '17 (3-4-3-4-3)');
  assert.equal(cells[2], 'Rifle-musket');
  assert.ok(cells.slice(3).every((c) => c.trim() === ''));
  // Ten regiments and Hall's two gun sections, under the header row.
  assert.equal(await table.getByRole('row').count(), 13);
  const guns = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Hall, right section/ }) });
  assert.match((await guns.getByRole('cell').allInnerTexts())[0], /^\d+\/\d+\/\d+/);
  // The side's officers, with what each commands.
  const officers = union.getByRole('table', { name: 'Union officers' });
  const meredith = officers.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Solomon Meredith/ }) });
  assert.deepEqual(await meredith.getByRole('cell').allInnerTexts(), ['Brigade commander', 'Iron Brigade', 'unhurt']);
  await page.getByRole('region', { name: 'Confederate: roster and orders' }).getByRole('rowheader', { name: /1st Tennessee/ }).waitFor();

  await page.getByRole('button', { name: 'Print roster and order sheet' }).tap();
  assert.equal(await page.evaluate(() => window.__printed), 1);
  // In print the bar, the buttons and the banners go; each side is its own page.
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
  assert.equal(await page.getByRole('button', { name: 'Print roster and order sheet' }).isVisible(), false);
  const breakAfter = await union.evaluate((e) => getComputedStyle(e).breakAfter);
  assert.equal(breakAfter, 'page');
  // At the printable width of an A4 or Letter page (about 700 CSS px inside the margins), the
  // sheet fits: the T8 column is not cut off.
  await page.setViewportSize({ width: 700, height: 1000 });
  const fits = await table.evaluate((t) => t.getBoundingClientRect().right <= document.documentElement.clientWidth + 1);
  assert.ok(fits, 'the order sheet is wider than the printed page');
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('the Saved games screen keeps 48 px targets and does not scroll sideways', async () => {
  const { context, page } = await phone(app.browser, { viewport: { width: 360, height: 740 } });
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await card(page, DEMO).getByText('Open now').waitFor();
  const targets = page.locator('.screen button, .screen a.button, .screen label.button');
  const n = await targets.count();
  assert.ok(n >= 15);
  for (let i = 0; i < n; i++) {
    // What a closed "Paste …" box holds is not shown (and not tappable) until it is opened.
    if (!(await targets.nth(i).isVisible())) continue;
    const box = await targets.nth(i).boundingBox();
    const label = (await targets.nth(i).innerText()).trim();
    assert.ok(box.height >= 48 && box.width >= 48, `${label}: ${box.width}x${box.height}`);
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  assert.equal(overflow, false, 'the page scrolls sideways');
  await context.close();
});

test('an army list copied as text on one phone is pasted into a game on another', async () => {
  const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
  const { context, page, problems } = await phone(app.browser, clipboard);
  await games(page);
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await card(page, DEMO).getByText('Open now').waitFor();
  await page.getByRole('button', { name: 'Copy the Confederate army list as text' }).tap();
  await page.getByText('Copied the Confederate army list as text').waitFor();
  const text = await page.evaluate(() => navigator.clipboard.readText());

  const other = await phone(app.browser, clipboard);
  await games(other.page);
  await other.page.getByText('Paste an army list or game', { exact: true }).first().tap();
  const box = other.page.getByRole('textbox', { name: 'Paste an army list or game' });
  // Nonsense is refused with its reason, and nothing changes.
  await box.fill('not an army list');
  await other.page.getByRole('button', { name: 'Import the pasted text' }).tap();
  await other.page.getByText(/Not imported\..*Nothing saved was changed\./).waitFor();
  await box.fill(text);
  await other.page.getByRole('button', { name: 'Import the pasted text' }).tap();
  await other.page.getByRole('button', { name: 'Load for the Confederates' }).tap();
  await other.page.getByText('Loaded the army list for the Confederates.').waitFor();
  await settle(other.page);
  await openApp(other.page, app.server.url, 'roster');
  await other.page.getByRole('button', { name: 'Confederate' }).tap();
  await other.page.getByRole('article', { name: '1st Tennessee' }).waitFor();
  assert.deepEqual(problems.errors, []);
  assert.deepEqual(other.problems.errors, []);
  await other.context.close();
  await context.close();
});

test('a Line of Battle game beside a Johnny Reb one: its own Game area, renamed, exported and imported, kept across a reload', async () => {
  const { context, page, problems } = await phone(app.browser);
  await games(page);
  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  await page.getByRole('button', { name: /^Line of Battle \(Last Chance for Victory\)/ }).tap();
  await page.getByRole('status').filter({ hasText: 'A new game is open.' }).waitFor();
  await card(page, 'New game').nth(1).getByText('Open now').waitFor();
  await card(page, 'New game').nth(1).getByText(/Line of Battle/).waitFor();

  // Renamed through its own session: undone on its Game area like any change.
  await page.locator('.game-card').nth(1).getByRole('button', { name: 'Rename' }).tap();
  await page.getByLabel('New name for “New game”').fill('Gettysburg, first day');
  await page.getByRole('button', { name: 'Save name' }).tap();
  await card(page, 'Gettysburg, first day').getByText('Open now').waitFor();

  // Its Game area, not Johnny Reb's: the bottom bar has no Orders or Roster of Johnny Reb's.
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Game' }).waitFor();
  await page.getByText('Gettysburg, first day', { exact: true }).waitFor();
  const bar = page.getByRole('navigation', { name: 'Main' });
  assert.equal(await bar.getByRole('link', { name: 'Resolve', exact: true }).count(), 0);
  await page.getByText('Turn 1, day 1').waitFor();
  const phaseBefore = await page.locator('.turn-card .phase').innerText();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.waitForFunction((p) => document.querySelector('.turn-card .phase')?.innerText !== p, phaseBefore);
  const phaseAfter = await page.locator('.turn-card .phase').innerText();
  await page.getByRole('button', { name: 'Undo' }).tap();
  await page.waitForFunction((p) => document.querySelector('.turn-card .phase')?.innerText === p, phaseBefore);
  await page.getByRole('button', { name: 'Redo' }).tap();
  await page.waitForFunction((p) => document.querySelector('.turn-card .phase')?.innerText === p, phaseAfter);
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  assert.equal(await page.locator('.turn-card .phase').innerText(), phaseAfter, 'the phase survives a reload');

  // Exported as a Line of Battle game file and imported back as a game of its own system.
  await page.getByRole('link', { name: 'Saved games' }).tap();
  const exported = await download(page, 'Export the open game');
  assert.match(exported.suggestedFilename(), /^line-of-battle-game-gettysburg-first-day.*\.json$/);
  const file = JSON.parse(await downloadText(exported));
  assert.equal(file.format, 'line-of-battle/game');
  assert.equal(file.game.system, 'line-of-battle');
  await page.getByLabel('Import a game or army list').setInputFiles(await exported.path());
  await page.getByRole('status').filter({ hasText: 'Imported “Gettysburg, first day (2)” and opened it.' }).waitFor();

  // Back to the Johnny Reb game: its own areas again.
  await card(page, 'New game').getByRole('button', { name: /^Open/ }).tap();
  await card(page, 'New game').getByText('Open now').waitFor();
  await bar.getByRole('link', { name: 'Resolve', exact: true }).waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});
