// Line of Battle's Zero Roll on a phone (4.1d): a Brigade led by a 0-rated Leader under a
// Defensive Order put in force from the scenario (1.7) owes one Zero Roll in its side's
// Activity Phase; the odds on the players' own Zero Roll Table are shown before the die, the
// entered die read and applied, undone, redone and kept across a reload. Every table value
// and Leader rating is made up for the test (lob-play.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, appUnderTest } from './harness.mjs';
import { area, army, dice, formation, madeUpTables, newGame, nextPhase, openUnits, pasteTables, regiments, settle, start } from './lob-play.mjs';

const app = appUnderTest();

/** The made-up tables with a Zero Roll Table: one die, 2 or less "Half MA", 3 or more "Full MA". */
function withZeroRollTable() {
  const file = JSON.parse(madeUpTables());
  file.tables.push({
    key: 'zero-roll', name: 'Zero Roll Table', rule: '4.1d', dice: 'One',
    columns: [{ label: '', bands: [{ rolls: { low: null, high: 2 }, effects: [{ Other: 'Half MA' }] }, { rolls: { low: 3, high: null }, effects: [{ Other: 'Full MA' }] }] }],
    grid_from_raw: null, grid: [], modifiers: [],
  });
  return JSON.stringify(file);
}

async function leadersScreen(page) {
  await openUnits(page, 'Federal');
  await page.getByRole('link', { name: 'Leaders: promotion, Repls, Zero Rolls' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Leaders' }).waitFor();
}

test('a Zero Roll with its odds before the die, undone and reloaded (4.1d, 1.7)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await start(page, { first: 'Federal', time: '15:00' });
  await army(page, 'Federal', { name: 'Army of the Potomac', commander: 'Meade', command: 3, morale: 2, awareness: 2 });
  await formation(page, 'Army of the Potomac', { echelon: 'Division', name: "Wadsworth's Division", leader: 'Wadsworth', command: 2, morale: 2 });
  // A Zero: 0-3 is still a Zero (4.1d).
  await formation(page, "Wadsworth's Division", { echelon: 'Brigade', name: 'Iron Brigade', leader: 'Meredith', command: 0, morale: 3 });
  await regiments(page, 'Iron Brigade', [{ name: '19th Indiana', weapon: 'R', sps: 6, rating: 'B' }]);
  await pasteTables(page, withZeroRollTable(), '6 tables and the Threshold Values Chart');

  // The scenario's Defensive Order for the Division, in force from the start (1.7).
  await area(page, 'Orders');
  await page.getByRole('button', { name: 'Open the Federal order book' }).tap();
  await page.getByRole('heading', { name: 'Federal order book' }).waitFor();
  await page.locator('summary').getByText('An Order in force from the scenario (1.7)', { exact: true }).tap();
  const form = page.getByRole('form', { name: 'An Order in force from the scenario' });
  await form.getByRole('group', { name: 'Type of Order (13.2)' }).getByRole('button', { name: 'Defensive (13.2c)' }).tap();
  await form.getByLabel('Formation ordered (one main Formation, 13.1c)').selectOption({ label: "Wadsworth's Division (Division)" });
  await form.getByLabel('Receiving Leader').selectOption({ label: 'Wadsworth' });
  await form.getByLabel('Orientation of the Defensive Position (13.2c)').fill('West');
  await form.getByLabel('Front-line').fill('McPherson Ridge');
  await form.getByLabel('Left boundary').fill('the railroad cut');
  await form.getByLabel('Right boundary').fill('Fairfield Road');
  await form.getByRole('button', { name: 'Put the Order in force (1.7)' }).tap();
  const happened = page.getByRole('status', { name: 'What happened' });
  await happened.waitFor();
  await happened.getByRole('button', { name: 'OK' }).tap();
  await page.getByRole('button', { name: 'Close the book' }).first().tap();

  // The Federal Activity Phase: the Zero Roll is due before any unit of the Brigade acts.
  await area(page, 'Game');
  await nextPhase(page, 5);
  assert.match(await page.locator('.turn-card .phase').innerText(), /Activity Phase: Movement & Combat/);
  await leadersScreen(page);
  const card = page.getByRole('article', { name: 'Zero Roll for Iron Brigade' });
  // One die, no modifiers: 2 in 6 for Half MA, 4 in 6 for Full MA, before the die.
  const before = card.getByRole('group', { name: 'Before the roll' });
  await before.getByText('Half MA: 33% (2 in 6)').waitFor();
  await before.getByText('Full MA: 67% (4 in 6)').waitFor();
  await dice(card, 'Zero Roll die', 2);
  const result = card.getByRole('status', { name: 'Zero Roll result' });
  await result.getByText('Iron Brigade Zero Roll 2: Half MA; its units act by Brigade (4.1d)').waitFor();
  await result.getByRole('button', { name: 'Apply the Zero Roll' }).tap();
  await page.getByText('Iron Brigade Zero Roll 2: Half MA; its units act by Brigade (4.1d)').first().waitFor();
  // One roll per Brigade per Activity Phase: no second card.
  await card.waitFor({ state: 'detached' });

  // Undone, the roll is owed again; redone; kept across a reload.
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  await leadersScreen(page);
  await card.getByRole('group', { name: 'Before the roll' }).getByText('Half MA: 33% (2 in 6)').waitFor();
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Redo' }).tap();
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await leadersScreen(page);
  await page.getByRole('heading', { level: 2, name: /^Zero Rolls due/ }).waitFor();
  assert.equal(await card.count(), 0, 'the Zero Roll made is kept across the reload');
  // The phase and the roll's record came back with it.
  await area(page, 'Game');
  assert.match(await page.locator('.turn-card .phase').innerText(), /Activity Phase: Movement & Combat/);
  await page.getByText('Iron Brigade Zero Roll 2: Half MA; its units act by Brigade (4.1d)').first().waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});
