// The Resolve area on a phone, with the dice thrown on the table entered as face buttons: a
// morale check applied to a roster regiment and undone, an officer casualty applied, a fire
// that costs stands and queues its morale checks (4.4.2), a missing Table 10 value asked for,
// entered and remembered, and a quick look-up with nothing recorded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp } from './harness.mjs';
import { appUnderTest, settle, result, demo as openDemo, resolver, dice, apply } from './play.mjs';

const app = appUnderTest();
const demo = (page) => openDemo(page, app.server.url);


test('a morale check for a roster regiment: choose unit, reason, roll; applied and undone (2.3.1)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Morale check');
  await page.getByLabel('Regiment or gun section').selectOption({ label: '1st Tennessee' });
  // What the game knows is filled in: an average regiment, good morale, no losses.
  await page.getByText('Regiment · Average · good · 0 stands lost').waitFor();
  await page.getByRole('group', { name: 'Reason (Table 2)' }).getByRole('button', { name: 'Stand lost' }).tap();
  await page.getByText('Table 2 no. 6, 4.4.1.d').waitFor();
  // Odds before the roll: BMP 3 (Table 5), higher than 3 passes on 33 of 36.
  await page.getByText('Roll higher than 3 on two dice', { exact: false }).waitFor();
  await page.getByText('Passes: 92% (33 in 36)').waitFor();
  await dice(page, 1, 2);
  await result(page).getByText('1st Tennessee rolled 3 against MMP 3: failed, good becomes shaken (2.3.1).').waitFor();
  await apply(page);
  await page.getByText('Regiment · Average · shaken · 0 stands lost').waitFor();
  // Undone in one tap: good again, here and in the Roster.
  await result(page).getByRole('button', { name: 'Undo' }).tap();
  await page.getByText('Regiment · Average · good · 0 stands lost').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('button', { name: 'Confederate' }).tap();
  await page.getByRole('article', { name: '1st Tennessee' }).getByText('● Good').waitFor();
  await context.close();
  assert.deepEqual(problems.errors, []);
});

