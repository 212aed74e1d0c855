// Measures the release build (dist/, from scripts/build.mjs) against the performance budget:
// - the first load: every file the page fetches until the first screen (the shell and the Game
//   area) is shown, gzip-compressed. The other screens are wasm chunks fetched on first visit;
//   the service worker caches them in the background after the first screen is up (so they
//   work offline), and that install, all of dist/, is reported beside it;
// - first render of the shell in headless Chromium at 4x CPU throttling from a loopback server,
//   read from the app's own performance mark "jr-shell-rendered" (absolute: the budget test
//   holds the render as a ratio to a plain Leptos app instead, scripts/compare.mjs).
// Usage: node scripts/measure.mjs  (prints JSON; the budget test asserts the limits)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serveDist, launch, PHONE, dist } from '../tests/e2e/harness.mjs';

// The targets of issue 2 (first load, absolute) and issue 15 (start-up against a plain Leptos
// app, scripts/compare.mjs). Absolute times drift on shared machines, so the first render is
// held as a ratio to the baseline measured in the same run: the target is 1.2x the render time
// and 3x the bytes. The bytes do not drift: the budget test holds them at the target. The
// render is read over 21 alternating pairs: runs of 9 pairs of one build spread from 1.03x to
// 1.29x, runs of 21 agree within 0.05x (0.99-1.03x once the first frame held the navigation
// alone; README, Performance). The ceiling leaves room for a loaded machine's spread (single
// pairs 0.6-1.8x; 1.04-1.30x in runs of 7 pairs before, 1.35-1.84x while the main module held
// Johnny Reb's Game area).
export const BUDGET = {
  firstLoadGzipBytes: 400 * 1024,
  firstRenderMs: 1000,
  renderRatioTarget: 1.2,
  renderRatioCeiling: 1.4,
  renderPairs: 21,
  bytesRatioTarget: 3,
};

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;

/** Every file of the build: what the service worker installs for offline use. */
export function transferSizes() {
  const files = walk(dist).map((p) => ({
    file: path.relative(dist, p).split(path.sep).join('/'),
    bytes: fs.statSync(p).size,
    gzip: gzipSize(p),
  }));
  const total = files.reduce((a, f) => a + f.gzip, 0);
  return { files, totalGzipBytes: total };
}

/** The files the page itself fetches until the first screen is up and the network is quiet
 *  (the service worker blocked, so its background install is not counted here). */
export async function firstLoad() {
  const server = await serveDist();
  const browser = await launch({ fullBrowser: true });
  const fetched = new Set();
  try {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    page.on('request', (r) => {
      const u = new URL(r.url());
      if (u.origin === new URL(server.url).origin) fetched.add(decodeURIComponent(u.pathname));
    });
    await page.goto(server.url, { waitUntil: 'networkidle' });
    await page.waitForSelector('html[data-started="true"]');
    await page.waitForLoadState('networkidle');
    await context.close();
  } finally {
    await browser.close();
    await server.close();
  }
  const files = [...fetched].sort().map((p) => {
    const rel = p === '/' ? 'index.html' : p.replace(/^\//, '');
    const file = path.join(dist, rel);
    const exists = fs.existsSync(file) && fs.statSync(file).isFile();
    return { file: rel, gzip: exists ? gzipSize(file) : gzipSize(path.join(dist, 'index.html')) };
  });
  return { files, totalGzipBytes: files.reduce((a, f) => a + f.gzip, 0) };
}

export async function firstRender({ runs = 5, throttle = 4 } = {}) {
  const server = await serveDist();
  const browser = await launch({ fullBrowser: true });
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
  const install = transferSizes();
  const first = await firstLoad();
  const render = await firstRender({ runs: Number(process.env.RUNS || 5) });
  const kb = (b) => Math.round((b / 1024) * 10) / 10;
  const report = {
    budget: BUDGET,
    firstLoad: { totalKB: kb(first.totalGzipBytes), files: first.files.map((f) => `${f.file} ${kb(f.gzip)} KB`) },
    offlineInstall: {
      totalKB: kb(install.totalGzipBytes),
      files: install.files.map((f) => `${f.file} ${kb(f.bytes)} KB raw, ${kb(f.gzip)} KB gzip`),
    },
    firstRender: render,
  };
  console.log(JSON.stringify(report, null, 2));
}
