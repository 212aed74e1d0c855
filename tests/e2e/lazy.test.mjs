// Screens loaded on first visit (crates/app/src/shell/lazy.rs): the first render is the shell
// from the main module alone; every screen, the Game area included, comes with its own wasm
// chunk and its system's shared chunk (the splitter groups shared code by the chunk names'
// prefix); a chunk or the chunk loader that cannot be fetched is said in words with a way to
// try again, not a dead page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PHONE, watch, openApp } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

const chunk = (url) => /\/app-[^/]+\/(split_|chunk_)[^/]*\.wasm$/.test(new URL(url).pathname);

test('the Game area comes with its own chunk and a few shared ones; another area fetches its chunks when first opened', async () => {
  // Without the service worker, whose install fetches every chunk in the background.
  const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const problems = watch(page);
  const chunks = [];
  page.on('request', (r) => chunk(r.url()) && chunks.push(new URL(r.url()).pathname));
  await openApp(page, app.server.url);
  await page.getByRole('button', { name: 'Next phase' }).waitFor();
  assert.ok(chunks.some((c) => c.endsWith('/split_jr_game.wasm')), chunks.join(' '));
  // Ungrouped, the splitter spread the Game area's shared code over 238 chunks; grouped by the
  // Game areas and systems needing it (tools/wasm-split-cli-support), 18 on 2026-12-05.
  assert.ok(chunks.length <= 24, `the Game area fetched ${chunks.length} chunks: ${chunks.join(' ')}`);

  // Table 1's steps and the game's settings, under their folds, come with their own chunks
  // when first opened.
  const steps = page.waitForResponse((r) => /split_jr_turn_steps/.test(r.url()));
  await page.getByText('Steps of this phase (Table 1)', { exact: true }).tap();
  await steps;
  await page.locator('ol.steps li').first().waitFor();
  const settings = page.waitForResponse((r) => /split_jr_game_settings/.test(r.url()));
  await page.getByText('Game settings and house rules', { exact: true }).tap();
  await settings;
  await page.locator('#game-settings .loading').waitFor({ state: 'detached' });
  chunks.length = 0;

  await page.getByRole('link', { name: 'Tables', exact: true }).tap();
  await page.getByRole('heading', { level: 1, name: 'Tables' }).waitFor();
  assert.ok(chunks.some((c) => c.includes('split_jr_tables')), chunks.join(' '));
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
  let offline = false;
  await page.route((url) => chunk(url.href), (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await openApp(page, app.server.url);
  await page.getByRole('button', { name: 'Next phase' }).waitFor();
  offline = true;
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

test('when the chunk loader cannot be fetched the Game area says so under the navigation, and Try again loads it', async () => {
  const context = await app.browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const loader = (url) => new URL(url).pathname.endsWith('/__wasm_split.js');
  let offline = true;
  await page.route((url) => loader(url.href), (route) => (offline ? route.abort('internetdisconnected') : route.continue()));
  await openApp(page, app.server.url);
  const alert = page.getByRole('alert').filter({ hasText: 'This screen could not be loaded' });
  await alert.waitFor();
  // The shell is up: its navigation reaches the other areas.
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').count(), 6);
  offline = false;
  await page.getByRole('button', { name: 'Try again' }).tap();
  await page.getByRole('button', { name: 'Next phase' }).waitFor();
  assert.equal(await alert.count(), 0);
  await context.close();
});
