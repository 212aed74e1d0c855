// Line of Battle's combat assistant on a phone, with the dice thrown on the table and the
// players' own tables pasted (every value made up for the test, lob-play.mjs): a fire with
// its modifiers named by rule, its Combat Table result applied with Loss Distribution (9.3,
// 9.4a) and the Target's Morale Check (10.1); a Charge through its steps (11.1: Closing Roll,
// Opening Volley, the Target's loss and Morale Check with the Charge Modifier, the results);
// then undone from the Game area.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, phone } from './harness.mjs';
import { area, army, dice, formation, madeUpTables, newGame, nextPhase, pasteTables, regiments, settle, start } from './lob-play.mjs';

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function stack(page, legend, brigade, unit) {
  const picker = page.getByRole('group', { name: legend, exact: true });
  await picker.getByLabel('Brigade').selectOption({ label: brigade });
  await picker.getByRole('button', { name: unit }).tap();
}

async function unitState(page, side, name) {
  await area(page, 'Units');
  await page.getByRole('group', { name: 'Side' }).getByRole('button', { name: side, exact: true }).tap();
  return page.getByRole('article', { name, exact: true });
}

test('a fire and a charge with entered dice and the players\' tables, then undone (9, 10, 11)', async () => {
  const { context, page, problems } = await phone(browser);
  await newGame(page, server.url);
  await start(page, { first: 'Confederate', time: '15:00' });
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
  await pasteTables(page, madeUpTables());

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
  await stack(page, 'The Target Stack', 'Iron Brigade', '19th Indiana (6 SP)');
  // No accepted Order: Limited Defense Status takes the +1 for MPs remaining away (13.2e).
  const used = page.locator('.modifiers-used');
  await used.getByText('Number of Firing SPs 7 (9.3): +1').waitFor();
  await used.getByText('Range 2 (9.3): +0').waitFor();
  assert.equal(await used.getByText(/Firer MPs Remaining/).count(), 0);
  await page.getByText('A loss: 58% (21 in 36)').waitFor();
  await dice(page, 'Fire die', 4, 3);
  const result = page.getByRole('status', { name: 'Result' });
  await result.getByText('Combat Table: 7 +1 = 8: 1 SP loss, Morale Check (M)').waitFor();
  await result.getByText('Apply Loss, with Loss Distribution (9.4a)').waitFor();
  await result.getByRole('button', { name: 'Apply the loss' }).tap();
  await result.getByText('19th Indiana loses 1 SP, 5 left').waitFor();

  // Its Morale Check: rated B (+0), Limited Defense Status (+1, 13.2e): 4 + 4 + 1 = 9, Shaken.
  await result.getByRole('link', { name: 'Morale Check of the Target Stack (10.1)' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Morale Check' }).waitFor();
  await page.getByText('Top first: 19th Indiana').waitFor();
  await dice(page, 'Morale die', 4, 4);
  const morale = page.getByRole('status', { name: 'Morale result' });
  await morale.getByText('Morale Table: 8 +1 = 9: Shaken').waitFor();
  await morale.getByRole('button', { name: 'Apply to the Stack' }).tap();
  await morale.getByText('19th Indiana now Shaken (10.2)').waitFor();

  // A Charge: the 1st Tennessee (6 SPs after nothing yet, 7) at the 7th Indiana (4 SPs).
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Charge/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Charge' }).waitFor();
  await stack(page, 'The Charging Stack: Line Infantry or Mounted Cavalry', "Archer's Brigade", '1st Tennessee (7 SP)');
  await stack(page, 'The Target Stack', 'Iron Brigade', '7th Indiana (4 SP)');
  await page.getByRole('button', { name: 'Declare the Charge' }).tap();
  await page.getByText('a) 1st Tennessee (7 SPs) Charges 7th Indiana (4 SPs).').waitFor();
  // b) The Closing Roll: one die plus 2 for the A rating against 5: 4 in 6.
  await page.getByText('The Charge closes: 67% (4 in 6)').waitFor();
  await dice(page, 'Closing die', 3);
  await page.getByRole('status', { name: 'Closing Roll result' }).getByText('The Closing Roll passes.').waitFor();
  await page.getByRole('button', { name: 'On to the Opening Volley' }).tap();
  // c) The Opening Volley at Charge Range (+2): 5 + 2 = 7, 1 SP to the Charging Stack's top.
  await dice(page, 'Opening Volley die', 5);
  const volley = page.getByRole('status', { name: 'Opening Volley result' });
  await volley.getByText('Opening Volley: 5 +2 = 7: 1 SP loss').waitFor();
  await volley.getByRole('button', { name: 'Apply the 1 SP loss to the top unit' }).tap();
  await page.getByText('Opening Volley: 1 SP lost; the attacking Leaders check for Leader Loss (11.1d).').waitFor();
  // e) 6 SPs left, 4 or more: the Target loses 1 SP (11.3a).
  await page.getByText('The Charging Stack has 6 SPs (4 or more) and does not attack through frontal Breastworks: the Target loses 1 SP.').waitFor();
  await page.getByRole('button', { name: "Take the Target's loss (11.3a)" }).tap();
  await page.getByText(/7th Indiana loses 1 SP, 3 left/).waitFor();
  // f) 6 against 3: the players' chart gives "Bigger" (+2); rated B (+0); Limited Defense
  // Status (+1): 4 + 3 + 3 = 10, Disorganized, Retreat 1, Cowardly Legs.
  await page.getByText('SPs capable of Firing: the Charging Stack 6, the Target 3.').waitFor();
  await page.getByLabel('The Charge Modifier your chart gives for that differential').selectOption('Charge: Bigger');
  await dice(page, 'Morale die', 4, 3);
  const check = page.getByRole('status', { name: 'Morale result' });
  await check.getByText('Morale Table: 7 +3 = 10: Disorganized, Retreat 1 hex, Cowardly Legs').waitFor();
  await check.getByRole('button', { name: 'Apply to the Stack' }).tap();
  await page.getByText(/f\) The Target's Morale Check: 7th Indiana now Disorganized \(10\.2\)/).waitFor();
  // g) The Target retreated: the Charging Stack advances (11.3c).
  await page.getByRole('button', { name: 'Yes: the hex is empty' }).tap();
  await page.getByText(/Advance into the Target hex at normal MP cost, Cowardly Legs on top/).waitFor();

  // What the game now says, then one Undo takes the last change back, and Redo puts it back.
  let card = await unitState(page, 'Federal', '7th Indiana');
  await card.getByText('3 of 4 SP').waitFor();
  assert.equal(await card.getByRole('button', { name: 'Disorganized' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await (await unitState(page, 'Confederate', '1st Tennessee')).getByText('6 of 7 SP').count(), 1);
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  card = await unitState(page, 'Federal', '7th Indiana');
  assert.equal(await card.getByRole('button', { name: 'Normal' }).getAttribute('aria-pressed'), 'true');
  await card.getByText('3 of 4 SP').waitFor();
  await area(page, 'Game');
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
