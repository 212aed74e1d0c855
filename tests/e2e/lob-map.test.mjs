// Line of Battle's map helpers on a phone: the Line of Sight calculator (8.0: the 1-hex case,
// the Easy LOS, the Graph Sheet with a Woods Obstacle, troops along a hexside and a Sudden Dip,
// 8.0c) and the Breastworks markers (5.0a, 5.0c),
// undone and kept across a reload. The elevations are made up for the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, appUnderTest } from './harness.mjs';
import { area, newGame, settle } from './lob-play.mjs';

const app = appUnderTest();

test('a Line of Sight worked from what the map shows, and Breastworks markers (8.0, 5.0)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Line of Sight/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Line of Sight' }).waitFor();
  const verdict = page.getByRole('status', { name: 'Line of Sight' });
  await page.getByLabel('Range in hexes').fill('1');
  await verdict.getByText('adjacent End Points always see each other (8.0)').waitFor();
  // Five hexes, from level 0 up to level 2, Woods on level 1 two hexes out: 1 + 3 = 4 against
  // the Graph Sheet's line at 0.8, truncated to 0 (8.0b): Blocked.
  await page.getByLabel('Range in hexes').fill('5');
  await page.getByLabel("The other End Point's elevation level").fill('2');
  await page.locator('summary').getByText('Add an Obstacle', { exact: true }).tap();
  await page.getByLabel('Hexes from the first End Point').fill('2');
  await page.getByLabel("Its ground's elevation level").fill('1');
  await page.getByRole('group', { name: 'Under the LOS Line (the largest counts, 8.0b)' }).getByRole('button', { name: 'Woods +3' }).tap();
  await page.getByRole('button', { name: 'Add the Obstacle' }).tap();
  await page.getByText('2 hexes out, level 1, Woods').waitFor();
  await verdict.getByText('Blocked', { exact: true }).waitFor();
  await verdict.getByText('Obstacle 1: 2 hexes from the Lower Point, height 4, Blocks').waitFor();
  // At 3 hexes the Easy LOS: the Woods between Block; challenged, the Graph Sheet decides.
  await page.getByLabel('Range in hexes').fill('3');
  await verdict.getByText('Easy LOS: a feature with an LOS Modifier between the End Points Blocks (8.0)').waitFor();
  // 8.0c Along Hexsides: troops on a hexside the line runs along count only between two hexes
  // of Combat Units of the same side.
  await page.getByRole('button', { name: 'Remove: 2 hexes out, level 1, Woods +3' }).tap();
  await page.getByLabel('Hexes from the first End Point').fill('2');
  await page.getByRole('group', { name: 'Under the LOS Line (the largest counts, 8.0b)' }).getByRole('button', { name: 'Troops +1' }).tap();
  await page.getByLabel('The line runs along a hexside there (8.0c Along Hexsides)').check();
  await page.getByRole('button', { name: 'Add the Obstacle' }).tap();
  await page.getByText('2 hexes out, level 1, Troops, along a hexside without the same side on both hexes +0').waitFor();
  await verdict.getByText('Easy LOS: no feature with an LOS Modifier between the End Points (8.0)').waitFor();
  await verdict.getByText('Clear', { exact: true }).waitFor();
  await page.getByRole('button', { name: /^Remove: 2 hexes out, level 1, Troops/ }).tap();
  await page.getByLabel('Hexes from the first End Point').fill('2');
  await page.getByLabel('Both hexes of that hexside hold Combat Units of the same side (the Troop Modifier counts, 8.0c)').check();
  await page.getByRole('button', { name: 'Add the Obstacle' }).tap();
  await page.getByText('2 hexes out, level 1, Troops, along a hexside with the same side on both hexes +1').waitFor();
  await verdict.getByText('Easy LOS: a feature with an LOS Modifier between the End Points Blocks (8.0)').waitFor();
  // 8.0c Sudden Dips: crossed, with an End Point on its downhill side, nothing beyond 1 hex.
  await page.getByLabel('The LOS crosses a Sudden Dip hexside (its corners included)').check();
  await page.getByLabel('An End Point is adjacent to the inside (downhill side) of that hexside').check();
  await verdict.getByText('a Sudden Dip hides what is inside it beyond 1 hex (8.0c)').waitFor();
  await page.getByLabel('Range in hexes').fill('1');
  await verdict.getByText('adjacent End Points always see each other (8.0)').waitFor();
  await page.getByLabel('Range in hexes').fill('3');
  await page.getByLabel('An End Point is adjacent to the inside (downhill side) of that hexside').uncheck();
  await verdict.getByText('Easy LOS: a feature with an LOS Modifier between the End Points Blocks (8.0)').waitFor();

  // Breastworks: the scenario's markers (LCV 1.0a), undone, redone, kept across a reload.
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Breastworks/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Breastworks' }).waitFor();
  await page.getByText('Federal: 0 of 0 markers off the map').waitFor();
  await page.locator('summary').getByText("The scenario's markers (5.0a)", { exact: true }).tap();
  await page.getByRole('button', { name: 'Last Chance for Victory: 15 Federal, none Confederate (LCV 1.0a)' }).tap();
  await page.getByText('Federal: 15 of 15 markers off the map').waitFor();
  // Building needs a Formation under Defensive Orders for 3 hours (5.0b): refused, unchanged.
  await page.getByLabel('Hex', { exact: true }).fill('B14.24');
  await page.getByLabel('The hex holds some Woods (the hex symbol)').check();
  await page.getByRole('button', { name: 'Build the Breastworks' }).tap();
  await page.getByRole('alert').filter({ hasText: 'no Formation' }).waitFor();
  await page.getByText('No Breastworks on the map.').waitFor();
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  await page.getByRole('button', { name: 'Redo' }).tap();
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Breastworks/ }).tap();
  await page.getByText('Federal: 15 of 15 markers off the map').waitFor();
  assert.equal(await page.getByText('Confederate: 0 of 0 markers off the map').count(), 1);
  assert.deepEqual(problems.errors, []);
  await context.close();
});
