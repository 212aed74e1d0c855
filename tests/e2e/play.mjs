// What a player does on every resolver screen, shared by the end-to-end tests: go to an area,
// open the demo game, open a resolver, tap a toggle, enter the dice thrown on the table, read
// the result card, apply it and undo it; and what the test files share around that: the app
// served with a browser, a demo game whose stored document a test changes first, and a TEST
// table set standing for the players' entries of Table 10.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApp, settle } from './harness.mjs';

export { settle, appUnderTest } from './harness.mjs';
export const main = (page) => page.getByRole('navigation', { name: 'Main' });
export const result = (page) => page.getByRole('status', { name: 'Result' });
export const toggle = (page, legend, label) =>
  page.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: label, exact: true }).tap();

export async function area(page, name) {
  await main(page).getByRole('link', { name, exact: true }).tap();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Opens the demo game from Saved games; with `tableSet` (a file), imports it on the Tables
 *  screen; then goes to the Resolve area. */
export async function demo(page, url, { tableSet = null } = {}) {
  await openApp(page, url);
  await page.getByRole('link', { name: 'Saved games' }).tap();
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  if (tableSet) {
    await main(page).getByRole('link', { name: 'Tables' }).tap();
    await page.locator('#table-set-file').setInputFiles(tableSet);
    await page.getByText(/^Imported \d+ entries/).waitFor();
  }
  await area(page, 'Resolve');
}

/** An order as the stored document keeps it, marked in good morale. */
export const storedOrder = (unit, side, kind, extra = {}) => ({ unit, side, kind, morale_when_marked: 'Good', ...extra });

/** Opens the demo game on the Game screen, lets `edit(doc, game)` change its stored document
 *  (the whole document and the open game in it), and opens the app again on it. */
export async function editedDemo(page, url, edit) {
  await openApp(page, url, 'games');
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Game' }).waitFor();
  await settle(page);
  const doc = JSON.parse(await page.evaluate(() => localStorage.getItem('johnny-reb')));
  edit(doc, doc.games.find((g) => g.id === doc.current));
  await page.evaluate((text) => localStorage.setItem('johnny-reb', text), JSON.stringify(doc));
  await openApp(page, url);
}

/** A TEST table set of Table 10 written to a file of its own, its path returned: the row
 *  list of `rows` (top row first) and, for each row of `cells`, its values for rolls 2 to 12
 *  ('NA' for the card's dash). Its numbers are fixtures for the tests, not the card's. */
export function testTableSet(name, rows, cells) {
  const entries = [{ table: 'Table 10', row: 'row list', column: 'number of rows', value: String(rows.length) }];
  rows.forEach((r, i) => {
    if (i > 0) entries.push({ table: 'Table 10', row: 'row list', column: `row ${i + 1}`, value: String(r) });
  });
  for (const [row, values] of Object.entries(cells)) {
    values.forEach((value, i) => entries.push({ table: 'Table 10', row: `row ${row}`, column: `roll ${i + 2}`, value }));
  }
  const dir = fs.mkdtempSync(path.join(process.env.TMPDIR || os.tmpdir(), `${name}-`));
  const file = path.join(dir, 'test-table-set.json');
  fs.writeFileSync(file, JSON.stringify({ format: 'johnny-reb-table-set', version: 1, entries }));
  return file;
}

export async function resolver(page, name) {
  await page.getByRole('navigation', { name: 'Resolvers' }).getByRole('link', { name: new RegExp(`^${name}`) }).tap();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

/** Faces by die: numbers are "Die 1", "Die 2"...; "Name:face" names the die. */
export async function dice(page, ...faces) {
  for (const [i, face] of faces.entries()) {
    const [name, value] = typeof face === 'string' ? face.split(':') : [`Die ${i + 1}`, String(face)];
    await page.getByRole('group', { name, exact: true }).getByRole('button', { name: value, exact: true }).tap();
  }
}

/** Applies the result card's result to the game. */
export async function apply(page) {
  await result(page).getByRole('button', { name: 'Apply to the game' }).tap();
  await result(page).getByText('Applied to the game.').waitFor();
}

/** Undoes the applied result from the card, then applies it again. */
export async function undoAndApplyAgain(page) {
  await result(page).getByRole('button', { name: 'Undo' }).tap();
  await apply(page);
}

/** The game's own Undo, in the Game area. */
export async function undoInGame(page) {
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo', exact: true }).tap();
}
