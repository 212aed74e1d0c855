// The roster as a player builds and uses it on a phone: a regiment in a few taps, one tap per
// kill, the stand that goes and the morale check it calls for, delete with undo, and the
// tap-to-update time with a 100-unit game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

async function buildBrigade(page) {
  await page.getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Union' }).getAttribute('aria-pressed'), 'true');
  await page.getByLabel('New division', { exact: true }).fill('Wadsworth’s Division');
  await page.getByRole('button', { name: 'Add division' }).tap();
  await page.getByRole('heading', { level: 2, name: 'Wadsworth’s Division' }).waitFor();
  await page.getByLabel('New brigade', { exact: true }).fill('Iron Brigade');
  await page.getByRole('button', { name: 'Add brigade' }).tap();
  await page.getByRole('heading', { level: 3, name: 'Iron Brigade' }).waitFor();
}

async function addRegiment(page, name, figures, quality = 'Average') {
  await page.getByRole('button', { name: 'Add a regiment to Iron Brigade' }).tap();
  const form = page.getByRole('form', { name: 'New regiment' });
  await form.getByLabel('Regiment name').fill(name);
  await form.getByLabel('Figures').fill(String(figures));
  await form.getByRole('radio', { name: quality, exact: true }).tap();
  await form.getByRole('button', { name: 'Add regiment' }).tap();
  await page.getByRole('article', { name }).waitFor();
}

