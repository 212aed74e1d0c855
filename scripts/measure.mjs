// Measures the release build (dist/) against the performance budget:
// - everything the first load transfers, gzip-compressed (the service worker fetches every
//   file of the build on the first visit, so that is all of dist/);
// - first render of the shell in headless Chromium at 4x CPU throttling from a loopback server,
//   read from the app's own performance mark "jr-shell-rendered".
// Usage: node scripts/measure.mjs  (prints JSON; the budget test asserts the limits)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serveDist, launch, PHONE, dist } from '../tests/e2e/harness.mjs';

// The target is 400 KB for the first load. With the Tables, Roster and Saved games
// screens the build is over it (see README, Performance), so the test holds the line at the
// interim ceiling below until the screens are split into separately loaded modules.
// The same holds for the first render: target 1 s; with the Orders, tracker and Resolve screens
// the wasm is 1.4 MB and Chromium's compile of it is most of a first render of 0.6-1.1 s at 4x,
// so the test holds an interim ceiling of 1.5 s and prints the gap to the target.
export const BUDGET = {
  firstLoadGzipBytes: 400 * 1024,
  firstLoadCeilingBytes: 560 * 1024,
  firstRenderMs: 1000,
  firstRenderCeilingMs: 1500,
};

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

export function transferSizes() {
  const files = walk(dist).map((p) => {
    const body = fs.readFileSync(p);
    return { file: path.relative(dist, p), bytes: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
  });
  const total = files.reduce((a, f) => a + f.gzip, 0);
  return { files, totalGzipBytes: total };
}

export async function firstRender({ runs = 5, throttle = 4 } = {}) {
  const server = await serveDist();
  const browser = await launch();
  const times = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await page.goto(server.url);
      await page.waitForSelector('html[data-started="true"]');
      const t = await page.evaluate(() => performance.getEntriesByName('jr-shell-rendered')[0]?.startTime ?? NaN);
      times.push(Math.round(t));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { throttle, runs: times, medianMs: sorted[Math.floor(sorted.length / 2)] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const sizes = transferSizes();
  const render = await firstRender();
  const report = { budget: BUDGET, ...sizes, firstRender: render };
  console.log(JSON.stringify(report, null, 2));
}
