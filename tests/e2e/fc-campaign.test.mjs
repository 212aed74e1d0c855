// Field Commander: Robert E. Lee's campaign on a phone: the campaign pack entered (the practice
// pack loaded, a counter entered in its form), exported as a file, a malformed pack pasted and
// refused with nothing lost, the exported file pasted back; a campaign started from it (7.0);
// Campaign Turn 1 with the Confederate Moves on the map (9.2), the Forced March and the
// Confederate Resupply buying a Scout (15.6); the Union's half played one tap a step (16-19):
// each group's orders roll from the entered d10 with a Scout's shift (16.3.1), a reload between
// the roll and the decision keeping the die, an undo; the Union Resupply's cups and its table
// with the entered die (18.x), and the next Campaign Turn.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, phone, openApp, settle, downloadText } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serveDist();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const nav = (page) => page.getByRole('navigation', { name: 'Main' });

async function tap(page, name) {
  await page.getByRole('button', { name, exact: true }).tap();
  await settle(page);
}

async function link(page, name) {
  await page.getByRole('link', { name, exact: true }).tap();
  await settle(page);
}

async function heading(page, name) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/** Taps a face of the d10 under `legend` (the face 0 is the button named 10). */
async function die(page, face, legend) {
  await page.getByRole('group', { name: legend, exact: true }).getByRole('button', { name: String(face), exact: true }).tap();
  await settle(page);
}

const happened = (page) => page.getByRole('status', { name: 'What happened' });
const ledger = (page) => page.getByRole('region', { name: 'Campaign ledger' });

async function reload(page) {
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
}

async function paste(page, text) {
  const fold = page.locator('details', { has: page.getByText('Paste a campaign pack', { exact: true }) });
  if (!(await fold.evaluate((d) => d.open))) await fold.locator('summary').tap();
  await page.getByRole('textbox', { name: 'Paste a campaign pack' }).fill(text);
  await tap(page, 'Import the pasted campaign pack');
}

test('a Field Commander campaign: the pack entered and kept as a file, a campaign turn with the Union acting', async () => {
  const { page } = await phone(browser);
  try { await body(page); } catch (e) {
    if (process.env.FCC_DEBUG) console.log((await page.locator('main').innerText()).slice(0, 4000));
    throw e;
  }
});