test('a morale check undone from its result card leaves the regiment as it was', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Morale check');
  await page.getByLabel('Regiment or gun section').selectOption({ label: '1st Tennessee' });
  await dice(page, 1, 1);
  await result(page).getByText('1st Tennessee rolled 2: routs at once, now routed (2.3.2).').waitFor();
  await result(page).getByText('makes its forced rout move now', { exact: false }).waitFor();
  await result(page).getByRole('button', { name: 'Apply to the game' }).tap();
  await page.getByText('Regiment · Average · routed · 0 stands lost').waitFor();
  await result(page).getByRole('button', { name: 'Undo' }).tap();
  await page.getByText('Regiment · Average · good · 0 stands lost').waitFor();
  await result(page).getByRole('button', { name: 'Apply to the game' }).waitFor();
  await settle(page);
  await openApp(page, app.server.url, 'resolve');
  await resolver(page, 'Morale check');
  await page.getByLabel('Regiment or gun section').selectOption({ label: '1st Tennessee' });
  await page.getByText('Regiment · Average · good · 0 stands lost').waitFor();
  // A rout goes on to its forced rout move (2.1.2): 3 dice in the open, placed in Disorder.
  await dice(page, 1, 1);
  await result(page).getByRole('button', { name: 'Apply to the game' }).tap();
  await result(page).getByRole('link', { name: 'Roll the forced rout move' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Forced rout move' }).waitFor();
  await page.getByText('Roll 3 dice: 3" to 18"').waitFor();
  await dice(page, 2, 3, 4);
  await result(page).getByText('1st Tennessee routs 9" at once, away from the enemy, in Disorder (2.1.2).').waitFor();
  await apply(page);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('an officer casualty roll (8, Table 20): hit under 2", light wound, applied', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Officer casualties');
  await page.getByLabel('Officer', { exact: true }).selectOption({ label: 'Brig. Gen. Solomon Meredith' });
  await page.getByRole('group', { name: 'Closest to the enemy' }).getByRole('button', { name: 'Under 2"' }).tap();
  await page.getByText('Hit on 5 or 6 with one die').waitFor();
  await page.getByText('Hit: 33% (2 in 6)').waitFor();
  await dice(page, 'Hit die:5');
  await page.getByText('Hit. Now roll the effect die.').waitFor();
  await dice(page, 'Effect die:2');
  await result(page).getByText('Brig. Gen. Solomon Meredith is hit: Light Wound. No benefits rest of game. (8, Table 20)').waitFor();
  await result(page).getByText('Move him to the rear of the army', { exact: false }).waitFor();
  await apply(page);
  // The Roster's officer list shows his wound.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster' }).tap();
  await page.getByText('Benefit 1 · lightly wounded').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a fire that costs stands queues its morale checks in the order of 4.4.2, each opening the morale check', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Small arms fire');
  // The firer typed in (100 figures, rifle-muskets at 4"): strength 100, the top row.
  await page.getByLabel('Figures firing').fill('100');
  await page.getByLabel('Target regiment').selectOption({ label: '1st Tennessee' });
  await page.getByText('14 figures · Line').waitFor();
  await page.getByText('= strength 100', { exact: false }).waitFor();
  await dice(page, 3, 4);
  await result(page).getByText('10 casualties on 1st Tennessee (Table 15).').waitFor();
  await result(page).getByText('Table 10: row 100+, roll 7: 10 kills (4.2.4).').waitFor();
  await apply(page);
  const queue = page.getByRole('region', { name: 'Morale checks due (4.4.2 order)' });
  const links = queue.getByRole('link');
  await links.first().waitFor();
  const names = await links.allInnerTexts();
  assert.equal(names[0], 'Check morale: 1st Tennessee (first kill, Table 2 no. 3, 4.4.1.a)');
  assert.ok(names.length >= 2, names.join(' | '));
  assert.ok(names.slice(1).every((n) => n.includes('stand lost')), names.join(' | '));
  // The list is part of the game: a reload (a locked phone, a dead battery) keeps it.
  await settle(page);
  await page.reload();
  await queue.getByRole('link').first().waitFor();
  assert.deepEqual(await queue.getByRole('link').allInnerTexts(), names);
  // Each opens the morale check for that unit and reason.
  await links.first().tap();
  await page.getByRole('heading', { level: 1, name: 'Morale check' }).waitFor();
  assert.equal(await page.getByRole('group', { name: 'Reason (Table 2)' }).getByRole('button', { name: 'First kill' }).getAttribute('aria-pressed'), 'true');
  // 4.4.2: the stands this fire took are not counted until their own checks are reached.
  await page.getByText('Regiment · Average · good · 0 stands lost').waitFor();
  await dice(page, 6, 6);
  await result(page).getByRole('button', { name: /Done: nothing changes|Apply to the game/ }).tap();
  await page.getByText('Check morale: 1st Tennessee (first kill', { exact: false }).waitFor({ state: 'detached' });
  assert.equal(await queue.getByRole('link').count(), names.length - 1);
  // The first stand-lost check counts its own stand, not those of the checks after it.
  await queue.getByRole('link').first().tap();
  await page.getByRole('group', { name: 'Reason (Table 2)' }).getByRole('button', { name: 'Stand lost', pressed: true }).waitFor();
  await page.getByText('Regiment · Average · good · 1 stands lost').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a fire result of ten kills is one change: one Undo in the Game area takes back the kills and their checks', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Small arms fire');
  await page.getByLabel('Figures firing').fill('100');
  await page.getByLabel('Target regiment').selectOption({ label: '1st Tennessee' });
  await dice(page, 3, 4);
  await apply(page);
  const queue = page.getByRole('region', { name: 'Morale checks due (4.4.2 order)' });
  await queue.getByRole('link').first().waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).tap();
  await page.getByRole('button', { name: 'Undo', exact: true }).tap();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('group', { name: 'Side' }).getByRole('button', { name: 'Confederate' }).tap();
  const card = page.getByRole('article', { name: '1st Tennessee' });
  await card.getByText('14 of 14 figures').waitFor();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resolve' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Resolve' }).waitFor();
  assert.equal(await queue.count(), 0, 'the checks the kills queued went with them');
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('small arms fire at a target behind heavy works (9, 4.2.6.d), from works, and rapid fire (4.2.7.c)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Small arms fire');
  await page.getByLabel('Figures firing').fill('100');
  await page.getByLabel('Target regiment').selectOption({ label: '1st Tennessee' });
  // The common case is untouched: works are folded away under one summary.
  await page.getByText('Target\'s works, building or obstacle (9)').first().tap();
  const works = page.getByRole('group', { name: 'Target\'s works, building or obstacle (9)', exact: true });
  await works.getByRole('button', { name: 'Heavy works', exact: true }).tap();
  await page.getByRole('group', { name: 'Distance behind the works (4.2.6.d)' }).getByRole('button', { name: 'Within 1"' }).tap();
  // The firer inside heavy works of its own: up 2 (9.1.4).
  await page.getByText('Firer\'s works, building or obstacle (9)').tap();
  await page.getByRole('group', { name: 'Firer fires from (4.2.3.g, 9.1, 9.3.3.a)' }).getByRole('button', { name: 'Heavy works: up 2' }).tap();
  await page.getByText('Behind Heavy Works up 2', { exact: false }).waitFor();
  await dice(page, 3, 4);
  await page.getByRole('group', { name: 'Saving rolls (Table 12)' }).getByRole('button', { name: 'We rolled them' }).tap();
  await result(page).getByText('Saves on 1 to 5 (Table 12): 0 saved on the table.').waitFor();
  await result(page).getByText('10 casualties on 1st Tennessee (Table 15).').waitFor();
  for (let i = 0; i < 7; i++) await page.getByRole('button', { name: 'More: Kills saved' }).tap();
  await result(page).getByText('3 casualties on 1st Tennessee (Table 15).').waitFor();
  // An enemy unit on the works firing at it: no saves (4.2.6.d).
  await page.getByRole('group', { name: 'An enemy unit on the works fires at it (4.2.6.d)' }).getByRole('button', { name: 'Yes: no saves' }).tap();
  await result(page).getByText('No saving roll (Table 12).').waitFor();
  await result(page).getByText('10 casualties on 1st Tennessee (Table 15).').waitFor();
  // Repeaters: rapid fire doubles the strength and runs out of ammunition on 7 or less.
  await page.getByLabel('Target regiment').selectOption({ label: 'None: quick look-up (nothing recorded)' });
  await page.getByLabel('Figures firing').fill('20');
  await page.getByRole('group', { name: 'Weapon', exact: true }).getByRole('button', { name: 'Repeating Rifle', exact: true }).tap();
  await page.getByRole('group', { name: 'Rapid fire (4.2.7.c)' }).getByRole('button', { name: /^Yes/ }).tap();
  await page.getByText('Rapid Fire x2', { exact: false }).waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a missing Table 10 value is asked for, used, remembered; a quick look-up records nothing', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await settle(page);
  const before = await page.evaluate(() => localStorage.getItem('johnny-reb'));
  await resolver(page, 'Small arms fire');
  // 4.2.2: 23 figures skirmishing at long range: 23 x 1/2 x 1/2 = 5.75, row 4.
  await page.getByLabel('Figures firing').fill('23');
  await page.getByRole('group', { name: 'Formation', exact: true }).getByRole('button', { name: 'Skirmish' }).tap();
  await page.getByLabel('Range in inches').fill('8');
  await dice(page, 3, 4);
  const form = page.getByRole('form', { name: 'Missing table value' });
  await form.getByText('Table 10, row 4, roll 7 is not in the rulebook text.').waitFor();
  await form.getByLabel('Table 10, row 4, roll 7').fill('2');
  await form.getByRole('button', { name: 'Use and remember' }).tap();
  await result(page).getByText('2 casualties on the target (Table 15).').waitFor();
  await result(page).getByText('Quick look-up: nothing recorded.').waitFor();
  assert.equal(await page.getByRole('button', { name: 'Apply to the game' }).count(), 0);
  // Asked once: the next roll of 7 on row 4 uses it at once, also after a reload.
  await settle(page);
  await openApp(page, app.server.url, 'resolve');
  await resolver(page, 'Small arms fire');
  await page.getByLabel('Figures firing').fill('23');
  await page.getByRole('group', { name: 'Formation', exact: true }).getByRole('button', { name: 'Skirmish' }).tap();
  await page.getByLabel('Range in inches').fill('8');
  await dice(page, 4, 3);
  await result(page).getByText('2 casualties on the target (Table 15).').waitFor();
  assert.equal(await page.getByRole('form', { name: 'Missing table value' }).count(), 0);
  // The game itself is as it was (only the Tables Card entry was added).
  const after = await page.evaluate(() => JSON.parse(localStorage.getItem('johnny-reb')));
  const was = JSON.parse(before);
  assert.deepEqual(after.games, was.games);
  // And the Tables screen shows the entry.
  await openApp(page, app.server.url, 'tables?t=10');
  await page.getByText('row 4', { exact: false }).first().waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('every resolver of the menu opens its own screen, and goes back to the menu', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'resolve');
  const menu = page.getByRole('navigation', { name: 'Resolvers' });
  // The menu is a lazy screen: wait for it before counting its entries.
  await menu.getByRole('link').first().waitFor();
  const entries = await menu.getByRole('link').allInnerTexts();
  assert.equal(entries.length, 9, entries.join(' | '));
  for (const name of ['Morale check', 'Rally', 'Officer casualties', 'Small arms fire', 'Charge and melee', 'Movement', 'Forced rout move', 'Artillery fire', 'Other rolls']) {
    await resolver(page, name);
    assert.equal(await page.getByText('not built yet', { exact: false }).count(), 0, name);
    await page.getByRole('link', { name: '← All resolvers' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Resolve' }).waitFor();
  }
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a fire applied leads on to its morale checks, each on the first screen and rolled in turn (4.4.2), then back to the turn', async () => {
  const { context, page, problems } = await phone(app.browser);
  const screen = page.viewportSize().height;
  // Waits for the scroll that brings it into view to end (no fixed sleep), then says where it is.
  const onFirstScreen = async (locator, what) => {
    const el = await locator.elementHandle();
    await page
      .waitForFunction((e) => { const r = e.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }, el, { timeout: 3000 })
      .catch(() => {});
    const box = await locator.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= screen, `${what} is on the first screen: ${JSON.stringify(box)}`);
  };
  await demo(page);
  await resolver(page, 'Small arms fire');
  await page.getByLabel('Figures firing').fill('100');
  await page.getByLabel('Target regiment').selectOption({ label: '1st Tennessee' });
  await dice(page, 3, 4);
  await result(page).getByRole('button', { name: 'Apply to the game' }).tap();
  // The way on is the first thing in view: the checks the fire left waiting.
  const onward = result(page).getByRole('link', { name: /^Roll the \d+ morale checks due/ });
  await onward.waitFor();
  await onFirstScreen(onward, 'the way on to the checks');
  const due = Number((await onward.innerText()).match(/Roll the (\d+)/)[1]);
  assert.ok(due >= 2, `first kill and the stands lost: ${due}`);
  // The Game area counts them and opens the first.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).tap();
  const fromGame = page.getByRole('link', { name: new RegExp(`^${due} morale checks due \\(4\\.4\\.2\\)`) });
  await fromGame.waitFor();
  await fromGame.tap();
  await page.getByRole('heading', { level: 1, name: 'Morale check' }).waitFor();
  const dieTwo = page.getByRole('group', { name: 'Die 2', exact: true });
  for (let left = due; left > 0; left--) {
    // The check itself first: its unit and reason, its odds and its dice.
    await page.locator('.check-target').getByText('1st Tennessee:', { exact: false }).waitFor();
    const reason = left === due ? 'first kill' : 'stand lost';
    await page.locator('.check-target').getByText(reason, { exact: false }).waitFor();
    await page.getByText('Roll higher than', { exact: false }).waitFor();
    await onFirstScreen(page.getByText('Roll higher than', { exact: false }), 'the target');
    await onFirstScreen(dieTwo, 'the dice');
    await dice(page, 6, 6);
    await result(page).getByRole('button', { name: 'Apply to the game' }).tap();
    await result(page).getByText('Applied to the game.').waitFor();
    if (left === due) {
      // The count in the Game area went down, and its link goes on with the next check.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).tap();
      const fewer = left - 1 === 1 ? /^1 morale check due/ : new RegExp(`^${left - 1} morale checks due`);
      await page.getByRole('link', { name: fewer }).tap();
      await page.getByRole('heading', { level: 1, name: 'Morale check' }).waitFor();
    } else if (left > 1) {
      const next = left - 1 === 1 ? /^Roll the morale check due/ : new RegExp(`^Roll the ${left - 1} morale checks due`);
      await result(page).getByRole('link', { name: next }).tap();
    }
  }
  await result(page).getByRole('link', { name: 'Back to the turn' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Game' }).waitFor();
  assert.equal(await page.getByRole('link', { name: /morale checks? due/ }).count(), 0, 'no check left');
  assert.deepEqual(problems.errors, []);
  await context.close();
});
