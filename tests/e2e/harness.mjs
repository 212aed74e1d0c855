// Shared set-up for the end-to-end tests: a loopback static server over the release build
// (dist/), and Debian's Chromium driven by playwright-core on a phone-sized touch viewport.
import { before, after } from 'node:test';
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const dist = path.join(root, 'dist');
/** The start-up baseline's build (scripts/build-baseline.mjs, issue 15). */
export const baselineDist = path.join(path.resolve(root, process.env.CARGO_TARGET_DIR || 'target'), 'baseline-dist');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Serves dist/ (or another build's folder, `dir`) on 127.0.0.1 with the single-page fallback.
 *  `rewrite(urlPath, body)` may change a file on the way out (the update test serves a "new
 *  build" this way). */
export async function serveDist({ port = 0, rewrite = null, dir = dist } = {}) {
  const server = http.createServer((req, res) => {
    const urlPath = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let file = path.join(dir, urlPath);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    if (!path.extname(file) || !fs.existsSync(file)) {
      file = fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
    }
    let body = fs.readFileSync(file);
    if (rewrite) body = rewrite(urlPath, body) ?? body;
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] || 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(body);
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  const address = server.address();
  const sockets = new Set();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return {
    url: `http://127.0.0.1:${address.port}/`,
    port: address.port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';

/** Debian's Chromium headless, with the flags that keep it off the network (and `args`, for a
 *  diagnosis: scripts/trace.mjs turns off lazy wasm compilation). The tests get Debian's
 *  chrome-headless-shell: the same Blink and V8 without the desktop browser's display
 *  compositor, at half the CPU per test (games and resolve: 24.8 s of CPU against 47.6 s), which
 *  CI's two cores are short of. `fullBrowser` is /usr/bin/chromium itself, whose frames go
 *  through the compositor as a phone's Chrome does: the start-up measurements and the
 *  screenshots use it. */
export async function launch({ args = [], fullBrowser = false } = {}) {
  return chromium.launch({
    executablePath: fullBrowser ? CHROMIUM : HEADLESS_SHELL,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...args,
    ],
  });
}

/** A phone: 390x844, touch, mobile. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 };

/** A new phone context and page, recording console errors and any request that leaves the
 *  loopback origin. Its service worker is blocked: installing one caches every file of the
 *  build, which each test would pay for; offline.test.mjs tests the service worker in its own
 *  contexts. */
export async function phone(browser, options = {}) {
  const context = await browser.newContext({ ...PHONE, acceptDownloads: true, serviceWorkers: 'block', ...options });
  const page = await context.newPage();
  const problems = watch(page);
  return { context, page, problems };
}

/** Console errors, uncaught page errors and foreign requests seen on `page`. */
export function watch(page) {
  const problems = { errors: [], foreign: [] };
  page.on('console', (m) => {
    if (m.type() === 'error') problems.errors.push(m.text());
  });
  page.on('pageerror', (e) => problems.errors.push(String(e)));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost'].includes(u.hostname) && !['blob:', 'data:'].includes(u.protocol)) {
      problems.foreign.push(r.url());
    }
  });
  return problems;
}

/** Opens the app and waits for the shell to render. */
export async function openApp(page, url, pathName = '') {
  await page.goto(url + pathName);
  await page.waitForSelector('html[data-started="true"]');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** Waits until the service worker has installed (every file of the build cached) and controls
 *  the page (first visit claims it). The predicate is synchronous: waitForFunction takes a
 *  returned Promise as truthy at once. */
export async function waitForServiceWorker(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });
}

/** Reads a downloaded file's text. */
export async function downloadText(download) {
  const p = await download.path();
  return fs.readFileSync(p, 'utf8');
}

/** Waits until the game is saved: the shell shows "Saved on this device" once the change a
 *  tap made (`<html data-save="saving">`, set at once by the tap) is written. */
export async function settle(page) {
  await page.waitForFunction(() => document.documentElement.dataset.save !== 'saving');
  await page.locator('.save-state').filter({ hasText: /Saved on this device|Not saved/ }).waitFor();
}

/** The built app served and a browser launched before the file's tests, both closed after
 *  them: `app.server` and `app.browser`. */
export function appUnderTest() {
  const app = {};
  before(async () => {
    app.server = await serveDist();
    app.browser = await launch();
  });
  after(async () => {
    await app.browser?.close();
    await app.server?.close();
  });
  return app;
}
