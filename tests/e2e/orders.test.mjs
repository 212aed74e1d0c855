// Orders on a shared phone (1, 3): the cover screen between the sides, marking under a
// shortened timer that survives a reload, Hold for the units not marked in time (1.1.1), a
// shaken unit's charge refused (1.1.3), and the reveal with the Conditional Hold the rules
// demand of a charged unit on a Move order (3.2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const UNION = ['2nd Wisconsin', '6th Wisconsin', '24th Michigan', 'Hall, right section'];
const CONFEDERATE = ['1st Tennessee', '7th Tennessee', '13th Alabama'];

/** Neither the DOM nor the accessibility tree holds any of `names`. */
async function absent(page, names, why) {
  const html = await page.content();
  const tree = await page.locator('body').ariaSnapshot();
  for (const n of names) {
    assert.ok(!html.includes(n), `${n} is in the page (${why})`);
    assert.ok(!tree.includes(n), `${n} is in the accessibility tree (${why})`);
  }
}

/** A link of the bottom navigation. */
function nav(page, name) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

async function setTimer(page, seconds) {
  await page.getByText('Marking settings').tap();
  await page.getByLabel('Marking time in seconds (1.1.1: 180)').fill(String(seconds));
  await page.getByRole('button', { name: 'Set marking time' }).tap();
  await page.getByText(`Now ${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}.`).waitFor();
  await page.getByText('Marking settings').tap();
}

async function secondsLeft(page) {
  const text = await page.locator('.clock-digits').innerText();
  const [m, s] = text.trim().split(':').map(Number);
  return m * 60 + s;
}

