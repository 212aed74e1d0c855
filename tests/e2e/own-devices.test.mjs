// Orders with one device per player (1.1, 3.1, 3.2): each phone marks only its own side, the
// tracker counts marking done when this device's side has finished, and at the reveal the
// player says which of his units on a Move order will be charged (the enemy's orders are on
// the other phone), which the rules then require to become Conditional Hold. The turn is
// played on into turn 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

function nav(page, name) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

/** One player's phone: the demo game, own-devices marking for `side`. */
async function device(side) {
  const d = await phone(app.browser);
  const { page } = d;
  await openApp(page, app.server.url, 'games');
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await page.getByText('Open now').first().waitFor();
  await nav(page, 'Orders').tap();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  await page.getByText('Marking settings').tap();
  await page.getByRole('button', { name: "Each player's own device" }).tap();
  await page.getByRole('group', { name: 'This device marks' }).getByRole('button', { name: `This device: ${side}` }).tap();
  await page.getByText('Marking settings').tap();
  return d;
}

/** Moves on one phase, answering the tracker's question if items are left. */
async function nextPhase(page, to) {
  await page.getByRole('button', { name: 'Next phase' }).tap();
  const anyway = page.getByRole('button', { name: 'Move on anyway' });
  const reached = page.getByText(to);
  await anyway.or(reached).first().waitFor();
  if (await anyway.isVisible()) await anyway.tap();
  await reached.waitFor();
}

test('own devices: each phone marks its side; reveal with "will be charged"; on into turn 2', async () => {
  const union = await device('Union');
  const confederate = await device('Confederate');
  const u = union.page;
  const c = confederate.page;

  // Each phone marks only its own side: the other side's units are not offered.
  await u.getByRole('button', { name: /^Start marking: / }).tap();
  await u.getByRole('timer').waitFor();
  const wisconsin = u.getByRole('article', { name: '2nd Wisconsin' });
  await wisconsin.getByRole('button', { name: '→ Move This Direction' }).tap();
  await wisconsin.getByRole('button', { name: 'left', exact: true }).tap();
  await wisconsin.getByText('Order: ← Move This Direction, left').waitFor();
  assert.equal(await u.getByRole('article', { name: '1st Tennessee' }).count(), 0);
  await u.getByRole('button', { name: 'Finished marking for the Union' }).tap();
  await u.getByRole('button', { name: 'Give them Hold and finish' }).tap();

  await c.getByRole('button', { name: /^Start marking: / }).tap();
  await c.getByRole('timer').waitFor();
  const tennessee = c.getByRole('article', { name: '1st Tennessee' });
  await tennessee.getByRole('button', { name: 'C Charge' }).tap();
  assert.equal(await c.getByRole('article', { name: '6th Wisconsin' }).count(), 0);
  await c.getByRole('button', { name: 'Finished marking for the Confederate' }).tap();
  await c.getByRole('button', { name: 'Give them Hold and finish' }).tap();

  // The Union phone: its side has marked, so phase 1 is done without asking (1.1).
  await nav(u, 'Game').tap();
  await u.getByText('Phase 1 of 8: Mark Orders').waitFor();
  await u.getByRole('checkbox', { name: /Mark orders for every regiment/, checked: true }).waitFor();
  await u.getByRole('button', { name: 'Next phase' }).tap();
  await u.getByText('Phase 2 of 8').waitFor();
  await nextPhase(u, 'Phase 3 of 8');

  // The reveal on the Union phone: its own orders; the 2nd Wisconsin will be charged, so its
  // Move must become Conditional Hold (3.2).
  await nav(u, 'Orders').tap();
  await u.getByRole('button', { name: 'Reveal orders' }).tap();
  const unionOrders = u.getByRole('region', { name: 'Union orders' });
  const item = unionOrders.getByRole('listitem', { name: '2nd Wisconsin' });
  await item.getByRole('button', { name: 'Will be charged' }).tap();
  await u.getByRole('button', { name: 'Accept: 2nd Wisconsin to Conditional Hold' }).tap();
  await item.getByText('Conditional Hold (required, 3.2)').waitFor();

  // On through phases 4 to 8 and into turn 2.
  await nav(u, 'Game').tap();
  await nextPhase(u, 'Phase 4 of 8');
  await nextPhase(u, 'Phase 5 of 8');
  await nextPhase(u, 'Phase 6 of 8');
  await nextPhase(u, 'Phase 7 of 8');
  await nextPhase(u, 'Phase 8 of 8');
  await nextPhase(u, 'Phase 1 of 8');
  await u.getByText('Turn 2', { exact: true }).waitFor();
  // The turn's orders are kept on the roster's order sheet.
  await nav(u, 'Roster').tap();
  await u.getByRole('article', { name: '2nd Wisconsin' }).getByText('Orders: T1 CH').waitFor();

  assert.deepEqual(union.problems.errors, []);
  assert.deepEqual(confederate.problems.errors, []);
  await union.context.close();
  await confederate.context.close();
});
