// On a 768x1024 tablet the width is used: a brigade's regiments stand in two columns on the
// Roster, and a resolver's fields, toggles and dice two by two; on a 390x844 phone both keep
// one column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const TABLET = { viewport: { width: 768, height: 1024 }, deviceScaleFactor: 2 };

async function openDemo(page) {
  await openApp(page, app.server.url, 'games');
  await page.getByRole('button', { name: 'Open the demo game' }).tap();
  await page.getByText('Open now').first().waitFor();
}

/** Pairs of boxes standing side by side (same top, one left of the other). */
async function sideBySide(locator) {
  const boxes = (await locator.evaluateAll((els) => els.map((e) => {
    const r = e.getBoundingClientRect();
    return { top: Math.round(r.top), left: Math.round(r.left), width: Math.round(r.width), height: Math.round(r.height) };
  }))).filter((b) => b.width > 0 && b.height > 0);
  let pairs = 0;
  for (const [i, a] of boxes.entries()) {
    for (const b of boxes.slice(i + 1)) {
      if (Math.abs(a.top - b.top) <= 2 && b.left >= a.left + a.width) pairs++;
    }
  }
  return pairs;
}

for (const [device, options, columns] of [['tablet', TABLET, 2], ['phone', {}, 1]]) {
  test(`on a ${device} the roster and a resolver stand in ${columns} column(s)`, async () => {
    const { context, page, problems } = await phone(app.browser, options);
    await openDemo(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Roster', exact: true }).tap();
    await page.getByRole('article', { name: '2nd Wisconsin' }).waitFor();
    const regiments = page.locator('.brigade').first().locator('.unit-grid > *');
    assert.ok((await regiments.count()) >= 2);
    const rosterPairs = await sideBySide(regiments);

    await openApp(page, app.server.url, 'resolve/fire?unit=r-2wi');
    await page.getByRole('heading', { level: 1, name: 'Small arms fire' }).waitFor();
    const parts = page.locator('.resolver-body > *');
    const resolverPairs = await sideBySide(parts);
    if (columns === 2) {
      assert.ok(rosterPairs > 0, 'the regiments of a brigade stand side by side');
      assert.ok(resolverPairs > 0, 'parts of the resolver stand side by side');
      // Nothing is cut off: no part is wider than half the area plus its gap unless it spans.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      assert.equal(overflow, false);
    } else {
      assert.equal(rosterPairs, 0, 'one column of regiments on a phone');
      assert.equal(resolverPairs, 0, 'one column of resolver parts on a phone');
    }
    assert.deepEqual(problems.errors, []);
    await context.close();
  });
}
