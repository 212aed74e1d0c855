// The start-up baseline's build (issue 15), into target/baseline-dist/: a plain Leptos CSR app
// (tools/baseline) through the same pipeline as the app's release build (scripts/build.mjs),
// so that scripts/compare.mjs compares like with like:
// 1. cargo builds it for wasm32 with the workspace's release profile (opt-level z, LTO, one
//    codegen unit, panic abort) and the same rustflags (.cargo/config.toml);
// 2. wasm-bindgen, the CLI of the crate's version, writes the JS glue (--target web);
// 3. wasm-opt -Oz, binaryen 132 through scripts/wasm-opt.mjs;
// 4. a page that loads it as the app's does: stylesheet, modulepreload of the glue, preload of
//    the wasm, one inline module script calling init.
// No split and no service worker: a plain app has neither. Usage: node scripts/build-baseline.mjs
// (after scripts/lib.sh's setup, as scripts/build.mjs). It shares the app's target folder, so
// the dependencies both builds compile alike are compiled once; scripts/test runs it after the
// app's build, in the same background job.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { clippyEnv } from './clippy-env.mjs';
import { optimiseAll } from './wasm-opt.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targetDir = path.resolve(root, process.env.CARGO_TARGET_DIR || 'target');
const NAME = 'leptos-baseline';
const source = path.join(root, 'tools', 'baseline');
const baselineDist = path.join(targetDir, 'baseline-dist');

const began = Date.now();
const since = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;
function run(cmd, args, env = process.env) {
  console.log(`[baseline] ${since()}: ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], env });
}

// With clippy's lints as errors: the only place the baseline is compiled (scripts/test leaves it
// out of the native tests); the lints reach this crate alone, so Leptos is shared as before.
run('cargo', ['build', '--release', '-p', NAME, '--target', 'wasm32-unknown-unknown', '--bin', NAME], clippyEnv());
const input = path.join(targetDir, 'wasm32-unknown-unknown', 'release', `${NAME}.wasm`);

const bindgen = path.join(targetDir, 'baseline-bindgen');
fs.rmSync(bindgen, { recursive: true, force: true });
run('wasm-bindgen', [input, '--out-dir', bindgen, '--out-name', NAME, '--target', 'web', '--no-typescript']);

const stage = path.join(targetDir, 'baseline-dist-stage');
fs.rmSync(stage, { recursive: true, force: true });
fs.mkdirSync(stage, { recursive: true });
console.log(`[baseline] ${since()}: wasm-opt -Oz`);
await optimiseAll([[path.join(bindgen, `${NAME}_bg.wasm`), path.join(stage, `${NAME}_bg.wasm`)]], 1);
fs.copyFileSync(path.join(bindgen, `${NAME}.js`), path.join(stage, `${NAME}.js`));
fs.copyFileSync(path.join(source, 'style.css'), path.join(stage, 'style.css'));

const js = `${NAME}.js`;
const wasm = `${NAME}_bg.wasm`;
const head = [
  '<link rel="stylesheet" href="style.css" />',
  `<link rel="modulepreload" href="${js}" />`,
  `<link rel="preload" href="${wasm}" as="fetch" type="application/wasm" crossorigin="" />`,
  `<script type="module">import init from './${js}';\nawait init({ module_or_path: './${wasm}' });</script>`,
].join('\n    ');
const html = fs.readFileSync(path.join(source, 'index.html'), 'utf8');
if (!html.includes('<!-- build: app -->')) throw new Error('tools/baseline/index.html lacks the <!-- build: app --> marker');
fs.writeFileSync(path.join(stage, 'index.html'), html.replace('<!-- build: app -->', head));

fs.rmSync(baselineDist, { recursive: true, force: true });
fs.renameSync(stage, baselineDist);
const size = fs.statSync(path.join(baselineDist, wasm)).size;
console.log(`[baseline] ${since()}: target/baseline-dist/: ${wasm} ${(size / 1024).toFixed(1)} KB`);
