// A charge on a phone, with the dice thrown on the table entered as face buttons: the demo's
// 2nd Wisconsin (15 figures, elite) charges the 1st Tennessee (14 figures, on Hold) from 5",
// through every step of Table 16 to a melee the Tennesseans lose (5.8.2). The charge survives
// a reload half way; its result is applied to both roster cards, undone, and applied again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest, editedDemo, storedOrder, dice, result, apply } from './play.mjs';

const app = appUnderTest();


/** The demo game with this turn's orders revealed (the 2nd Wisconsin charging the 1st
 *  Tennessee, which is on Hold) and the players' Table 10 entries the melee reads (the row list
 *  and one cell; row 30, roll 9 is stated by rule 4.2.4), written into the stored document. */
async function preparedDemo(page) {
  await editedDemo(page, app.server.url, (doc, game) => {
    game.orders = [
      {
        turn: 1,
        orders: [storedOrder('r-2wi', 'Union', 'Charge', { objective: 'r-1tn', toward_enemy: true }), storedOrder('r-1tn', 'Confederate', 'Hold')],
        marked: ['Union', 'Confederate'],
        revealed: true,
      },
    ];
    game.phase = 'Charges';
    const entry = (row, column, n) => ({ table: 'Table 10', row, column, entered: { Value: [n, 1] } });
    doc.systems['johnny-reb'].table_entries = [
      entry('row list', 'number of rows', 5),
      entry('row list', 'row 2', 80),
      entry('row list', 'row 3', 30),
      entry('row list', 'row 4', 6),
      entry('row list', 'row 5', 4),
      entry('row 6', 'roll 7', 3),
    ];
  });
}