async function body(page) {
  await openApp(page, server.url, 'games');
  await page.getByRole('button', { name: 'New game', exact: true }).tap();
  await page.getByRole('button', { name: /^Field Commander: Robert E\. Lee/ }).tap();
  await page.getByRole('status').filter({ hasText: 'A new game is open.' }).waitFor();
  await page.getByRole('link', { name: 'Back to the game' }).tap();
  await nav(page).getByRole('link', { name: 'Campaign', exact: true }).tap();
  await heading(page, 'Campaign');

  // The pack: the practice one, every value made up and said so; a counter entered in its form.
  await link(page, 'Enter or import a campaign pack');
  await heading(page, 'Campaign pack');
  await tap(page, "Load the practice pack (made-up values, not the game's)");
  await page.getByText('The pack is sound: a campaign can start from it.').waitFor();
  await page.getByText('Scout counters in the game (4.10): 6 (made up, not the game\'s)').waitFor();
  await link(page, 'Enter a counter');
  await heading(page, 'A new counter');
  await page.getByRole('textbox', { name: 'Name on the counter', exact: true }).fill('Stuart');
  const pick = (legend, name) =>
    page.getByRole('group', { name: new RegExp('^' + legend) }).getByRole('button', { name, exact: true }).tap();
  await pick('Side', 'Confederate');
  await pick('Sort', 'Named Force');
  await pick('Type', 'Cavalry');
  await pick('Skill Level', 'Elite (E)');
  await pick('Full side: Activation number', '8');
  await pick('Full side: Combat Value', '5');
  await pick('Full side: superscript', 'None printed');
  const reduced = page.getByRole('group', { name: /^Reduced side \(5\.9\)/ });
  if (await reduced.count()) await pick('Reduced side', 'No reduced side');
  await tap(page, 'Save the counter');
  await heading(page, 'Campaign pack');
  await page.getByRole('link', { name: /^Stuart \(Practice Campaign \(made up\)\): Confederate Cavalry Named, Combat Value 5$/ }).waitFor();

  // Exported as a file; a malformed pack refused with nothing lost; the file read back.
  const [download] = await Promise.all([page.waitForEvent('download'), tap(page, 'Export the campaign pack')]);
  const file = await downloadText(download);
  assert.match(file, /Stuart/);
  await paste(page, '{"format": "field-commander/campaign-pack", "schema": 1, "pack": {"name": ');
  await page.getByRole('alert').filter({ hasText: /^Nothing was imported\./ }).waitFor();
  await page.getByRole('link', { name: /^Stuart \(Practice Campaign/ }).waitFor();
  await tap(page, 'Undo');
  assert.equal(await page.getByRole('link', { name: /^Stuart / }).count(), 0);
  await paste(page, file);
  await page.getByRole('status').filter({ hasText: 'The campaign pack \u201cPractice pack (made up)\u201d is imported.' }).waitFor();
  await page.getByRole('link', { name: /^Stuart \(Practice Campaign \(made up\)\): Confederate Cavalry Named, Combat Value 5$/ }).waitFor();

  // The campaign started from the pack (7.0): set up, then Campaign Turn 1.
  await link(page, 'Back to the campaign');
  await link(page, 'Start a campaign from the pack');
  await heading(page, 'Start a campaign');
  await tap(page, 'Start the campaign');
  await heading(page, 'Campaign');
  await ledger(page).getByText('in Capital, Command Rating 2').waitFor();
  await tap(page, 'Advance the Campaign Turn counter (9.1)');
  await page.locator('.turn-card').getByText("Campaign Turn 1 of 6: Confederate turn, the counter's grey side up").waitFor();

  // Confederate Moves (9.2): two forces and Lee from the Capital to the Crossroads.
  await link(page, 'Move your forces (9.2)');
  await heading(page, 'Campaign map');
  const capital = page.getByRole('listitem', { name: 'Capital', exact: true });
  await capital.getByRole('button', { name: /^Grey Infantry A \(made up\)/ }).tap();
  await capital.getByRole('button', { name: /^Grey Cavalry \(made up\)/ }).tap();
  await tap(page, 'To Crossroads');
  await happened(page).getByText(/Capital \u2192 Crossroads \(9\.2, no cost\)/).waitFor();
  await tap(page, 'End the Moves');
  await link(page, 'Back to the campaign');
  await tap(page, 'No battle left: go on');
  await tap(page, 'End the Forced March');
  await tap(page, 'No battle left: go on');

  // The Confederate Resupply: a Scout bought for a Command Point (15.6).
  await link(page, 'Resupply (15.3-15.6)');
  await heading(page, 'Confederate Resupply');
  await tap(page, 'Buy them: 1 Command Point each');
  await page.getByText(/^\d+ Command Points, 3 Scouts$/).waitFor();
  await tap(page, 'End the Confederate turn (16.0)');
  await link(page, 'Back to the campaign');
  await ledger(page).getByText(/^3, \d+ counters left in the box/).waitFor();

  // Union acts (16.0): the first group's orders roll, its chart shown before the die.
  await link(page, 'Union acts');
  await heading(page, 'Union acts');
  await page.getByRole('heading', { name: "Orders for Blue Cavalry (made up)'s group in Hills" }).waitFor();
  await page.getByText('The chart: Campaign Map Orders (16.1.1), Regular').waitFor();
  await die(page, 2, 'The orders roll (16.3)');
  await page.getByText('Rolled 2: Hold').waitFor();
  // A reload while the Scouts are weighed: the die is kept.
  await reload(page);
  await heading(page, 'Union acts');
  await page.getByText('Rolled 2: Hold').waitFor();
  // A Scout shifts it to 3: a random adjacent Area (16.3.1).
  await page.locator('summary', { hasText: 'Your Scouts: 3 (16.3.1)' }).tap();
  await tap(page, '3: Move to a random adjacent Area (+1, a Scout)');
  await happened(page).getByText(/^Rolled 2: Union Orders, Blue Cavalry \(made up\)'s group in Hills/).waitFor();
  await happened(page).getByText(/The group moves Hills \u2192 (Ridge|Crossroads)/).waitFor();
  // An undo takes the order back, the Scout with it: the die is still there for the decision.
  await tap(page, 'Undo');
  await page.getByText('Rolled 2: Hold').waitFor();
  await page.locator('summary', { hasText: 'Your Scouts: 3 (16.3.1)' }).waitFor();
  await tap(page, 'Union acts: carry it out');
  await happened(page).getByText(/The group holds in Hills/).waitFor();

  // The two Corps groups in the Battle Areas roll on the Battle Area Orders chart (16.1.2).
  await page.getByRole('heading', { name: 'Orders for the II Corps group in Orchard' }).waitFor();
  await page.getByText('The chart: Battle Area Orders (16.1.2), Regular').waitFor();
  await die(page, 4, 'The orders roll (16.3)');
  await tap(page, 'Union acts: carry it out');
  await happened(page).getByText(/The group holds in Orchard: the order is Hold \(16\.4\)/).waitFor();
  await page.getByRole('heading', { name: 'Orders for the I Corps group in Depot' }).waitFor();
  await die(page, 5, 'The orders roll (16.3)');
  await page.getByText('Rolled 5: Advance').waitFor();
  await tap(page, 'Union acts: carry it out');
  await happened(page).getByText(/The group moves Depot \u2192 Orchard \(16\.4\)/).waitFor();
  await tap(page, 'Union acts: on to its battles (17.0)');
  await tap(page, 'Union acts: on to its Resupply (18.0)');

  // The Union Resupply (18.x), a step a tap, then its table with the entered die.
  for (let i = 0; i < 4; i++) {
    const table = page.getByRole('group', { name: 'The Union Resupply Table roll (18.2)', exact: true });
    if (await table.count()) break;
    const next = page.locator('.fc-next button.big.primary');
    await next.tap();
    await settle(page);
  }
  await happened(page).waitFor();
  // The practice table's 10: 2 Command Points to the Union.
  await die(page, 10, 'The Union Resupply Table roll (18.2)');
  await happened(page).getByText(/^Rolled 10: /).waitFor();
  await reload(page);
  await tap(page, 'End the Campaign Turn (19.0)');
  await happened(page).getByText('Campaign Turn 1 is over (19.0)').waitFor();
  await page.getByRole('link', { name: 'Back to the campaign', exact: true }).first().tap();
  await tap(page, 'Advance the Campaign Turn counter (9.1)');
  await page.locator('.turn-card').getByText(/^Campaign Turn 2 of 6/).waitFor();
  // Everything survives a reload.
  await reload(page);
  await page.locator('.turn-card').getByText(/^Campaign Turn 2 of 6/).waitFor();
  await ledger(page).getByText(/^3, \d+ counters left in the box/).waitFor();
}
