// The performance budget of the release build (scripts/measure.mjs measures the same).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET, transferSizes, firstLoad, firstRender } from '../../scripts/measure.mjs';

const kb = (b) => (b / 1024).toFixed(1);

test('the first load is at most 400 KB gzip-compressed, and fetches no screen but the first', async () => {
  const { files, totalGzipBytes } = await firstLoad();
  const install = transferSizes();
  console.log(`first load: ${kb(totalGzipBytes)} KB gzip in ${files.length} files (${files.map((f) => f.file).join(', ')}); ` +
    `the service worker then installs the rest for offline use: ${kb(install.totalGzipBytes)} KB gzip in ${install.files.length} files`);
  const wasm = files.filter((f) => f.file.endsWith('.wasm'));
  assert.equal(wasm.length, 1, `the first screen should need only the main module: ${wasm.map((f) => f.file)}`);
  assert.ok(wasm[0].file.endsWith('_bg.wasm'), wasm[0].file);
  assert.ok(install.files.filter((f) => f.file.endsWith('.wasm')).length > 1, 'no lazily loaded chunks in dist/');
  assert.ok(totalGzipBytes <= BUDGET.firstLoadGzipBytes, `${kb(totalGzipBytes)} KB`);
});

test('the shell renders under its ceiling at 4x CPU throttling (median of 5; target 1 s)', async () => {
  const result = await firstRender({ runs: 5, throttle: 4 });
  const gap = result.medianMs - BUDGET.firstRenderMs;
  console.log(`first render at 4x throttling: median ${result.medianMs} ms (${result.runs.join(', ')})` +
    (gap >= 0 ? `, ${gap} ms over the 1 s target` : ', within the 1 s target'));
  assert.ok(result.medianMs < BUDGET.firstRenderCeilingMs, JSON.stringify(result));
});
