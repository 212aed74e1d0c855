// The chunk loader (__wasm_split.js, written by the splitter) is about 390 KB of JavaScript
// listing every lazy screen's chunks: 17 KB gzip fetched and parsed before the first render if
// the glue imports it statically, for a loader the first screen never calls (issue 15). This
// rewrites wasm-bindgen's glue so that the main module's imports from it are small stubs that
// import the loader the first time a screen's chunk is asked for.
//
// Each stub has the splitter's signature `(callbackIndex, callbackData) => ()`: the loader calls
// the callback from the main module's function table when the chunk is in (true) or failed
// (false). When the loader itself cannot be fetched (offline before the service worker cached
// it), the stub calls the callback with false, as the loader does for a chunk, so the screen
// says it could not load instead of waiting for ever; the next visit tries again.

const STATIC_IMPORT = /^import \* as (import\d+) from "\.\/__wasm_split\.js";?\n/gm;
const LOAD_EXPORT = /^export const (__wasm_split_load_\w+) = /gm;

/** The names of the loader functions `__wasm_split.js` exports. */
export function loaderExports(splitJs) {
  return [...splitJs.matchAll(LOAD_EXPORT)].map((m) => m[1]);
}

/**
 * wasm-bindgen's glue with its static imports of `./__wasm_split.js` replaced by stubs that
 * import it on first use. Throws if the glue does not have the shape this expects (a newer
 * wasm-bindgen), so that a build never ships a loader that silently does nothing.
 */
export function deferChunkLoader(glueJs, splitJs) {
  const names = loaderExports(splitJs);
  const bindings = [...glueJs.matchAll(STATIC_IMPORT)].map((m) => m[1]);
  if (names.length === 0 || bindings.length === 0) {
    throw new Error(`lazy-loader: expected the glue to import the loader's ${names.length} functions statically; found ${bindings.length} imports`);
  }
  // The stubs reach the main module's exports (its function table) through the glue's `wasm`.
  if (!/^let (\w+, )*wasm;$/m.test(glueJs)) {
    throw new Error('lazy-loader: the glue no longer keeps the instance\'s exports in a module-level `wasm`');
  }
  const stubs = names.map((n) => `    ${n}: (index, data) => loadChunk("${n}", index, data),`).join('\n');
  const header = [
    '// The chunk loader, imported on the first lazy screen (scripts/lazy-loader.mjs). The shell',
    '// builds the first screen after its first frame (crates/app/src/shell/app.rs), so the import',
    '// never competes with that frame (begun inside the start-up, it held it back by about 15 ms',
    '// at 4x, issue 15).',
    'let chunkLoader;',
    'function loadChunk(name, index, data) {',
    '    chunkLoader ??= import("./__wasm_split.js");',
    '    chunkLoader.then((loader) => loader[name](index, data), (error) => {',
    '        console.error(error);',
    '        chunkLoader = undefined;',
    '        wasm.__indirect_function_table.get(index)(data, false);',
    '    });',
    '}',
    'const deferredChunkLoader = {',
    stubs,
    '};',
    ...bindings.map((b) => `const ${b} = deferredChunkLoader;`),
    '',
  ].join('\n');
  const rest = glueJs.replace(STATIC_IMPORT, '');
  // The glue's own imports (none today) must stay first in a module: put the stubs after them.
  const lastImport = [...rest.matchAll(/^import .*;?\n/gm)].pop();
  const at = lastImport ? lastImport.index + lastImport[0].length : 0;
  return rest.slice(0, at) + header + rest.slice(at);
}
