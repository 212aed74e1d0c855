// What a Line of Battle player does in the end-to-end tests (lob-*.test.mjs): start a game of
// the system, set its clock, enter both sides' Armies, Formations and units in the Units
// area's forms, enter a table in the Tables editor or paste a set, move the game on.
//
// Every table value below is MADE UP for the tests (the players enter the real ones from
// their own charts; the rulebook prints almost none, and the app never takes its worked
// examples as tables).
import assert from 'node:assert/strict';
import { openApp, settle } from './harness.mjs';

export { settle };

export const nav = (page, name) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

export async function area(page, name) {
  await nav(page, name).tap();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** A new Line of Battle game, opened on its Game area. */
export async function newGame(page, url) {
  await openApp(page, url, 'games');
  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  await page.getByRole('button', { name: /^Line of Battle \(Last Chance for Victory\)/ }).tap();
  await page.getByRole('status').filter({ hasText: 'A new game is open.' }).waitFor();
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Game' }).waitFor();
}

/** The scenario's start: First Player, the first turn's time. */
export async function start(page, { first = 'Confederate', time = '07:00' } = {}) {
  await page.getByRole('link', { name: 'Scenario and clock' }).first().tap();
  await page.getByRole('heading', { level: 1, name: 'Scenario and clock' }).waitFor();
  const form = page.getByRole('form', { name: "The scenario's start" });
  await form.getByRole('group', { name: 'First Player (2.0)' }).getByRole('button', { name: first, exact: true }).tap();
  await form.getByLabel('Time of the first turn (1.4)').fill(time);
  await form.getByRole('button', { name: 'Set the start' }).tap();
  await page.getByRole('link', { name: '← Game' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Game' }).waitFor();
}

async function pick(scope, legend, value) {
  await scope.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: String(value), exact: true }).tap();
}

/** The Units area opened on `side`'s units, through the cover (1.8). */
export async function openUnits(page, side) {
  await area(page, 'Units');
  const close = page.getByRole('button', { name: /^Close the (Confederate|Federal) units$/ });
  if (await close.count()) await close.tap();
  await page.getByRole('button', { name: `Open the ${side} units`, exact: true }).tap();
  await page.getByRole('heading', { level: 2, name: `${side} units`, exact: true }).waitFor();
}

/** A side's Army and its Commander (the Units area, on that side). The Awareness is always
 *  typed: the form leaves it empty (13.3a: it is on the players' Order Delivery Chart). */
export async function army(page, side, { name, commander, command, morale, awareness }) {
  await openUnits(page, side);
  const form = page.getByRole('form', { name: `The ${side} Army` });
  await form.getByLabel('Army name').fill(name);
  await form.getByLabel('Army Commander').fill(commander);
  await pick(form, 'Command Value (4.1)', command);
  await pick(form, 'Morale Value (4.1)', morale);
  await form.getByLabel(/^Awareness in turns/).fill(String(awareness));
  await form.getByRole('button', { name: 'Add the Army' }).tap();
  await page.getByRole('region', { name, exact: true }).waitFor();
}

/** A Formation under `parent` with its Leader. */
export async function formation(page, parent, { echelon, name, leader, command = 2, morale = 2 }) {
  const block = page.getByRole('region', { name: parent, exact: true });
  // The fold stays open once opened: a second Formation under the same parent opens it only
  // when it is closed.
  const summary = block.locator('summary').getByText(`Add under ${parent}`, { exact: true }).last();
  if (!(await summary.evaluate((s) => s.closest('details').open))) await summary.tap();
  const form = page.getByRole('form', { name: `New Formation under ${parent}` });
  await pick(form, 'Echelon', echelon);
  await form.getByLabel('Formation name').fill(name);
  if (leader) {
    await form.getByLabel('Its Leader (leave empty if none)').fill(leader);
    await pick(form, "Leader's Command Value", command);
    await pick(form, "Leader's Morale Value", morale);
  }
  await form.getByRole('button', { name: 'Add the Formation' }).tap();
  await page.getByRole('region', { name, exact: true }).waitFor();
}

/** Regiments of a brigade, one name and one tap each after the first: weapon, Strength and
 *  rating stay for the next (`now`: SPs at start when below full). */
export async function regiments(page, brigade, list) {
  const block = page.getByRole('region', { name: brigade, exact: true });
  await block.getByText('Add a regiment', { exact: true }).tap();
  const form = block.getByRole('form', { name: 'New unit' });
  let last = {};
  for (const entry of list) {
    // What an entry leaves out stays as the last one had it.
    const r = { ...last, now: undefined, ...entry };
    await form.getByLabel('Unit name').fill(r.name);
    if (r.weapon && r.weapon !== last.weapon) await form.getByLabel('Weapon (1.3c)').selectOption(r.weapon);
    if (r.sps !== last.sps) await form.getByLabel('Full Strength in SPs').fill(String(r.sps));
    await form.getByLabel('SPs now (empty: full Strength)').fill(r.now ? String(r.now) : '');
    if (r.rating !== last.rating) await pick(form, 'Morale Rating (1.3d)', r.rating);
    await form.getByRole('button', { name: 'Add the unit' }).tap();
    await block.getByRole('article', { name: r.name, exact: true }).waitFor();
    last = r;
  }
}

/** Taps "Next phase" `n` times, the Rally markers marked done on the way. */
export async function nextPhase(page, n = 1) {
  for (let i = 0; i < n; i += 1) {
    // The Rally Phase's markers (12.1), required every Rally Phase: done as a player does.
    const markers = page.getByRole('button', { name: /^Done: Remove Sh, BL/ });
    if (await markers.count()) {
      await markers.tap();
      await page.locator('.check-item.done', { hasText: 'Remove Sh, BL' }).waitFor();
    }
    const before = await page.locator('.turn-card').innerText();
    await page.getByRole('button', { name: 'Next phase' }).tap();
    // Either the phase moves on or the app asks about what is required and not done (2.1),
    // which a test must answer on purpose (`moveOnAnyway`).
    await page.waitForFunction(
      (b) => document.querySelector('.turn-card')?.innerText !== b || document.querySelector('[role="alertdialog"]'),
      before,
    );
    const asked = page.getByRole('alertdialog');
    if (await asked.count()) throw new Error(`Next phase asked: ${await asked.innerText()}`);
  }
}

/** Taps "Next phase" with required items not done: the question, then "Move on anyway". */
export async function moveOnAnyway(page, question) {
  const before = await page.locator('.turn-card').innerText();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  const asked = page.getByRole('alertdialog');
  await asked.getByText(question).waitFor();
  await asked.getByRole('button', { name: 'Move on anyway' }).tap();
  await page.waitForFunction((b) => document.querySelector('.turn-card')?.innerText !== b, before);
}

/** The Game area's phase line. */
export const phase = (page) => page.locator('.turn-card .phase').innerText();

/** Neither the DOM nor the accessibility tree holds any of `names`. */
export async function absent(page, names, why) {
  const html = await page.content();
  const tree = await page.locator('body').ariaSnapshot();
  for (const n of names) {
    assert.ok(!html.includes(n), `${n} is in the page (${why})`);
    assert.ok(!tree.includes(n), `${n} is in the accessibility tree (${why})`);
  }
}

/** Faces tapped on a named die group ("Fire die 1"). */
export async function dice(scope, name, ...faces) {
  for (const [i, face] of faces.entries()) {
    const legend = faces.length === 1 ? name : `${name} ${i + 1}`;
    await scope.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: String(face), exact: true }).tap();
  }
}

