// Takes the README's screenshots of the release build (dist/) at phone and tablet sizes.
// Usage: node scripts/screenshot.mjs [out-dir]
import { serveDist, launch, PHONE } from '../tests/e2e/harness.mjs';

const out = process.argv[2] || 'docs';
const server = await serveDist();
const browser = await launch({ fullBrowser: true });
try {
  for (const [name, options, path, theme] of [
    ['phone-game', PHONE, '', null],
    ['phone-settings-sunlight', PHONE, 'settings', 'sunlight'],
    ['tablet-game-dark', { viewport: { width: 768, height: 1024 }, hasTouch: true }, '', 'dark'],
  ]) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForSelector('html[data-started="true"]');
    if (theme) {
      await page.goto(server.url + 'settings');
      await page.waitForSelector('html[data-started="true"]');
      const label = theme === 'sunlight' ? 'Sunlight (high contrast)' : 'Dark';
      await page.getByRole('radio', { name: label, exact: true }).click();
      await page.getByRole('link', { name: 'Game' }).click();
    }
    await page.getByRole('button', { name: 'Next phase' }).click();
    await page.getByRole('button', { name: 'Next phase' }).click();
    await page.waitForTimeout(400);
    await page.goto(server.url + path);
    await page.waitForSelector('html[data-started="true"]');
    await page.screenshot({ path: `${out}/${name}.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
