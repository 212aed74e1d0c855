// Field Commander: Robert E. Lee on a phone: a new game from Saved games, the practice battle set
// up (made-up values said on every card), Fog of War with a Scout's re-roll and its event, the
// Envelopment Check, the Union placed at random; three Battle Turns with the app playing the
// Union (Tactics, plans drawn from the player's own cup, each force's plan front to rear, the
// odds before every roll) and Lee marching and firing (the modifiers shown before the roll);
// dice entered from the table; an undo; a reload in the middle of a step keeping its first die;
// the Withdrawal read on the table and the captured Battery settled, undone and redone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle, appUnderTest } from './harness.mjs';

const app = appUnderTest();

const nav = (page) => page.getByRole('navigation', { name: 'Main' });

async function area(page, name) {
  await nav(page).getByRole('link', { name, exact: true }).tap();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Taps a face of the d10 under `legend` (the face 0 is the button named 10). */
async function die(page, face, legend = 'The d10') {
  await page.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: String(face), exact: true }).tap();
  await settle(page);
}

async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).tap();
  await settle(page);
}

const said = (page, title) => page.getByRole('status', { name: title });

/** The Union draws `plan` from the player's own cup (14.0). */
async function draw(page, plan) {
  const fold = page.locator('details', { has: page.getByText('I draw from my own cup', { exact: true }) });
  if (!(await fold.evaluate((d) => d.open))) await fold.locator('summary').tap();
  await page.getByRole('group', { name: 'The plan drawn' }).getByRole('button', { name: plan, exact: true }).tap();
  await tap(page, 'Union acts');
  await said(page, 'What the Union did').filter({ hasText: plan }).waitFor();
}

const actor = (page, name) => page.locator('li.fc-actor').filter({ hasText: name });

/** Lee marches `force` in Column (changing to it first when `change`): no roll (12.4.1). */
async function marchInColumn(page, force, change = true) {
  const card = actor(page, force);
  await card.locator('summary', { hasText: 'March (12.4.1)' }).tap();
  if (change) await card.getByRole('button', { name: 'Before moving', exact: true }).tap();
  await card.getByRole('button', { name: 'March', exact: true }).tap();
  await tap(page, 'Do it');
}

async function endTurn(page) {
  await tap(page, 'Done: the Rout Check');
  await tap(page, 'Rout Check (14.5)');
  await tap(page, 'Advance the Battle Turn counter (14.6)');
}

async function lee_to_the_union(page) {
  await area(page, 'Lee');
  await tap(page, 'Done with Insights: place Battle Plans');
  await tap(page, "Done placing: the Union's turn");
  await area(page, 'Union');
}

const ledger = (page) => page.getByRole('region', { name: 'Ledger' });

