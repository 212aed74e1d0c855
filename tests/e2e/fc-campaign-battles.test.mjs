// Field Commander: Robert E. Lee on a phone, what issue 13's last bugs and additions were
// about: a new battle's to-do list with nothing placed (10.2.13); the Game area of a campaign
// with no battle on the sheet saying what the campaign needs (8.0); a Very Quick battle that
// destroys the whole Union army ending with no Withdrawal (14.7, 11.10 (Very Quick)); the Hard
// table's row 9 picked and Screened Approach at a set-up (10.2.7, 10.2.20); Desertion rolled in
// a campaign battle on the sheet checking a force on the campaign map (10.2.8). Each with the
// dice entered, an undo and a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, settle, appUnderTest } from './harness.mjs';
import { die, happened, heading, ledger, link, marchToTheHills, nav, newGame, reload, tap } from './fc-play.mjs';

const app = appUnderTest();


async function debugged(page, body) {
  try { await body(page); } catch (e) {
    if (process.env.FCC_DEBUG) console.log((await page.locator('main').innerText()).slice(0, 4000));
    throw e;
  }
}

/** The practice pack's campaign started, its battles fought as `battles` says, on the `fog`
 * Fog of War table. */
async function startPractice(page, battles, fog = 'Regular') {
  await nav(page).getByRole('link', { name: 'Campaign', exact: true }).tap();
  await heading(page, 'Campaign');
  await tap(page, "Load the practice pack (made-up values, not the game's)");
  await link(page, 'Start a campaign from the pack');
  await heading(page, 'Start a campaign');
  await page.getByRole('group', { name: 'Battles (part two)', exact: true })
    .getByRole('button', { name: battles, exact: true }).tap();
  await page.getByRole('group', { name: 'Fog of War table', exact: true })
    .getByRole('button', { name: fog, exact: true }).tap();
  await tap(page, 'Start the campaign');
  await heading(page, 'Campaign');
}


const todo = (page) => page.getByRole('list', { name: 'To do (10.1)', exact: true });

