// Start-up of the app's release build (dist/, scripts/build.mjs) against a plain Leptos app
// (target/baseline-dist/, scripts/build-baseline.mjs), side by side in one run (issue 15).
// Absolute times drift on shared machines; the ratio is the figure.
//
// Each build is served from its own loopback server and the two alternate, A B A B ..., each run
// in a new browser context (empty cache and storage, service workers blocked: the app registers
// its worker only after the first screen, and a plain app has none), headless Chromium at 4x CPU
// throttling (CDP Emulation.setCPUThrottlingRate) on a 390x844 phone viewport. One discarded
// run of each comes first (Chromium's own first start).
//
// First render: from navigation to the first animation frame after a navigation landmark or an
// input is in the document with a box inside the viewport (a MutationObserver installed before
// the page's own scripts; nothing of either build is read). The first contentful paint is
// printed beside it as a cross-check. Bytes: every file the page had fetched by then
// (Resource Timing, the page itself included), gzip -9 of the file on disk.
//
// Usage: node scripts/compare.mjs [--runs N] [--throttle R] [--json]
//        node scripts/compare.mjs --trace   (where the time goes: scripts/trace.mjs)
//        node scripts/compare.mjs --lazy    (the app's functions compiled lazily before the first screen)
//        node scripts/compare.mjs --early-compile   (what if compilation began at parse time)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serveDist, launch, PHONE } from '../tests/e2e/harness.mjs';
import { BUILDS, median, traceBoth, lazyFunctions, whatIfEarlyCompile } from './trace.mjs';
import { BUDGET } from './measure.mjs';


// Runs in the page before its own scripts. Records on window.__startup the time the first
// navigation or input is in the document and visible, and the frame that paints it.
const PROBE = `(() => {
  const visible = () => {
    for (const el of document.querySelectorAll('nav, [role="navigation"], input, textarea, select')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight) return el.tagName.toLowerCase();
    }
    return null;
  };
  const observer = new MutationObserver(() => {
    const what = visible();
    if (!what) return;
    observer.disconnect();
    const inDocument = performance.now();
    requestAnimationFrame(() => {
      window.__startup = { what, inDocument, frame: performance.now() };
    });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const gzipCache = new Map();
function gzipOf(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The file a fetched URL path came from (the single-page fallback serves index.html). */
function fileFor(dir, urlPath) {
  const file = path.join(dir, decodeURIComponent(urlPath));
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : path.join(dir, 'index.html');
}

/** One cold start of the build served at `url` from `dir`. */
async function oneRun(browser, url, dir, throttle) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(url);
    await page.waitForFunction(() => window.__startup !== undefined, null, { timeout: 60000 });
    const seen = await page.evaluate(() => {
      const s = window.__startup;
      const fetched = performance.getEntriesByType('resource')
        .filter((e) => e.responseEnd <= s.frame)
        .map((e) => new URL(e.name).pathname);
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      return { ...s, fcp, fetched };
    });
    const files = ['/', ...seen.fetched].map((p) => path.relative(dir, fileFor(dir, p)));
    const gzip = files.reduce((sum, f) => sum + gzipOf(path.join(dir, f)), 0);
    return {
      ms: Math.round(seen.frame),
      inDocumentMs: Math.round(seen.inDocument),
      fcpMs: seen.fcp === null ? null : Math.round(seen.fcp),
      what: seen.what,
      gzip,
      files,
    };
  } finally {
    await context.close();
  }
}

/** Alternates the app and the baseline `runs` times each; returns every run and the ratios. */
export async function compare({ runs = BUDGET.renderPairs, throttle = 4 } = {}) {
  for (const b of BUILDS) {
    if (!fs.existsSync(path.join(b.dir, 'index.html'))) throw new Error(`${b.name}: ${b.dir} is not built (${b.hint})`);
  }
  const servers = await Promise.all(BUILDS.map((b) => serveDist({ dir: b.dir })));
  const browser = await launch({ fullBrowser: true });
  const results = BUILDS.map((b) => ({ name: b.name, runs: [] }));
  try {
    for (let i = 0; i < BUILDS.length; i++) await oneRun(browser, servers[i].url, BUILDS[i].dir, throttle);
    for (let r = 0; r < runs; r++) {
      for (let i = 0; i < BUILDS.length; i++) {
        results[i].runs.push(await oneRun(browser, servers[i].url, BUILDS[i].dir, throttle));
      }
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
  const [app, base] = results;
  for (const r of results) {
    const ms = r.runs.map((x) => x.ms);
    r.medianMs = median(ms);
    r.minMs = Math.min(...ms);
    r.maxMs = Math.max(...ms);
    r.medianFcpMs = median(r.runs.map((x) => x.fcpMs ?? NaN));
    r.gzip = median(r.runs.map((x) => x.gzip));
    r.files = r.runs[0].files;
  }
  const pairs = app.runs.map((a, i) => Math.round((a.ms / base.runs[i].ms) * 100) / 100);
  return {
    throttle,
    runs,
    builds: results,
    pairRatios: pairs,
    medianPairRatio: median(pairs),
    renderRatio: Math.round((app.medianMs / base.medianMs) * 100) / 100,
    bytesRatio: Math.round((app.gzip / base.gzip) * 100) / 100,
  };
}

const kb = (b) => `${(b / 1024).toFixed(1)} KB`;

export function describe(c) {
  const lines = [`${c.runs} alternating runs each, ${c.throttle}x CPU throttling, 390x844 phone viewport`, ''];
  lines.push('| build | gzip fetched before the first render | first render, median (min-max) | first contentful paint, median |');
  lines.push('|---|---|---|---|');
  for (const b of c.builds) {
    lines.push(`| ${b.name} | ${kb(b.gzip)} in ${b.files.length} files | ${b.medianMs} ms (${b.minMs}-${b.maxMs}) | ${b.medianFcpMs} ms |`);
  }
  lines.push('');
  const [app, base] = c.builds;
  lines.push('pair  this app  baseline  ratio');
  app.runs.forEach((a, i) => {
    lines.push(`${String(i + 1).padStart(4)}  ${String(a.ms).padStart(6)} ms  ${String(base.runs[i].ms).padStart(6)} ms  ${c.pairRatios[i].toFixed(2)}`);
  });
  lines.push('');
  lines.push(`render: ${c.renderRatio}x the baseline (ratio of medians; median of the pairs' ratios ${c.medianPairRatio}x)`);
  lines.push(`bytes:  ${c.bytesRatio}x the baseline`);
  for (const b of c.builds) lines.push(`${b.name} fetched: ${b.files.join(', ')}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  if (args.includes('--early-compile')) {
    await whatIfEarlyCompile({ throttle: opt('--throttle', 4), runs: opt('--runs', 9) });
  } else if (args.includes('--lazy')) {
    await lazyFunctions({ throttle: opt('--throttle', 4) });
  } else if (args.includes('--trace')) {
    await traceBoth({ throttle: opt('--throttle', 4), runs: opt('--runs', 3) });
  } else {
    const c = await compare({ runs: opt('--runs', Number(process.env.RUNS || BUDGET.renderPairs)), throttle: opt('--throttle', 4) });
    console.log(args.includes('--json') ? JSON.stringify(c, null, 2) : describe(c));
  }
}
