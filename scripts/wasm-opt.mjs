// wasm-opt -Oz through binaryen 132's own API (node_modules/binaryen), in two worker threads.
//
// Why not the wasm-opt command: npm's wasm-opt is binaryen compiled to wasm, and each run spends
// about 1.5 s compiling binaryen itself before it reads a byte. The release build optimises the
// main module and some 170 chunks, so the command cost almost five minutes on two cores; loaded
// once per worker, binaryen does the same work in well under one. Same binaryen (132: Debian's
// 108 produces a wasm that crashes in the browser, ../shared/TOOLCHAIN.md), same -Oz pipeline
// (optimise level 2, shrink level 2), the same features as the command's --enable flags.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Optimises each `[from, to]` pair of wasm files; two workers share the list, largest first. */
export async function optimiseAll(pairs, workers = 2) {
  const sized = pairs.map(([from, to]) => ({ from, to, size: fs.statSync(from).size }));
  sized.sort((a, b) => b.size - a.size);
  // Largest first onto the lighter list: the main module alone is a third of the work.
  const lists = Array.from({ length: workers }, () => ({ load: 0, jobs: [] }));
  for (const job of sized) {
    const lightest = lists.reduce((a, b) => (b.load < a.load ? b : a));
    lightest.jobs.push([job.from, job.to]);
    lightest.load += job.size;
  }
  const self = fileURLToPath(import.meta.url);
  await Promise.all(lists.filter((l) => l.jobs.length).map((l) => new Promise((resolve, reject) => {
    const worker = new Worker(self, { workerData: l.jobs, stderr: true });
    // rustc's name section has a subsection binaryen does not know; it is stripped anyway, so
    // its warning (one per file) is noise. Anything else binaryen says goes through.
    let pending = '';
    worker.stderr.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) if (!line.includes('unknown name subsection')) process.stderr.write(line + '\n');
    });
    worker.on('message', resolve);
    worker.on('error', reject);
    worker.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`wasm-opt worker exited with ${code}`))));
  })));
}

if (!isMainThread) {
  const { default: binaryen } = await import('binaryen');
  const F = binaryen.Features;
  // What `wasm-opt --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext
  // --enable-mutable-globals --enable-reference-types --enable-multivalue` turns on
  // (`--print-features`): rustc 1.95 emits these post-MVP features.
  const features = F.MutableGlobals | F.NontrappingFPToInt | F.BulkMemory | F.BulkMemoryOpt | F.SignExt
    | F.ReferenceTypes | F.Multivalue | F.CallIndirectOverlong;
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  binaryen.setDebugInfo(false);
  for (const [from, to] of workerData) {
    const module = binaryen.readBinary(fs.readFileSync(from));
    module.setFeatures(features);
    module.runPasses(['strip-debug', 'strip-producers']);
    module.optimize();
    if (!module.validate()) throw new Error(`wasm-opt: ${from} does not validate after optimising`);
    fs.writeFileSync(to, module.emitBinary());
    module.dispose();
  }
  parentPort.postMessage('done');
}
