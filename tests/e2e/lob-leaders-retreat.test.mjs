// Line of Battle after a result, on a phone, with the dice thrown on the table and the
// players' own tables pasted (every value made up, lob-play.mjs): a Morale Check's Retreat
// told from the map (10.3: an EZOC hex entered, a Collision Displacing a friendly Stack; a
// second Retreat ending Over-Stacked, 6.1a, 10.3a) and applied with its rules shown first; a Division Leader lost and his command filled by
// promotion with a Repl at the end of the chain (4.1b, 4.1c); each undone and kept across a
// reload. The Units area's cover keeps one side's current Strengths from the other (1.8).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, appUnderTest } from './harness.mjs';
import { absent, area, army, dice, formation, madeUpTables, newGame, openUnits, pasteTables, regiments, settle, start } from './lob-play.mjs';

const app = appUnderTest();

async function reload(page) {
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
}

/** The "Add a Collision" fold opened (it stays open once opened). */
async function addCollision(page) {
  const fold = page.locator('details.collision-add');
  if (!(await fold.evaluate((d) => d.open))) await fold.locator('summary').tap();
}

async function federals(page) {
  await army(page, 'Federal', { name: 'Army of the Potomac', commander: 'Meade', command: 3, morale: 2, awareness: 2 });
  await formation(page, 'Army of the Potomac', { echelon: 'Division', name: "Wadsworth's Division", leader: 'Wadsworth', command: 2, morale: 2 });
  await formation(page, "Wadsworth's Division", { echelon: 'Brigade', name: 'Iron Brigade', leader: 'Meredith', command: 2, morale: 3 });
  await regiments(page, 'Iron Brigade', [
    { name: '19th Indiana', weapon: 'R', sps: 6, rating: 'B' },
    { name: '7th Indiana', sps: 4 },
  ]);
  await formation(page, "Wadsworth's Division", { echelon: 'Brigade', name: "Cutler's Brigade", leader: 'Cutler', command: 2, morale: 2 });
  await regiments(page, "Cutler's Brigade", [
    { name: '76th New York', weapon: 'R', sps: 5, rating: 'B' },
    { name: '14th Brooklyn', sps: 8 },
  ]);
}

