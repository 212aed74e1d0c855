// The Tables area on a phone: every table listed, Table 10 with its printed values and their
// provenance, a missing value entered from the Tables Card, kept across a reload, reset, and
// the entries exported and imported as a table set; a malformed file refused with its reason.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phone, openApp, downloadText, settle } from './harness.mjs';
import { appUnderTest, result, demo, resolver, dice } from './play.mjs';

const app = appUnderTest();

const cell = (page, name) => page.getByRole('button', { name: new RegExp(`^${name}:`) });

async function openTable10(page) {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Tables' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Tables' }).waitFor();
  await page.getByRole('link', { name: /Table 10\s*Combat Results/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Table 10: Combat Results' }).waitFor();
}

test('Table 10: printed values with provenance, a missing value entered, kept, and reset', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await openTable10(page);

  // Printed and rule-text values say where they come from, in words.
  assert.equal(await cell(page, 'Row 100\\+, roll 2').getAttribute('aria-label'), 'Row 100+, roll 2: 5, printed');
  assert.equal(await cell(page, 'Row 30, roll 9').getAttribute('aria-label'), 'Row 30, roll 9: 7, rule text 4.2.4');
  assert.equal(await cell(page, 'Row 80, roll 9').getAttribute('aria-label'), 'Row 80, roll 9: ?, missing');

  // The wide grid scrolls in its own box; the page does not.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > screen.width || window.innerWidth > screen.width);
  assert.equal(overflow, false, 'the page scrolls sideways');
  const box = page.getByRole('region', { name: /Kills by strength row/ });
  assert.ok(await box.evaluate((e) => e.scrollWidth > e.clientWidth), 'the grid scrolls inside its box');

  // Enter a missing value: numeric keyboard, Next moves on to the following missing cell.
  await cell(page, 'Row 80, roll 9').tap();
  const input = page.getByRole('textbox', { name: 'Value from your card' });
  assert.equal(await input.getAttribute('inputmode'), 'numeric');
  await input.fill('lots');
  await input.press('Enter');
  await page.getByRole('alert').filter({ hasText: 'Not saved' }).waitFor();
  assert.equal(await cell(page, 'Row 80, roll 9').getAttribute('aria-label'), 'Row 80, roll 9: ?, missing');
  await input.fill('11');
  await input.press('Enter');
  await page.getByText('Saved Row 80, roll 9.').waitFor();
  await page.locator('.editor-cell', { hasText: 'Row 80, roll 10' }).waitFor();
  assert.equal(await cell(page, 'Row 80, roll 9').getAttribute('aria-label'), 'Row 80, roll 9: 11, entered by players');

  // Kept across a reload.
  await settle(page);
  await openApp(page, app.server.url, 'tables?t=10');
  assert.equal(await cell(page, 'Row 80, roll 9').getAttribute('aria-label'), 'Row 80, roll 9: 11, entered by players');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('johnny-reb')).systems['johnny-reb'].table_entries);
  assert.deepEqual(stored, [{ table: 'Table 10', row: 'row 80', column: 'roll 9', entered: { Value: [11, 1] } }]);

  // Changed, then reset.
  await cell(page, 'Row 80, roll 9').tap();
  assert.equal(await input.inputValue(), '11');
  await page.getByRole('button', { name: 'Reset', exact: true }).tap();
  await page.getByText(/Reset Row 80, roll 9/).waitFor();
  assert.equal(await cell(page, 'Row 80, roll 9').getAttribute('aria-label'), 'Row 80, roll 9: ?, missing');
  await settle(page);
  await openApp(page, app.server.url, 'tables?t=10');
  assert.equal(await cell(page, 'Row 80, roll 9').getAttribute('aria-label'), 'Row 80, roll 9: ?, missing');

  assert.deepEqual(problems.errors, []);
  assert.deepEqual(problems.foreign, []);
  await context.close();
});

