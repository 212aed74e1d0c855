// Movement and the other rolls on a phone, with the dice thrown on the table entered as face
// buttons: a roster regiment's allowance in line through woods (Table 3), a failed disorder
// roll applied (the roster shows disorder) and undone (6.2), a charge's bonus distance (5.3.2,
// Table 4), a sighting roll (4.2.3.c) and a hasty works roll (9.1.1), each reached in few taps
// from the Resolve menu.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest, demo as openDemo, resolver, toggle, dice, result, area, apply, undoAndApplyAgain } from './play.mjs';

const app = appUnderTest();

const demo = (page) => openDemo(page, app.server.url);

async function otherRoll(page, name) {
  await resolver(page, 'Other rolls');
  await page.getByRole('navigation', { name: 'Other rolls' }).getByRole('link', { name: new RegExp(`^${name}`) }).tap();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

async function rosterFormation(page, regiment, formation) {
  await area(page, 'Roster');
  await page.getByRole('button', { name: 'Confederate' }).tap();
  await page.getByRole('article', { name: regiment }).getByText(`Average · Rifle-musket · ${formation}`).waitFor();
}

test('a roster regiment in line through woods: 3" or 5" with a disorder roll; a failed roll applied and undone (6.2)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Movement');
  await page.getByLabel('Regiment or gun section').selectOption({ label: '1st Tennessee' });
  // What the roster knows is filled in; the players give only the ground and the distance.
  await page.getByText('Infantry · Line · 5 stands · BMP 3').waitFor();
  await toggle(page, 'Ground it moves through or into (6.3.2)', 'Broken (light woods)');
  const allowance = page.getByRole('region', { name: 'Allowance' });
  await allowance.getByText('Up to 3″ without a disorder roll, or up to 5″ with one (6.2).').waitFor();
  await allowance.getByText('Table 3, Infantry Line, Broken: 3/5 (printed).').waitFor();
  // Within the first number: no roll, nothing to record.
  await result(page).getByText('1st Tennessee moves up to 3″ (Table 3).').waitFor();
  await result(page).getByRole('button', { name: 'Done: nothing changes in the game' }).waitFor();
  // The greater distance: the target and the odds before the die.
  await toggle(page, 'How far it goes', 'The greater distance');
  await page.getByText('Disorder roll: roll higher than 3 on one die (its BMP (6.2))').waitFor();
  await page.getByText('In good order: 50% (3 in 6)').waitFor();
  await dice(page, 'Die:2');
  await result(page).getByText('1st Tennessee moves up to 5″ and ends in disorder (6.2).').waitFor();
  await result(page).getByText('Rolled 2 against 3: it is placed in disorder at the end of its move (6.2).').waitFor();
  await apply(page);
  // Undone from the card in one tap, then applied again.
  await undoAndApplyAgain(page);
  await rosterFormation(page, '1st Tennessee', 'Disorder');
  // The game's own undo takes it back too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).tap();
  await page.getByRole('button', { name: 'Undo', exact: true }).tap();
  await rosterFormation(page, '1st Tennessee', 'Line');
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a wheel of 45 degrees or more costs 2" of a line\'s move, chosen under the folded directions (6.5.3)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Movement');
  await page.getByLabel('Regiment or gun section').selectOption({ label: '1st Tennessee' });
  await page.getByText('Up to 5″ without a disorder roll, or up to 8″ with one (6.2).').waitFor();
  // Forward as it stands is the common case: the rest is folded, its choice named.
  await page.getByText('Direction and formation: Forward').tap();
  await toggle(page, 'Direction (6.5)', 'Wheel 45° or more');
  await page.getByText('Direction and formation: Wheel 45° or more').waitFor();
  // Still open after the tap re-drew it.
  await page.getByRole('group', { name: 'Direction (6.5)', exact: true }).waitFor();
  await page.getByText('Up to 3″ without a disorder roll, or up to 6″ with one (6.2).').waitFor();
  await page.getByText('−2″ for the wheel of 45 degrees or more (6.5.3).').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a charge: the normal move and three bonus dice in the open mark red at 11" and yellow at 8" (5.3.2)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await resolver(page, 'Movement');
  await page.getByLabel('Regiment or gun section').selectOption({ label: '1st Tennessee' });
  await toggle(page, 'What it does', 'Charge');
  await page.getByText('Up to 5″ without a disorder roll, or up to 8″ with one (6.2).').waitFor();
  await page.getByText('Roll 3 dice (Table 4): a bonus of 3″ to 18″, measured as rolled').waitFor();
  await dice(page, 'Bonus die 1:1', 'Bonus die 2:2', 'Bonus die 3:3');
  await result(page).getByText('1st Tennessee charges: red marker 11″ from the start (5.3).').waitFor();
  await result(page).getByText('Yellow marker, where it falls into disorder: 8″ from the start (5.3.2.b).').waitFor();
  await result(page).getByRole('button', { name: 'Done: nothing changes in the game' }).waitFor();
  // The bonus in broken ground rolls two dice.
  await toggle(page, 'Bonus portion in (Table 4)', 'Broken');
  await page.getByText('Roll 2 dice (Table 4): a bonus of 2″ to 12″, measured as rolled').waitFor();
  assert.equal(await page.getByRole('group', { name: 'Bonus die 3', exact: true }).count(), 0);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a unit opened by its address (the tracker\'s phase-six link) fills in the gun section', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await settle(page);
  await openApp(page, app.server.url, 'resolve/move?unit=s-marye-1');
  await page.getByRole('heading', { level: 1, name: 'Movement' }).waitFor();
  await page.getByText('Gun section · Heavy · unlimbered').waitFor();
  // A heavy gun limbering: its cost to limber is cut from the transcription and asked for.
  await page.getByText('Table 3, Heavy, Cost to Limber is not in the rulebook text.', { exact: false }).waitFor();
  await toggle(page, 'How it moves (6.6)', 'By hand');
  await page.getByText('Up to 2″.').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a sighting roll in heavy woods, two taps from the Resolve menu (4.2.3.c)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'resolve');
  await otherRoll(page, 'Sighting in woods');
  await toggle(page, 'Woods', 'Heavy woods (one die)');
  await page.getByRole('button', { name: 'More: Obscuring inches, as measured' }).tap();
  await page.getByText('Roll greater than 3 1/2″ on one die to sight (4.2.3.c)').waitFor();
  await page.getByText('Sighted: 50% (3 in 6)').waitFor();
  await dice(page, 'Die:4');
  await result(page).getByText('Rolled 4, greater than 3 1/2″: the units sight one another; fire is normal (4.2.3.c).').waitFor();
  await dice(page, 'Die:3');
  await result(page).getByText('not sighted', { exact: false }).waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a hasty works roll for a roster regiment: finished on a 4, the regiment in disorder, undone (9.1.1)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await demo(page);
  await otherRoll(page, 'Hasty works');
  await page.getByLabel('Regiment', { exact: true }).selectOption({ label: '1st Tennessee' });
  await page.getByText('BMP 3 · Line').waitFor();
  await page.getByText('Roll higher than 3 on one die (BMP 3; 9.1.1)').waitFor();
  await page.getByText('Works finished: 50% (3 in 6)').waitFor();
  await dice(page, 'Die:4');
  await result(page).getByText('1st Tennessee rolled 4, higher than 3: the hasty works are finished along its whole frontage (9.1.1).').waitFor();
  await apply(page);
  await result(page).getByRole('button', { name: 'Undo' }).tap();
  await result(page).getByRole('button', { name: 'Apply to the game' }).waitFor();
  // Not in the open.
  await toggle(page, 'Where it stands (9.1.1)', 'In the open');
  await page.getByText('Hasty works cannot be attempted in the open', { exact: false }).waitFor();
  await rosterFormation(page, '1st Tennessee', 'Line');
  assert.deepEqual(problems.errors, []);
  await context.close();
});