test('a new battle has placed nothing, and a campaign\u2019s Game area says what the campaign needs', async () => {
  const { page } = await phone(app.browser);
  await debugged(page, async (page) => {
    await newGame(page, app.server.url);
    await heading(page, 'Game');
    // 10.1: the counters first; no step of a battle with no force is done (10.2.13).
    await todo(page).getByRole('listitem').filter({ hasText: /^Now: Enter both sides' counters/ }).waitFor();
    const place = todo(page).getByRole('listitem').filter({ hasText: 'Place the Confederate Forces and Lee (10.2.13-10.2.17)' });
    assert.equal(await place.count(), 1);
    assert.doesNotMatch(await place.innerText(), /^Done/, 'nothing is placed in an empty battle');
    assert.doesNotMatch(await todo(page).innerText(), /Done:/);
    await page.getByRole('heading', { name: 'Start here', exact: true }).waitFor();

    // A campaign: the Game area leads to it instead of the practice battle's start.
    await startPractice(page, 'Very Quick: one roll');
    await nav(page).getByRole('link', { name: 'Game', exact: true }).tap();
    await heading(page, 'Game');
    const card = page.getByRole('region', { name: 'The campaign: Practice Campaign (made up)', exact: true });
    await card.getByText('Now: Set-up (7.0)', { exact: true }).waitFor();
    await card.getByText('Advance the Campaign Turn counter (9.1)', { exact: true }).waitFor();
    assert.equal(await page.getByRole('heading', { name: 'Start here', exact: true }).count(), 0);
    assert.equal(await todo(page).count(), 0, 'no empty battle\u2019s to-do list');
    await card.getByRole('link', { name: 'Go on with the campaign', exact: true }).tap();
    await heading(page, 'Campaign');
    await tap(page, 'Advance the Campaign Turn counter (9.1)');
    await nav(page).getByRole('link', { name: 'Game', exact: true }).tap();
    await card.getByText('Now: Confederate Moves (9.2)', { exact: true }).waitFor();
    await page.locator('.turn-card').getByText(/^Campaign Turn 1 of 6/).waitFor();
    // An undo goes back to the set-up, a redo forward again; kept across a reload.
    await tap(page, 'Undo');
    await card.getByText('Now: Set-up (7.0)', { exact: true }).waitFor();
    await tap(page, 'Redo');
    await card.getByText('Now: Confederate Moves (9.2)', { exact: true }).waitFor();
    await reload(page);
    await card.getByText('Now: Confederate Moves (9.2)', { exact: true }).waitFor();
  });
});

test('a Very Quick battle that destroys the whole Union army ends with no Withdrawal', async () => {
  const { page } = await phone(app.browser);
  await debugged(page, async (page) => {
    await newGame(page, app.server.url);
    await startPractice(page, 'Very Quick: one roll');
    await tap(page, 'Advance the Campaign Turn counter (9.1)');
    await marchToTheHills(page, ['Grey Cavalry', 'Grey Guns']);
    // The Game area says a battle waits (8.0).
    await nav(page).getByRole('link', { name: 'Game', exact: true }).tap();
    await page.getByRole('region', { name: 'The campaign: Practice Campaign (made up)', exact: true })
      .getByText('Resolve the battle in Hills (9.3, 15.2, 17.0)', { exact: true }).waitFor();
    await link(page, 'Resolve the battles');
    await heading(page, 'Battles');
    await tap(page, 'Begin the battle');
    const battle = page.getByRole('region', { name: 'The battle', exact: true });
    await battle.getByRole('heading', { name: 'A Very Quick battle in Hills', exact: true }).waitFor();
    // Fog of War (10.2.1): a 1, 3 Battle Turns less two: one roll, multiplied by 1.
    await die(page, 1, 'Fog of War (10.2.1)');
    await battle.getByText(/^Fog of War: 3 Battle Turns, less two under these rules/).waitFor();
    await tap(page, 'Keep it: resolve the event and check for Envelopment');
    await happened(page).getByText('Envelopment Check: 3 Union against 8 Confederate, no Envelopment (10.2.9)').waitFor();
    // A reload before the roll keeps the battle where it stands.
    await reload(page);
    await battle.getByRole('group', { name: 'Before the roll', exact: true })
      .getByText('Column +4 or more (Consult Battle Resolution Table)').waitFor();
    // A 5: A 1, D 2: the Grey Cavalry is destroyed, and the Union Cavalry, the whole Union
    // army, with a Hit discounted (11.9-11.11 (Very Quick)): no Withdrawal, no Union Retreat.
    await die(page, 5, 'The Battle Resolution Table roll');
    await happened(page).getByText(/^Blue Cavalry \(made up\) takes a Hit: destroyed, the Reinforcement cup/).waitFor();
    await happened(page).getByText(/^The whole Union army is destroyed: the battle ends with no Withdrawal \(14\.7, 14\.7 \(Very Quick\)\); the Confederate forces stay in Hills/).waitFor();
    assert.equal(await page.getByText(/Union Retreat/).count(), 0);
    assert.equal(await page.getByRole('group', { name: 'The Withdrawal table (14.8)', exact: true }).count(), 0);
    await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
    // Undone: the roll is to make again; redone; kept across a reload.
    await tap(page, 'Undo');
    await battle.getByRole('group', { name: 'The Battle Resolution Table roll', exact: true }).waitFor();
    await tap(page, 'Redo');
    await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
    await reload(page);
    await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
    await tap(page, 'End the Resolve Battles step');
    await link(page, 'Back to the campaign');
    await ledger(page).getByText('1 Named Union Force (4.18)', { exact: true }).waitFor();
    await ledger(page).getByText('in Hills, Command Rating 2').waitFor();
  });
});

test('the set-up: the Hard table\u2019s row 9 picked, and Screened Approach placing the Union first', async () => {
  const { page } = await phone(app.browser);
  await debugged(page, async (page) => {
    await newGame(page, app.server.url);
    await nav(page).getByRole('link', { name: 'Set-up', exact: true }).tap();
    await heading(page, 'Set-up');
    await tap(page, "Load the practice battle (made-up values, not the game's)");
    // The Hard table prints no row 9 (10.2.7): picked among what the rules allow.
    await tap(page, 'Hard');
    const row9 = page.locator('summary', { hasText: "The Hard table's row 9 is not printed" });
    await row9.tap();
    assert.equal(await page.getByRole('group', { name: 'Battle Turns', exact: true }).getByRole('button').count(), 6, '1 to 6');
    await page.getByRole('group', { name: 'Battle Turns', exact: true }).getByRole('button', { name: '4', exact: true }).tap();
    await page.getByRole('group', { name: 'Event', exact: true }).getByRole('button', { name: 'You gain 1 Scout', exact: true }).tap();
    await tap(page, 'Enter row 9');
    await page.locator('summary', { hasText: 'Hard table row 9, as entered: 4 Battle Turns, You gain 1 Scout' }).waitFor();
    await tap(page, 'Undo');
    await page.locator('summary', { hasText: "The Hard table's row 9 is not printed" }).waitFor();
    await tap(page, 'Redo');
    await die(page, 9, 'Fog of War roll');
    await page.getByText('4 Battle Turns: You gain 1 Scout', { exact: true }).waitFor();
    await tap(page, 'Resolve the event');
    await tap(page, 'Compare the Combat Values');

    // Screened Approach (10.2.20): the Cavalry stays on the map, the Union is placed first.
    await page.locator('summary', { hasText: 'Screened Approach with a Cavalry Force (10.2.20)' }).tap();
    await page.getByRole('button', { name: /^Practice Grey Cavalry \(made up\) screens$/ }).tap();
    await settle(page);
    const card = page.getByRole('region', { name: 'Screened Approach (10.2.20)', exact: true });
    await card.getByText(/^Practice Grey Cavalry \(made up\) stays on the campaign map/).waitFor();
    await reload(page);
    await card.getByText(/^Practice Grey Cavalry \(made up\) stays on the campaign map/).waitFor();
    await page.getByText('Screened Approach: the Union first, then yours (10.2.20).', { exact: true }).waitFor();
    await nav(page).getByRole('link', { name: 'Game', exact: true }).tap();
    await heading(page, 'Game');
    const list = await todo(page).innerText();
    assert.ok(list.indexOf('Place the Union Forces first: Screened Approach') < list.indexOf('Place the Confederate Forces and Lee'), list);
  });
});

test('Desertion rolled in a campaign battle on the sheet checks a force on the campaign map', async () => {
  const { page } = await phone(app.browser);
  await debugged(page, async (page) => {
    await newGame(page, app.server.url);
    await startPractice(page, 'On the Battlefield Sheet', 'Veteran');
    await tap(page, 'Advance the Campaign Turn counter (9.1)');
    await marchToTheHills(page, ['Grey Infantry A', 'Grey Cavalry']);
    await link(page, 'Resolve the battles');
    await tap(page, 'Fight it on the Battlefield Sheet');
    await heading(page, 'Set-up');
    // A 10 on the Veteran table: Desertion in a random Area you Hold (10.2.8), its force and
    // its odds said before the die.
    await die(page, 10, 'Fog of War roll');
    await tap(page, 'Resolve the event');
    const card = page.getByRole('region', { name: 'Desertion on the campaign map (10.2.8)', exact: true });
    await card.getByText(/^Desertion in \w+: .* (makes an Activation check, \d+ or less passes and takes a Hit, more leaves the game \(\d+% to pass; 4\.5, 10\.2\.8\)|has no Activation number and cannot pass: it leaves the game whatever the roll \(10\.2\.8\))$/).waitFor();
    // A reload before the die: the check is still due.
    await reload(page);
    await card.getByText(/^Desertion in \w+: /).waitFor();
    // A 10 fails every Activation check (4.5): the force leaves the game.
    await die(page, 10, 'The Activation check');
    const map = page.getByRole('status', { name: 'On the campaign map', exact: true });
    await map.getByText(/fails its Activation check and is removed from the game \(10\.2\.8\)$/).waitFor();
    assert.equal(await card.count(), 0, 'it has reached the map');
    await tap(page, 'Undo');
    await card.getByText(/^Desertion in \w+: /).waitFor();
    await tap(page, 'Redo');
    assert.equal(await card.count(), 0);
  });
});
