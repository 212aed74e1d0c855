// Field Commander: Robert E. Lee's campaign on a phone: the campaign pack entered (the practice
// pack loaded, a counter entered in its form), exported as a file, a malformed pack pasted and
// refused with nothing lost, the exported file pasted back; a campaign started from it (7.0);
// Campaign Turn 1 with the Confederate Moves on the map (9.2), the Forced March and the
// Confederate Resupply buying a Scout (15.6); the Union's half played one tap a step (16-19):
// each group's orders roll from the entered d10 with a Scout's shift (16.3.1), a reload between
// the roll and the decision keeping the die, an undo; the Union Resupply's cups and its table
// with the entered die (18.x), and the next Campaign Turn. The campaign's battles: a Quick battle
// (part two) with Fog of War, the Envelopment Check and the Battle Resolution Table's roll
// entered, a roll undone, its result on the map and a force bought back (15.5); a battle set up
// on the Battlefield Sheet from the campaign, Enveloped there (10.2.9) and brought back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, settle, downloadText, appUnderTest } from './harness.mjs';
import { die, happened, heading, ledger, link, marchToTheHills, nav, newGame, reload, startPractice, tap, toCampaign } from './fc-play.mjs';

const app = appUnderTest();



async function paste(page, text) {
  const fold = page.locator('details', { has: page.getByText('Paste a campaign pack', { exact: true }) });
  if (!(await fold.evaluate((d) => d.open))) await fold.locator('summary').tap();
  await page.getByRole('textbox', { name: 'Paste a campaign pack' }).fill(text);
  await tap(page, 'Import the pasted campaign pack');
}

test('a Field Commander campaign: the pack entered and kept as a file, a campaign turn with the Union acting', async () => {
  const { page } = await phone(app.browser);
  try { await body(page); } catch (e) {
    if (process.env.FCC_DEBUG) console.log((await page.locator('main').innerText()).slice(0, 4000));
    throw e;
  }
});

