// Offline install: after the first visit the app loads and works with the server gone, and a
// new build is offered as an update instead of being mixed with the old one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { serveDist, launch, PHONE, watch, openApp, waitForServiceWorker, settle } from './harness.mjs';

let browser;
before(async () => {
  browser = await launch();
});
after(async () => {
  await browser?.close();
});

test('load, go offline, reload, use', async () => {
  let server = await serveDist();
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const problems = watch(page);
  await openApp(page, server.url);
  await waitForServiceWorker(page);
  const manifest = await page.evaluate(async () => (await fetch('manifest.webmanifest')).json());
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.icons.some((i) => i.sizes === '512x512'));

  await server.close(); // the network is gone
  await page.reload();
  await page.waitForSelector('html[data-started="true"]');
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 2 of 8: Routs and Rallies').waitFor();
  await page.getByRole('link', { name: 'Roster' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  // Every screen's wasm chunk was cached at install, not only the screens visited online.
  await page.getByRole('link', { name: 'Resolve' }).tap();
  await page.getByRole('link', { name: /Small arms fire/ }).tap();
  await page.getByRole('heading', { level: 1, name: /Small arms fire/ }).waitFor();
  // A deep link works offline too.
  await page.goto(server.url + 'settings');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  assert.deepEqual(problems.foreign, []);
  await context.close();
});

test('a new build is offered as an update, then taken on one tap', async () => {
  let server = await serveDist();
  const port = server.port;
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await openApp(page, server.url);
  await waitForServiceWorker(page);
  const oldWorker = await page.evaluate(() => navigator.serviceWorker.controller.scriptURL);
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await settle(page);

  // Deploy a "new build": same files, a different service worker.
  await server.close();
  server = await serveDist({
    port,
    rewrite: (p, body) => (p === '/sw.js' ? Buffer.from(body.toString().replace(/const VERSION = '([^']*)'/, "const VERSION = '$1-next'")) : null),
  });
  await page.evaluate(() => window.jrCheckForUpdate());
  const banner = page.getByRole('status').filter({ hasText: 'A new version of the app is ready' });
  await banner.waitFor({ timeout: 20000 });
  // Until the players agree, the old version keeps running.
  await page.getByText('Phase 2 of 8').waitFor();
  await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Update now' }).tap()]);
  await page.waitForSelector('html[data-started="true"]');
  await page.getByText('Phase 2 of 8').waitFor(); // nothing lost across the update
  const caches = await page.evaluate(async () => caches.keys());
  assert.equal(caches.length, 1, `old caches left behind: ${caches}`);
  assert.match(caches[0], /-next$/);
  assert.equal(await banner.count(), 0);
  assert.ok(oldWorker);
  await context.close();
  await server.close();
});
