// Saved data that cannot be read, storage that is missing or full, and the crash screen:
// the app starts, says what is wrong, and loses nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { phone, openApp, downloadText, settle } from './harness.mjs';
import { appUnderTest } from './play.mjs';

const app = appUnderTest();

async function withStored(raw) {
  const { context, page, problems } = await phone(app.browser);
  await openApp(page, app.server.url);
  await page.evaluate((raw) => localStorage.setItem('johnny-reb', raw), raw);
  await openApp(page, app.server.url);
  return { context, page, problems };
}

test('corrupt saved data: the app starts, explains, keeps the raw text and offers it', async () => {
  const raw = '{"schema":1,"revision":4,"game": <hand-edited>';
  const { context, page } = await withStored(raw);
  const alert = page.getByRole('alert').filter({ hasText: 'could not be opened' });
  await alert.waitFor();
  assert.match(await alert.innerText(), /damaged/);
  // The damaged text is downloadable exactly as it was.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the damaged data' }).tap(),
  ]);
  assert.equal(await downloadText(download), raw);
  // Playing on never overwrites the copy put aside.
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 2 of 8').waitFor();
  await settle(page);
  assert.equal(await page.evaluate(() => localStorage.getItem('johnny-reb.damaged')), raw);
  await context.close();
});

test('saved data from a newer version is refused without being overwritten', async () => {
  const raw = JSON.stringify({ schema: 99, revision: 1, game: { future: true } });
  const { context, page } = await withStored(raw);
  await page.getByRole('alert').filter({ hasText: 'newer version' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('johnny-reb.damaged')), raw);
  await context.close();
});

test('storage unavailable (private browsing): a clear message and the game works in memory', async () => {
  const { context, page } = await phone(app.browser);
  await context.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
  });
  await openApp(page, app.server.url);
  await page.getByRole('alert').filter({ hasText: 'not letting the app save' }).waitFor();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 2 of 8: Routs and Rallies').waitFor();
  // The game can still be exported from the message.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export the game' }).first().tap(),
  ]);
  assert.equal(JSON.parse(await downloadText(download)).game.phase, 'RoutsAndRallies');
  await context.close();
});

test('storage full: a clear message, and the game keeps working in memory', async () => {
  const { context, page } = await phone(app.browser);
  await openApp(page, app.server.url);
  // Chromium's own quota (about 5 MB per origin), filled to the last character by other data:
  // the next save meets the browser's real QuotaExceededError.
  await page.evaluate(() => {
    for (let size = 1 << 20, i = 0; size >= 1; ) {
      try {
        localStorage.setItem(`filler-${i}`, 'x'.repeat(size));
        i += 1;
      } catch {
        size = Math.floor(size / 2);
      }
    }
  });
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByRole('alert').filter({ hasText: 'storage for this app is full' }).waitFor();
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByText('Phase 3 of 8: Reveal Orders').waitFor();
  await context.close();
});

test('a crash shows an error screen that still exports the game', async () => {
  const { context, page } = await phone(app.browser);
  await openApp(page, app.server.url);
  await page.getByRole('button', { name: 'Next phase' }).tap();
  await page.getByRole('link', { name: 'Settings' }).tap();
  await page.getByRole('button', { name: 'Test the error screen' }).tap();
  await page.getByRole('heading', { name: 'The app hit an error and stopped' }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export the current game' }).tap(),
  ]);
  assert.equal(JSON.parse(await downloadText(download)).game.phase, 'RoutsAndRallies');
  await page.getByRole('link', { name: 'Reload the app' }).tap();
  await page.getByText('Phase 2 of 8: Routs and Rallies').waitFor();
  await context.close();
});
