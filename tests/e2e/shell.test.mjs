// The shell as a player meets it on a phone: every area reachable from the bottom bar, large
// touch targets, themes remembered, the game kept across reloads, nothing leaving the device.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, settle } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const AREAS = ['Game', 'Orders', 'Roster', 'Resolve', 'Tables', 'Settings'];

test('every area is reachable from the bottom navigation and titled', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const area of AREAS) {
    await nav.getByRole('link', { name: area }).tap();
    await page.getByRole('heading', { level: 1, name: area }).waitFor();
    assert.equal(await nav.getByRole('link', { name: area }).getAttribute('aria-current'), 'page', area);
    for (const other of AREAS.filter((a) => a !== area)) {
      assert.equal(await nav.getByRole('link', { name: other }).getAttribute('aria-current'), null, other);
    }
  }
  // A deep link opens its area directly.
  await openApp(page, app.server.url, 'tables');
  await page.getByRole('heading', { level: 1, name: 'Tables' }).waitFor();
  assert.deepEqual(problems.errors, []);
  assert.deepEqual(problems.foreign, []);
  await context.close();
});

test('touch targets are at least 48 px and the bar fits a 360 px phone', async () => {
  const { context, page } = await phone(app.browser, { viewport: { width: 360, height: 740 } });
  await openApp(page, app.server.url);
  const targets = page.locator('nav a, button, .choice');
  for (const area of ['', 'settings']) {
    await openApp(page, app.server.url, area);
    const n = await targets.count();
    assert.ok(n >= 6);
    for (let i = 0; i < n; i++) {
      const box = await targets.nth(i).boundingBox();
      if (!box) continue; // not displayed
      const label = (await targets.nth(i).innerText()).trim();
      assert.ok(box.height >= 48 && box.width >= 48, `${label}: ${box.width}x${box.height}`);
    }
  }
  // On a touch phone the layout viewport widens to fit any overflow, so compare with the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > screen.width);
  assert.equal(overflow, false, 'the page scrolls sideways');
  await context.close();
});

test('themes switch, are remembered, and "Follow device" follows the system', async () => {
  const { context, page, problems } = await phone(app.browser, { colorScheme: 'dark' });
  await openApp(page, app.server.url, 'settings');
  const bg = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  // Following a dark device by default.
  assert.equal(await page.getByRole('radio', { name: 'Follow device' }).isChecked(), true);
  assert.equal(await bg(), 'rgb(18, 20, 23)');

  await page.getByRole('radio', { name: 'Light', exact: true }).tap();
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
  assert.equal(await bg(), 'rgb(246, 243, 236)');

  await page.getByRole('radio', { name: 'Sunlight (high contrast)' }).tap();
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'sunlight');
  assert.equal(await bg(), 'rgb(255, 255, 255)');
  const text = await page.evaluate(() => getComputedStyle(document.body).color);
  assert.equal(text, 'rgb(0, 0, 0)');

  // Remembered across a reload.
  await settle(page);
  await openApp(page, app.server.url, 'settings');
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'sunlight');
  assert.equal(await page.getByRole('radio', { name: 'Sunlight (high contrast)' }).isChecked(), true);

  await page.getByRole('radio', { name: 'Dark', exact: true }).tap();
  assert.equal(await bg(), 'rgb(18, 20, 23)');
  await page.getByRole('radio', { name: 'Follow device' }).tap();
  assert.equal(await page.locator('html').getAttribute('data-theme'), null);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('the game is saved on every change and comes back after a reload; undo goes back', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await page.getByText('Phase 1 of 8: Mark Orders').waitFor();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 3 of 8: Reveal Orders').waitFor();
  await settle(page);
  await page.reload();
  await page.getByText('Phase 3 of 8: Reveal Orders').waitFor();
  // Reloaded state has no undo; a new change can be undone and redone.
  assert.equal(await page.getByRole('button', { name: 'Undo' }).isDisabled(), true);
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 4 of 8: First Fires').waitFor();
  await page.getByRole('button', { name: 'Undo' }).tap();
  await page.getByText('Phase 3 of 8: Reveal Orders').waitFor();
  await page.getByRole('button', { name: 'Redo' }).tap();
  await page.getByText('Phase 4 of 8: First Fires').waitFor();
  // The history reads as the game's log.
  await page.getByRole('listitem').filter({ hasText: 'Phase 4: First Fires' }).first().waitFor();
  // Saved immediately when the page is hidden (screen lock), before the debounce.
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const stored = await page.evaluate(() => {
    const doc = JSON.parse(localStorage.getItem('johnny-reb'));
    return doc.games.find((g) => g.id === doc.current).phase;
  });
  assert.equal(stored, 'Charges');
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a change in another tab shows up in this one', async () => {
  const context = await app.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const a = await context.newPage();
  const b = await context.newPage();
  await openApp(a, app.server.url);
  await openApp(b, app.server.url);
  await a.getByRole('button', { name: 'Next phase' }).tap();
  await b.getByText('Phase 2 of 8: Routs and Rallies').waitFor();
  await b.getByText('changed in another tab').waitFor();
  // And B's next change builds on A's, so A sees phase 3.
  await b.getByRole('button', { name: 'OK' }).tap();
  await b.getByRole('button', { name: 'Next phase' }).tap();
  await a.getByText('Phase 3 of 8: Reveal Orders').waitFor();
  await context.close();
});

test('the Content-Security-Policy forbids remote scripts, styles and connections', async () => {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(csp, /default-src 'self'/);
  assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' 'sha256-/);
  assert.doesNotMatch(csp, /unsafe-inline|https?:/);
  const blocked = await page.evaluate(async () => {
    try {
      await fetch('https://example.com/x');
      return false;
    } catch {
      return true;
    }
  });
  assert.equal(blocked, true);
  assert.deepEqual(problems.foreign.filter((u) => !u.includes('example.com')), []);
  await context.close();
});
