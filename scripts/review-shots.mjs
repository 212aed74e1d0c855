// Screenshots of every resolver for a design review, at phone (390x844) and tablet (768x1024)
// sizes, with the demo game open: the first screen a player sees and the whole page.
// Usage (after node scripts/build.mjs): node scripts/review-shots.mjs [out-dir]
import fs from 'node:fs';
import { serveDist, launch, PHONE } from '../tests/e2e/harness.mjs';

const out = process.argv[2] || 'target/review';
fs.mkdirSync(out, { recursive: true });
const SIZES = [
  ['phone', PHONE],
  ['tablet', { viewport: { width: 768, height: 1024 }, hasTouch: true, isMobile: true }],
];
const SCREENS = [
  ['menu', 'resolve'],
  ['morale', 'resolve/morale?unit=r-1tn'],
  ['fire', 'resolve/fire?unit=r-2wi'],
  ['artillery', 'resolve/artillery?unit=s-hall-1'],
  ['charge', 'resolve/charge?unit=r-2wi'],
  ['move', 'resolve/move?unit=r-2wi'],
  ['rolls', 'resolve/rolls'],
  ['rout', 'resolve/rout?unit=r-1tn'],
  ['officer', 'resolve/officer?officer=o-meredith'],
];
const server = await serveDist();
const browser = await launch({ fullBrowser: true });
try {
  for (const [size, options] of SIZES) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(server.url + 'games');
    await page.getByRole('button', { name: 'Open the demo game' }).click();
    await page.waitForTimeout(400);
    for (const [name, path] of SCREENS) {
      await page.goto(server.url + path);
      await page.waitForSelector('html[data-started="true"]');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/${size}-${name}.png` });
      await page.screenshot({ path: `${out}/${size}-${name}-full.png`, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