test('secret orders on one phone: cover, timer, Hold by default, refusal, reveal and CH (1.1, 3.1, 3.2)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url, 'games');
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await page.getByText('Open now').first().waitFor();

  // Before marking: the 7th Tennessee is shaken (2.3.5.b).
  await nav(page, 'Roster').tap();
  await page.getByRole('button', { name: 'Confederate' }).tap();
  await page.getByRole('button', { name: 'More for 7th Tennessee' }).tap();
  await page.getByRole('article', { name: '7th Tennessee' }).getByRole('button', { name: '▲ Shaken' }).tap();

  await nav(page, 'Orders').tap();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await setTimer(page, 9);

  // The cover: neither side's units are on the page.
  await page.getByRole('heading', { name: 'Hand the device to the Union player' }).waitFor();
  await absent(page, [...UNION, ...CONFEDERATE], 'cover before the Union marks');
  await page.getByRole('button', { name: 'Tap to start marking: Union' }).tap();

  // Union marks under the timer; nothing of the Confederates is rendered.
  await page.getByRole('timer', { name: 'Time left to mark orders' }).waitFor();
  const wisconsin = page.getByRole('article', { name: '2nd Wisconsin' });
  await wisconsin.getByRole('button', { name: '→ Move This Direction' }).tap();
  await wisconsin.getByRole('button', { name: 'left', exact: true }).tap();
  await wisconsin.getByText('Order: ← Move This Direction, left').waitFor();
  await absent(page, CONFEDERATE, 'Union marking');
  // (The check sees what is there: the Union's own units are in the tree.)
  assert.ok((await page.locator('body').ariaSnapshot()).includes('6th Wisconsin'));

  // A reload keeps the order and the running time: it continues, it does not restart.
  const beforeReload = await secondsLeft(page);
  assert.ok(beforeReload > 0 && beforeReload <= 9, `timer shows ${beforeReload}`);
  await settle(page);
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await page.getByRole('timer').waitFor();
  const afterReload = await secondsLeft(page);
  assert.ok(afterReload <= beforeReload, `timer went from ${beforeReload} to ${afterReload}: restarted`);
  await page.getByRole('article', { name: '2nd Wisconsin' }).getByText('Order: ← Move This Direction, left').waitFor();

  // Time up: the units not marked are given Hold and named (1.1.1).
  const timeUp = page.getByRole('alert').filter({ hasText: 'Time is up' });
  await timeUp.waitFor({ timeout: 15000 });
  const told = await timeUp.innerText();
  assert.match(told, /Hold given to 6th Wisconsin, 7th Wisconsin/);
  assert.ok(told.includes('Hall, left section'), told);
  assert.ok(!told.includes('2nd Wisconsin'), told);
  await page.getByRole('button', { name: 'Hide and hand over' }).tap();

  // The cover again: nothing of the Union's orders or units remains.
  await page.getByRole('heading', { name: 'Hand the device to the Confederate player' }).waitFor();
  await absent(page, [...UNION, 'Move This Direction'], 'cover before the Confederates mark');
  await setTimer(page, 60);
  await page.getByRole('button', { name: 'Tap to start marking: Confederate' }).tap();
  await page.getByRole('timer').waitFor();
  await absent(page, UNION, 'Confederate marking');

  // A shaken unit's charge is refused with the rule's reason (1.1.3).
  const shaken = page.getByRole('article', { name: '7th Tennessee' });
  await shaken.getByRole('button', { name: 'C Charge' }).tap();
  await shaken.getByRole('alert').filter({ hasText: 'cannot be ordered to charge or to move any closer to the enemy (1.1.3)' }).waitFor();
  await shaken.getByText('Not marked yet').waitFor();

  // The 1st Tennessee charges the 2nd Wisconsin (two taps: Charge, then its objective).
  const tennessee = page.getByRole('article', { name: '1st Tennessee' });
  await tennessee.getByRole('button', { name: 'C Charge' }).tap();
  await tennessee.getByRole('button', { name: '2nd Wisconsin' }).tap();
  await tennessee.getByText('Order: C Charge, objective 2nd Wisconsin').waitFor();
  // One order for the whole battery (1.1.2).
  const battery = page.getByRole('region', { name: 'Fredericksburg Artillery (Marye)' });
  await battery.getByRole('button', { name: 'Same order for all of Fredericksburg Artillery (Marye)' }).tap();
  await battery.getByRole('group', { name: 'One order for all of Fredericksburg Artillery (Marye)' }).getByRole('button', { name: 'FR First Fire' }).tap();
  for (const s of ['Marye, 1st section', 'Marye, 2nd section']) {
    await battery.getByRole('article', { name: s }).getByText('Order: FR First Fire').waitFor();
  }

  await page.getByRole('button', { name: 'Finished marking for the Confederate' }).tap();
  // The 7th Tennessee (and others) have no order: the player is told how many and which, and
  // asked, before they are given Hold (1.1.2).
  const unmarked = page.getByRole('alertdialog').filter({ hasText: /\d+ of \d+ marked: give the other \d+ Hold/ });
  const question = await unmarked.locator('#unmarked-question').innerText();
  const [, marked, total, other] = question.match(/(\d+) of (\d+) marked: give the other (\d+) Hold/).map(Number);
  assert.equal(marked + other, total);
  const names = await unmarked.getByRole('list', { name: 'Not marked:' }).getByRole('listitem').allInnerTexts();
  assert.equal(names.length, other);
  assert.ok(names.includes('7th Tennessee') && !names.includes('1st Tennessee'), names.join());
  await unmarked.getByRole('button', { name: 'Keep marking' }).tap();
  await page.getByRole('button', { name: 'Finished marking for the Confederate' }).tap();
  await page.getByRole('button', { name: 'Give them Hold and finish' }).tap();
  await page.getByRole('alert').filter({ hasText: 'Confederate has marked its orders; Hold given to 7th Tennessee' }).waitFor();
  await page.getByRole('button', { name: 'Hide and hand over' }).tap();
  await page.getByRole('heading', { name: 'Orders marked' }).waitFor();
  await absent(page, [...UNION, ...CONFEDERATE], 'both marked, before the reveal');

  // Phases 2 and 3, then the reveal.
  await nav(page, 'Game').tap();
  // The history tells nothing of either side's marking before the reveal (1.1): no unit
  // marked, none given Hold, nothing to count.
  await page.getByRole('heading', { name: 'History' }).waitFor();
  const history = await page.locator('.history').allInnerTexts();
  assert.ok(!/order marked|Hold given|has marked/.test(history.join('\n')), history.join('\n'));
  // Both sides have marked: the tracker counts phase 1 as done and moves on without asking.
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 2 of 8').waitFor();
  // The shaken 7th Tennessee's rally (2.4) is not done: the tracker asks before moving on.
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByRole('button', { name: 'Move on anyway' }).tap();
  await page.getByText('Phase 3 of 8').waitFor();
  await nav(page, 'Orders').tap();
  await page.getByRole('button', { name: 'Reveal orders' }).tap();

  const charge = page.getByRole('listitem', { name: '1st Tennessee' });
  await charge.getByText('C Charge \u201c2nd Wisconsin\u201d').waitFor();
  const proposal = page.getByRole('region', { name: 'Required changes to Conditional Hold' }).getByRole('listitem', { name: '2nd Wisconsin' });
  await proposal.getByText('2nd Wisconsin (Union): must change to Conditional Hold (3.2)').waitFor();
  await proposal.getByText('Why: on a Move order, it will be charged by 1st Tennessee.').waitFor();
  await page.getByRole('button', { name: 'Accept: 2nd Wisconsin to Conditional Hold' }).tap();
  await page
    .getByRole('region', { name: 'Union orders' })
    .getByRole('listitem', { name: '2nd Wisconsin' })
    .getByText('Conditional Hold (required, 3.2)')
    .waitFor();
  await assert.rejects(
    page.getByRole('heading', { name: 'Required changes to Conditional Hold' }).waitFor({ timeout: 300 }),
  );

  // The players' own choice of CH, and back (3.2); never for a charge.
  await page.getByRole('button', { name: 'Change 6th Wisconsin to Conditional Hold' }).tap();
  await page.getByRole('listitem', { name: '6th Wisconsin' }).getByText('Conditional Hold (chosen, 3.2)').waitFor();
  await page.getByRole('button', { name: 'Back to Hold for 6th Wisconsin' }).tap();
  assert.equal(await charge.getByRole('button').count(), 0);

  // Revealed, the marking reads back in the history.
  await nav(page, 'Game').tap();
  await page.getByText(/^The whole history \(\d+ entries\)$/).tap();
  await page.locator('.history').getByText(/1st Tennessee: order marked/).first().waitFor();

  // The order sheet on the roster card.
  await nav(page, 'Roster').tap();
  await page.getByRole('button', { name: 'Union' }).tap();
  await page.getByRole('article', { name: '2nd Wisconsin' }).getByText('Orders: T1 CH').waitFor();
  // And on the printed order sheet, in the turn 1 column.
  await settle(page);
  await page.goto(app.server.url + 'print');
  const row = page.getByRole('region', { name: 'Union: roster and orders' }).getByRole('row', { name: /2nd Wisconsin/ });
  assert.equal(await row.getByRole('cell').nth(3).innerText(), 'CH');

  assert.deepEqual(problems.errors, []);
  await context.close();
});
