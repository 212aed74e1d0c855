// The last step of scripts/build.mjs, in its staging folder before it becomes dist/:
// 1. puts the hash of every inline script (the wasm loader) into the Content-Security-Policy,
//    so no other inline script can run;
// 2. writes sw.js from scripts/sw.template.js with the list of every built file (the lazily
//    loaded wasm chunks included, so every screen works offline) and a version made from their
//    contents, so a new build is a new service worker and never mixes files.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

export function postBuild(staging, source) {
  const htmlPath = path.join(staging, 'index.html');
  let html = fs.readFileSync(htmlPath, 'utf8');
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  const hashes = inline.map((s) => `'sha256-${createHash('sha256').update(s, 'utf8').digest('base64')}'`);
  if (!html.includes('__LOADER_HASH__')) throw new Error('post-build: the CSP placeholder is missing from index.html');
  html = html.replace('__LOADER_HASH__', hashes.join(' '));
  fs.writeFileSync(htmlPath, html);

  const files = walk(staging)
    .map((p) => path.relative(staging, p).split(path.sep).join('/'))
    .filter((p) => p !== 'sw.js')
    .sort();
  const version = createHash('sha256');
  for (const f of files) {
    version.update(f);
    version.update(fs.readFileSync(path.join(staging, f)));
  }
  const assets = ['./', ...files.map((f) => `./${f}`)];
  const template = fs.readFileSync(path.join(source, 'scripts', 'sw.template.js'), 'utf8');
  const sw = template
    .replace('__VERSION__', version.digest('hex').slice(0, 16))
    .replace('__ASSETS__', JSON.stringify(assets, null, 2));
  fs.writeFileSync(path.join(staging, 'sw.js'), sw);
  console.log(`[build] CSP allows ${hashes.length} inline script(s); sw.js caches ${assets.length} files`);
}
