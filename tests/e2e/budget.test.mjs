// The performance budget of the release build (scripts/measure.mjs and scripts/compare.mjs
// measure the same): the first load, and the first render against a plain Leptos app
// (target/baseline-dist/, node scripts/build-baseline.mjs) measured side by side (issue 15).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET, transferSizes, firstLoad } from '../../scripts/measure.mjs';
import { compare } from '../../scripts/compare.mjs';

const kb = (b) => (b / 1024).toFixed(1);

test('the first screen loads in at most 400 KB gzip-compressed: the shell, then the Game area with its own chunk and no other screen\'s', async () => {
  const { files, totalGzipBytes } = await firstLoad();
  const install = transferSizes();
  console.log(`first load: ${kb(totalGzipBytes)} KB gzip in ${files.length} files (${files.map((f) => f.file).join(', ')}); ` +
    `the service worker then installs the rest for offline use: ${kb(install.totalGzipBytes)} KB gzip in ${install.files.length} files`);
  const wasm = files.filter((f) => f.file.endsWith('.wasm'));
  assert.ok(wasm.some((f) => f.file.endsWith('_bg.wasm')), 'no main module');
  // The Game area is a chunk of its own (shell/lazy.rs), fetched once the shell is shown (the
  // next test asserts that the first render waits for no chunk); shared chunks come with it.
  const screens = wasm.map((f) => /\/split_(\w+)\.wasm$/.exec(f.file)?.[1]).filter(Boolean);
  assert.deepEqual(screens, ['jr_game'], `the first screen should need only the Game area's chunk: ${screens}`);
  assert.ok(install.files.filter((f) => f.file.endsWith('.wasm')).length > 1, 'no lazily loaded chunks in dist/');
  assert.ok(totalGzipBytes <= BUDGET.firstLoadGzipBytes, `${kb(totalGzipBytes)} KB`);
});

test(`the first render at 4x throttling is under ${BUDGET.renderRatioCeiling}x a plain Leptos app's (target ${BUDGET.renderRatioTarget}x), alternating ${BUDGET.renderPairs} runs each (issue 15 measured 9, too few to read a ratio near 1 on a shared machine), with at most ${BUDGET.bytesRatioTarget}x its bytes`, async () => {
  const c = await compare({ runs: BUDGET.renderPairs, throttle: 4 });
  const [app, base] = c.builds;
  console.log(`first render at 4x: this app ${app.medianMs} ms (${app.runs.map((r) => r.ms).join(', ')}), ` +
    `baseline ${base.medianMs} ms (${base.runs.map((r) => r.ms).join(', ')}): ${c.renderRatio}x (pairs: ${c.pairRatios.join(', ')}); ` +
    `gzip before the first render ${kb(app.gzip)} KB against ${kb(base.gzip)} KB: ${c.bytesRatio}x (target ${BUDGET.bytesRatioTarget}x)`);
  // The first screen is the shell and the Game area: no screen's chunk before it is up.
  const chunks = app.runs.flatMap((r) => r.files).filter((f) => f.endsWith('.wasm') && !f.endsWith('_bg.wasm'));
  assert.deepEqual([...new Set(chunks)], [], 'the first render waited for a screen chunk');
  assert.ok(c.renderRatio < BUDGET.renderRatioCeiling, `${c.renderRatio}x the baseline`);
  // Bytes do not drift with the machine's load: held at the target (issue 15).
  assert.ok(c.bytesRatio <= BUDGET.bytesRatioTarget, `${c.bytesRatio}x the baseline's bytes before the first render`);
});