test('the entries are exported and imported as a table set; a malformed file is refused', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'tables?t=10');
  await cell(page, 'Row 80, roll 10').tap();
  const input = page.getByRole('textbox', { name: 'Value from your card' });
  await input.fill('12');
  await input.press('Enter');
  await page.getByText('Saved Row 80, roll 10.').waitFor();

  await page.getByRole('link', { name: 'All tables' }).tap();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export the table set' }).tap(),
  ]);
  const text = await downloadText(download);
  const set = JSON.parse(text);
  assert.equal(set.format, 'johnny-reb-table-set');
  assert.deepEqual(set.entries, [{ table: 'Table 10', row: 'row 80', column: 'roll 10', value: '12' }]);

  // On a second phone with nothing entered, import the file.
  const other = await phone(app.browser);
  await openApp(other.page, app.server.url, 'tables');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jr-tables-'));
  const good = path.join(dir, 'table-set.json');
  fs.writeFileSync(good, text);
  await other.page.locator('#table-set-file').setInputFiles(good);
  await other.page.getByRole('status').filter({ hasText: 'Imported 1 entry from' }).waitFor();
  await other.page.getByRole('link', { name: /Table 10\s*Combat Results/ }).tap();
  assert.equal(await cell(other.page, 'Row 80, roll 10').getAttribute('aria-label'), 'Row 80, roll 10: 12, entered by players');

  // A malformed file: refused with what is wrong, nothing changed.
  await other.page.getByRole('link', { name: 'All tables' }).tap();
  const bad = path.join(dir, 'bad.json');
  fs.writeFileSync(bad, JSON.stringify({ ...set, entries: [{ table: 'Table 99', row: 'row 1', column: 'roll 2', value: '3' }] }));
  await other.page.locator('#table-set-file').setInputFiles(bad);
  await other.page.getByRole('alert').filter({ hasText: 'Nothing was imported. Entry 1 names "Table 99"' }).waitFor();
  const broken = path.join(dir, 'broken.json');
  fs.writeFileSync(broken, '{"format": "johnny-reb-table-set", ');
  await other.page.locator('#table-set-file').setInputFiles(broken);
  await other.page.getByRole('alert').filter({ hasText: 'not readable JSON' }).waitFor();
  await other.page.getByRole('link', { name: /Table 10\s*Combat Results/ }).tap();
  assert.equal(await cell(other.page, 'Row 80, roll 10').getAttribute('aria-label'), 'Row 80, roll 10: 12, entered by players');

  assert.deepEqual(problems.errors, []);
  assert.deepEqual(other.problems.errors, []);
  await other.context.close();
  await context.close();
});

