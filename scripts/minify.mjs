#!/usr/bin/env node
// @ts-check
// Minifies the site that `make dist` copied into DIR, in place: every script and style sheet
// (esbuild, from npm: `scripts/setup.sh dist` installs it into target/tools/esbuild). File by
// file, no bundling: the files, their names and their imports stay as in the source, so the site
// loads the same modules in the same order; only comments, spaces and local names go. The
// precache list is written afterwards (make dist), from the minified files.
//
// The service worker (sw.js) and the list it imports (www/offline/precache.js) are classic
// scripts that share their top-level names: they are minified without renaming those.
//
//   node scripts/minify.mjs DIR

import { createRequire } from 'node:module';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const CLASSIC = new Set(['sw.js', 'www/offline/precache.js']);
// The largest file minified: the biggest script is a tenth of this.
const MAX_BYTES = 4 * 1024 * 1024;

/** @param {string} [error] @returns {never} */
function usage(error) {
  if (error) console.error(`minify: ${error}`);
  console.error('usage: node scripts/minify.mjs DIR   (the folder make dist wrote)');
  process.exit(2);
}

/** esbuild's API, the part used here (its own types are not installed with the tests').
 * @returns {{ transformSync: (source: string, options: object) => { code: string } }} */
function esbuild() {
  const from = createRequire(join(ROOT, 'target', 'tools', 'esbuild', 'package.json'));
  try {
    return from('esbuild');
  } catch {
    console.error('minify: esbuild is not installed: run scripts/setup.sh dist (make dist does)');
    process.exit(2);
  }
}

/** @param {string} dir @returns {string[]} every file under it */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const args = process.argv.slice(2);
if (args.length !== 1 || args[0].startsWith('-')) usage();
const dir = resolve(args[0]);
if (dir === ROOT) usage('DIR is the source itself: minify a copy (make dist)');
try {
  if (!statSync(join(dir, 'index.html')).isFile()) usage(`${args[0]} has no index.html`);
} catch {
  usage(`${args[0]} is not a copy of the site (no index.html)`);
}

const { transformSync } = esbuild();
let before = 0;
let after = 0;
let files = 0;
for (const path of walk(dir)) {
  const name = relative(dir, path).split(sep).join('/');
  const loader = /\.(js|mjs)$/.test(name) ? 'js' : name.endsWith('.css') ? 'css' : null;
  if (!loader) continue;
  const size = statSync(path).size;
  if (size > MAX_BYTES) throw new Error(`${name}: ${size} bytes, more than a script of the site can be (${MAX_BYTES})`);
  const source = readFileSync(path, 'utf8');
  const classic = CLASSIC.has(name);
  const { code } = transformSync(source, {
    loader,
    minify: true,
    // Modules: their top-level names are their own, renamed like the rest. Classic scripts:
    // no format, so esbuild keeps the top-level names another script may read.
    format: loader === 'js' && !classic ? 'esm' : undefined,
    target: 'es2022',
    legalComments: 'none',
    sourcefile: name,
  });
  writeFileSync(path, code);
  before += size;
  after += Buffer.byteLength(code);
  files++;
}
console.log(`minify: ${files} files in ${args[0]}, ${(before / 1024).toFixed(1)} KB -> ${(after / 1024).toFixed(1)} KB`);
