// A new player's first start on a phone: a game with no armies offers its ways in (the demo,
// building either side, importing an army list) on the first screen rather than an empty
// checklist; and setting up a side: a battery added beside a regiment, a brigade renamed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const DEMO = "Demo: McPherson's Ridge, 1 July 1863";

test('a game with no armies offers the demo, building a side and importing an army list', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  const start = page.getByRole('region', { name: 'Start here' });
  await start.waitFor();
  // All four ways in are on the first screen, without scrolling.
  for (const name of ['Open the demo game']) {
    assert.ok(await start.getByRole('button', { name }).isVisible());
  }
  for (const name of ['Build the Union side', 'Build the Confederate side', 'Import an army list']) {
    const link = start.getByRole('link', { name });
    assert.ok(await link.isVisible(), name);
    const box = await link.boundingBox();
    assert.ok(box && box.y + box.height <= 844, `${name} is below the fold`);
    assert.ok(box.height >= 48, `${name} is ${box.height}px tall`);
  }

  await start.getByRole('link', { name: 'Build the Confederate side' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Confederate' }).getAttribute('aria-pressed'), 'true');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).tap();
  await page.getByRole('region', { name: 'Start here' }).getByRole('link', { name: 'Import an army list' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Saved games' }).waitFor();
  await page.getByRole('heading', { name: 'Export and import' }).waitFor();
  await page.waitForFunction(() => {
    const r = document.getElementById('import-title')?.getBoundingClientRect();
    return r && r.top >= 0 && r.top < window.innerHeight;
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Game' }).tap();
  await page.getByRole('region', { name: 'Start here' }).getByRole('button', { name: 'Open the demo game' }).tap();
  await page.getByText(DEMO).waitFor();
  // A game with armies has no "Start here".
  assert.equal(await page.getByRole('region', { name: 'Start here' }).count(), 0);
  await settle(page);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a battery is added from the brigade as a regiment is, and a brigade and a division are renamed, an officer leads the brigade', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await page.getByRole('region', { name: 'Start here' }).getByRole('link', { name: 'Build the Union side' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  await page.getByLabel('New division', { exact: true }).fill('Wadsworth’s Division');
  await page.getByRole('button', { name: 'Add division' }).tap();
  await page.getByLabel('New brigade', { exact: true }).fill('1st Brigade');
  await page.getByRole('button', { name: 'Add brigade' }).tap();
  await page.getByRole('heading', { level: 3, name: '1st Brigade' }).waitFor();

  await page.getByRole('button', { name: 'Add a battery to 1st Brigade' }).tap();
  await page.getByLabel('New battery', { exact: true }).fill('Hall’s Battery');
  await page.getByRole('button', { name: 'Add battery' }).tap();
  await page.getByRole('heading', { name: 'Hall’s Battery' }).waitFor();
  // The form closes once the battery is in; the brigade's foot offers both again.
  await page.getByRole('button', { name: 'Add a regiment to 1st Brigade' }).waitFor();

  await page.getByText('More for 1st Brigade', { exact: true }).tap();
  await page.getByLabel('New name for the brigade').fill('Iron Brigade');
  await page.getByRole('button', { name: 'Rename brigade' }).tap();
  await page.getByRole('heading', { level: 3, name: 'Iron Brigade' }).waitFor();
  await page.getByText('More for Wadsworth’s Division', { exact: true }).tap();
  await page.getByLabel('New name for the division').fill('1st Division');
  await page.getByRole('button', { name: 'Rename division' }).tap();
  await page.getByRole('heading', { level: 2, name: '1st Division' }).waitFor();

  // An officer leads the brigade (11.1: a brigade officer's 3 points count in its value), not
  // only rides with a regiment.
  const brigadeValue = () => page.getByRole('region', { name: 'Iron Brigade' }).locator('.integrity').innerText();
  const before = await brigadeValue();
  await page.getByLabel('Officer name').fill('Solomon Meredith');
  await page.getByRole('button', { name: 'Add officer' }).tap();
  const meredith = page.getByRole('article', { name: 'Solomon Meredith' });
  await meredith.getByText('More for Solomon Meredith', { exact: true }).tap();
  await meredith.getByLabel('Commands').selectOption({ label: 'Brigade: Iron Brigade' });
  await meredith.getByText('Commands Iron Brigade').waitFor();
  const after = await brigadeValue();
  const value = (t) => Number(t.match(/of (\d+) points/)?.[1] ?? 0);
  assert.equal(value(after), value(before) + 3, `${before} -> ${after}`);
  await settle(page);
  await page.reload();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('heading', { level: 3, name: 'Iron Brigade' }).waitFor();
  await page.getByRole('heading', { level: 2, name: '1st Division' }).waitFor();
  await page.getByRole('heading', { name: 'Hall’s Battery' }).waitFor();
  await page.getByRole('article', { name: 'Solomon Meredith' }).getByText('Commands Iron Brigade').waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});
