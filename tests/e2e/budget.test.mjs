// The performance budget of the release build (scripts/measure.mjs measures the same).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET, transferSizes, firstRender } from '../../scripts/measure.mjs';

test('the first load stays under its ceiling (target 400 KB gzip-compressed)', () => {
  const { files, totalGzipBytes } = transferSizes();
  const kb = (b) => (b / 1024).toFixed(1);
  const over = totalGzipBytes - BUDGET.firstLoadGzipBytes;
  console.log(`first load: ${kb(totalGzipBytes)} KB gzip in ${files.length} files` +
    (over > 0 ? `, ${kb(over)} KB over the 400 KB target` : ', within the 400 KB target'));
  assert.ok(files.some((f) => f.file.endsWith('_bg.wasm')), 'no wasm in dist/');
  assert.ok(totalGzipBytes <= BUDGET.firstLoadCeilingBytes, `${totalGzipBytes} bytes`);
});

test('the shell renders under its ceiling at 4x CPU throttling (target 1 s)', async () => {
  const result = await firstRender({ runs: 5, throttle: 4 });
  const gap = result.medianMs - BUDGET.firstRenderMs;
  console.log(`first render at 4x throttling: median ${result.medianMs} ms (${result.runs.join(', ')})` +
    (gap >= 0 ? `, ${gap} ms over the 1 s target` : ', within the 1 s target'));
  assert.ok(result.medianMs < BUDGET.firstRenderCeilingMs, JSON.stringify(result));
});
