// @ts-check
// docs/TESTING.md's "What each test file checks" names every test file of the repository (issue
// 57), so that it cannot silently fall behind: each file of the test folders (the Rust tests of
// every crate, the fuzz targets, tests/unit/, tests/browser/) is named in the first column of a
// table under the heading of its folder, and every name there is a file.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = new URL('../../', import.meta.url).pathname;
const TITLE = '## What each test file checks';

/**
 * The section's folders, each with the names its tables' first column gives: a heading
 * (`### ...`) names its folder in backticks, ending with a slash; a heading with none (the Rust
 * unit modules) names no files.
 * @param {string} doc the whole of docs/TESTING.md
 * @returns {Map<string, Set<string>>} folder (from the repository's root) to the names under it
 */
function namedFiles(doc) {
  const start = doc.indexOf(`\n${TITLE}\n`);
  assert.ok(start >= 0, `docs/TESTING.md has a section "${TITLE}"`);
  const rest = doc.slice(start + TITLE.length + 2);
  const end = rest.search(/^## /m);
  const section = end < 0 ? rest : rest.slice(0, end);
  /** @type {Map<string, Set<string>>} */
  const folders = new Map();
  /** @type {Set<string> | null} */
  let names = null;
  for (const line of section.split('\n')) {
    if (line.startsWith('### ')) {
      const folder = /`([^`]+\/)`/.exec(line)?.[1];
      names = null;
      if (folder) folders.set(folder, (names = new Set()));
    } else if (names && line.startsWith('|') && !/^\|[-|\s]+$/.test(line)) {
      for (const m of line.split('|')[1].matchAll(/`([^`]+)`/g)) names.add(m[1]);
    }
  }
  return folders;
}

/**
 * The test files of the repository, from its root: what the test runners pick up and the
 * helpers beside them.
 * @returns {string[]}
 */
function testFiles() {
  /** @type {string[]} */
  const files = [];
  /** @param {string} dir @param {RegExp} name @param {boolean} deep */
  const add = (dir, name, deep) => {
    if (!existsSync(join(ROOT, dir))) return;
    for (const f of readdirSync(join(ROOT, dir), { recursive: deep })) {
      if (name.test(String(f))) files.push(`${dir}${f}`);
    }
  };
  for (const crate of readdirSync(join(ROOT, 'crates'))) add(`crates/${crate}/tests/`, /\.rs$/, true);
  add('fuzz/fuzz_targets/', /\.rs$/, false);
  add('tests/unit/', /\.mjs$/, false);
  add('tests/browser/', /\.mjs$/, false);
  return files.sort();
}

/**
 * What the section leaves out: each file not named under its folder's heading (the longest
 * folder of the section holding it), and each name of the section that is no file.
 * @param {Map<string, Set<string>>} folders as namedFiles gives them
 * @param {string[]} files from the repository's root
 * @returns {{ unnamed: string[], stale: string[] }}
 */
function gaps(folders, files) {
  const roots = [...folders.keys()].sort((a, b) => b.length - a.length);
  const unnamed = files.filter((f) => {
    const root = roots.find((r) => f.startsWith(r));
    return !root || !folders.get(root)?.has(f.slice(root.length));
  });
  const stale = [...folders].flatMap(([root, names]) =>
    [...names].map((n) => root + n).filter((p) => !files.includes(p)));
  return { unnamed, stale };
}

const DOC = readFileSync(join(ROOT, 'docs/TESTING.md'), 'utf8');

test('every test file is named under its folder in docs/TESTING.md, and every name there is a file', () => {
  const files = testFiles();
  // The folders are read: the tests of the core, the command line, the wasm crate, the pages.
  for (const f of ['crates/dama/tests/core/perft.rs', 'crates/dama-cli/tests/hub.rs', 'crates/dama-wasm/tests/web.rs',
    'fuzz/fuzz_targets/fen.rs', 'tests/unit/session.test.mjs', 'tests/browser/play.test.mjs', 'tests/browser/soak.mjs']) {
    assert.ok(files.includes(f), `${f} is listed`);
  }
  const { unnamed, stale } = gaps(namedFiles(DOC), files);
  assert.deepEqual(unnamed, [], `give each a line in "${TITLE}" (docs/TESTING.md), under its folder's heading`);
  assert.deepEqual(stale, [], `names in "${TITLE}" that are no file: move or remove their lines`);
});

test('the check finds a file left out, a file under another folder, and a line of no file', () => {
  const files = ['tests/unit/a.test.mjs', 'tests/unit/b.test.mjs', 'tests/browser/a.test.mjs', 'crates/x/tests/core/c.rs'];
  const doc = [
    'intro', '', TITLE, '', '### Unit: `tests/unit/`', '', '| file | what |', '|---|---|',
    '| `a.test.mjs` | `b.test.mjs` in the second column names nothing |', '| `gone.test.mjs` | removed |',
    '### Browser: `tests/browser/`', '| `a.test.mjs` | one |', '### Rust units', '| `c.rs` | no folder |',
    '### Core: `crates/x/tests/`', '| `core/c.rs` | under its crate |', '', '## Next', '| `b.test.mjs` | another section |',
  ].join('\n');
  assert.deepEqual(gaps(namedFiles(doc), files), { unnamed: ['tests/unit/b.test.mjs'], stale: ['tests/unit/gone.test.mjs'] });
  // A folder of its own takes its files from the crate's: named under the crate no longer counts.
  const core = doc.replace('## Next', '### Core: `crates/x/tests/core/`\n| `d.rs` | other |\n## Next');
  assert.deepEqual(gaps(namedFiles(core), files).unnamed, ['tests/unit/b.test.mjs', 'crates/x/tests/core/c.rs']);
  assert.throws(() => namedFiles('no section here'));
});