// ---- Made-up tables for the tests, in the tables file's own format ----

const entered = (name, rule, v) => ({ name, rule, value: { Entered: v } });
const column = (bands, label = '') => ({ label, bands: bands.map(([low, high, effects]) => ({ rolls: { low, high }, effects })) });

/** A tables file with every table a fire and a charge read, all values made up. */
export function madeUpTables() {
  const combat = {
    key: 'combat', name: 'Combat Table', rule: '9.3', dice: 'Two',
    columns: [column([[null, 5, ['NoEffect']], [6, 7, ['MoraleCheck']], [8, null, [{ Loss: 1 }, 'MoraleCheck']]])],
    grid_from_raw: 9,
    grid: [{ raw: { low: 9, high: 12 }, drm: { low: null, high: null }, effects: [{ Loss: 2 }, 'MoraleCheck'] }],
    modifiers: [
      ...[0, 1, 2, 3, 4, 5, 6].map((n) => entered(`Firer MPs Remaining ${n}`, '9.1e', n >= 6 ? 1 : n >= 4 ? 0 : -1)),
      ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => entered(`Number of Firing SPs ${n}`, '9.3', n >= 6 ? 1 : n >= 4 ? 0 : -1)),
      ...[1, 2, 3, 4].map((n) => entered(`Range ${n}`, '9.3', n === 1 ? 1 : n === 2 ? 0 : -1)),
    ],
  };
  const volley = {
    key: 'opening-volley', name: 'Opening Volley Table', rule: '9.2', dice: 'One',
    columns: [column([[null, 5, ['NoEffect']], [6, 8, [{ Loss: 1 }]], [9, null, [{ Loss: 2 }]]])],
    grid_from_raw: null, grid: [],
    modifiers: [entered('Range 1', '9.2', 2), entered('Range 2', '9.2', 1), entered('Range 3', '9.2', 0), entered('Charge Range', '11.1', 2)],
  };
  const closing = {
    key: 'closing', name: 'Closing Roll Table', rule: '7.1', dice: 'One',
    columns: [column([[null, 4, ['Fail']], [5, null, ['Pass']]])],
    grid_from_raw: null, grid: [],
    modifiers: ['A', 'B', 'C', 'D', 'E', 'F'].map((r, i) => entered(`Morale Rating ${r}`, '7.1', 2 - i)),
  };
  const morale = {
    key: 'morale', name: 'Morale Table', rule: '10.1', dice: 'Two',
    columns: [column([[null, 7, ['NoEffect']], [8, 9, [{ State: 'Shaken' }]], [10, null, [{ State: 'Disorganized' }, { Retreat: 1 }, 'CowardlyLegs']]])],
    grid_from_raw: null, grid: [],
    modifiers: [
      ...['A', 'B', 'C', 'D', 'E', 'F'].map((r, i) => entered(`Morale Rating ${r}`, '10.1', i - 1)),
      entered('Wrecked', '1.3b', 2),
      { name: 'Limited Defense Status', rule: '13.2e', value: { RuleText: { value: 1, rule: '13.2e' } } },
      entered('Charge: Bigger', '11.3b', 2),
      entered('Charge: Smaller', '11.3b', -1),
    ],
  };
  const leaderLoss = {
    key: 'leader-loss', name: 'Leader Loss Table', rule: '4.1a', dice: 'Two',
    columns: [column([[null, 10, ['NoEffect']], [11, null, ['LeaderLost']]], 'Fire'), column([[null, 11, ['NoEffect']], [12, null, ['LeaderLost']]], 'Charge Defender')],
    grid_from_raw: null, grid: [], modifiers: [],
  };
  // The Threshold Values Chart travels in the same file (9.3): one made-up row.
  const thresholds = { rows: [[4, { Entered: 2 }]] };
  return JSON.stringify({ format: 'line-of-battle/tables', schema: 1, tables: [combat, volley, closing, morale, leaderLoss], thresholds });
}

/** Pastes a tables file's text in the Tables area; `what` is what the status says came in. */
export async function pasteTables(page, text, what = /\d+ tables( and [A-Za-z ]+)?/) {
  await area(page, 'Tables');
  await page.locator('summary').getByText('Paste tables', { exact: true }).tap();
  await page.getByLabel('Paste tables').fill(text);
  await page.getByRole('button', { name: 'Import the pasted tables' }).tap();
  const said = new RegExp(`^Imported ${typeof what === 'string' ? what : what.source} from the pasted text\\.$`);
  await page.getByRole('status').filter({ hasText: said }).waitFor();
}