test('build a regiment in a few taps; kills take stands from an uneven regiment (0.1.1.a, 0.1.3)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await buildBrigade(page);
  await page.getByRole('button', { name: 'Add a regiment to Iron Brigade' }).tap();
  const form = page.getByRole('form', { name: 'New regiment' });
  await form.getByLabel('Figures').fill('18');
  await page.getByText('Stands: 4-3-4-3-4').waitFor();
  await form.getByLabel('Figures').fill('31');
  await page.getByText('No layout of five stands fits this number.').waitFor();
  await form.getByRole('button', { name: 'Cancel' }).tap();

  await addRegiment(page, '2nd Wisconsin', 18, 'Elite');
  const card = page.getByRole('article', { name: '2nd Wisconsin' });
  await card.getByText('18 of 18 figures').waitFor();
  await card.getByText('5 of 5 stands', { exact: false }).waitFor();
  await card.getByText('Elite · Rifle-musket · Line').waitFor();

  // First kill: a morale check (4.4.1, Table 2 no. 3).
  await page.getByRole('button', { name: 'Add a kill to 2nd Wisconsin' }).tap();
  await card.getByText('17 of 18 figures').waitFor();
  await page.getByRole('alert').filter({ hasText: 'Morale check due: 2nd Wisconsin (first kill' }).waitFor();
  // The first stand (4 figures, 0.1.3) goes on the fourth kill, with its own check.
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Add a kill to 2nd Wisconsin' }).tap();
  await card.getByText('14 of 18 figures').waitFor();
  await card.getByText('4 of 5 stands', { exact: false }).waitFor();
  await page.getByRole('alert').filter({ hasText: 'stand lost' }).waitFor();
  // Take one back: the stand returns.
  await page.getByRole('button', { name: 'Take back a kill from 2nd Wisconsin' }).tap();
  await card.getByText('15 of 18 figures').waitFor();
  await card.getByText('5 of 5 stands', { exact: false }).waitFor();

  // Morale and formation behind "More".
  await page.getByRole('button', { name: 'More for 2nd Wisconsin' }).tap();
  await card.getByRole('button', { name: '▲ Shaken' }).tap();
  await card.getByText('▲ Shaken').first().waitFor();
  await card.getByLabel('Formation').selectOption('March Column');
  await card.getByText('Elite · Rifle-musket · March Column').waitFor();

  // Kept across a reload.
  await settle(page);
  await page.reload();
  await page.getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('article', { name: '2nd Wisconsin' }).getByText('15 of 18 figures').waitFor();

  // Edit the regiment: name, quality, weapon and traits (Appendix A, 4.2.7).
  await page.getByRole('button', { name: 'More for 2nd Wisconsin' }).tap();
  await page.getByRole('button', { name: 'Edit name, quality and weapon' }).tap();
  const edit = page.getByRole('form', { name: 'Edit regiment' });
  await edit.getByLabel('Regiment name').fill('2nd Wisconsin Volunteers');
  await edit.getByRole('radio', { name: 'Average', exact: true }).tap();
  await edit.getByRole('combobox').selectOption('Smoothbore Musket');
  await edit.getByRole('checkbox', { name: 'Flintlock' }).check();
  await edit.getByRole('button', { name: 'Save regiment' }).tap();
  const renamed = page.getByRole('article', { name: '2nd Wisconsin Volunteers' });
  await renamed.getByText('Average · Smoothbore Musket · March Column').waitFor();
  await renamed.getByText('15 of 18 figures').waitFor();
  // A refused edit says why and changes nothing.
  await page.getByRole('button', { name: 'Edit name, quality and weapon' }).tap();
  await page.getByRole('form', { name: 'Edit regiment' }).getByLabel('Regiment name').fill('<b>bold</b>');
  await page.getByRole('form', { name: 'Edit regiment' }).getByRole('button', { name: 'Save regiment' }).tap();
  await page.getByRole('alert').filter({ hasText: 'name' }).first().waitFor();
  await page.getByRole('article', { name: '2nd Wisconsin Volunteers' }).waitFor();
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('copy, reorder and delete with undo', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await buildBrigade(page);
  await addRegiment(page, '6th Wisconsin', 20);
  await addRegiment(page, '7th Wisconsin', 20);
  const names = () => page.locator('.brigade article h4').allInnerTexts();
  assert.deepEqual(await names(), ['6th Wisconsin', '7th Wisconsin']);
  await page.getByRole('button', { name: 'More for 7th Wisconsin' }).tap();
  await page.getByRole('article', { name: '7th Wisconsin' }).getByRole('button', { name: 'Move up' }).tap();
  assert.deepEqual(await names(), ['7th Wisconsin', '6th Wisconsin']);
  await page.getByRole('article', { name: '7th Wisconsin' }).getByRole('button', { name: 'Delete' }).tap();
  await page.getByRole('status').filter({ hasText: 'Deleted 7th Wisconsin.' }).waitFor();
  assert.deepEqual(await names(), ['6th Wisconsin']);
  await page.getByRole('button', { name: 'Undo' }).first().tap();
  await page.getByRole('article', { name: '7th Wisconsin' }).waitFor();
  assert.deepEqual(await names(), ['7th Wisconsin', '6th Wisconsin']);
  // Copy the whole brigade.
  await page.getByText('More for Iron Brigade').tap();
  await page.getByRole('button', { name: 'Copy brigade' }).tap();
  assert.equal(await page.locator('.brigade').count(), 2);
  assert.equal(await page.locator('article h4', { hasText: '6th Wisconsin' }).count(), 2);
  // Names always render as text.
  await page.getByLabel('New division', { exact: true }).fill('<img src=x onerror=alert(1)>');
  await page.getByRole('button', { name: 'Add division' }).tap();
  assert.equal(await page.locator('img[src=x]').count(), 0);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('detached skirmishers, merging, and officers with their regiment and fate (6.8.6, 6.8.9, Table 20)', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await buildBrigade(page);
  await addRegiment(page, '19th Indiana', 15);
  await addRegiment(page, '24th Michigan', 25);
  await page.getByRole('button', { name: 'More for 19th Indiana' }).tap();
  const indiana = page.getByRole('article', { name: '19th Indiana' });
  await indiana.getByRole('button', { name: 'Detach a stand' }).tap();
  await indiana.getByText('Detached skirmishers (6.8.6): 1 stands').waitFor();
  await indiana.getByRole('button', { name: 'Recall a stand' }).tap();
  await indiana.getByText('Detached skirmishers (6.8.6): 0 stands').waitFor();
  // Merging needs losses (6.8.9): refused with the rule's reason, nothing changed.
  await indiana.getByLabel('Merge into (6.8.9)').selectOption({ label: '24th Michigan' });
  await page.getByRole('alert').first().waitFor();
  await page.getByRole('article', { name: '19th Indiana' }).getByText('15 of 15 figures').waitFor();

  // An officer, placed with a regiment, then hit.
  await page.getByLabel('Officer name').fill('Brig. Gen. Solomon Meredith');
  await page.getByLabel('Benefit value').fill('2');
  await page.getByRole('button', { name: 'Add officer' }).tap();
  const officer = page.getByRole('article', { name: 'Brig. Gen. Solomon Meredith' });
  await officer.getByText('Benefit 2 · unhurt').waitFor();
  await officer.getByText('More for Brig. Gen. Solomon Meredith').tap();
  await officer.getByLabel('With regiment').selectOption({ label: '19th Indiana' });
  await officer.getByText('With 19th Indiana').waitFor();
  await officer.getByRole('button', { name: 'Light wound' }).tap();
  await officer.getByText('lightly wounded').waitFor();
  await page.getByLabel('Benefit value').fill('9');
  await page.getByLabel('Officer name').fill('Col. Nobody');
  await page.getByRole('button', { name: 'Add officer' }).tap();
  // The form refuses a benefit above 6 before anything is added.
  assert.equal(await page.getByLabel('Benefit value').evaluate((e) => e.validity.rangeOverflow), true);
  assert.equal(await page.getByRole('article', { name: 'Col. Nobody' }).count(), 0);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a tap answers within a frame in a game of 100 units', async () => {
  const { context, page } = await phone(app.browser);
  await openApp(page, app.server.url);
  await buildBrigade(page);
  await addRegiment(page, 'Regiment 1', 20);
  await settle(page);
  // Grow the stored game to 100 regiments, as an imported army would be.
  await page.evaluate(() => {
    const doc = JSON.parse(localStorage.getItem('johnny-reb'));
    const game = doc.games.find((g) => g.id === doc.current);
    const brigade = game.roster.union.divisions[0].brigades[0];
    const first = brigade.regiments[0];
    for (let i = 2; i <= 100; i++) brigade.regiments.push({ ...first, id: `r-load-${i}`, name: `Regiment ${i}` });
    doc.revision += 1;
    localStorage.setItem('johnny-reb', JSON.stringify(doc));
  });
  await page.reload();
  await page.getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('article', { name: 'Regiment 100' }).waitFor();
  const times = await page.evaluate(async () => {
    const out = [];
    for (let i = 0; i < 10; i++) {
      const button = document.querySelector('[aria-label="Add a kill to Regiment 50"]');
      const t0 = performance.now();
      button.click();
      const updated = performance.now();
      await new Promise((r) => requestAnimationFrame(() => r()));
      out.push({ update: updated - t0, frame: performance.now() - t0 });
    }
    return out;
  });
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const update = median(times.map((t) => t.update));
  const frame = median(times.map((t) => t.frame));
  console.log(`100 regiments: tap to DOM updated median ${update.toFixed(1)} ms, to next frame ${frame.toFixed(1)} ms`);
  await page.getByRole('article', { name: 'Regiment 50' }).getByText('10 of 20 figures').waitFor();
  assert.ok(update < 16, `a kill took ${update} ms to show`);
  await context.close();
});
