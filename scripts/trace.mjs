// Where the start-up time goes (issue 15), for the app and the baseline alike, at 4x CPU
// throttling on the phone viewport (node scripts/compare.mjs --trace):
// - the phases of each cold start, from page-side marks: the page's own response, the wasm
//   module's response, WebAssembly.instantiateStreaming resolved (compiled and instantiated:
//   streaming compilation overlaps the download), the wasm's start function (Rust's main: the
//   first reactive run, building and mounting the first screen), and the first animation frame
//   with a navigation or input visible (as scripts/compare.mjs);
// - Chromium's own counters at that frame (CDP Performance.getMetrics: script, style, layout);
// - the app again with the demo game saved (a player with a game in progress), and both with
//   V8's lazy wasm compilation off, which moves compilation out of main;
// - a Chromium trace of one more run of each (devtools.timeline and v8.wasm), its wasm
//   compilation and other events summed by name up to the visible frame.
// The marks wrap WebAssembly.instantiateStreaming, handing the glue the same exports with the
// start function timed: diagnosis only, compare.mjs measures without it.
import fs from 'node:fs';
import path from 'node:path';
import { launch, PHONE, serveDist, dist, baselineDist, openApp, settle } from '../tests/e2e/harness.mjs';

/** The two builds compared, the app first. */
export const BUILDS = [
  { name: 'this app', dir: dist, hint: 'node scripts/build.mjs' },
  { name: 'baseline', dir: baselineDist, hint: 'node scripts/build-baseline.mjs' },
];

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
};

