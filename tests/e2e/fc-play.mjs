// What a Field Commander campaign test does on a phone, shared by the fc-campaign-* files: tap a
// button or a link by its label, enter a d10's face, reload, start the practice pack's campaign
// and march Lee into the Hills against the Union Cavalry.
import { openApp, settle } from './harness.mjs';

export const nav = (page) => page.getByRole('navigation', { name: 'Main' });
export const happened = (page) => page.getByRole('status', { name: 'What happened' });
export const ledger = (page) => page.getByRole('region', { name: 'Campaign ledger' });

export async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).tap();
  await settle(page);
}

export async function link(page, name) {
  await page.getByRole('link', { name, exact: true }).tap();
  await settle(page);
}

export async function heading(page, name) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

export async function area(page, name) {
  await nav(page).getByRole('link', { name, exact: true }).tap();
  await heading(page, name);
}

/** Taps a face of the d10 under `legend` (the face 0 is the button named 10). */
export async function die(page, face, legend = 'The d10') {
  await page.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: String(face), exact: true }).tap();
  await settle(page);
}

export async function reload(page) {
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
}

/** Forces in an Area of the campaign map, one side's list. */
export const inArea = (page, side, where) => page.getByRole('list', { name: `${side} forces in ${where}`, exact: true });

/** A new Field Commander game made from Saved games, then back to the game. */
export async function newGame(page, url) {
  await openApp(page, url, 'games');
  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  await page.getByRole('button', { name: /^Field Commander: Robert E\. Lee/ }).tap();
  await page.getByRole('status').filter({ hasText: 'A new game is open.' }).waitFor();
  await page.getByRole('link', { name: 'Back to the game' }).tap();
}

/** The Campaign area, from the bottom bar. */
export async function toCampaign(page) {
  await nav(page).getByRole('link', { name: 'Campaign', exact: true }).tap();
  await heading(page, 'Campaign');
}

/** A new game with the practice pack's campaign started, its battles fought as `battles` says,
 * the Campaign Turn counter advanced to Turn 1. */
export async function startPractice(page, url, battles) {
  await newGame(page, url);
  await toCampaign(page);
  await tap(page, "Load the practice pack (made-up values, not the game's)");
  await link(page, 'Start a campaign from the pack');
  await heading(page, 'Start a campaign');
  await page.getByRole('group', { name: 'Battles (part two)', exact: true })
    .getByRole('button', { name: battles, exact: true }).tap();
  await tap(page, 'Start the campaign');
  await heading(page, 'Campaign');
  await ledger(page).getByText('0 Named Union Forces (4.18)', { exact: true }).waitFor();
  await tap(page, 'Advance the Campaign Turn counter (9.1)');
}

/** Lee and `forces` from the Capital to the Crossroads (9.2), then force marched on into the
 * Hills against the Union Cavalry (15.1), back on the campaign's Game area; the Forced March's
 * cost is checked when `commandPoints` is given. */
export async function marchToTheHills(page, forces, { commandPoints } = {}) {
  await link(page, 'Move your forces (9.2)');
  const capital = page.getByRole('listitem', { name: 'Capital', exact: true });
  for (const f of forces) await capital.getByRole('button', { name: new RegExp('^' + f + ' \\(made up\\)') }).tap();
  await capital.getByRole('button', { name: 'Lee moves too', exact: true }).tap();
  await tap(page, 'To Crossroads');
  await happened(page).getByText(/Robert E\. Lee Capital \u2192 Crossroads \(9\.2, no cost\)/).waitFor();
  await tap(page, 'End the Moves');
  await link(page, 'Back to the campaign');
  await tap(page, 'No battle left: go on');
  await link(page, 'Force March (15.1)');
  await heading(page, 'Campaign map');
  const crossroads = page.getByRole('listitem', { name: 'Crossroads', exact: true });
  for (const f of forces) await crossroads.getByRole('button', { name: new RegExp('^' + f + ' \\(made up\\)') }).tap();
  await crossroads.getByRole('button', { name: 'Lee moves too', exact: true }).tap();
  await tap(page, 'To Hills');
  if (commandPoints !== undefined) {
    await happened(page).getByText(`force march Crossroads \u2192 Hills for ${commandPoints} Command Points (15.1)`).waitFor();
  }
  await happened(page).getByText('Union Forces are in Hills: a battle will be fought (15.2)').waitFor();
  await tap(page, 'End the Forced March');
  await link(page, 'Back to the campaign');
}
