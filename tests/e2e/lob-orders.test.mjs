// Line of Battle's order books on one shared phone (13, 1.8): an Order written on the
// Confederate player's Command Roll, carried for its delivery turns (13.3a), across a reload,
// refused a second acceptance roll the turn its Leader failed one (13.3c), accepted the next
// turn and ended when its Objective is reached (13.6b) with its Deployment done on the map;
// the Federal player's book and the cover never hold anything of it. The Command Roll Table
// is entered in the Tables editor, its values made up for the test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, appUnderTest } from './harness.mjs';
import { absent, area, army, dice, formation, moveOnAnyway, newGame, nextPhase, phase, settle, start } from './lob-play.mjs';

const app = appUnderTest();

const SECRET = ['Seminary Ridge', 'Chambersburg Pike', 'Third Corps', 'Hill'];

/** The Command Roll Table typed in its editor: 7 or less No, 8 or more Yes (made up). */
async function commandRollTable(page) {
  await area(page, 'Tables');
  await page.getByRole('link', { name: /^Command Roll Table/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Command Roll Table' }).waitFor();
  await page.getByRole('button', { name: 'Add the column' }).tap();
  const band = page.getByRole('form', { name: 'New band of Results' });
  await band.getByLabel(/^To modified roll/).fill('7');
  await band.getByRole('button', { name: 'No (fail)' }).tap();
  await band.getByRole('button', { name: 'Add the band' }).tap();
  await page.getByText('✎ 7 or less: No (fail)').waitFor();
  // The next band starts where the last ended.
  assert.equal(await band.getByLabel(/^From modified roll/).inputValue(), '8');
  await band.getByRole('button', { name: 'Yes (pass)' }).tap();
  await band.getByRole('button', { name: 'Add the band' }).tap();
  await page.getByText('✎ 8 or more: Yes (pass)').waitFor();
  // An overlapping band is refused with where and why, and changes nothing.
  await band.getByLabel(/^From modified roll/).fill('6');
  await band.getByLabel(/^To modified roll/).fill('9');
  await band.getByRole('button', { name: 'Yes (pass)' }).tap();
  await band.getByRole('button', { name: 'Add the band' }).tap();
  await page.getByRole('alert').filter({ hasText: 'overlaps an earlier band' }).waitFor();
}

async function openBook(page, side) {
  await area(page, 'Orders');
  await page.getByRole('button', { name: `Open the ${side} order book` }).tap();
  await page.getByRole('heading', { name: `${side} order book` }).waitFor();
}

async function closeBook(page) {
  await page.getByRole('button', { name: 'Close the book' }).first().tap();
  await page.getByRole('heading', { name: /^Hand the device to the/ }).waitFor();
}

async function said(page, text) {
  const box = page.getByRole('status', { name: 'What happened' });
  await box.filter({ hasText: text }).waitFor();
  await box.getByRole('button', { name: 'OK' }).tap();
}

test('an Order written, carried, refused, accepted and ended over several turns across a reload, hidden from the other side (13, 1.8)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await newGame(page, app.server.url);
  await start(page, { first: 'Confederate', time: '07:00' });
  await army(page, 'Confederate', { name: 'Army of Northern Virginia', commander: 'Lee', command: 3, morale: 3, awareness: 1 });
  await formation(page, 'Army of Northern Virginia', { echelon: 'Corps', name: 'Third Corps', leader: 'Hill', command: 2, morale: 2 });
  await army(page, 'Federal', { name: 'Army of the Potomac', commander: 'Meade', command: 3, morale: 2, awareness: 2 });
  await formation(page, 'Army of the Potomac', { echelon: 'Corps', name: 'First Corps', leader: 'Reynolds', command: 3, morale: 3 });
  await commandRollTable(page);

  // Turn 1, the Confederate Command Phase: the cover first, nothing of either book behind it.
  await area(page, 'Game');
  assert.match(await phase(page), /First Player Turn: Confederate: Command Phase: Orders/);
  await page.getByRole('link', { name: 'Open the order book' }).tap();
  await page.getByRole('heading', { name: 'Hand the device to the Confederate player' }).waitFor();
  await page.getByRole('button', { name: 'Open the Confederate order book' }).tap();
  const form = page.getByRole('form', { name: 'A new Order' });
  await form.getByRole('group', { name: 'Type of Order (13.2)' }).getByRole('button', { name: 'Move (13.2b)' }).tap();
  await form.getByLabel('Formation ordered (one main Formation, 13.1c)').selectOption({ label: 'Third Corps (Corps)' });
  await form.getByLabel('Objective: the HQ\'s destination (13.2b)').fill('Seminary Ridge');
  await form.getByLabel('Route, by road as much as possible').fill('Chambersburg Pike');
  await form.getByLabel('Leader MPs from the Army Commander to the recipient (13.3a)').fill('10');
  // One turn for the distance and one for Lee's Awareness (13.3a).
  await form.getByText('Arrives turn 3 (7:30 a.m.): 1 turn for 10 Leader MPs and 1 for the Army Commander\'s Awareness (13.3a).').waitFor();
  // 2d6 + Lee's 3 against 8 or more: a raw 5 or more, 30 in 36 (13.3c).
  await form.getByText('Yes, the Order is written: 83% (5 in 6)').waitFor();
  await dice(form, 'Command Roll die', 2, 3);
  await form.getByRole('button', { name: 'Roll and send the Order' }).tap();
  await said(page, 'Order 1 (Move) to Hill: arrives turn 3 (13.3a)');
  const card = page.getByRole('article', { name: 'Order 1: Move, Third Corps (Hill)' });
  await card.getByText('On its way: arrives turn 3 (7:30 a.m.)').waitFor();
  // Lee has made his one Command Roll: no second Order this turn (13.3c).
  assert.equal(await page.getByRole('form', { name: 'A new Order' }).count(), 0);
  await closeBook(page);
  await absent(page, SECRET, 'the cover after the Confederate book is closed');

  // The Federal player's book holds nothing of it.
  await page.getByRole('button', { name: 'Open the Federal order book' }).tap();
  await page.getByRole('heading', { name: 'Federal order book' }).waitFor();
  await absent(page, SECRET, 'the Federal order book');
  await closeBook(page);

  // The Game area's history holds nothing of it either (1.8).
  await area(page, 'Game');
  await absent(page, ['Seminary Ridge', 'Chambersburg Pike', 'Order 1'], 'the Game area');

  // On to turn 2, across a reload: the Order is still on its way; the cover is back. Leaving
  // the first Rally Phase with its markers not done asks first (2.1, 12.1).
  await nextPhase(page, 6);
  await moveOnAnyway(page, '1 required item not done in Rally Phase: Rally: move on anyway?');
  await nextPhase(page, 7);
  assert.match(await page.locator('.turn-card .turn').innerText(), /^Turn 2, day 1$/);
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await area(page, 'Orders');
  await page.getByRole('heading', { name: 'Hand the device to the Confederate player' }).waitFor();
  await absent(page, SECRET, 'the cover after a reload');
  await page.getByRole('button', { name: 'Open the Confederate order book' }).tap();
  await card.getByText('On its way: arrives turn 3 (7:30 a.m.)').waitFor();
  await closeBook(page);

  // Turn 3: it arrives and awaits Acceptance. Hill fails (2 + 2 + 2 = 6): he must try again
  // next turn, and only next turn (13.3c).
  await area(page, 'Game');
  await nextPhase(page, 14);
  await openBook(page, 'Confederate');
  await card.getByText('Arrived: awaiting Acceptance, rolled for once a turn (13.3)').waitFor();
  await card.getByText('Accepted: 72% (26 in 36)').waitFor();
  // The Command Roll Table's modifiers the players may claim; Release Reserves is another roll's.
  const modifiers = card.getByRole('group', { name: 'Modifiers that apply' });
  await modifiers.getByRole('checkbox', { name: /^Night \(13\.5b\)/ }).waitFor();
  assert.equal(await modifiers.getByRole('checkbox', { name: /^Release Reserves/ }).count(), 0);
  // Ticked, Night counts: its value is not on the made-up chart, so the odds ask for it;
  // unticked, they are back.
  const night = modifiers.getByRole('checkbox', { name: 'Night (13.5b): not entered', exact: true });
  await night.tap();
  await card.getByText('Odds and result need your chart: Command Roll Table, modifier \u201cNight\u201d: enter its value from your chart.').waitFor();
  await night.tap();
  assert.equal(await night.isChecked(), false);
  await dice(card, 'Acceptance die', 2, 2);
  await card.getByRole('button', { name: 'Roll to accept' }).tap();
  await said(page, 'Hill fails to accept Order 1 (6): he must try again next turn (13.3c)');
  await dice(card, 'Acceptance die', 6, 6);
  await card.getByRole('button', { name: 'Roll to accept' }).tap();
  await said(page, 'Hill has made his one Command Roll this turn (13.3c)');
  await closeBook(page);

  // Turn 4: accepted (6 + 6 + 2).
  await area(page, 'Game');
  await nextPhase(page, 14);
  await openBook(page, 'Confederate');
  await dice(card, 'Acceptance die', 6, 6);
  await card.getByRole('button', { name: 'Roll to accept' }).tap();
  await said(page, 'Order 1 accepted: Third Corps follows its Move Order');
  await card.getByText('Accepted on turn 4: followed now').waitFor();

  // Ended: the head of the column reaches the Objective (13.6b); it Deploys, then the Order
  // is eliminated and the Corps may accept new Orders.
  await card.getByText('End this Order (13.6)').tap();
  await card.getByRole('button', { name: 'Objective reached (13.6b)' }).tap();
  await said(page, 'Third Corps: MoveObjectiveReached (13.6b)');
  const ending = page.getByRole('article', { name: 'Third Corps ends its Orders' });
  await ending.getByText('▶ now: Deployment (13.7b)').waitFor();
  await ending.getByRole('button', { name: 'Done on the map: Deployment (13.7b)' }).tap();
  await said(page, 'Third Corps may accept new Orders');
  await page.getByText('No Order in force or on its way.').waitFor();
  await page.getByText('The orders log').tap();
  await page.getByText('Turn 4: Order 1 ends (13.6b)').waitFor();
  await page.getByText('Turn 3: Hill: fails to accept Order 1').waitFor();

  // Across a reload, the book says the same.
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await openBook(page, 'Confederate');
  await page.getByText('The orders log').tap();
  await page.getByText('Turn 4: Order 1 ends (13.6b)').waitFor();
  assert.deepEqual(problems.errors, []);
  assert.deepEqual(problems.foreign, []);
  await context.close();
});