test('a Field Commander battle from set-up to the Withdrawal, the app playing the Union', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'games');
  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  await page.getByRole('button', { name: /^Field Commander: Robert E\. Lee/ }).tap();
  await page.getByRole('status').filter({ hasText: 'A new game is open.' }).waitFor();
  await page.locator('.game-card').filter({ hasText: 'Open now' }).getByText('Setting up the battle (10.2)').waitFor();
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Game' }).waitFor();
  // Its own areas: Union, Lee and Set-up, none of Johnny Reb's.
  for (const name of ['Game', 'Union', 'Lee', 'Set-up', 'Settings']) {
    await nav(page).getByRole('link', { name, exact: true }).waitFor();
  }
  assert.equal(await nav(page).getByRole('link', { name: 'Orders' }).count(), 0);

  // Set-up: the practice battle, every card saying its values are made up.
  await area(page, 'Set-up');
  await tap(page, "Load the practice battle (made-up values, not the game's)");
  assert.equal(await page.getByText("Practice: made-up values, not the game's").count(), 6);
  await page.locator('summary', { hasText: 'Scouts and Command Points' }).tap();
  await tap(page, 'More: Scouts');
  await tap(page, 'More: Confederate Command Points');
  await tap(page, 'More: Confederate Command Points');
  await tap(page, 'Set them');
  // Fog of War: a 7 (6 Battle Turns), re-rolled with the Scout: a 5 (3 Battle Turns).
  await die(page, 7, 'Fog of War roll');
  await page.getByText('6 Battle Turns: Add 1 random Union Reinforcement to the Battle').waitFor();
  await page.locator('summary', { hasText: 'Discard a Scout to re-roll' }).tap();
  await die(page, 5, 'Fog of War re-roll');
  await page.getByText(/^3 Battle Turns: Roll d10: 1-5 add 1 Union Regiment/).waitFor();
  // The event's own roll, its odds-free table roll asked for: a 7 sends 2 Command Points over.
  await page.getByText(/Roll the d10: the Fog of War follow-up/).waitFor();
  await die(page, 7);
  await said(page, 'Fog of War').getByText(/2 of your Command Points go to the Union/).waitFor();
  await tap(page, 'Compare the Combat Values');
  await page.getByText('Made: no Envelopment.').waitFor();
  await tap(page, 'Set the Battle Plans');
  await page.getByText('Each turn: 1 Confederate Battle Plans, 2 Union Special Battle Plans').waitFor();
  await tap(page, 'Place the Union at random (10.2.19)');
  await tap(page, 'Start the first Battle Turn');

  // Battle Turn 1.
  await area(page, 'Game');
  await page.locator('.turn-card').getByText('Battle Turn 1 of 3').waitFor();
  await ledger(page).getByText('Confederate 0, Union 2').waitFor();
  await lee_to_the_union(page);
  await tap(page, 'Union acts');
  await said(page, 'What the Union did').getByText(/Union 12 to Confederate 14: Defensive Tactics/).waitFor();
  await draw(page, 'Smoke');
  await draw(page, 'Fog of War');
  await tap(page, 'Union acts');
  await said(page, 'What the Union did').getByText(/Practice Blue Infantry A \(made up\) Holds: Defensive Tactics/).waitFor();
  await tap(page, 'Union acts');
  // The Battery fires at range 4: 3 - 2 = 1, the odds before the roll.
  await page.getByText(/Roll 1 or less for a Hit/).waitFor();
  await page.getByText('At least one Hit: 10% (1 in 10)').waitFor();
  await die(page, 8);
  await said(page, 'What the Union did').getByText(/rolls 8, 0 Hit/).waitFor();
  // An undo takes the roll back; the same step asks for it again.
  await tap(page, 'Undo');
  await page.getByText(/Roll 1 or less for a Hit/).waitFor();
  await die(page, 9);
  await said(page, 'What the Union did').getByText(/rolls 9, 0 Hit/).waitFor();
  await page.getByText("The battle is at Resolve Confederate Battle Plans (14.4): it is Lee's turn to act.").waitFor();

  await area(page, 'Lee');
  await marchInColumn(page, 'Practice Grey Infantry A');
  await said(page, 'What happened').getByText(/Advances into the Confederate Front/).waitFor();
  // In Line, the March rolls its Activation (5.6), its odds first.
  const b = actor(page, 'Practice Grey Infantry B');
  await b.locator('summary', { hasText: 'March (12.4.1)' }).tap();
  await b.getByRole('button', { name: 'March', exact: true }).tap();
  await page.getByText('Succeeds: 50% (5 in 10)').waitFor();
  await die(page, 3);
  await said(page, 'What happened').getByText(/rolls 3 against 5/).waitFor();
  await endTurn(page);

  // Battle Turn 2: the Battery hits the weaker of the two in the Confederate Front (11.9).
  await lee_to_the_union(page);
  await tap(page, 'Union acts');
  await draw(page, 'Mixed Orders');
  await draw(page, 'Fog of War');
  await tap(page, 'Union acts');
  await said(page, 'What the Union did').getByText(/Practice Blue Infantry A \(made up\) Holds/).waitFor();
  await tap(page, 'Union acts');
  await page.getByText(/Roll 2 or less for a Hit/).waitFor();
  await die(page, 2);
  await said(page, 'What the Union did').getByText(/Practice Grey Infantry A \(made up\) takes a Hit: flipped/).waitFor();

  // A reload between steps: everything is where it was.
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await page.getByRole('heading', { level: 1, name: 'Union' }).waitFor();
  await area(page, 'Game');
  await page.locator('.turn-card').getByText('Battle Turn 2 of 3').waitFor();
  await page.locator('li.fc-force', { hasText: 'Practice Grey Infantry A' }).getByText(/^Reduced/).waitFor();

  await area(page, 'Lee');
  await marchInColumn(page, 'Practice Grey Infantry A', false);
  await said(page, 'What happened').getByText(/Advances into the Union Front/).waitFor();
  await endTurn(page);

  // Battle Turn 3: 12 to 12, the d10 decides the Tactics (13.0): a 3 is odd, Defensive.
  await lee_to_the_union(page);
  await page.getByText(/Union Tactics at 1:1: even Aggressive, odd Defensive/).waitFor();
  await die(page, 3);
  await said(page, 'What the Union did').getByText(/1:1, rolled 3/).waitFor();
  await draw(page, 'Smoke');
  await draw(page, 'Fog of War');
  // Blue Infantry A uses Combat: its Activation first; a reload keeps that die.
  await page.getByText("Roll the d10: Practice Blue Infantry A (made up)'s Activation check (14.2.2)").waitFor();
  await die(page, 4);
  await page.getByText(/Roll the d10: Practice Blue Infantry A \(made up\)'s attack/).waitFor();
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await page.getByRole('list', { name: 'So far' }).getByText(/rolls 4 against its Activation 5: Activates/).waitFor();
  await die(page, 9);
  await said(page, 'What the Union did').getByText(/rolls 9, 0 Hit/).waitFor();
  await page.getByText("Roll the d10: Practice Blue Infantry B (made up)'s Activation check (14.2.2)").waitFor();
  await die(page, 10);
  await said(page, 'What the Union did').getByText(/rolls 10 against its Activation 4: fails and Holds/).waitFor();
  await page.getByText("Roll the d10: Practice Blue Battery (made up)'s attack", { exact: false }).waitFor();
  await die(page, 9);
  await page.getByText("The battle is at Resolve Confederate Battle Plans (14.4): it is Lee's turn to act.").waitFor();

  // Lee fires: the target and every modifier shown before the roll (Smoke, 14.1.5).
  await area(page, 'Lee');
  const a = actor(page, 'Practice Grey Infantry A');
  const fire = a.getByRole('button', { name: /^Fire at Practice Blue Infantry B \(made up\) at 3\/-1 \(Smoke -1\/-1 \(14\.1\.5\)/ });
  await fire.tap();
  await page.getByText(/Activation check to Fire in Column/).waitFor();
  await die(page, 2);
  await page.getByText('At least one Hit: 30% (3 in 10)').waitFor();
  await die(page, 1);
  await said(page, 'What happened').getByText(/Practice Blue Infantry B \(made up\) takes a Hit: flipped/).waitFor();
  await endTurn(page);

  // The Battle Turn counter enters the Withdrawal box: 12 to 10, the table is read.
  await area(page, 'Game');
  await page.locator('.turn-card').getByText('Battle over', { exact: true }).waitFor();
  await page.getByText(/Roll the d10: the Withdrawal table, Example in 14\.8/).waitFor();
  await die(page, 4);
  await said(page, 'What happened').getByText(/Union 10 to Confederate 12, less than 2 to 1: .* reads 4: Union Retreat \(14\.8\.2\)/).waitFor();
  const captured = page.getByRole('region', { name: 'Captured guns (5.9.1)' });
  await captured.getByText('Practice Blue Battery (made up), captured by the Confederate').waitFor();
  await tap(page, 'None available: the Confederate side gains 2 Command Points');
  await ledger(page).getByText('Confederate 2, Union 2').waitFor();
  await tap(page, 'Undo');
  await ledger(page).getByText('Confederate 0, Union 2').waitFor();
  await tap(page, 'Redo');
  await ledger(page).getByText('Confederate 2, Union 2').waitFor();
  assert.equal(await captured.count(), 0, 'nothing left to settle');

  await page.getByRole('link', { name: 'Saved games' }).tap();
  await page.locator('.game-card').filter({ hasText: 'Open now' }).getByText('Battle over: Union Retreat (14.8.2)').waitFor();
  assert.deepEqual(problems.errors, []);
  assert.deepEqual(problems.foreign, []);
  await context.close();
});
