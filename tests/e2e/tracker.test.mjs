// The turn tracker on a phone: each phase's checklist for a prepared game, moving on with
// items not done asks first, a whole turn into turn 2 with the end-of-turn line in the
// history, undo back a phase, and the game settings (length, house rules) kept over a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest, editedDemo, storedOrder } from './play.mjs';

const app = appUnderTest();


/** Opens the demo game, then gives it this turn's orders, a routed regiment and a crew kill
 *  by editing the stored document (src/state/schema.rs) and reloading. */
async function preparedDemo(page) {
  await editedDemo(page, app.server.url, (doc, game) => {
    game.orders = [
      {
        turn: 1,
        orders: [
          storedOrder('r-7wi', 'Union', 'FirstFire'),
          storedOrder('r-2wi', 'Union', 'Charge', { objective: 'r-1tn' }),
          storedOrder('r-24mi', 'Union', 'Move', { direction: 'Forward' }),
          storedOrder('r-6wi', 'Union', 'Disengage'),
          storedOrder('r-1tn', 'Confederate', 'Hold'),
        ],
        // The Confederate player has not finished marking, and nothing is revealed yet.
        marked: ['Union'],
        revealed: false,
      },
    ];
    const regiments = (army) => army.divisions.flatMap((d) => d.brigades.flatMap((b) => b.regiments));
    regiments(game.roster.union).find((r) => r.id === 'r-19in').morale = 'Routed';
    const sections = game.roster.union.divisions.flatMap((d) => d.batteries.flatMap((b) => b.sections));
    sections.find((s) => s.id === 's-hall-1').crew_kills_this_turn = 1;
  });
}

const checklist = (page) => page.getByRole('list', { name: /To do in phase/ });
const itemTexts = (page) => checklist(page).getByRole('listitem').allInnerTexts();

async function moveOnAnyway(page, question) {
  await page.getByRole('button', { name: 'Next phase' }).tap();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(question).waitFor();
  await dialog.getByRole('button', { name: 'Move on anyway' }).tap();
}

