// Screens loaded on first visit (src/ui/lazy.rs): the first screen needs only the main module;
// another area's wasm chunks are fetched when it is first opened, and a chunk that cannot be
// fetched is said in words with a way to try again, not a dead page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, watch, openApp } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const chunk = (url) => /\/app-[^/]+\/(split_|chunk_)[^/]*\.wasm$/.test(new URL(url).pathname);

test('the Game area needs no chunk; another area fetches its chunks when first opened', async () => {
  // Without the service worker, whose install fetches every chunk in the background.
  const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = watch(page);
  const chunks = [];
  page.on('request', (r) => chunk(r.url()) && chunks.push(new URL(r.url()).pathname));
  await openApp(page, app.server.url);
  await page.getByRole('button', { name: 'Next phase' }).waitFor();
  assert.deepEqual(chunks, []);

  // Table 1's steps and the game's settings, under their folds, come with their own chunks
  // when first opened.
  const steps = page.waitForResponse((r) => /split_turn_steps/.test(r.url()));
  await page.getByText('Steps of this phase (Table 1)', { exact: true }).tap();
  await steps;
  await page.locator('ol.steps li').first().waitFor();
  const settings = page.waitForResponse((r) => /split_game_settings/.test(r.url()));
  await page.getByText('Game settings and house rules', { exact: true }).tap();
  await settings;
  await page.locator('#game-settings .loading').waitFor({ state: 'detached' });
  chunks.length = 0;

  await page.getByRole('link', { name: 'Tables', exact: true }).tap();
  await page.getByRole('heading', { level: 1, name: 'Tables' }).waitFor();
  assert.ok(chunks.some((c) => c.includes('split_tables')), chunks.join(' '));
  const afterTables = chunks.length;

  // Back and forth: a loaded chunk is not fetched again.
  await page.getByRole('link', { name: 'Game' }).tap();
  await page.getByRole('link', { name: 'Tables', exact: true }).tap();
  await page.getByRole('heading', { level: 1, name: 'Tables' }).waitFor();
  assert.equal(chunks.length, afterTables);
  assert.deepEqual(problems.errors, []);
  await context.close();
});

test('a chunk that cannot be fetched is said, and Try again loads the screen', async () => {
  const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  let offline = true;
  await page.route((url) => chunk(url.href), (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await openApp(page, app.server.url);
  await page.getByRole('link', { name: 'Orders' }).tap();
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
  await alert.waitFor();
  // The shell still works.
  await page.getByRole('link', { name: 'Game' }).tap();
  await page.getByRole('button', { name: 'Next phase' }).waitFor();

  await page.getByRole('link', { name: 'Orders' }).tap();
  await alert.waitFor();
  offline = false;
  await page.getByRole('button', { name: 'Try again' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
  assert.equal(await alert.count(), 0);
  await context.close();
});

test('the chunk loader comes with the first lazy screen; when it cannot be fetched the screen says so, and Try again loads it', async () => {
  const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const loader = (url) => new URL(url).pathname.endsWith('/__wasm_split.js');
  const fetched = [];
  page.on('request', (r) => loader(r.url()) && fetched.push(r.url()));
  let offline = true;
  await page.route((url) => loader(url.href), (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await openApp(page, app.server.url);
  await page.getByRole('button', { name: 'Next phase' }).waitFor();
  assert.deepEqual(fetched, [], 'the loader was fetched before a lazy screen was opened');

  await page.getByRole('link', { name: 'Roster' }).tap();
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
  await alert.waitFor();
  offline = false;
  await page.getByRole('button', { name: 'Try again' }).tap();
  await page.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  assert.equal(await alert.count(), 0);
  await context.close();
});