const PROBE = `(() => {
  const marks = (window.__marks = {});
  const real = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    if (marks.instantiateCalled === undefined) marks.instantiateCalled = performance.now();
    const { module, instance } = await real(source, imports);
    if (marks.instantiated !== undefined) return { module, instance };
    marks.instantiated = performance.now();
    const exports = { ...instance.exports };
    const start = instance.exports.__wbindgen_start;
    if (typeof start === 'function') {
      exports.__wbindgen_start = (...args) => {
        marks.startBegin = performance.now();
        try { return start(...args); } finally { marks.startEnd = performance.now(); }
      };
    }
    return { module, instance: { exports } };
  };
  const visible = () => {
    for (const el of document.querySelectorAll('nav, [role="navigation"], input, textarea, select')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && r.bottom > 0 && r.top < innerHeight) return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => {
    if (!visible()) return;
    observer.disconnect();
    marks.inDocument = performance.now();
    requestAnimationFrame(() => { marks.frame = performance.now(); performance.mark('startup-visible'); });
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const METRICS = ['ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'TaskDuration'];

async function phases(browser, url, throttle, storageState = undefined) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block', storageState });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page.waitForFunction(() => window.__marks?.frame !== undefined, null, { timeout: 60000 });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
    const marks = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('_bg.wasm'));
      return { ...window.__marks, htmlEnd: nav.responseEnd, wasmEnd: wasm?.responseEnd, wasmStart: wasm?.startTime };
    });
    return { marks, metrics: Object.fromEntries(METRICS.map((k) => [k, Math.round((m[k] ?? 0) * 1000)])) };
  } finally {
    await context.close();
  }
}

/** One traced cold start: events summed by name, wasm compilation separately. */
async function trace(browser, url, throttle) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'v8', 'v8.wasm', 'blink.user_timing', 'loading', 'disabled-by-default-devtools.timeline'],
    });
    await page.goto(url);
    await page.waitForFunction(() => window.__marks?.frame !== undefined, null, { timeout: 60000 });
    const buffer = await browser.stopTracing();
    const events = JSON.parse(buffer.toString('utf8')).traceEvents ?? [];
    const nav = events.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame');
    const visible = events.find((e) => e.name === 'startup-visible');
    const until = visible?.ts ?? Infinity;
    const sums = new Map();
    for (const e of events) {
      if (e.ph !== 'X' || e.ts > until) continue;
      const key = e.name;
      const s = sums.get(key) ?? { ms: 0, count: 0 };
      s.ms += (e.dur ?? 0) / 1000;
      s.count += 1;
      sums.set(key, s);
    }
    const wasm = [...sums].filter(([k]) => /wasm/i.test(k));
    const top = [...sums].filter(([k]) => !/wasm|RunTask/i.test(k)).sort((a, b) => b[1].ms - a[1].ms).slice(0, 14);
    const fmt = ([k, v]) => `${k} ${v.ms.toFixed(1)} ms${v.count > 1 ? ` (${v.count})` : ''}`;
    return {
      visibleMs: nav && visible ? Math.round((visible.ts - nav.ts) / 1000) : null,
      wasm: wasm.sort((a, b) => b[1].ms - a[1].ms).map(fmt),
      top: top.map(fmt),
    };
  } finally {
    await context.close();
  }
}

/** The app's stored document once the demo game is open: what a player with a game in
 *  progress starts with. */
async function demoState(browser, url) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await openApp(page, url);
    await page.getByRole('button', { name: 'Open the demo game' }).tap();
    await settle(page);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

const ROWS = [
  ['page received', (m) => m.htmlEnd],
  ['wasm request sent', (m) => m.wasmStart],
  ['wasm received', (m) => m.wasmEnd],
  ['instantiateStreaming called', (m) => m.instantiateCalled],
  ['compiled and instantiated', (m) => m.instantiated],
  ['main begins', (m) => m.startBegin],
  ['main returns (first screen mounted)', (m) => m.startEnd],
  ['visible frame', (m) => m.frame],
  ['compile+instantiate after called', (m) => m.instantiated - m.instantiateCalled],
  ['main (first reactive run and mount)', (m) => m.startEnd - m.startBegin],
  ['main returns to visible frame', (m) => m.frame - m.startEnd],
];

function table(title, columns) {
  console.log(`\n${title}`);
  console.log(['phase, ms from navigation', ...columns.map((c) => c.name)].join(' | '));
  for (const [label, f] of ROWS) {
    console.log([label, ...columns.map((c) => Math.round(median(c.runs.map((x) => f(x.marks)))))].join(' | '));
  }
  for (const k of METRICS) {
    console.log([`${k} (CDP, to the frame)`, ...columns.map((c) => Math.round(median(c.runs.map((x) => x.metrics[k]))))].join(' | '));
  }
}

/** Alternates `columns` ({ name, url, state }) `runs` times in `browser`, after one discarded
 *  run of each. */
async function alternate(browser, columns, throttle, runs) {
  const out = columns.map((c) => ({ name: c.name, runs: [] }));
  for (const c of columns) await phases(browser, c.url, throttle, c.state);
  for (let r = 0; r < runs; r++) {
    for (let i = 0; i < columns.length; i++) out[i].runs.push(await phases(browser, columns[i].url, throttle, columns[i].state));
  }
  return out;
}

export async function traceBoth({ throttle = 4, runs = 3 } = {}) {
  for (const b of BUILDS) {
    if (!fs.existsSync(path.join(b.dir, 'index.html'))) throw new Error(`${b.name}: ${b.dir} is not built (${b.hint})`);
  }
  const servers = await Promise.all(BUILDS.map((b) => serveDist({ dir: b.dir })));
  const [appUrl, baseUrl] = servers.map((s) => s.url);
  const browser = await launch({ fullBrowser: true });
  try {
    const wasmBytes = (dir) => {
      const find = (d) => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? find(path.join(d, e.name)) : e.name.endsWith('_bg.wasm') ? [path.join(d, e.name)] : []);
      return fs.statSync(find(dir)[0]).size;
    };
    console.log(`main wasm module: this app ${wasmBytes(dist)} bytes, baseline ${wasmBytes(baselineDist)} bytes`);
    const demo = await demoState(browser, appUrl);
    table(`At ${throttle}x, median of ${runs} alternating cold starts (empty storage; the app also with the demo game saved)`,
      await alternate(browser, [
        { name: 'this app', url: appUrl },
        { name: 'baseline', url: baseUrl },
        { name: 'this app, demo game saved', url: appUrl, state: demo },
      ], throttle, runs));
    // Lazy compilation (V8's default) compiles each wasm function on its first call, inside
    // main; compiled eagerly, main's time is the first reactive run and the mount alone.
    const eager = await launch({ args: ['--js-flags=--no-wasm-lazy-compilation'], fullBrowser: true });
    try {
      table(`The same with lazy wasm compilation off (--no-wasm-lazy-compilation): compilation moves before main`,
        await alternate(eager, [
          { name: 'this app', url: appUrl },
          { name: 'baseline', url: baseUrl },
        ], throttle, runs));
    } finally {
      await eager.close();
    }
    for (let i = 0; i < BUILDS.length; i++) {
      const t = await trace(browser, servers[i].url, throttle);
      console.log(`\nTrace of one cold start of ${BUILDS[i].name} (visible at ${t.visibleMs} ms):`);
      console.log(`  wasm: ${t.wasm.join('; ') || 'none'}`);
      console.log(`  the renderer's other events, every thread, summed: ${t.top.join('; ')}`);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}

/** Which of the app's functions V8 compiles lazily (on their first call) before the first
 *  screen is visible, by name and by crate (node scripts/compare.mjs --lazy). The main module
 *  is served optimised as the build does but with its function names kept (wasm-opt on
 *  target/bindgen/, the build's wasm-bindgen output), so that the trace's function indices
 *  can be named; the shipped module has none. */
