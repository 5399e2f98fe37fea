// Which texts each page can show, read from its files: the page's HTML (data-i18n, -label,
// -title, -placeholder) and every module it loads (static and dynamic imports, workers, and
// the HTML a module puts in the page: new URL('./x.html', import.meta.url)),
// followed from the HTML's module scripts. A text is named in the code as a quoted key
// ('undo'), or as a family whose end is made when shown: a quoted or template prefix followed
// by the rest ('pzTheme' + name, `rule${n}`, `an_${judgement}`), which names every key of the
// table that starts with the prefix and goes on with a capital, a digit or `_` (after a
// prefix ending in `_`, anything). A string
// that happens to equal a key counts as a use: the check errs on the side of loading a text.

import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, relative } from 'node:path';

/**
 * The files of a page: its HTML and the modules it loads, as paths under `root`.
 * @param {string} root @param {string} html the page's HTML, relative to root
 */
export function pageFiles(root, html) {
  const page = join(root, html);
  const src = readFileSync(page, 'utf8');
  const scripts = [...src.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => resolve(dirname(page), m[1]));
  return [...new Set([html, ...filesFrom(root, scripts)])].sort();
}

/**
 * Modules and everything they load (static and dynamic imports, workers, fetched HTML), as
 * paths under `root`.
 * @param {string} root @param {string[]} starts absolute paths
 */
function filesFrom(root, starts) {
  const files = new Set();
  const todo = [...starts];
  while (todo.length) {
    const f = /** @type {string} */ (todo.pop());
    if (files.has(f) || !existsSync(f)) continue;
    files.add(f);
    const js = readFileSync(f, 'utf8');
    for (const m of js.matchAll(/(?:\bimport|\bfrom)\s*\(?\s*['"](\.{1,2}\/[^'"]+\.js)['"]|new URL\(\s*['"](\.{1,2}\/[^'"]+\.(?:js|html))['"]/g)) {
      todo.push(resolve(dirname(f), m[1] ?? m[2]));
    }
  }
  return [...files].map((f) => relative(root, f));
}

/**
 * The keys of `keys` that the files name.
 * @param {string} root @param {string[]} files @param {Iterable<string>} keys
 * @returns {Set<string>}
 */
export function keysNamed(root, files, keys) {
  const all = [...keys];
  const known = new Set(all);
  const used = new Set();
  for (const f of files) {
    const src = readFileSync(join(root, f), 'utf8');
    // A switch's label names a value (a server message's type, say 'opponent'), not a text.
    for (const m of src.matchAll(/(\bcase\s+)?['"`]([A-Za-z_][A-Za-z0-9_]*)['"`]/g)) if (!m[1] && known.has(m[2])) used.add(m[2]);
    for (const m of src.matchAll(/data-i18n(?:-label|-title|-placeholder)?=["']([^"']+)["']/g)) if (known.has(m[1])) used.add(m[1]);
    // Families: 'prefix' + ..., `prefix${...}`, `${a ? 'p' : 'q'}${...}`.
    const prefixes = [];
    for (const m of src.matchAll(/['"]([A-Za-z_]\w*)['"]\s*\+|`([A-Za-z_]\w*)\$\{/g)) prefixes.push(m[1] ?? m[2]);
    for (const m of src.matchAll(/\$\{[^`}]*\?\s*['"](\w+)['"]\s*:\s*['"](\w+)['"]\s*\}\$\{/g)) prefixes.push(m[1], m[2]);
    for (const prefix of prefixes) {
      const rest = prefix.endsWith('_') ? /^\w/ : /^[A-Z0-9_]/;
      for (const k of all) if (k.startsWith(prefix) && rest.test(k.slice(prefix.length))) used.add(k);
    }
  }
  return used;
}

/** A module's imports: `from`/bare static ones, and dynamic ones with whether they come through later() (www/play/later.js). */
const STATIC_IMPORT = /^import\s[^;]*?from\s*['"](\.{1,2}\/[^'"]+\.js)['"]|^import\s*['"](\.{1,2}\/[^'"]+\.js)['"]/gm;
const DYNAMIC_IMPORT = /(later\(\s*)?import\(\s*['"](\.{1,2}\/[^'"]+\.js)['"]\s*\)/g;

/**
 * The files of a page's first load: its HTML and the modules its scripts import statically
 * (no dynamic import, worker or fetched HTML), as paths under `root`.
 * @param {string} root @param {string} html
 */
export function firstFiles(root, html) {
  const page = join(root, html);
  const files = new Set([page]);
  const todo = [...readFileSync(page, 'utf8').matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g)].map((m) => resolve(dirname(page), m[1]));
  while (todo.length) {
    const f = /** @type {string} */ (todo.pop());
    if (files.has(f) || !existsSync(f)) continue;
    files.add(f);
    for (const m of readFileSync(f, 'utf8').matchAll(STATIC_IMPORT)) todo.push(resolve(dirname(f), m[1] ?? m[2]));
  }
  return [...files].map((f) => relative(root, f)).sort();
}

/**
 * The dynamic imports in `files`: the importing file, the module imported (under root), and
 * whether the import comes through later().
 * @param {string} root @param {string[]} files
 */
export function dynamicImports(root, files) {
  const out = [];
  for (const f of files) {
    if (!f.endsWith('.js')) continue;
    // Without comments: a JSDoc type names modules (import('./x.js').Type) that are never loaded.
    const code = readFileSync(join(root, f), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
    for (const m of code.matchAll(DYNAMIC_IMPORT)) {
      out.push({ from: f, module: relative(root, resolve(dirname(join(root, f)), m[2])), later: !!m[1] });
    }
  }
  return out;
}

/**
 * A module and everything it loads (static and dynamic imports, workers, fetched HTML).
 * @param {string} root @param {string} module under root
 */
export const moduleFiles = (root, module) => filesFrom(root, [join(root, module)]).sort();