/** Nothing on the screen is wider than the phone (the page never scrolls sideways). */
async function fitsThePhone(page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the page is ${wide}px wider than the phone`);
}

/** The step's dice and the button that resolves it are on the screen as the step opens, above
 *  the bottom bar of the 390x844 phone, with nothing to scroll. */
async function onOneScreen(page, button, ...diceGroups) {
  await settle(page);
  const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  const bottom = Math.min(844, bar ? bar.y : 844);
  const seen = [...diceGroups.map((name) => page.getByRole('group', { name, exact: true })), page.getByRole('button', { name: button, exact: true })];
  const names = [...diceGroups, button];
  for (const [i, el] of seen.entries()) {
    const box = await el.boundingBox();
    assert.ok(box, `${names[i]} is on the screen`);
    assert.ok(box.y >= 0 && box.y + box.height <= bottom, `${names[i]}: ${Math.round(box.y)} to ${Math.round(box.y + box.height)}px, the screen ends at ${bottom}px`);
  }
}

const heading = (page, text) => page.getByRole('heading', { level: 3, name: text }).waitFor();
const go = (page, name) => page.getByRole('button', { name, exact: true }).tap();

async function openCharges(page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resolve' }).tap();
  await page.getByRole('navigation', { name: 'Resolvers' }).getByRole('link', { name: /^Charge and melee/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Charge and melee' }).waitFor();
}

async function rosterCard(page, side, name) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('button', { name: side }).tap();
  return page.getByRole('article', { name });
}

test('a charge from declaration through melee until a side routs, across a reload, applied and undone (5, Table 16)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await preparedDemo(page);
  await openCharges(page);

  // The revealed Charge order is listed, nearest first (5.1.5), waiting to be declared.
  await page.getByRole('link', { name: '2nd Wisconsin charges 1st Tennessee: declare it' }).tap();
  await page.getByRole('heading', { level: 2, name: 'Table 16 step 1: Declare the charge (3.1, 5.1)' }).waitFor();
  // What the game knows is filled in: both units, the revealed order, the first turn of charging.
  await page.getByText('15 figures · 5 stands · Elite · Line · good · first turn of charging').waitFor();
  await page.getByText('Its order, revealed: Hold (H)').waitFor();
  await page.getByLabel('Distance to the target, inches (5.1.5)').fill('5');
  await page.getByText('charge elan -1 (5.1.3).').waitFor();
  await fitsThePhone(page);
  await go(page, 'Declare the charge');

  // Step 2 has nothing to ask of a unit on Hold (5.2.4): it is said on the screen of step 3a.
  // Step 3a: the game knows the regiment: a line in the open moves 5" (Table 3), no disorder
  // roll (5.3.1).
  await heading(page, 'Table 16 step 3a: Determine normal move; roll for disorder (5.3.1).');
  await page.getByText('Table 16 step 2: ', { exact: false }).waitFor();
  await page.getByText('Table 3, Infantry Line, Open: 5" without disorder, 8" with the disorder roll (printed).').waitFor();
  assert.equal(await page.getByLabel('Normal move, inches (Table 3)').inputValue(), '5');
  // The greater distance is Table 3's too, and a roll: then back to 5".
  await page.getByRole('group', { name: 'Greater distance (6.2)' }).getByRole('button', { name: 'Yes: disorder roll' }).tap();
  assert.equal(await page.getByLabel('Normal move, inches (Table 3)').inputValue(), '8');
  await onOneScreen(page, 'Mark the normal move', 'Disorder die');
  await page.getByRole('group', { name: 'Greater distance (6.2)' }).getByRole('button', { name: 'No', exact: true }).tap();
  assert.equal(await page.getByLabel('Normal move, inches (Table 3)').inputValue(), '5');
  await go(page, 'Mark the normal move');
  // Step 3b: three dice in the open (Table 4); the odds of reaching the target before the roll.
  await heading(page, 'Table 16 step 3b: Declare and roll for bonus; mark bonus (5.3.2, Table 4).');
  await page.getByText('Reaches the target (impact): 100%', { exact: false }).waitFor();
  await onOneScreen(page, 'Mark the charge', 'Bonus die 1', 'Bonus die 2', 'Bonus die 3');
  await dice(page, 'Bonus die 1:2', 'Bonus die 2:2', 'Bonus die 3:2');
  await go(page, 'Mark the charge');
  await page.getByText('red pipe cleaner (total) 11", yellow (disorder) 8"', { exact: false }).waitFor();

  // A reload (a locked screen, a flat battery): the charge is still at step 4 (the 1st Tennessee,
  // on Hold, may countercharge: 5.3.5).
  await settle(page);
  await openApp(page, app.server.url, 'resolve/charge?unit=r-2wi');
  await heading(page, 'Table 16 step 4: Move charging unit to 3" from defender (5.3.4) or until countercharged (5.3.5).');
  await onOneScreen(page, 'Resolve step 4');
  await go(page, 'Resolve step 4');

  // Steps 5 and 6: three casualties empty a stand; the rules engine says which checks follow
  // (first kill, then stand lost, 4.4.2), each with its MMP (elite BMP 2, elan -1).
  await heading(page, 'Table 16 step 5: Units marked H may fire at charging unit, whether they are charged or not, if they have not already fired this turn (5.4, Table 15).');
  await onOneScreen(page, 'Resolve steps 5 and 6', 'Casualties on the charging unit');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'More: Casualties on the charging unit' }).tap();
  await page.getByText('The charging unit, check 1 of 2: first kill (4.4.1.a), MMP 1', { exact: false }).waitFor();
  // The first check's dice are on the screen as they appear; the button stays in reach.
  await onOneScreen(page, 'Resolve steps 5 and 6', "The charging unit's check 1 die 1", "The charging unit's check 1 die 2");
  await dice(page, "The charging unit's check 1 die 1:6", "The charging unit's check 1 die 2:6");
  await page.getByText('The charging unit, check 2 of 2: stand lost (4.4.1.d), MMP 3', { exact: false }).waitFor();
  await dice(page, "The charging unit's check 2 die 1:5", "The charging unit's check 2 die 2:5");
  await go(page, 'Resolve steps 5 and 6');

  // Step 7: fear of charge (Tables 17 and 18): an average unit in line charged by a line, MMP 3;
  // the Tennesseans are behind a fence: in cover, MMP 2 (Table 18).
  await heading(page, 'Table 16 step 7: Make fear-of-charge checks for charged unit and others within 3" (5.5; Tables 17 and 18). Does not apply if both units charging or countercharging.');
  await page.getByText('Roll higher than 3 on two dice', { exact: false }).waitFor();
  await onOneScreen(page, 'Resolve the fear-of-charge check', "Defender's check die 1", "Defender's check die 2");
  await page.getByText('Charged unit: in the open, charged on the front', { exact: false }).tap();
  await page.getByRole('group', { name: "Charged unit's cover (Table 18)" }).getByRole('button', { name: 'In or behind cover' }).tap();
  await page.getByText('Roll higher than 2 on two dice', { exact: false }).waitFor();
  await dice(page, "Defender's check die 1:5", "Defender's check die 2:5");
  await go(page, 'Resolve the fear-of-charge check');
  // Step 8: no second fire.
  await heading(page, 'Table 16 step 8: Units marked H, CH, or FM may fire at charging unit if they have not already fired this turn (5.6, Table 15).');
  await onOneScreen(page, 'Resolve steps 8 and 9');
  await go(page, 'Resolve steps 8 and 9');

  // Step 10: impact, each side's MMP and the odds: the cover given at step 7 is the cover at
  // the impact, not asked again (Table 18: 3 - 1); the charger wins 5 to 10.
  await heading(page, 'Table 16 step 10: Roll for Impact (5.7).');
  await page.getByText('Charged unit: in or behind cover, charged on the front (as given before, Table 18)').waitFor();
  await page.getByText('Lowest total wins: two dice + 3 against two dice + 2').waitFor();
  await onOneScreen(page, 'Resolve the impact', "Charger's impact die 1", "Defender's impact die 2");
  await dice(page, "Charger's impact die 1:1", "Charger's impact die 2:1", "Defender's impact die 1:4", "Defender's impact die 2:4");
  await go(page, 'Resolve the impact');
  // Step 11: the loser's die (5.7.3.b): a 5 beats its BMP of 3, it is shaken and retires 3".
  await heading(page, 'Table 16 step 11: If charging unit won impact, move both defeated unit and charging unit (5.7.3). If still in contact, go to melee, step 12 (5.7.4). If not, charge ends.');
  await onOneScreen(page, "Resolve the loser's die", 'Loss die');
  await dice(page, 'Loss die:5');
  await go(page, "Resolve the loser's die");
  await onOneScreen(page, 'Resolve the move', 'Retire die 1', 'Retire die 2');
  await dice(page, 'Retire die 1:1', 'Retire die 2:2');
  await go(page, 'Resolve the move');

  // Step 12: the breakthrough catches it (5.7.4): melee, both in disorder.
  await heading(page, 'Table 16 step 12: Both attacker and defender roll for Melee (5.8.2).');
  await onOneScreen(page, 'Resolve this melee round', "Charger's melee die 1", "Defender's melee die 2");
  await dice(page, "Charger's melee die 1:4", "Charger's melee die 2:5", "Defender's melee die 1:3", "Defender's melee die 2:4");
  // Row 30 (24 figures' strength, elite up 1), roll 9: seven kills (4.2.4); row 6, roll 7: three.
  await page.getByText('Table 10 row 30, roll 9: 7 kill(s)', { exact: false }).waitFor();
  await page.getByText('Table 10 row 6, roll 7: 3 kill(s)', { exact: false }).waitFor();
  await dice(page, "The charging unit's check 1 die 1:2", "The charging unit's check 1 die 2:3");
  await dice(page, "The charged unit's check 1 die 1:1", "The charged unit's check 1 die 2:2");
  await dice(page, "The charged unit's check 2 die 1:1", "The charged unit's check 2 die 2:2");
  await fitsThePhone(page);
  await go(page, 'Resolve this melee round');

  // The end: the Tennesseans rout and surrender (5.8.2); the log says so with rule numbers.
  await result(page).getByText('1st Tennessee routs in the melee and surrenders to 2nd Wisconsin (5.8.2).').waitFor();
  const log = page.getByRole('list', { name: 'What happened' });
  await log.getByText('Melee round 1: the charger kills 7, the defender kills 3, at the same time. (5.8.2)').waitFor();
  await log.getByText('The charging unit moves to 3" from the defender and halts there for defensive fire. (5.3.4)').waitFor();

  // Who may have seen the Tennesseans surrender: their friends only, never they themselves
  // nor the Union (2.2).
  const seen = page.getByRole('group', { name: 'Friendly units that saw the rout or surrender (2.2)' });
  const offered = await seen.getByLabel('Add a unit that saw it').locator('option').allInnerTexts();
  assert.ok(offered.some((o) => /42nd Mississippi/.test(o)), offered.join(' | '));
  assert.ok(!offered.some((o) => /1st Tennessee|2nd Wisconsin|6th Wisconsin/.test(o)), offered.join(' | '));

  await fitsThePhone(page);
  // Applied in one tap, undone in one.
  await apply(page);
  await result(page).getByRole('button', { name: 'Undo' }).tap();
  await result(page).getByRole('button', { name: 'Apply to the game' }).waitFor();
  let card = await rosterCard(page, 'Union', '2nd Wisconsin');
  await card.getByText('15 of 15 figures').waitFor();
  await card.getByText('● Good').waitFor();

  // Applied again: the roster cards change.
  await openCharges(page);
  await page.getByRole('link', { name: /2nd Wisconsin charges 1st Tennessee, 5" \(over: defender surrendered in melee\)/ }).tap();
  await apply(page);
  card = await rosterCard(page, 'Union', '2nd Wisconsin');
  await card.getByText('9 of 15 figures').waitFor();
  await card.getByText('▲ Shaken').waitFor();
  await card.getByText('Disorder', { exact: false }).waitFor();
  card = await rosterCard(page, 'Confederate', '1st Tennessee');
  await card.getByText('7 of 14 figures').waitFor();
  await card.getByText('removed from the board', { exact: false }).waitFor();

  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a wave assault: the first wave routed by defensive fire, the next wave passes through and charges (6.8.8.b)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await preparedDemo(page);
  await openApp(page, app.server.url, 'resolve/charge?unit=r-2wi');
  await page.getByLabel('Distance to the target, inches (5.1.5)').fill('6');
  await page.getByText('Less common: objective, halting point, waves').tap();
  await page.getByRole('button', { name: 'More: Waves behind in good order (6.8.8)' }).tap();
  await go(page, 'Declare the charge');
  await page.getByLabel('Normal move, inches (Table 3)').fill('5');
  await go(page, 'Mark the normal move');
  await page.getByRole('group', { name: 'Bonus move (5.3.2)' }).getByRole('button', { name: 'No bonus' }).tap();
  await go(page, 'Mark the charge');
  await go(page, 'Resolve step 4');
  // Three casualties; the first check is a 2: routed at once, the charge halts there (5.4.3),
  // and the second check is not taken.
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'More: Casualties on the charging unit' }).tap();
  await dice(page, "The charging unit's check 1 die 1:1", "The charging unit's check 1 die 2:1");
  assert.equal(await page.getByRole('group', { name: "The charging unit's check 2 die 1" }).count(), 0);
  await go(page, 'Resolve steps 5 and 6');
  await result(page).getByText('2nd Wisconsin is routed by the defensive fire', { exact: false }).waitFor();
  await result(page).getByRole('link', { name: "Roll the charging unit's forced rout move" }).waitFor();
  // The next wave, the 6th Wisconsin, 8" away, passes through with a disorder roll of 5 (6.8.8.b).
  const follows = page.getByRole('region', { name: 'What follows' });
  await follows.getByText('The next wave passes through the stopped first wave (6.8.8.b)').waitFor();
  await follows.getByLabel('Next wave (regiment)').selectOption({ label: '6th Wisconsin' });
  await follows.getByLabel("The wave's distance to the target, inches").fill('8');
  await dice(page, 'Pass-through die:5');
  await follows.getByRole('button', { name: 'Go on with it' }).tap();
  await page.getByRole('heading', { level: 2, name: '6th Wisconsin charges 1st Tennessee' }).waitFor();
  await heading(page, 'Table 16 step 3a: Determine normal move; roll for disorder (5.3.1).');
  await page.getByRole('list', { name: 'What happened' }).getByText('The next wave passes through the stopped first wave: disorder roll 5 beats its BMP: it goes on in order. (6.8.8.b)').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a quick look-up charge records nothing in the game and survives a reload', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'resolve');
  await page.getByRole('navigation', { name: 'Resolvers' }).getByRole('link', { name: /^Charge and melee/ }).tap();
  await page.getByRole('heading', { level: 1, name: 'Charge and melee' }).waitFor();
  await page.getByLabel('Distance to the target, inches (5.1.5)').fill('8');
  await page.getByText('Quick look-up: nothing is recorded in the game.').waitFor();
  await go(page, 'Start the quick look-up');
  // Nothing to ask at step 2 of a unit on Hold; a quick look-up knows no unit: the normal move
  // is asked (5.3.1, Table 3).
  await heading(page, 'Table 16 step 3a: Determine normal move; roll for disorder (5.3.1).');
  assert.equal(await page.getByLabel('Normal move, inches (Table 3)').inputValue(), '');
  await page.getByLabel('Normal move, inches (Table 3)').fill('5');
  await go(page, 'Mark the normal move');
  await settle(page);
  await openApp(page, app.server.url, 'resolve/charge?lookup=1');
  await heading(page, 'Table 16 step 3b: Declare and roll for bonus; mark bonus (5.3.2, Table 4).');
  // Going back a step works too.
  await go(page, 'Take back the last step');
  await heading(page, 'Table 16 step 3a: Determine normal move; roll for disorder (5.3.1).');
  // Kept in this device's settings; the game has no charge and nothing in its history.
  await settle(page);
  const doc = await page.evaluate(() => JSON.parse(localStorage.getItem('johnny-reb')));
  assert.ok(doc.systems['johnny-reb'].charge_lookup, 'the look-up is kept on the device');
  for (const g of doc.games) {
    assert.deepEqual(g.charges?.charges ?? [], []);
    assert.deepEqual(g.log, []);
  }
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a charge against guns meets a Table 18 value the transcription lacks: asked for on the spot, used, remembered', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'resolve/charge?new=1');
  // A quick look-up: infantry charging an average gun section alone, 6" away, four crew.
  await page.getByRole('group', { name: 'Charged unit', exact: true }).getByRole('button', { name: 'Artillery' }).tap();
  await page.getByLabel('Crew figures at the guns').fill('4');
  await page.getByLabel('Distance to the target, inches (5.1.5)').fill('6');
  await go(page, 'Start the quick look-up');
  await page.getByLabel('Normal move, inches (Table 3)').fill('5');
  await go(page, 'Mark the normal move');
  await page.getByRole('group', { name: 'Bonus move (5.3.2)' }).getByRole('button', { name: 'No bonus' }).tap();
  await go(page, 'Mark the charge');
  await go(page, 'Resolve step 4');
  await go(page, 'Resolve steps 5 and 6');
  // Step 7: the guns' own formation row is not printed in Table 18.
  const form = page.getByRole('form', { name: 'Missing table value' });
  await form.getByText("Table 18, Artillery Unlimbered, Defender's formation is not in the rulebook text.").waitFor();
  await form.getByLabel("Table 18, Artillery Unlimbered, Defender's formation").fill('+2');
  await form.getByRole('button', { name: 'Use and remember' }).tap();
  // Table 17: an average section alone has BMP 9; +2 as entered: MMP 11.
  await page.getByText('Roll higher than 11 on two dice', { exact: false }).waitFor();
  await dice(page, "Defender's check die 1:6", "Defender's check die 2:6");
  await go(page, 'Resolve the fear-of-charge check');
  await heading(page, 'Table 16 step 8');
  await settle(page);
  const entries = await page.evaluate(() => JSON.parse(localStorage.getItem('johnny-reb')).systems['johnny-reb'].table_entries);
  assert.deepEqual(entries, [{ table: 'Table 18', row: 'Artillery Unlimbered', column: "Defender's formation", entered: { Value: [2, 1] } }]);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a missing Table 18 value is entered on the Tables screen (GAPS.md) and read back', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'tables?t=18');
  const attack = page.getByRole('button', { name: /^Attack Column, Defender's formation:/ });
  assert.equal(await attack.getAttribute('aria-label'), "Attack Column, Defender's formation: ?, missing");
  await attack.tap();
  const input = page.getByRole('textbox', { name: 'Value from your card' });
  await input.fill('-1');
  await input.press('Enter');
  await page.getByText("Saved Attack Column, Defender's formation.").waitFor();
  assert.equal(await attack.getAttribute('aria-label'), "Attack Column, Defender's formation: -1, entered by players");
  await settle(page);
  const entries = await page.evaluate(() => JSON.parse(localStorage.getItem('johnny-reb')).systems['johnny-reb'].table_entries);
  assert.deepEqual(entries, [{ table: 'Table 18', row: 'Attack Column', column: "Defender's formation, below zero", entered: { Value: [1, 1] } }]);
  assert.deepEqual(problems.errors, []);
  await context.close();
});
