#!/usr/bin/env node
// @ts-check
// Writes www/offline/precache.js: the list of every file the site needs (pages, scripts, styles,
// the wasm, icons, manifest), each file's SHA-256 (`sha256`, by path), and a hash of them all (the
// version). sw.js caches exactly that list under a cache named by the version, so each build
// with any change is a new, complete cache; and it checks every file it fetches against its
// SHA-256, so a deploy still being uploaded (the new list, an old file) fails the install
// instead of caching a mix of two versions.
//
// The engine's data (www/data/: the opening book and the endgame tables, written by `make
// data`) is listed apart, each file with its SHA-256: sw.js does not make the first visit wait
// for it but caches it afterwards in a cache of its own, named by the data's hash, and only a
// file that matches its hash.
//
// The threaded engine (www/pkg/dama_threads*) is listed apart too (`lazy`): only a browser that
// can run threads loads it, so sw.js caches it when it is first asked for, never at install.
//
// Usage: node scripts/precache.mjs [ROOT]   (ROOT: the site's folder, default the repo root)

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative, sep, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.argv[2] ?? join(fileURLToPath(new URL('.', import.meta.url)), '..'));
const OUT = 'www/offline/precache.js';
const KEEP = /\.(html|js|mjs|css|wasm|png|svg|webmanifest|json|ico)$/;
// Build leftovers in www/pkg that the site never loads, and the list itself.
const SKIP = new Set(['www/pkg/package.json', 'www/pkg/.gitignore', OUT]);

/** @param {string} dir @returns {string[]} every file under it, relative to root, with / */
function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return [relative(root, path).split(sep).join('/')];
  });
}

// The two builds of the core: the pages' rules and the workers' engine.
const required = ['index.html', 'manifest.webmanifest', 'www/pkg/dama_rules.js', 'www/pkg/dama_rules_bg.wasm', 'www/pkg/dama_wasm.js', 'www/pkg/dama_wasm_bg.wasm'];
for (const f of required) {
  if (!existsSync(join(root, f))) {
    console.error(`precache: ${f} is missing (run make build first)`);
    process.exit(1);
  }
}
const DATA = 'www/data/';
const LAZY = new Set(['www/pkg/dama_threads.js', 'www/pkg/dama_threads_bg.wasm']);
const files = [...new Set(['index.html', 'manifest.webmanifest', ...walk(join(root, 'www'))])]
  .filter((f) => KEEP.test(f) && !SKIP.has(f) && !f.endsWith('.d.ts') && !f.startsWith(DATA) && !LAZY.has(f))
  .sort();
const lazy = [...LAZY]
  .filter((f) => existsSync(join(root, f)))
  .map((path) => ({ path, sha256: createHash('sha256').update(readFileSync(join(root, path))).digest('hex') }));

// The data in the order the engine worker fetches it: the book, then the tables by pieces,
// Italian then Brazilian (its book first; fetched when a Brazilian game is first searched). The
// evaluation is compiled into the wasm.
const DATA_FILE = /^www\/data\/(book(-brazilian)?\.bin|egtb\/(italian|brazilian)-\d+\.egtb\.gz)$/;
/** @param {string} f a path DATA_FILE matches */
const order = (f) => {
  if (f.endsWith('/book.bin')) return 0;
  if (f.endsWith('/book-brazilian.bin')) return 100;
  const [, game, n] = /** @type {RegExpMatchArray} */ (f.match(/(italian|brazilian)-(\d+)/));
  return (game === 'brazilian' ? 100 : 0) + Number(n);
};
const dataFiles = existsSync(join(root, DATA))
  ? walk(join(root, DATA))
      .filter((f) => DATA_FILE.test(f))
      .sort((a, b) => order(a) - order(b))
      .map((path) => ({ path, sha256: createHash('sha256').update(readFileSync(join(root, path))).digest('hex') }))
  : [];
if (!dataFiles.length) console.warn(`precache: no data in ${DATA} (make data): the engine plays without book and tables`);
const dataHash = createHash('sha256');
for (const f of dataFiles) dataHash.update(`${f.path}\0${f.sha256}\0`);
const data = { version: dataHash.digest('hex').slice(0, 16), files: dataFiles };

/** @type {Record<string, string>} each site file's SHA-256, by path */
const sha256 = {};
for (const f of files) sha256[f] = createHash('sha256').update(readFileSync(join(root, f))).digest('hex');

const hash = createHash('sha256');
for (const f of files) hash.update(`${f}\0${sha256[f]}\0`);
// The data's list is part of precache.js, so part of the version too, and so is the lazy one.
hash.update(data.version);
for (const f of lazy) hash.update(`${f.path}\0${f.sha256}\0`);
// sw.js is not in the list (a service worker never caches itself) but is part of the version.
if (existsSync(join(root, 'sw.js'))) hash.update(readFileSync(join(root, 'sw.js')));
const version = hash.digest('hex').slice(0, 16);

// What the offline copy takes in the browser's storage (the files as they are, uncompressed):
// the page's settings say it before the player keeps it.
const sizeOf = (/** @type {string} */ f) => statSync(join(root, f)).size;
const sum = (/** @type {string[]} */ list) => list.reduce((n, f) => n + sizeOf(f), 0);
const bytes = { site: sum(files), data: sum(dataFiles.map((f) => f.path)) };

const body = `// Written by scripts/precache.mjs: what sw.js caches for offline use. Do not edit.
self.DAMA_PRECACHE = ${JSON.stringify({ version, files, sha256, data, lazy, bytes }, null, 2)};
`;
writeFileSync(join(root, OUT), body);
console.log(
  `precache: ${files.length} files, version ${version}; data: ${dataFiles.length} files, version ${data.version}; ` +
    `cached when first used: ${lazy.length} files -> ${OUT}`,
);