test('every table opens without widening the page, and its touch targets are at least 48 px', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'tables');
  const links = page.locator('.table-list a');
  // The Tables screen is a chunk of its own: count once it is drawn.
  await links.first().waitFor();
  assert.equal(await links.count(), 24);
  const ids = [...Array(20).keys()].map((i) => String(i + 1)).concat(['a', 'b', 'c', 'd']);
  for (const id of ids) {
    await openApp(page, app.server.url, `tables?t=${id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > screen.width || window.innerWidth > screen.width);
    assert.equal(overflow, false, `table ${id}: the page scrolls sideways`);
    const targets = page.locator('main button, main a');
    const n = await targets.count();
    for (let i = 0; i < Math.min(n, 40); i++) {
      const b = await targets.nth(i).boundingBox();
      if (!b) continue;
      assert.ok(b.height >= 48 && b.width >= 48, `table ${id}, ${await targets.nth(i).getAttribute('aria-label')}: ${b.width}x${b.height}`);
    }
  }
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a table set is copied as text on one phone and pasted on another; pasted nonsense is refused', async () => {
  const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
  const { context, page, problems } = await phone(app.browser, clipboard);
  await openApp(page, app.server.url, 'tables?t=10');
  await cell(page, 'Row 80, roll 10').tap();
  const input = page.getByRole('textbox', { name: 'Value from your card' });
  await input.fill('12');
  await input.press('Enter');
  await page.getByText('Saved Row 80, roll 10.').waitFor();
  await page.getByRole('link', { name: 'All tables' }).tap();
  await page.getByRole('button', { name: 'Copy the table set as text' }).tap();
  await page.getByRole('status').filter({ hasText: 'Copied 1 entry as text' }).waitFor();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(JSON.parse(text).format, 'johnny-reb-table-set');

  const other = await phone(app.browser, clipboard);
  await openApp(other.page, app.server.url, 'tables');
  await other.page.getByText('Paste a table set', { exact: true }).first().tap();
  const box = other.page.getByRole('textbox', { name: 'Paste a table set' });
  await box.fill('{"format": "johnny-reb-table-set", ');
  await other.page.getByRole('button', { name: 'Import the pasted table set' }).tap();
  await other.page.getByRole('alert').filter({ hasText: 'Nothing was imported.' }).waitFor();
  // What was typed stays in the box after a refusal, to be corrected.
  assert.notEqual(await box.inputValue(), '');
  await box.fill(text);
  await other.page.getByRole('button', { name: 'Import the pasted table set' }).tap();
  await other.page.getByRole('status').filter({ hasText: 'Imported 1 entry from the pasted text.' }).waitFor();
  await other.page.getByRole('link', { name: /Table 10\s*Combat Results/ }).tap();
  assert.equal(await cell(other.page, 'Row 80, roll 10').getAttribute('aria-label'), 'Row 80, roll 10: 12, entered by players');
  assert.deepEqual(problems.errors, []);
  assert.deepEqual(other.problems.errors, []);
  await other.context.close();
  await context.close();
});

// Issue 16: the Tables Card entered once, before the game, in one guided place: Table 10 as
// one grid in the card's layout with the rows and cells the text names filled in, the row
// count's range said before it is typed, every cell checked as typed, the progress moving,
// and the set taken in by a second phone in one paste; a fire there then asks nothing.
test('table_10 guided grid: progress, a refused cell, the set pasted on a second phone, a fire that asks nothing', async () => {
  const clipboard = { permissions: ['clipboard-read', 'clipboard-write'] };
  const { context, page, problems } = await phone(app.browser, clipboard);
  await openApp(page, app.server.url);
  // The first start offers it among its ways in.
  await page.getByRole('region', { name: 'Start here' }).getByRole('link', { name: 'Enter your Tables Card (Table 10: 0 of at least 37 cells)' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Enter your Tables Card' }).waitFor();
  const progress = page.getByRole('status', { name: 'Progress on Table 10' });
  await progress.getByText('0 of at least 37 cells').waitFor();

  // What the text gives is shown, marked, not typed: row 100+ roll 2 (printed), row 30 roll 9 (4.2.4).
  const grid = page.getByRole('region', { name: /Kills by strength row/ });
  const cellText = (row, roll) => grid.locator('tbody tr').nth(row).locator('td').nth(roll - 2).textContent();
  assert.equal(await cellText(0, 2), '5P, printed');
  assert.equal(await cellText(2, 9), '7§4.2.4, rule text 4.2.4');
  assert.equal(await page.getByRole('textbox', { name: 'Row 80, roll 8' }).count(), 0);
  assert.equal(await page.getByRole('textbox', { name: 'Row 30, roll 9' }).count(), 0);
  const heads = await grid.locator('tbody th').allInnerTexts();
  assert.deepEqual(heads.map((h) => h.split(/\s/)[0]), ['100+', '80', '30', '6', '4']);

  // The number of rows: its range is said before it is typed; 3 is refused at once, kept as typed.
  const count = page.getByRole('textbox', { name: 'Strength rows on your card (5 to 100)' });
  assert.equal(await count.getAttribute('inputmode'), 'numeric');
  await count.fill('3');
  await page.getByRole('alert').filter({ hasText: '3 is out of range: this cell takes 5 to 100.' }).waitFor();
  assert.equal(await count.inputValue(), '3');
  assert.equal(await count.getAttribute('aria-invalid'), 'true');
  await count.fill('5');
  await progress.getByText('1 of 37 cells').waitFor();
  assert.equal(await page.getByRole('alert').filter({ hasText: 'out of range' }).count(), 0);

  // A bad kills value: said on the screen, the cell marked, nothing saved.
  const r30 = (roll) => page.getByRole('textbox', { name: `Row 30, roll ${roll}` });
  assert.equal(await r30(7).getAttribute('inputmode'), 'numeric');
  assert.ok(await r30(7).getAttribute('pattern'));
  await r30(7).fill('x');
  await page.getByRole('alert').filter({ hasText: 'Row 30, roll 7:' }).waitFor();
  await progress.getByText('1 of 37 cells').waitFor();
  // Good values move the progress: row 30 as a card might print it.
  const row30 = { 2: 2, 3: 3, 4: 3, 5: 4, 6: 4, 7: 5, 8: 6, 10: 7, 11: 8, 12: 9 };
  for (const [roll, kills] of Object.entries(row30)) {
    await r30(roll).fill(String(kills));
  }
  await progress.getByText('11 of 37 cells').waitFor();
  assert.equal(await page.getByRole('alert').filter({ hasText: 'Row 30, roll 7:' }).count(), 0);

  // On a phone: 48 px cells, the grid scrolling sideways in its box with a cue, the page not.
  const box = await r30(12).boundingBox();
  assert.ok(box.width >= 48 && box.height >= 48, `cell ${box.width}x${box.height}`);
  assert.ok(await grid.evaluate((e) => e.scrollWidth > e.clientWidth), 'the grid scrolls inside its box');
  await page.getByText('Scroll sideways for every column', { exact: false }).first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > screen.width);
  assert.equal(overflow, false, 'the page scrolls sideways');

  // Kept across a reload; the Tables screen offers the same entry with the whole card's progress.
  await settle(page);
  await openApp(page, app.server.url, 'tables?card=10');
  assert.equal(await r30(7).inputValue(), '5');
  await page.getByRole('status', { name: 'Progress on Table 10' }).getByText('11 of 37 cells').waitFor();

  // The grid's values are the table set: copied at the grid's end, pasted on a second phone.
  await page.getByRole('button', { name: 'Copy the table set as text' }).tap();
  await page.getByRole('status').filter({ hasText: 'as text' }).waitFor();
  const text = await page.evaluate(() => navigator.clipboard.readText());
  const set = JSON.parse(text);
  assert.ok(set.entries.some((e) => e.row === 'row 30' && e.column === 'roll 7' && e.value === '5'));
  assert.ok(set.entries.some((e) => e.row === 'row list' && e.column === 'row 3' && e.value === '30'));

  const other = await phone(app.browser, clipboard);
  await openApp(other.page, app.server.url, 'tables');
  await other.page.getByRole('link', { name: /^Enter your Tables Card \(/ }).waitFor();
  await other.page.getByText('Paste a table set', { exact: true }).first().tap();
  await other.page.getByRole('textbox', { name: 'Paste a table set' }).fill(text);
  await other.page.getByRole('button', { name: 'Import the pasted table set' }).tap();
  await other.page.getByRole('status').filter({ hasText: 'from the pasted text.' }).waitFor();

  // A fire below strength 80 there: row 30 (4.2.2: the lower row), roll 7, no question asked.
  await demo(other.page, app.server.url);
  await resolver(other.page, 'Small arms fire');
  await other.page.getByLabel('Figures firing').fill('40');
  await other.page.getByText('= strength 40', { exact: false }).waitFor();
  await dice(other.page, 3, 4);
  await result(other.page).getByText('Table 10: row 30, roll 7: 5 kills', { exact: false }).waitFor();
  assert.equal(await other.page.getByRole('form', { name: 'Missing table value' }).count(), 0);

  assert.deepEqual(problems.errors, []);
  assert.deepEqual(other.problems.errors, []);
  await other.context.close();
  await context.close();
});

test('table_12 guided grid: the saves the rules state shown, a missing save checked as typed (0 to 6) and counted', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'tables?card=12');
  await page.getByRole('heading', { level: 2, name: 'Table 12: Saving Rolls' }).waitFor();
  const progress = page.getByRole('status', { name: 'Progress on Table 12' });
  const before = await progress.innerText();
  const [done, total] = before.match(/(\d+) of (\d+) cells/).slice(1).map(Number);
  assert.equal(done, 0);
  // 9.1.1: a wood fence saves on 1, stated by the rules: shown, not typed.
  await page.locator('.cell.rule', { hasText: '9.1.1' }).first().waitFor();
  const input = page.locator('input.cell-input').first();
  const name = await input.getAttribute('aria-label');
  assert.equal(await input.getAttribute('inputmode'), 'numeric');
  await input.fill('7');
  await page.getByRole('alert').filter({ hasText: `${name}: 7 is out of range: this cell takes 0 to 6.` }).waitFor();
  await input.fill('2');
  await progress.getByText(`1 of ${total} cells`).waitFor();
  // The whole card's progress counts it too, and Next leads on through the tables.
  await page.getByRole('status', { name: 'Progress on the whole card' }).getByText(/^1 of at least \d+ cells/).waitFor();
  await page.getByRole('link', { name: /^Next: Table 13/ }).tap();
  await page.getByRole('heading', { level: 2, name: 'Table 13: Artillery Information' }).waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});
