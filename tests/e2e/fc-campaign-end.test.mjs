// Field Commander: Robert E. Lee's campaign on a phone, what a player does after its battles: a
// battle on the Battlefield Sheet fought to its Withdrawal box and its Withdrawal rolled on the
// campaign's own table (14.8), undone and kept across a reload.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, appUnderTest } from './harness.mjs';
import { area, die, happened, heading, inArea, link, marchToTheHills, reload, startPractice, tap } from './fc-play.mjs';

const app = appUnderTest();

async function debug(page, run) {
  try { await run(page); } catch (e) {
    if (process.env.FCC_DEBUG) console.log(page.url(), (await page.locator('main').innerText()).slice(0, 5000));
    throw e;
  }
}

test('a Field Commander campaign battle on the Battlefield Sheet fought to its Withdrawal, rolled on the campaign\'s table', async () => {
  const { page } = await phone(app.browser);
  await debug(page, sheetWithdrawal);
});

async function sheetWithdrawal(page) {
  await startPractice(page, app.server.url, 'On the Battlefield Sheet');
  await marchToTheHills(page, ['Grey Cavalry']);
  await link(page, 'Resolve the battles');
  await heading(page, 'Battles');
  await tap(page, 'Fight it on the Battlefield Sheet');
  await heading(page, 'Set-up');
  // Fog of War: a 2, 4 Battle Turns and 2 Command Points (10.2.4-10.2.6); no Envelopment.
  await die(page, 2, 'Fog of War roll');
  await tap(page, 'Resolve the event');
  await tap(page, 'Compare the Combat Values');
  // Lee marched into the Hills: he is on the sheet without being told so again (10.2.17).
  assert.equal(await page.getByRole('group', { name: 'Robert E. Lee (10.2.17)' }).getByRole('button', { name: 'Present' }).getAttribute('aria-pressed'), 'true');
  await tap(page, 'Set the Battle Plans');
  // Lee's Command Rating of 2, not the 1 Battle Plan of a battle without him (10.2.10).
  await page.getByText('Each turn: 2 Confederate Battle Plans, 2 Union Special Battle Plans', { exact: true }).waitFor();
  await tap(page, 'Place the Union at random (10.2.19)');
  await tap(page, 'Start the first Battle Turn');
  for (let turn = 1; turn <= 4; turn++) {
    await area(page, 'Game');
    await page.locator('.turn-card').getByText(`Battle Turn ${turn} of 4`).waitFor();
    await battleTurn(page);
  }
  // The Battle Turn counter in the Withdrawal box: the campaign's table, not the sheet's (14.8).
  await area(page, 'Game');
  await page.getByText("The battle in Hills is over: the Withdrawal is to resolve (14.8); bring it back to the campaign map, where the campaign's Withdrawal table is rolled (14.8).", { exact: true }).waitFor();
  await link(page, 'Bring the result back to the campaign');
  await heading(page, 'Battles');
  // 3 Union against 4 Confederate: the practice table's 4, a Union Retreat (14.8.2); undone.
  const table = "The campaign's Withdrawal table (14.8)";
  await die(page, 4, table);
  await happened(page).getByText('3 Union against 4 Confederate, less than 2:1: the Withdrawal table reads 4: Union Retreat (14.8.2) (14.8)', { exact: true }).waitFor();
  await happened(page).getByText(/^Blue Cavalry \(made up\) \u2192 \w+ \(14\.8\.2\)$/).waitFor();
  await tap(page, 'Undo');
  await page.getByRole('group', { name: table, exact: true }).waitFor();
  // Across a reload the battle still waits for its roll; a 9 Encamps both armies (14.8.4).
  await reload(page);
  await die(page, 9, table);
  await happened(page).getByText('Encamp: both armies stay in Hills; no new battle there during this step (14.8.4)', { exact: true }).waitFor();
  await page.getByText('No Area holds both armies: no battle is left in this step.').waitFor();
  await link(page, 'Back to the campaign');
  await link(page, 'The campaign map');
  await heading(page, 'Campaign map');
  await inArea(page, 'Confederate', 'Hills').getByText(/^Grey Cavalry \(made up\)/).waitFor();
  await inArea(page, 'Union', 'Hills').getByText(/^Blue Cavalry \(made up\)/).waitFor();
  assert.equal(await inArea(page, 'Union', 'Crossroads').count() + await inArea(page, 'Union', 'Ridge').count(), 0, 'the undone Retreat left nothing behind');
}

/** The Union draws `plan` from the player's own cup (14.0). */
async function draw(page, cup, plan) {
  if (!(await cup.evaluate((d) => d.open))) await cup.locator('summary').tap();
  await page.getByRole('group', { name: 'The plan drawn' }).getByRole('button', { name: plan, exact: true }).tap();
  await tap(page, 'Union acts');
  await page.getByRole('status', { name: 'What the Union did' }).filter({ hasText: plan }).waitFor();
}

/** A Battle Turn with the Union acting (its dice missing: 9s) and Lee holding (12-14.5). */
async function battleTurn(page) {
  await area(page, 'Lee');
  await tap(page, 'Done with Insights: place Battle Plans');
  await tap(page, "Done placing: the Union's turn");
  await area(page, 'Union');
  const lees = page.getByText("it is Lee's turn to act", { exact: false });
  const plans = ['Smoke', 'Fog of War'];
  for (let i = 0; i < 12 && !(await lees.count()); i++) {
    const d10 = page.getByRole('group', { name: 'The d10', exact: true });
    const cup = page.locator('details', { has: page.getByText('I draw from my own cup', { exact: true }) });
    // Every Hit roll misses (9); every check passes (a natural 1, 4.5).
    if (await d10.count()) {
      await die(page, (await page.getByText(/^Roll the d10: .*(Activation|Broken|check)/).count()) ? 1 : 9);
    }
    else if (await cup.count()) await draw(page, cup, plans.shift());
    else await tap(page, 'Union acts');
  }
  await area(page, 'Lee');
  await tap(page, 'Done: the Rout Check');
  await tap(page, 'Rout Check (14.5)');
  await tap(page, 'Advance the Battle Turn counter (14.6)');
}
