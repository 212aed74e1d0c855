// The release build, into dist/ (what scripts/serve serves and the end-to-end tests drive):
// 1. cargo builds the app for wasm32 with its relocations kept (the splitter needs them);
// 2. tools/wasm-split cuts the wasm at its `#[wasm_split]` points (crates/app/src/shell/lazy.rs): a main
//    module with the shell and the Game area, a chunk per lazily loaded screen, shared chunks,
//    and __wasm_split.js that fetches a chunk the first time its screen is shown;
// 3. wasm-bindgen (the CLI pinned to the crate's version) writes the JS glue for the main module,
//    which imports __wasm_split.js on the first lazy screen (scripts/lazy-loader.mjs);
// 4. wasm-opt -Oz (binaryen 132 from node_modules, scripts/wasm-opt.mjs) shrinks the main module
//    and every chunk;
// 5. the page, styles, manifest, icons and service worker go beside them (scripts/post-build.mjs:
//    the loader's hash in the Content-Security-Policy, sw.js caching every file).
// The app's files go in a folder named by their contents (app-<hash>/), so a browser's HTTP
// cache never mixes two builds. Usage: node scripts/build.mjs (scripts/lib.sh puts the tools on
// PATH).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postBuild } from './post-build.mjs';
import { optimiseAll } from './wasm-opt.mjs';
import { deferChunkLoader } from './lazy-loader.mjs';
import { clippyEnv } from './clippy-env.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const targetDir = path.resolve(root, process.env.CARGO_TARGET_DIR || 'target');
// The app crate's binary (crates/app): its wasm, its JS glue and the file names in dist/.
const NAME = 'companion';

const began = Date.now();
const since = () => `${((Date.now() - began) / 1000).toFixed(0)} s`;

function run(cmd, args, options = {}) {
  console.log(`[build] ${since()}: ${cmd} ${args.join(' ')}`);
  return execFileSync(cmd, args, {
    cwd: root, stdio: ['ignore', options.capture ? 'pipe' : 'inherit', 'inherit'], encoding: 'utf8', env: options.env ?? process.env,
  });
}

function fresh(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

function copyDir(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const e of fs.readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, e.name);
    if (e.isDirectory()) copyDir(src, path.join(to, e.name));
    else fs.copyFileSync(src, path.join(to, e.name));
  }
}

const shortHash = (...buffers) => {
  const h = createHash('sha256');
  for (const b of buffers) h.update(b);
  return h.digest('hex').slice(0, 16);
};

// 1. The wasm, with relocations (only the final link gets the flag, so dependencies are not
//    rebuilt for it).
run('cargo', [
  'rustc', '--release', '-p', NAME, '--target', 'wasm32-unknown-unknown', '--bin', NAME, '--features', 'split',
  '--', '-C', 'link-arg=--emit-relocs',
]);
const input = path.join(targetDir, 'wasm32-unknown-unknown', 'release', `${NAME}.wasm`);

// 2. Split.
const split = fresh(path.join(targetDir, 'split'));
// Its own target folder: in target/debug it would wait for the native tests' lock when
// scripts/test runs this build beside them. Compiled with clippy's lints as errors: the only
// place the tool is compiled (scripts/test leaves it out of the native tests).
const chunksOf = JSON.parse(run('cargo', [
  'run', '--quiet', '-p', 'jr-wasm-split', '--target-dir', path.join(targetDir, 'tools'), '--', input, split, `./${NAME}.js`,
], { capture: true, env: clippyEnv() }));

// 3. wasm-bindgen on the main module; it must keep the exports the chunks link against.
const bindgen = fresh(path.join(targetDir, 'bindgen'));
run('wasm-bindgen', [
  path.join(split, 'main.wasm'), '--out-dir', bindgen, '--out-name', NAME,
  '--target', 'web', '--no-typescript', '--keep-lld-exports',
]);

// 4. wasm-opt on the main module and each chunk, into the app folder.
const stage = fresh(path.join(targetDir, 'dist-stage'));
const app = fresh(path.join(stage, 'app'));
const wasmFiles = [[path.join(bindgen, `${NAME}_bg.wasm`), `${NAME}_bg.wasm`]];
for (const f of fs.readdirSync(split).sort()) {
  if (f.endsWith('.wasm') && f !== 'main.wasm') wasmFiles.push([path.join(split, f), f]);
}
console.log(`[build] ${since()}: wasm-opt -Oz on the main module and ${wasmFiles.length - 1} chunks`);
// Two workers: the machines this is built on have two cores.
await optimiseAll(wasmFiles.map(([from, name]) => [from, path.join(app, name)]));
// The glue imports the chunk loader on the first lazy screen, not before the first render.
const splitJs = fs.readFileSync(path.join(split, '__wasm_split.js'), 'utf8');
const glueJs = fs.readFileSync(path.join(bindgen, `${NAME}.js`), 'utf8');
fs.writeFileSync(path.join(app, `${NAME}.js`), deferChunkLoader(glueJs, splitJs));
fs.writeFileSync(path.join(app, '__wasm_split.js'), splitJs);

const appFiles = fs.readdirSync(app).sort();
const appDir = `app-${shortHash(...appFiles.flatMap((f) => [f, fs.readFileSync(path.join(app, f))]))}`;
fs.renameSync(app, path.join(stage, appDir));

// 5. The page and the rest.
const css = fs.readFileSync(path.join(root, 'style', 'main.css'));
const cssName = `main-${shortHash(css)}.css`;
fs.writeFileSync(path.join(stage, cssName), css);
fs.copyFileSync(path.join(root, 'public', 'manifest.webmanifest'), path.join(stage, 'manifest.webmanifest'));
fs.copyFileSync(path.join(root, 'public', 'pwa.js'), path.join(stage, 'pwa.js'));
copyDir(path.join(root, 'public', 'icons'), path.join(stage, 'icons'));

const js = `${appDir}/${NAME}.js`;
const wasm = `${appDir}/${NAME}_bg.wasm`;
const head = [
  `<link rel="stylesheet" href="${cssName}" />`,
  `<link rel="modulepreload" href="${js}" />`,
  `<link rel="preload" href="${wasm}" as="fetch" type="application/wasm" crossorigin="" />`,
  `<script type="module">import init from './${js}';\nawait init({ module_or_path: './${wasm}' });</script>`,
].join('\n    ');
let html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
if (!html.includes('<!-- build: app -->')) throw new Error('index.html lacks the <!-- build: app --> marker');
html = html.replace('<!-- build: app -->', head);
fs.writeFileSync(path.join(stage, 'index.html'), html);

postBuild(stage, root);

const dist = path.join(root, 'dist');
fs.rmSync(dist, { recursive: true, force: true });
fs.renameSync(stage, dist);

const chunkCount = wasmFiles.length - 1;
console.log(`[build] ${since()}: dist/: ${appDir} with the main module and ${chunkCount} chunks for ${Object.keys(chunksOf).length} lazy screens`);