export async function lazyFunctions({ throttle = 4, top = 25 } = {}) {
  const { default: binaryen } = await import('binaryen');
  const input = path.join(path.dirname(baselineDist), 'bindgen', 'companion_bg.wasm');
  const F = binaryen.Features;
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  binaryen.setDebugInfo(true);
  const module = binaryen.readBinary(fs.readFileSync(input));
  module.setFeatures(F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.BulkMemoryOpt | F.SignExt
    | F.ReferenceTypes | F.Multivalue | F.CallIndirectOverlong);
  module.runPasses(['strip-producers']);
  module.optimize();
  const named = module.emitBinary();
  module.dispose();
  const reread = binaryen.readBinary(named);
  const names = Array.from({ length: reread.getNumFunctions() }, (_, i) => binaryen.getFunctionInfo(reread.getFunctionByIndex(i)).name);
  reread.dispose();

  const server = await serveDist({ rewrite: (urlPath, body) => (urlPath.endsWith('companion_bg.wasm') ? Buffer.from(named) : body) });
  const browser = await launch({ fullBrowser: true });
  try {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await browser.startTracing(page, { categories: ['v8.wasm', 'blink.user_timing'] });
    await page.goto(server.url);
    await page.waitForFunction(() => window.__marks?.frame !== undefined, null, { timeout: 60000 });
    const events = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents ?? [];
    await context.close();
    const until = events.find((e) => e.name === 'startup-visible')?.ts ?? Infinity;
    const lazy = events.filter((e) => e.name === 'wasm.CompileLazy' && e.ts <= until);
    const byName = new Map();
    for (const e of lazy) {
      const name = names[e.args?.func_index] ?? `#${e.args?.func_index}`;
      byName.set(name, (byName.get(name) ?? 0) + e.dur / 1000);
    }
    const crateOf = (name) => {
      const own = name.match(/(?<![a-z_])(johnny_reb|companion_core|companion)::/);
      if (own) return own[1];
      return name.match(/([a-z_][a-z0-9_]*)(\[[0-9a-f]+\])?::/)?.[1] ?? '(other)';
    };
    const byCrate = new Map();
    for (const [name, ms] of byName) {
      const c = crateOf(name);
      const s = byCrate.get(c) ?? { ms: 0, count: 0 };
      s.ms += ms;
      s.count += 1;
      byCrate.set(c, s);
    }
    const total = lazy.reduce((a, e) => a + e.dur / 1000, 0);
    console.log(`${lazy.length} functions compiled lazily before the first screen, ${total.toFixed(0)} ms at ${throttle}x (one run)`);
    console.log('by crate: ' + [...byCrate].sort((a, b) => b[1].ms - a[1].ms).slice(0, 14)
      .map(([c, s]) => `${c} ${s.ms.toFixed(1)} ms (${s.count})`).join('; '));
    console.log('largest:');
    for (const [name, ms] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${ms.toFixed(1)} ms  ${name.slice(0, 150)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

/** What if compilation began as soon as the page is parsed rather than when the glue's module
 *  script runs (lead 3, README)? The app is served with its page rewritten on the way out (the
 *  build is not changed): a classic inline script starts `WebAssembly.compileStreaming` on the
 *  preloaded wasm and the loader hands the compiled module to the glue; the page's CSP, whose
 *  hash would refuse the new script, is dropped for the experiment. Alternates the app as built,
 *  the app so rewritten and the baseline (node scripts/compare.mjs --early-compile). */
export async function whatIfEarlyCompile({ throttle = 4, runs = 9 } = {}) {
  const early = (urlPath, body) => {
    if (path.extname(urlPath) && !urlPath.endsWith('.html')) return body;
    let html = body.toString('utf8');
    const wasm = html.match(/<link rel="preload" href="([^"]+_bg\.wasm)"/)?.[1];
    if (!wasm) return body;
    html = html.replace(/<meta\s+http-equiv="Content-Security-Policy"[^>]*>/, '');
    html = html.replace(/(<link rel="preload" href="[^"]+_bg\.wasm"[^>]*>)/,
      `$1\n    <script>window.__compiled = WebAssembly.compileStreaming(fetch('./${wasm}'));</script>`);
    html = html.replace(`await init({ module_or_path: './${wasm}' });`, 'await init({ module_or_path: await window.__compiled });');
    return Buffer.from(html);
  };
  const servers = await Promise.all([serveDist({ dir: dist }), serveDist({ dir: dist, rewrite: early }), serveDist({ dir: baselineDist })]);
  const browser = await launch({ fullBrowser: true });
  try {
    const cols = await alternate(browser, [
      { name: 'this app', url: servers[0].url },
      { name: 'this app, compiled early', url: servers[1].url },
      { name: 'baseline', url: servers[2].url },
    ], throttle, runs);
    const base = median(cols[2].runs.map((r) => r.marks.frame));
    for (const c of cols) {
      const frames = c.runs.map((r) => Math.round(r.marks.frame));
      const m = median(frames);
      console.log(`${c.name}: visible at ${Math.round(m)} ms (${Math.min(...frames)}-${Math.max(...frames)}), ${(m / base).toFixed(2)}x the baseline`);
    }
  } finally {
    await browser.close();
    await Promise.all(servers.map((s) => s.close()));
  }
}
