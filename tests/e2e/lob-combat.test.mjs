// Line of Battle's combat assistant on a phone, with the dice thrown on the table and the
// players' own tables pasted (every value made up for the test, lob-play.mjs): a fire with
// its modifiers named by rule, its Combat Table result applied with Loss Distribution (9.3,
// 9.4a) and the Morale Check it left due (9.4, 10.1); a Charge through its steps, kept in the
// game across a reload (11.1: Closing Roll, Opening Volley with the Target's automatic loss,
// the Target's Morale Check with the Charge Modifier, the results); then undone step by step
// from the Game area and redone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, appUnderTest } from './harness.mjs';
import { area, army, dice, formation, madeUpTables, newGame, nextPhase, openUnits, pasteTables, regiments, settle, start } from './lob-play.mjs';

const app = appUnderTest();

async function stack(page, legend, brigade, unit) {
  const picker = page.getByRole('group', { name: legend, exact: true });
  await picker.getByLabel('Brigade').selectOption({ label: brigade });
  await picker.getByRole('button', { name: unit }).tap();
}

async function unitState(page, side, name) {
  await openUnits(page, side);
  return page.getByRole('article', { name, exact: true });
}

test('a fire and a charge with entered dice and the players\' tables, then undone (9, 10, 11)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await start(page, { first: 'Confederate', time: '15:00' });
  // No Leader's value is guessed: the form asks for them from his counter (4.1).
  await openUnits(page, 'Confederate');
  const armyForm = page.getByRole('form', { name: 'The Confederate Army' });
  await armyForm.getByLabel('Army name').fill('Army of Northern Virginia');
  await armyForm.getByLabel('Army Commander').fill('Lee');
  assert.equal(await armyForm.locator('[aria-pressed="true"]').count(), 0);
  // Nor the Army Commander's Awareness: it is on the players' Order Delivery Chart (13.3a).
  assert.equal(await armyForm.getByLabel(/^Awareness in turns/).inputValue(), '');
  await armyForm.getByRole('button', { name: 'Add the Army' }).tap();
  await armyForm.getByRole('alert').getByText("Enter the Army Commander's Awareness in turns, from your Order Delivery Chart (13.3a).").waitFor();
  await armyForm.getByLabel(/^Awareness in turns/).fill('1');
  await armyForm.getByRole('button', { name: 'Add the Army' }).tap();
  await armyForm.getByRole('alert').getByText("Tap the Leader's Command Value and Morale Value, as on his counter (4.1).").waitFor();
  await army(page, 'Confederate', { name: 'Army of Northern Virginia', commander: 'Lee', command: 3, morale: 3, awareness: 1 });
  await formation(page, 'Army of Northern Virginia', { echelon: 'Division', name: "Heth's Division", leader: 'Heth', command: 2, morale: 2 });
  await formation(page, "Heth's Division", { echelon: 'Brigade', name: "Archer's Brigade", leader: 'Archer', command: 2, morale: 1 });
  await regiments(page, "Archer's Brigade", [
    { name: '1st Tennessee', weapon: 'R', sps: 7, rating: 'A' },
    { name: '7th Tennessee' },
    { name: '14th Tennessee', sps: 5 },
  ]);
  await army(page, 'Federal', { name: 'Army of the Potomac', commander: 'Meade', command: 3, morale: 2, awareness: 2 });
  await formation(page, 'Army of the Potomac', { echelon: 'Division', name: "Wadsworth's Division", leader: 'Wadsworth', command: 2, morale: 2 });
  await formation(page, "Wadsworth's Division", { echelon: 'Brigade', name: 'Iron Brigade', leader: 'Meredith', command: 2, morale: 3 });
  await regiments(page, 'Iron Brigade', [
    { name: '19th Indiana', weapon: 'R', sps: 6, rating: 'B' },
    { name: '7th Indiana', sps: 4 },
  ]);
  await pasteTables(page, madeUpTables(), '5 tables and the Threshold Values Chart');
  // The chart came in with the tables (9.3): its row is in the list.
  await page.getByRole('link', { name: /Threshold Values Chart \(9\.3\) 1 row/ }).waitFor();

  // The Confederate Activity Phase: Movement & Combat.
  await area(page, 'Game');
  await nextPhase(page, 5);
  assert.match(await page.locator('.turn-card .phase').innerText(), /Activity Phase: Movement & Combat/);

  // Fire: the 1st Tennessee, 7 SPs, at the 19th Indiana two hexes away.
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Fire/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Fire' }).waitFor();
  await stack(page, 'The Firing Stack', "Archer's Brigade", '1st Tennessee (7 SP)');
  await page.getByText('SPs fired: 7 of 8 at most (9.1b, 9.1c)').waitFor();
  await stack(page, 'The Target Stack', 'Iron Brigade', '19th Indiana');
  // 1.8: the Target's current Strength is not shown to the Firing player.
  assert.equal(await page.getByRole('group', { name: 'The Target Stack', exact: true }).getByText(/SP\)/).count(), 0);
  // Every modifier with its rule: 6 MPs remaining (+1), 7 Firing SPs (+1), Range 2 (+0).
  const used = page.locator('.modifiers-used');
  await used.getByText('Firer MPs Remaining 6 (9.1e): +1').waitFor();
  await used.getByText('Number of Firing SPs 7 (9.3): +1').waitFor();
  await used.getByText('Range 2 (9.3): +0').waitFor();
  // A loss on a modified 8 or more, or any raw 9 or more (the grid): 26 in 36.
  await page.getByText('A loss: 72% (26 in 36)').waitFor();
  await dice(page, 'Fire die', 4, 3);
  const result = page.getByRole('status', { name: 'Result' });
  await result.getByText('Combat Table: 7 +2 = 9: 1 SP loss, Morale Check (M)').waitFor();
  await result.getByText('Apply the loss, with Loss Distribution (9.4a)').waitFor();
  await result.getByRole('button', { name: 'Apply the result' }).tap();
  const fired = page.getByRole('status', { name: 'Fire applied' });
  await fired.getByText('19th Indiana loses 1 SP, 5 left').waitFor();
  await fired.getByText('The Firing units are Finished (9.1a)').waitFor();

  // What it left due, in 9.4's order: the Target's Morale Check. Rated B (+0): 4 + 4 = 8,
  // Shaken.
  const due = page.getByRole('article', { name: 'Morale Check for 19th Indiana: two dice on the Morale Table' });
  // The players' Morale Table holds only modifiers the game adds itself (the Stack's Morale
  // Rating A to F, 10.1; Wrecked; Limited Defense Status; the Charge Modifier): none is offered.
  await due.getByRole('checkbox', { name: /^Adjacent to the Firing Stack/ }).waitFor();
  assert.equal(await due.getByRole('group', { name: 'Other modifiers that apply' }).count(), 0);
  assert.equal(await due.getByRole('checkbox', { name: /^Morale Rating/ }).count(), 0);
  await dice(due, 'Morale die', 4, 4);
  const morale = due.getByRole('status', { name: 'Morale result' });
  await morale.getByText('Morale Table: 8 +0 = 8: Shaken').waitFor();
  await morale.getByRole('button', { name: 'Apply to the Stack' }).tap();
  await page.getByRole('status', { name: 'Settled' }).getByText('The Stack is now Shaken (10.2)').waitFor();
  await page.getByText('Nothing is due.').waitFor();

  // The 1st Tennessee has fired: it is Finished and cannot Charge (9.1a, 11.2).
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Charge/ }).tap();
  await stack(page, 'The Charging Stack: Line Infantry or Mounted Cavalry', "Archer's Brigade", '1st Tennessee (7 SP)');
  await stack(page, 'The Target Stack', 'Iron Brigade', '7th Indiana');
  await page.getByRole('button', { name: 'Declare the Charge' }).tap();
  await page.getByRole('alert').filter({ hasText: 'a Finished Stack cannot Charge' }).waitFor();

  // A Charge: the 7th Tennessee (7 SPs) at the 7th Indiana (4 SPs).
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Charge/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Charge' }).waitFor();
  await stack(page, 'The Charging Stack: Line Infantry or Mounted Cavalry', "Archer's Brigade", '7th Tennessee (7 SP)');
  await stack(page, 'The Target Stack', 'Iron Brigade', '7th Indiana');
  await page.getByRole('button', { name: 'Declare the Charge' }).tap();
  const now = page.getByRole('status', { name: 'The Charge now' });
  await now.getByText('7th Tennessee (7 SPs) Charging 7th Indiana (4 SPs): b) The Charge Closing Roll').waitFor();
  // b) One die plus 2 for the A rating against 5: 4 in 6.
  await page.getByText('The Charge closes: 67% (4 in 6)').waitFor();
  await dice(page, 'Closing die', 3);
  await page.getByRole('button', { name: 'Roll the Closing Roll' }).tap();
  await page.getByText('Charge Closing Roll 5: the Charge goes in').waitFor();
  // The Charge is kept in the game: a reload comes back to its step.
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await now.getByText('7th Tennessee (7 SPs) Charging 7th Indiana (4 SPs): c) The Opening Volley').waitFor();
  // c) The 7th Indiana's Opening Volley at Charge Range (+2): 5 + 2 = 7, 1 SP; e) the Charging
  // Stack keeps 6 SPs, 4 or more: the Target loses 1 SP (11.3a).
  await stack(page, 'The Opening Volley Stack', 'Iron Brigade', '7th Indiana (4 SP)');
  await dice(page, 'Opening Volley die', 5);
  await page.getByRole('button', { name: 'Roll the Opening Volley' }).tap();
  await page.getByText('Opening Volley: 5 +2 = 7: 1 SP').waitFor();
  await page.getByText('7th Tennessee loses 1 SP, 6 left').waitFor();
  await page.getByText('7th Indiana loses 1 SP, 3 left').waitFor();
  // f) 6 against 3: the players' chart gives "Bigger" (+2); rated B (+0): 5 + 3 + 2 = 10,
  // Disorganized, Retreat 1, Cowardly Legs.
  await page.getByText('SPs capable of Firing: the Charging Stack 6, the Target 3.').waitFor();
  await page.getByLabel('The Charge Modifier your chart gives for that differential').selectOption('Charge: Bigger');
  await dice(page, 'Morale die', 5, 3);
  const check = page.getByRole('status', { name: 'Morale result' });
  await check.getByText('Morale Table: 8 +2 = 10: Disorganized, Retreat 1 hex, Cowardly Legs').waitFor();
  await check.getByRole('button', { name: 'Apply to the Target' }).tap();
  await page.getByText('The Stack is now Disorganized (10.2)').waitFor();
  // The Retreat it calls for is one tap away, from a Charge (10.3d: guns would be overrun).
  const toRetreat = page.getByRole('link', { name: 'Retreat the Stack (10.3)' });
  assert.match(await toRetreat.getAttribute('href'), /^\/combat\/retreat\?units=7th%20Indiana&charge=1$/);
  // g) The Target retreated: the Charging Stack advances (11.3c).
  await page.getByRole('button', { name: 'No: the hex is empty' }).tap();
  await page.getByText(/Advance into the Target hex at normal MP cost, Cowardly Legs on top/).waitFor();
  await page.getByText('This Charge is over (11.1)').waitFor();

  // What the game now says; Undo takes back the results (the Charge is at g) again), then
  // the Morale Check; Redo puts both back.
  let card = await unitState(page, 'Federal', '7th Indiana');
  await card.getByText('3 of 4 SP').waitFor();
  assert.equal(await card.getByRole('button', { name: 'Disorganized' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await (await unitState(page, 'Confederate', '7th Tennessee')).getByText('6 of 7 SP').count(), 1);
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Charge/ }).tap();
  await page.getByRole('heading', { level: 2, name: 'g) Charge Results (11.3c, 11.4d)' }).waitFor();
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  card = await unitState(page, 'Federal', '7th Indiana');
  assert.equal(await card.getByRole('button', { name: 'Normal' }).getAttribute('aria-pressed'), 'true');
  await card.getByText('3 of 4 SP').waitFor();
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Redo' }).tap();
  await page.getByRole('button', { name: 'Redo' }).tap();
  card = await unitState(page, 'Federal', '7th Indiana');
  assert.equal(await card.getByRole('button', { name: 'Disorganized' }).getAttribute('aria-pressed'), 'true');
  // Across a reload.
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  card = await unitState(page, 'Federal', '7th Indiana');
  await card.getByText('3 of 4 SP').waitFor();
  assert.equal(await card.getByRole('button', { name: 'Disorganized' }).getAttribute('aria-pressed'), 'true');
  assert.deepEqual(problems.errors, []);
  await context.close();
});