test('a Retreat told from the map, its losses shown with their rules, undone and reloaded (10.3, 1.8)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await start(page, { first: 'Confederate', time: '15:00' });
  await army(page, 'Confederate', { name: 'Army of Northern Virginia', commander: 'Lee', command: 3, morale: 3, awareness: 1 });
  await formation(page, 'Army of Northern Virginia', { echelon: 'Division', name: "Heth's Division", leader: 'Heth', command: 2, morale: 2 });
  await formation(page, "Heth's Division", { echelon: 'Brigade', name: "Archer's Brigade", leader: 'Archer', command: 2, morale: 1 });
  await regiments(page, "Archer's Brigade", [{ name: '1st Tennessee', weapon: 'R', sps: 7, rating: 'A' }]);
  await federals(page);
  // 1.8: with the Federal units open, nothing of the Confederates' is rendered; closed, the
  // cover hides both.
  await absent(page, ['1st Tennessee'], 'the Federal units are open');
  await page.getByRole('button', { name: 'Close the Federal units' }).tap();
  await page.getByRole('heading', { level: 2, name: 'Hand the device to the Confederate player' }).waitFor();
  await absent(page, ['1st Tennessee', '19th Indiana'], 'the cover is up');
  await pasteTables(page, madeUpTables(), '5 tables and the Threshold Values Chart');

  // A Morale Check the players call for: the 19th Indiana, rated B (+0), rolls 5 + 5 = 10:
  // Disorganized, Retreat 1 hex, Cowardly Legs.
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Morale Check/ }).tap();
  await page.getByRole('group', { name: "The checking Stack's side" }).getByRole('button', { name: 'Federal', exact: true }).tap();
  const picker = page.getByRole('group', { name: 'The checking Stack', exact: true });
  await picker.getByLabel('Brigade').selectOption({ label: 'Iron Brigade' });
  // 1.8: a checking Stack's current Strength is not shown.
  await picker.getByRole('button', { name: '19th Indiana', exact: true }).tap();
  await dice(page, 'Morale die', 5, 5);
  const morale = page.getByRole('status', { name: 'Morale result' });
  await morale.getByText('Morale Table: 10 +0 = 10: Disorganized, Retreat 1 hex, Cowardly Legs').waitFor();
  await morale.getByRole('button', { name: 'Apply to the Stack' }).tap();
  await page.getByRole('status', { name: 'Applied' }).getByText('The Stack is now Disorganized (10.2)').waitFor();

  // The way on to the Retreat, the Stack already named.
  await page.getByRole('link', { name: 'Retreat the Stack (10.3)' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Retreat' }).waitFor();
  await page.getByText('Top first: 19th Indiana').waitFor();
  await page.getByRole('button', { name: 'More: EZOC hexes entered (10.3b)' }).tap();
  const plan = page.getByRole('status', { name: 'The Retreat' });
  await plan.getByText('1 EZOC hexes entered: 1 SP for the Stack (10.3b)').waitFor();
  await plan.getByText('19th Indiana loses 1 SP, 5 left').waitFor();
  // It ends in the 76th New York's hex, which Displaces: one Morale level worse (10.3c).
  await addCollision(page);
  const stationary = page.getByRole('group', { name: 'The stationary Stack', exact: true });
  await stationary.getByLabel('Brigade').selectOption({ label: "Cutler's Brigade" });
  await stationary.getByRole('button', { name: '76th New York', exact: true }).tap();
  await page.getByRole('group', { name: "The stationary Stack's choice" }).getByRole('button', { name: 'Displace', exact: true }).tap();
  await page.getByLabel('The Retreat ends in this hex').check();
  await page.getByRole('button', { name: 'Add the Collision' }).tap();
  await page.getByText('76th New York Displaces, the Retreat ends there').waitFor();
  await plan.getByText(/The stationary Stack Displaces one hex left, right or center rear, now Shaken \(10\.3c\)/).waitFor();
  // A Pass Through where the Retreat ends is refused with its rule, before anything is applied.
  await page.getByRole('button', { name: 'Remove: 76th New York Displaces, the Retreat ends there' }).tap();
  await addCollision(page);
  await stationary.getByLabel('Brigade').selectOption({ label: "Cutler's Brigade" });
  await stationary.getByRole('button', { name: '76th New York', exact: true }).tap();
  await page.getByRole('group', { name: "The stationary Stack's choice" }).getByRole('button', { name: 'Pass Through', exact: true }).tap();
  await page.getByLabel('The Retreat ends in this hex').check();
  await page.getByRole('button', { name: 'Add the Collision' }).tap();
  await page.getByRole('status').filter({ hasText: 'a Retreat that ends in the hex is a Displacement or a Joining' }).waitFor();
  await page.getByRole('button', { name: /^Remove: 76th New York lets it Pass Through/ }).tap();
  await addCollision(page);
  await stationary.getByLabel('Brigade').selectOption({ label: "Cutler's Brigade" });
  await stationary.getByRole('button', { name: '76th New York', exact: true }).tap();
  await page.getByRole('group', { name: "The stationary Stack's choice" }).getByRole('button', { name: 'Displace', exact: true }).tap();
  await page.getByLabel('The Retreat ends in this hex').check();
  await page.getByRole('button', { name: 'Add the Collision' }).tap();
  await plan.getByRole('button', { name: 'Apply the Retreat' }).tap();
  const applied = page.getByRole('status', { name: 'Retreat applied' });
  await applied.getByText('19th Indiana loses 1 SP, 5 left').waitFor();

  const card = async (name) => {
    await openUnits(page, 'Federal');
    return page.getByRole('article', { name, exact: true });
  };
  await (await card('19th Indiana')).getByText('5 of 6 SP').waitFor();
  assert.equal(await (await card('76th New York')).getByRole('button', { name: 'Shaken' }).getAttribute('aria-pressed'), 'true');
  // One Undo takes the whole Retreat back; the Morale result stays.
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  await (await card('19th Indiana')).getByText('6 of 6 SP').waitFor();
  assert.equal(await (await card('19th Indiana')).getByRole('button', { name: 'Disorganized' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await (await card('76th New York')).getByRole('button', { name: 'Normal' }).getAttribute('aria-pressed'), 'true');
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Redo' }).tap();
  await reload(page);
  // A reload brings the cover back.
  await area(page, 'Units');
  await page.getByRole('button', { name: 'Open the Confederate units', exact: true }).waitFor();
  await absent(page, ['19th Indiana', '1st Tennessee'], 'the cover is up after a reload');
  await (await card('19th Indiana')).getByText('5 of 6 SP').waitFor();
  assert.equal(await (await card('76th New York')).getByRole('button', { name: 'Shaken' }).getAttribute('aria-pressed'), 'true');

  // 6.1a, 10.3a: the 7th Indiana (4 SPs) Retreats into the hex of the 76th New York (5,
  // Shaken) and the 14th Brooklyn (8): 17 SPs, Over-Stacked, so the hex is DG; shown with its
  // rules before it is applied.
  await area(page, 'Combat');
  await page.getByRole('link', { name: /^Retreat/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Retreat' }).waitFor();
  await page.getByRole('group', { name: "The Retreating Stack's side" }).getByRole('button', { name: 'Federal', exact: true }).tap();
  const retreating = page.getByRole('group', { name: 'The Retreating Stack', exact: true });
  await retreating.getByLabel('Brigade').selectOption({ label: 'Iron Brigade' });
  await retreating.getByRole('button', { name: '7th Indiana', exact: true }).tap();
  await plan.getByText('No EZOC hex entered and no Collision: the Retreat changes nothing in the game (10.3)').waitFor();
  const endHex = page.getByRole('group', { name: 'Already in the hex where the Retreat ends', exact: true });
  await endHex.getByLabel('Brigade').selectOption({ label: "Cutler's Brigade" });
  await endHex.getByRole('button', { name: '76th New York', exact: true }).tap();
  await endHex.getByRole('button', { name: '14th Brooklyn', exact: true }).tap();
  await plan.getByText('17 SPs in the hex, Disorganized (6.1a, 10.0)').waitFor();
  await plan.getByText(/^17 SPs: Over-Stacked, the hex is DG .*\(6\.1a\)$/).waitFor();
  await plan.getByText(/extend the Retreat the minimum number of hexes needed to avoid it \(10\.3, 10\.3a\)/).waitFor();
  await plan.getByRole('button', { name: 'Apply the Retreat' }).tap();
  await applied.getByText('17 SPs in the hex, Disorganized (6.1a, 10.0)').waitFor();
  const state = async (name, s) => (await card(name)).getByRole('button', { name: s }).getAttribute('aria-pressed');
  for (const name of ['7th Indiana', '76th New York', '14th Brooklyn']) assert.equal(await state(name, 'Disorganized'), 'true', name);
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  assert.equal(await state('14th Brooklyn', 'Normal'), 'true');
  assert.equal(await state('76th New York', 'Shaken'), 'true');
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Redo' }).tap();
  await reload(page);
  for (const name of ['7th Indiana', '76th New York', '14th Brooklyn']) assert.equal(await state(name, 'Disorganized'), 'true', name);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a lost Division Leader replaced by promotion and a Repl, undone and reloaded (4.1b, 4.1c)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await start(page, { first: 'Federal', time: '15:00' });
  await federals(page);
  // Wadsworth falls (4.1a).
  const division = page.getByRole('region', { name: "Wadsworth's Division", exact: true });
  await division.locator('summary').getByText('Leader Wadsworth', { exact: true }).tap();
  await division.getByRole('button', { name: 'Wadsworth is lost (4.1a)' }).tap();
  // The Game area's list sends the player to fill the command, and asks before the phase
  // moves on without it.
  await area(page, 'Game');
  await page.getByText("Wadsworth's Division has lost its Leader: promote the ranking subordinate (4.1b)").waitFor();
  await page.getByRole('link', { name: 'Fill the command' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Leaders' }).waitFor();
  const vacancy = page.getByRole('article', { name: "Wadsworth's Division has lost its Leader" });
  // The players choose Cutler; the Repl's values come from the counter's back (made up).
  await vacancy.getByRole('group', { name: "Promoted to command Wadsworth's Division" }).getByRole('button', { name: 'Cutler (2-2)' }).tap();
  await vacancy.getByRole('group', { name: "Repl's Command Value (4.1c)" }).getByRole('button', { name: '1', exact: true }).tap();
  await vacancy.getByRole('group', { name: "Repl's Morale Value (4.1c)" }).getByRole('button', { name: '2', exact: true }).tap();
  const does = vacancy.getByRole('status');
  await does.getByText("Cutler is promoted to command Wadsworth's Division (4.1b)").waitFor();
  await does.getByText(/^A Repl \(1-2\) commands Cutler's Brigade/).waitFor();
  await does.getByRole('button', { name: 'Promote' }).tap();
  await page.getByRole('status', { name: 'Applied' }).getByText("Cutler is promoted to command Wadsworth's Division (4.1b)").waitFor();
  await page.getByText('Every command is filled.').waitFor();
  // Undone from the Game area: the command is empty again; redone; kept across a reload.
  await area(page, 'Game');
  await page.getByRole('button', { name: 'Undo' }).tap();
  await page.getByText("Wadsworth's Division has lost its Leader: promote the ranking subordinate (4.1b)").waitFor();
  await page.getByRole('button', { name: 'Redo' }).tap();
  await reload(page);
  await openUnits(page, 'Federal');
  await page.getByRole('region', { name: "Cutler's Brigade", exact: true }).getByText(/^Repl \(Cutler's Brigade\) 1-2/).waitFor();
  await page.getByRole('link', { name: 'Leaders: promotion, Repls, Zero Rolls' }).tap();
  await page.getByText('Every command is filled.').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});
