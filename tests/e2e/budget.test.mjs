// The performance budget of the release build (scripts/measure.mjs measures the same).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BUDGET, transferSizes, firstRender } from '../../scripts/measure.mjs';

test('the first load transfers at most 400 KB gzip-compressed', () => {
  const { files, totalGzipBytes } = transferSizes();
  console.log(`first load: ${(totalGzipBytes / 1024).toFixed(1)} KB gzip in ${files.length} files`);
  assert.ok(files.some((f) => f.file.endsWith('_bg.wasm')), 'no wasm in dist/');
  assert.ok(totalGzipBytes <= BUDGET.firstLoadGzipBytes, `${totalGzipBytes} bytes`);
});

test('the shell renders within 1 s at 4x CPU throttling', async () => {
  const result = await firstRender({ runs: 5, throttle: 4 });
  console.log(`first render at 4x throttling: median ${result.medianMs} ms (${result.runs.join(', ')})`);
  assert.ok(result.medianMs < BUDGET.firstRenderMs, JSON.stringify(result));
});