test('a whole turn: each phase lists what the rules require, moving on asks first, undo goes back', async () => {
  const { context, page, problems } = await phone(app.browser);
  await preparedDemo(page);

  // Phase 1 (1.1): mark orders, linked to the Orders screen.
  await page.getByText('Phase 1 of 8: Mark Orders').waitFor();
  const mark = page.getByRole('checkbox', { name: /Mark orders for every regiment/ });
  await mark.waitFor();
  assert.equal(await page.getByRole('link', { name: /^Open: Mark orders/ }).getAttribute('href'), '/orders');
  // Not done: moving on asks, naming the item; staying keeps the phase (0.5).
  await page.getByRole('button', { name: 'Next phase' }).tap();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('1 item not done in phase 1 (Mark Orders): move on anyway?').waitFor();
  await dialog.getByText(/Mark orders for every regiment/).waitFor();
  await dialog.getByRole('button', { name: 'Stay in this phase' }).tap();
  await page.getByText('Phase 1 of 8: Mark Orders').waitFor();
  // Ticked by hand: one tap moves on.
  for (const target of [mark.locator('xpath=..'), page.getByRole('link', { name: /^Open: Mark orders/ })]) {
    const box = await target.boundingBox();
    assert.ok(box.height >= 48 && box.width >= 48, `checklist target ${box.width}x${box.height}`);
  }
  await mark.tap();
  await page.getByRole('checkbox', { name: /Mark orders for every regiment/, checked: true }).waitFor();
  await page.getByRole('button', { name: 'Next phase' }).tap();

  // Phase 2 (2.1.1, 2.2, 2.4): the rout move with Table 3's Routed row, the checks, the rally.
  await page.getByText('Phase 2 of 8: Routs and Rallies').waitFor();
  const phase2 = await itemTexts(page);
  assert.equal(phase2.length, 3, phase2.join(' | '));
  assert.match(phase2[0], /Move 19th Indiana routed, away from the enemy: road missing, open missing, broken 6″ \(2\.1\.1\), rough missing/);
  assert.match(phase2[1], /check morale/);
  assert.match(phase2[2], /Rally 19th Indiana \(routed\)/);
  assert.equal(await page.getByRole('link', { name: 'Open: Rally 19th Indiana (routed)' }).getAttribute('href'), '/resolve/rally?unit=r-19in');
  await moveOnAnyway(page, '3 items not done in phase 2 (Routs and Rallies): move on anyway?');

  // Phase 3 (3.1, 3.2).
  await page.getByText('Phase 3 of 8: Reveal Orders').waitFor();
  await checklist(page).getByText(/Reveal both sides/).waitFor();
  await moveOnAnyway(page, '3 items not done in phase 3 (Reveal Orders): move on anyway?');

  // Phase 4 (4.1): First Fire, then Hold.
  await page.getByText('Phase 4 of 8: First Fires').waitFor();
  const phase4 = await itemTexts(page);
  assert.equal(phase4.length, 2, phase4.join(' | '));
  assert.match(phase4[0], /7th Wisconsin fires \(First Fire\)/);
  assert.match(phase4[1], /1st Tennessee \(Hold\) may fire now/);
  assert.equal(await page.getByRole('link', { name: 'Open: 7th Wisconsin fires (First Fire)' }).getAttribute('href'), '/resolve/fire?unit=r-7wi');
  // Opened from its item, the fire counts the First Fire order the regiment was given (1.2).
  await page.getByRole('link', { name: 'Open: 7th Wisconsin fires (First Fire)' }).tap();
  const firstFire = page.getByRole('group', { name: 'First fire order (1.2)' });
  await firstFire.getByRole('button', { name: 'Yes', pressed: true }).waitFor();
  await page.goBack();
  await page.getByText('Phase 4 of 8: First Fires').waitFor();
  // Moving on asks with what the rules require first; the Hold unit that only may fire is
  // folded, and the buttons come before both lists, within reach of the thumb.
  await page.getByRole('button', { name: 'Next phase' }).tap();
  const phase4Question = page.getByRole('alertdialog');
  await phase4Question.getByText('2 items not done in phase 4').waitFor();
  await phase4Question.getByText('Required by the rules:').waitFor();
  assert.ok(await phase4Question.getByText(/7th Wisconsin fires \(First Fire\)/).isVisible());
  const optional = phase4Question.getByText('1 optional: a unit that may fire and need not');
  await optional.waitFor();
  assert.equal(await phase4Question.getByText(/1st Tennessee \(Hold\) may fire now/).isVisible(), false);
  const moveOn = phase4Question.getByRole('button', { name: 'Move on anyway' });
  const buttonBox = await moveOn.boundingBox();
  const listBox = await phase4Question.getByText('Required by the rules:').boundingBox();
  assert.ok(buttonBox.y < listBox.y && buttonBox.y + buttonBox.height <= 844, `button at ${buttonBox.y}`);
  await moveOn.tap();

  // Phase 5 (5.1.5): the order of resolution, then each charge.
  await page.getByText('Phase 5 of 8: Charges').waitFor();
  const phase5 = await itemTexts(page);
  assert.match(phase5[0], /nearest charge first/);
  assert.match(phase5[1], /2nd Wisconsin charges 1st Tennessee/);
  await moveOnAnyway(page, '2 items not done in phase 5');

  // Phase 6 (6.1): Move, Formation Change, Disengage.
  await page.getByText('Phase 6 of 8: Movement').waitFor();
  const phase6 = await itemTexts(page);
  assert.match(phase6[0], /24th Michigan moves forward/);
  assert.match(phase6[1], /6th Wisconsin disengages/);
  await moveOnAnyway(page, '3 items not done in phase 6');

  // Phase 7 (7): not Disengage, not First Fire.
  await page.getByText('Phase 7 of 8: Moving Fires').waitFor();
  const phase7 = (await itemTexts(page)).join(' | ');
  assert.match(phase7, /2nd Wisconsin \(Charge\) may fire/);
  assert.match(phase7, /24th Michigan \(Move This Direction\) may fire at half effect/);
  assert.match(phase7, /1st Tennessee \(Hold\) may fire at full effect/);
  assert.doesNotMatch(phase7, /7th Wisconsin|6th Wisconsin/);
  await moveOnAnyway(page, '3 items not done in phase 7');

  // Phase 8 (Table 20): every officer rolls.
  await page.getByText('Phase 8 of 8: Officer Casualties').waitFor();
  assert.equal((await itemTexts(page)).length, 6);
  assert.equal(
    await page.getByRole('link', { name: /^Open: Roll for Brig. Gen. Solomon Meredith/ }).getAttribute('href'),
    '/resolve/officer?officer=o-meredith',
  );
  await moveOnAnyway(page, '6 items not done in phase 8 (Officer Casualties): move on anyway?');

  // Turn 2, with the end-of-turn line in the history (4.3.5.b, 5.1.4).
  await page.getByText('Phase 1 of 8: Mark Orders').waitFor();
  await page.getByText('Turn 2', { exact: true }).waitFor();
  const line = page.locator('.history li').first();
  const text = await line.innerText();
  assert.match(text, /^End of turn 1: /);
  assert.match(text, /single crew kills cancelled: Hall, right section \(4\.3\.5\.b\)/);
  assert.match(text, /2nd Wisconsin \(5\.1\.4\)/);
  assert.match(text, /Turn 2 begins: phase 1, Mark Orders$/);

  // Undo goes back a phase, and only undo does (0.5).
  await page.getByRole('button', { name: 'Undo' }).tap();
  await page.getByText('Phase 8 of 8: Officer Casualties').waitFor();
  await page.getByText('Turn 1', { exact: true }).waitFor();

  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('game settings: the number of turns and a house rule, kept over a reload and undoable', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  const open = async () => {
    await page.getByText('Game settings and house rules').tap();
    await page.getByRole('heading', { name: 'House rules' }).waitFor();
  };
  await open();
  await page.getByLabel('Number of turns').fill('12');
  await page.getByRole('button', { name: 'Set turns' }).tap();
  await page.getByText('Turn 1 of 12', { exact: true }).waitFor();

  const singleStands = page.getByRole('checkbox', { name: /F\.12 Single Stands/ });
  assert.equal(await singleStands.isChecked(), false);
  await singleStands.tap();
  await page.getByRole('checkbox', { name: /F\.12 Single Stands/, checked: true }).waitFor();
  const box = await singleStands.locator('xpath=..').boundingBox();
  assert.ok(box.height >= 48, `the house rule row is ${box.height}px high`);
  const doubling = page.getByRole('checkbox', { name: /25 mm figures/ });
  await doubling.tap();
  await page.getByRole('checkbox', { name: /25 mm figures/, checked: true }).waitFor();
  // Undo takes the last change back (25 mm doubling) and leaves the house rule.
  await page.getByRole('button', { name: 'Undo' }).tap();
  await page.getByRole('checkbox', { name: /25 mm figures/, checked: false }).waitFor();
  assert.equal(await singleStands.isChecked(), true);

  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await page.getByText('Turn 1 of 12', { exact: true }).waitFor();
  await open();
  assert.equal(await singleStands.isChecked(), true);
  assert.equal(await doubling.isChecked(), false);
  await page.locator('.history li').filter({ hasText: 'House rule: F.12 Single Stands' }).first().waitFor();

  assert.deepEqual(problems.errors, []);
  await context.close();
});