async function body(page) {
  await newGame(page, app.server.url);
  await toCampaign(page);

  // The pack: the practice one, every value made up and said so; a counter entered in its form.
  await link(page, 'Enter or import a campaign pack');
  await heading(page, 'Campaign pack');
  await tap(page, "Load the practice pack (made-up values, not the game's)");
  await page.getByText('The pack is sound: a campaign can start from it.').waitFor();
  await page.getByText('Scout counters in the game (4.10): 6 (made up, not the game\'s)').waitFor();
  await link(page, 'Enter a counter');
  await heading(page, 'A new counter');
  await page.getByRole('textbox', { name: 'Name on the counter', exact: true }).fill('Stuart');
  const pick = (legend, name) =>
    page.getByRole('group', { name: new RegExp('^' + legend) }).getByRole('button', { name, exact: true }).tap();
  await pick('Side', 'Confederate');
  await pick('Sort', 'Named Force');
  await pick('Type', 'Cavalry');
  await pick('Skill Level', 'Elite (E)');
  await pick('Full side: Activation number', '8');
  await pick('Full side: Combat Value', '5');
  await pick('Full side: superscript', 'None printed');
  const reduced = page.getByRole('group', { name: /^Reduced side \(5\.9\)/ });
  if (await reduced.count()) await pick('Reduced side', 'No reduced side');
  await tap(page, 'Save the counter');
  await heading(page, 'Campaign pack');
  await page.getByRole('link', { name: /^Stuart \(Practice Campaign \(made up\)\): Confederate Cavalry Named, Combat Value 5$/ }).waitFor();

  // Exported as a file; a malformed pack refused with nothing lost; the file read back.
  const [download] = await Promise.all([page.waitForEvent('download'), tap(page, 'Export the campaign pack')]);
  const file = await downloadText(download);
  assert.match(file, /Stuart/);
  await paste(page, '{"format": "field-commander/campaign-pack", "schema": 1, "pack": {"name": ');
  await page.getByRole('alert').filter({ hasText: /^Nothing was imported\./ }).waitFor();
  await page.getByRole('link', { name: /^Stuart \(Practice Campaign/ }).waitFor();
  await tap(page, 'Undo');
  assert.equal(await page.getByRole('link', { name: /^Stuart / }).count(), 0);
  await paste(page, file);
  await page.getByRole('status').filter({ hasText: 'The campaign pack \u201cPractice pack (made up)\u201d is imported.' }).waitFor();
  await page.getByRole('link', { name: /^Stuart \(Practice Campaign \(made up\)\): Confederate Cavalry Named, Combat Value 5$/ }).waitFor();

  // The campaign started from the pack (7.0): set up, then Campaign Turn 1.
  await link(page, 'Back to the campaign');
  await link(page, 'Start a campaign from the pack');
  await heading(page, 'Start a campaign');
  await tap(page, 'Start the campaign');
  await heading(page, 'Campaign');
  await ledger(page).getByText('in Capital, Command Rating 2').waitFor();
  await tap(page, 'Advance the Campaign Turn counter (9.1)');
  await page.locator('.turn-card').getByText("Campaign Turn 1 of 6: Confederate turn, the counter's grey side up").waitFor();

  // Confederate Moves (9.2): two forces and Lee from the Capital to the Crossroads.
  await link(page, 'Move your forces (9.2)');
  await heading(page, 'Campaign map');
  const capital = page.getByRole('listitem', { name: 'Capital', exact: true });
  await capital.getByRole('button', { name: /^Grey Infantry A \(made up\)/ }).tap();
  await capital.getByRole('button', { name: /^Grey Cavalry \(made up\)/ }).tap();
  await tap(page, 'To Crossroads');
  await happened(page).getByText(/Capital \u2192 Crossroads \(9\.2, no cost\)/).waitFor();
  await tap(page, 'End the Moves');
  await link(page, 'Back to the campaign');
  await tap(page, 'No battle left: go on');
  await tap(page, 'End the Forced March');
  await tap(page, 'No battle left: go on');

  // The Confederate Resupply: a Scout bought for a Command Point (15.6).
  await link(page, 'Resupply (15.3-15.6)');
  await heading(page, 'Confederate Resupply');
  await tap(page, 'Buy them: 1 Command Point each');
  await page.getByText(/^\d+ Command Points, 3 Scouts$/).waitFor();
  await tap(page, 'End the Confederate turn (16.0)');
  await link(page, 'Back to the campaign');
  await ledger(page).getByText(/^3, \d+ counters left in the box/).waitFor();

  // Union acts (16.0): the first group's orders roll, its chart shown before the die.
  await link(page, 'Union acts');
  await heading(page, 'Union acts');
  await page.getByRole('heading', { name: "Orders for Blue Cavalry (made up)'s group in Hills" }).waitFor();
  await page.getByText('The chart: Campaign Map Orders (16.1.1), Regular').waitFor();
  await die(page, 2, 'The orders roll (16.3)');
  await page.getByText('Rolled 2: Hold').waitFor();
  // A reload while the Scouts are weighed: the die is kept.
  await reload(page);
  await heading(page, 'Union acts');
  await page.getByText('Rolled 2: Hold').waitFor();
  // A Scout shifts it to 3: a random adjacent Area (16.3.1).
  await page.locator('summary', { hasText: 'Your Scouts: 3 (16.3.1)' }).tap();
  await tap(page, '3: Move to a random adjacent Area (+1, a Scout)');
  await happened(page).getByText(/^Rolled 2: Union Orders, Blue Cavalry \(made up\)'s group in Hills/).waitFor();
  await happened(page).getByText(/The group moves Hills \u2192 (Ridge|Crossroads)/).waitFor();
  // An undo takes the order back, the Scout with it: the die is still there for the decision.
  await tap(page, 'Undo');
  await page.getByText('Rolled 2: Hold').waitFor();
  await page.locator('summary', { hasText: 'Your Scouts: 3 (16.3.1)' }).waitFor();
  await tap(page, 'Union acts: carry it out');
  await happened(page).getByText(/The group holds in Hills/).waitFor();

  // The two Corps groups in the Battle Areas roll on the Battle Area Orders chart (16.1.2).
  await page.getByRole('heading', { name: 'Orders for the II Corps group in Orchard' }).waitFor();
  await page.getByText('The chart: Battle Area Orders (16.1.2), Regular').waitFor();
  await die(page, 4, 'The orders roll (16.3)');
  await tap(page, 'Union acts: carry it out');
  await happened(page).getByText(/The group holds in Orchard: the order is Hold \(16\.4\)/).waitFor();
  await page.getByRole('heading', { name: 'Orders for the I Corps group in Depot' }).waitFor();
  await die(page, 5, 'The orders roll (16.3)');
  await page.getByText('Rolled 5: Advance').waitFor();
  await tap(page, 'Union acts: carry it out');
  await happened(page).getByText(/The group moves Depot \u2192 Orchard \(16\.4\)/).waitFor();
  await tap(page, 'Union acts: on to its battles (17.0)');
  await tap(page, 'Union acts: on to its Resupply (18.0)');

  // The Union Resupply (18.x), a step a tap, then its table with the entered die.
  for (let i = 0; i < 4; i++) {
    const table = page.getByRole('group', { name: 'The Union Resupply Table roll (18.2)', exact: true });
    if (await table.count()) break;
    const next = page.locator('.fc-next button.big.primary');
    await next.tap();
    await settle(page);
  }
  await happened(page).waitFor();
  // The practice table's 10: 2 Command Points to the Union.
  await die(page, 10, 'The Union Resupply Table roll (18.2)');
  await happened(page).getByText(/^Rolled 10: /).waitFor();
  await reload(page);
  await tap(page, 'End the Campaign Turn (19.0)');
  await happened(page).getByText('Campaign Turn 1 is over (19.0)').waitFor();
  await page.getByRole('link', { name: 'Back to the campaign', exact: true }).first().tap();
  await tap(page, 'Advance the Campaign Turn counter (9.1)');
  await page.locator('.turn-card').getByText(/^Campaign Turn 2 of 6/).waitFor();
  // Everything survives a reload.
  await reload(page);
  await page.locator('.turn-card').getByText(/^Campaign Turn 2 of 6/).waitFor();
  await ledger(page).getByText(/^3, \d+ counters left in the box/).waitFor();
}

test('a Field Commander campaign battle: a Quick battle in the Forced March step, resolved with entered dice, undone once, and a force bought back', async () => {
  const { page } = await phone(app.browser);
  try { await quickBattle(page); } catch (e) {
    if (process.env.FCC_DEBUG) console.log((await page.locator('main').innerText()).slice(0, 4000));
    throw e;
  }
});

/** Forces in an Area of the campaign map, one side's list. */
const inArea = (page, side, area) => page.getByRole('list', { name: `${side} forces in ${area}`, exact: true });

async function quickBattle(page) {
  // A campaign from the practice pack, its battles fought with the Quick rules (part two); the
  // Cavalry and the Guns with Lee march into the Hills against the Union Cavalry.
  await startPractice(page, app.server.url, 'Quick: turn by turn');
  await marchToTheHills(page, ['Grey Cavalry', 'Grey Guns'], { commandPoints: 2 });

  // The battle in the Hills (15.2): both sides' forces named before it begins.
  await link(page, 'Resolve the battles');
  await heading(page, 'Battles');
  const hills = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Hills', exact: true }) });
  await hills.getByText('Union: Blue Cavalry (made up) (Cavalry, Combat Value 3)', { exact: true }).waitFor();
  await tap(page, 'Begin the battle');
  const battle = page.getByRole('region', { name: 'The battle', exact: true });
  await battle.getByRole('heading', { name: 'A Quick battle in Hills', exact: true }).waitFor();
  await happened(page).getByText(/the Confederate forces attack, as it is their phase .*; Robert E\. Lee is present$/).waitFor();

  // Fog of War (10.2.1): a 9, re-rolled with the one Scout (10.2.2) to a 2 that is kept.
  await die(page, 9, 'Fog of War (10.2.1)');
  await battle.getByText('Fog of War: 3 Battle Turns, less two under these rules; Union gains +1 Special Battle Plans').waitFor();
  await tap(page, 'Re-roll it: discard a Scout (1 left, 10.2.2)');
  await die(page, 2, 'The Fog of War re-roll');
  await battle.getByText('Fog of War: 4 Battle Turns, less two under these rules; You gain 2 Command Points').waitFor();
  await battle.getByText('1 Scout(s) spent on re-rolls (10.2.2)').waitFor();
  await tap(page, 'Keep it: resolve the event and check for Envelopment');
  await happened(page).getByText('Envelopment Check: 3 Union against 8 Confederate, no Envelopment (10.2.9)').waitFor();

  // Battle Turn 1: the column and every cell of it shown before the roll.
  await battle.getByRole('heading', { name: 'A Quick battle in Hills: Battle Turn 1 of 2', exact: true }).waitFor();
  const odds = battle.getByRole('group', { name: 'Before the roll', exact: true });
  await odds.getByText("Battle Differential +5: the Confederate Attacker's 8 against 3 (Determine Battle Differential)").waitFor();
  await odds.getByText('Column +4 or more (Consult Battle Resolution Table)').waitFor();
  assert.equal(await odds.getByRole('listitem').filter({ hasText: /^3 A: 2 D: 1$/ }).count(), 1);
  assert.equal(await odds.getByRole('listitem').filter({ hasText: /^5 A: 1 D: 2$/ }).count(), 1);

  // A 3: two Hits destroy the Cavalry and the Guns, Lee is left alone and the campaign is lost
  // (3.2), its Victory Points counted; undone.
  await die(page, 3, 'The Battle Resolution Table roll');
  await happened(page).getByText('The campaign ends in Defeat: Robert E. Lee is without Confederate Forces in Hills (3.2)').waitFor();
  await happened(page).getByText(/^Campaign Victory Points -?\d+ against Robert E\. Lee's \d+/).waitFor();
  await tap(page, 'Undo');
  await battle.getByRole('heading', { name: 'A Quick battle in Hills: Battle Turn 1 of 2', exact: true }).waitFor();
  assert.equal(await happened(page).count(), 0, 'the undone roll is no longer said to have happened');

  // A 5: one Hit on the Cavalry, two on the Union Cavalry (the second discounted); the Union
  // army is destroyed to the last and the battle ends (11.9-11.11, 14.7).
  await die(page, 5, 'The Battle Resolution Table roll');
  await happened(page).getByText(/^Grey Cavalry \(made up\) takes a Hit: destroyed, beside the campaign map/).waitFor();
  await happened(page).getByText(/^Blue Cavalry \(made up\) takes a Hit: destroyed, the Reinforcement cup/).waitFor();
  await happened(page).getByText(/^1 Hits on the Union forces are discounted/).waitFor();
  await happened(page).getByText('Now 0 Union against 4 Confederate').waitFor();
  await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
  // Kept across a reload.
  await reload(page);
  await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
  await tap(page, 'End the Resolve Battles step');
  await link(page, 'Back to the campaign');

  // The campaign map and the ledger: the Hills Held with Lee and the Guns, the Union Cavalry in
  // the Reinforcement cup (11.11).
  await ledger(page).getByText('1 Named Union Force (4.18)', { exact: true }).waitFor();
  await ledger(page).getByText('in Hills, Command Rating 2').waitFor();
  await link(page, 'The campaign map');
  await heading(page, 'Campaign map');
  const hillsArea = page.getByRole('listitem', { name: 'Hills', exact: true });
  await hillsArea.getByText(/^Held by the Confederates/).waitFor();
  await hillsArea.getByText('Robert E. Lee is here').waitFor();
  await inArea(page, 'Confederate', 'Hills').getByText(/^Grey Guns \(made up\)/).waitFor();
  assert.equal(await inArea(page, 'Confederate', 'Hills').getByText(/^Grey Cavalry/).count(), 0);
  assert.equal(await inArea(page, 'Union', 'Hills').count(), 0);
  await link(page, 'Back to the campaign');

  // The Confederate Resupply (15.3, 15.5): 2 - 2 + 2 (Fog of War) + 3 Command Points; the
  // destroyed Cavalry bought back into the Hills for its Combat Value.
  await link(page, 'Resupply (15.3-15.6)');
  await heading(page, 'Confederate Resupply');
  await page.getByText('5 Command Points, 1 Scouts', { exact: true }).waitFor();
  await page.getByRole('group', { name: 'Placed in', exact: true }).getByRole('button', { name: 'Hills', exact: true }).tap();
  await tap(page, 'Buy Grey Cavalry (made up): 4 Command Points');
  await happened(page).getByText(/^Grey Cavalry \(made up\) bought for 4 Command Points, placed in Hills \(15\.5\)/).waitFor();
  await page.getByText('1 Command Points, 1 Scouts', { exact: true }).waitFor();
  await link(page, 'Back to the campaign');
  await link(page, 'The campaign map');
  await inArea(page, 'Confederate', 'Hills').getByText(/^Grey Cavalry \(made up\)/).waitFor();
}

test('a Field Commander campaign battle on the Battlefield Sheet: set up from the map, its Disease on the map, Enveloped at its set-up, its result brought back', async () => {
  const { page } = await phone(app.browser);
  try { await sheetBattle(page); } catch (e) {
    if (process.env.FCC_DEBUG) console.log((await page.locator('main').innerText()).slice(0, 4000));
    throw e;
  }
});

async function sheetBattle(page) {
  await startPractice(page, app.server.url, 'On the Battlefield Sheet');
  await marchToTheHills(page, ['Grey Infantry A', 'Grey Cavalry'], { commandPoints: 2 });
  await link(page, 'Resolve the battles');
  await heading(page, 'Battles');
  await tap(page, 'Fight it on the Battlefield Sheet');
  // The battle set up from the Hills (10.2.13-10.2.19): Fog of War, then the Envelopment Check.
  await heading(page, 'Set-up');
  // A 6: Disease, which strikes a random Area you Hold on the campaign map (10.2.6): the
  // Capital, whose one Infantry Force takes the Hit.
  await die(page, 6, 'Fog of War roll');
  await page.getByText('5 Battle Turns: Disease: 1 Hit on 1 random Confederate Infantry Force in 1 random Confederate Held Area', { exact: true }).waitFor();
  await tap(page, 'Resolve the event');
  const fog = page.getByRole('status', { name: 'Fog of War', exact: true });
  await fog.getByText('Disease in Capital (10.2.6)', { exact: true }).waitFor();
  await fog.getByText('Grey Infantry C (made up) takes a Hit and is flipped to its reduced side (11.10)', { exact: true }).waitFor();
  await tap(page, 'Compare the Combat Values');
  // 3 against 11: the Union Cavalry is Enveloped (10.2.9); the set-up and the Game area lead
  // back to the campaign, where the battle's end is settled.
  const over = 'The battle in Hills is over: the Union forces were Enveloped (10.2.9); bring its result back to the campaign map (14.7).';
  await page.getByText(over, { exact: true }).waitFor();
  await nav(page).getByRole('link', { name: 'Game', exact: true }).tap();
  await heading(page, 'Game');
  await page.getByText(over, { exact: true }).waitFor();
  await link(page, 'Bring the result back to the campaign');
  await heading(page, 'Battles');
  const sheet = page.getByRole('region', { name: 'The battle on the Battlefield Sheet', exact: true });
  await sheet.getByText('The battle is over. Its result goes back onto the campaign map (14.7, 14.8).').waitFor();
  await tap(page, 'Bring the result back to the campaign');
  await happened(page).getByText('The battle in Hills is over (14.7)', { exact: false }).first().waitFor();
  await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
  // Undone and redone: the battle on the sheet is back, then its result again.
  await tap(page, 'Undo');
  await sheet.getByText('The battle is over. Its result goes back onto the campaign map (14.7, 14.8).').waitFor();
  await tap(page, 'Redo');
  await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
  await link(page, 'Back to the campaign');
  // On the map: the Union Cavalry in the Reinforcement cup (11.11); 2 - 2 + 1 (the
  // Envelopment, 15.3) Command Points; the Capital's Infantry reduced by the Disease.
  await ledger(page).getByText('1 Named Union Force (4.18)', { exact: true }).waitFor();
  await ledger(page).locator('.fc-ledger-line').filter({ hasText: 'Confederate Command Points' }).getByText('1', { exact: true }).waitFor();
  await link(page, 'The campaign map');
  await inArea(page, 'Confederate', 'Hills').getByText(/^Grey Infantry A \(made up\)/).waitFor();
  await inArea(page, 'Confederate', 'Capital').getByText('Grey Infantry C (made up) (Infantry, Combat Value 3, reduced)', { exact: true }).waitFor();
  assert.equal(await inArea(page, 'Union', 'Hills').count(), 0);
}

test('the Information Sheet\u2019s Union Orders chart: a row that does not read is named and nothing is kept; corrected, the chart is saved and kept across a reload', async () => {
  const { page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await toCampaign(page);
  await link(page, 'Enter or import a campaign pack');
  await tap(page, "Load the practice pack (made-up values, not the game's)");
  await link(page, 'Information Sheet');
  await heading(page, 'Campaign Information Sheet');
  await page.getByText('Union Campaign Map Orders (16.1.1)', { exact: true }).tap();
  const order = page.getByRole('combobox', { name: 'Roll 3 order', exact: true });
  // Each drop-down of the chart is a 48 px target within the phone's width.
  for (const select of await page.locator('.fc-chart-entry select').filter({ visible: true }).all()) {
    const box = await select.boundingBox();
    const label = await select.getAttribute('aria-label');
    assert.ok(box.height >= 48 && box.x + box.width <= 390, `${label}: ${box.width}x${box.height} at ${box.x}`);
  }
  await order.selectOption({ label: 'Move toward an Area' });
  // 16.1.1: a Move toward order names its Area; without one the row does not read.
  await tap(page, 'Save the chart');
  const refusal = page.getByRole('alert').filter({ hasText: 'Roll 3: choose the Area the group moves toward.' });
  await refusal.waitFor();
  // Said where the player tapped, not at the top of the long sheet, out of sight.
  const box = await refusal.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 844, `the refusal is off screen, at ${box.y} px`);
  await reload(page);
  await page.getByText('Union Campaign Map Orders (16.1.1)', { exact: true }).tap();
  assert.notEqual(await order.inputValue(), 'MoveToward', 'a chart with a row that does not read was kept');

  await order.selectOption({ label: 'Move toward an Area' });
  await page.getByRole('combobox', { name: 'Roll 3 Area', exact: true }).selectOption({ label: 'Hills' });
  await tap(page, 'Save the chart');
  assert.equal(await page.getByRole('alert').count(), 0);
  await reload(page);
  await page.getByText('Union Campaign Map Orders (16.1.1)', { exact: true }).tap();
  assert.equal(await order.inputValue(), 'MoveToward');
  assert.equal(await page.getByRole('combobox', { name: 'Roll 3 Area', exact: true }).inputValue(), 'Hills');
  assert.deepEqual(problems.errors, []);
});
