// Each text is in the part of the table that the pages showing it load (www/i18n/<code>/
// <part>.json): a page loads common and its own part, the element (the frame page, any site)
// common alone. Read from the pages' files (i18n-usage.mjs): a text a page can show must be
// in common or in its part, a text only one page shows is in that page's part (or the page
// would load words it never shows), and every text is shown somewhere.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PARTS } from '../../www/shared/i18n.js';
import { readPart } from './i18n-node.mjs';
import { pageFiles, keysNamed, firstFiles, dynamicImports, moduleFiles } from './i18n-usage.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// Each page and the part it loads besides common (the frame page is the element alone).
const PAGES = { 'index.html': 'game', 'www/analysis.html': 'analysis', 'www/puzzles.html': 'puzzles', 'www/rules.html': 'rules', 'www/embed.html': 'embed', 'www/online.html': 'online', 'www/frame.html': 'common' };
/** @type {Record<string, string>} each key's part */
const partOf = {};
for (const part of PARTS) for (const k of Object.keys(await readPart('en', part))) partOf[k] = part;
const keys = Object.keys(partOf);
/** @type {Record<string, Set<string>>} the keys each page names */
const named = Object.fromEntries(Object.keys(PAGES).map((html) => [html, keysNamed(ROOT, pageFiles(ROOT, html), keys)]));

test("each page's modules are found, its workers and the modules it loads later included", () => {
  const game = pageFiles(ROOT, 'index.html');
  for (const f of ['www/play/main.js', 'www/element/element.js', 'www/library/picker.js', 'www/engine/engine.worker.js', 'www/shared/menu.js']) assert.ok(game.includes(f), f);
  const frame = pageFiles(ROOT, 'www/frame.html');
  assert.ok(frame.includes('www/element/element.js') && !frame.includes('www/play/main.js'));
  const analysis = pageFiles(ROOT, 'www/analysis.html');
  for (const f of ['www/analysis/main.js', 'www/analysis/view.js', 'www/library/picker.js', 'www/engine/analysis.worker.js']) assert.ok(analysis.includes(f), f);
});

test('every page calls for its own part', () => {
  for (const [html, part] of Object.entries(PAGES)) {
    if (part === 'common') continue;
    const calls = pageFiles(ROOT, html).filter((f) => readFileSync(join(ROOT, f), 'utf8').includes(`startLanguage({ part: '${part}' })`));
    assert.equal(calls.length, 1, `${html} starts its language with its part (${part})`);
  }
});

// The game page's own words are two parts: those of its first load (game), and those of what it
// loads once playable (game-later: www/play/later.js).
const LATER = { 'index.html': 'game-later' };
/** @param {string} html @param {string} part */
const pagePart = (html, part) => part === PAGES[/** @type {keyof typeof PAGES} */ (html)] || part === LATER[/** @type {keyof typeof LATER} */ (html)];

test('a text a page shows is in common or in its part', () => {
  for (const html of Object.keys(PAGES)) {
    const wrong = [...named[html]].filter((k) => partOf[k] !== 'common' && !pagePart(html, partOf[k]));
    assert.deepEqual(wrong.map((k) => `${k} (${partOf[k]})`), [], `${html} shows texts of parts it does not load`);
  }
});

test("a text only one page shows is in that page's part, and every text is shown somewhere", () => {
  for (const k of keys) {
    const pages = Object.keys(PAGES).filter((html) => named[html].has(k));
    assert.ok(pages.length, `${k} is shown nowhere`);
    if (pages.length === 1) assert.ok(pagePart(pages[0], partOf[k]), `${k}: only ${pages[0]} shows it, and it is in ${partOf[k]}`);
  }
});

test("the game page's first load carries the words it shows and no later ones, and what it loads later comes with its words", () => {
  const first = firstFiles(ROOT, 'index.html');
  const firstKeys = keysNamed(ROOT, first, keys);
  // No game-later text on the first load's files (its table would not be there yet).
  assert.deepEqual([...firstKeys].filter((k) => partOf[k] === 'game-later'), [], 'game-later texts named by the first load');
  // And the game part holds only what the first load shows (the rest waits for game-later).
  const onlyLater = keys.filter((k) => partOf[k] === 'game' && !firstKeys.has(k));
  assert.deepEqual(onlyLater, [], 'game texts that only the modules loaded later show: they belong in game-later');
  // A module loaded later whose files name a game-later text comes through later(), which
  // loads them first; those loaded through it may load more as they please.
  const loose = dynamicImports(ROOT, first).filter((d) => !d.later && [...keysNamed(ROOT, moduleFiles(ROOT, d.module), keys)].some((k) => partOf[k] === 'game-later'));
  assert.deepEqual(loose.map((d) => `${d.from} -> ${d.module}`), [], 'loaded without its game-later words');
  // The check finds what it is for: the modules loaded through later() name game-later texts.
  assert.ok(dynamicImports(ROOT, first).some((d) => d.later && [...keysNamed(ROOT, moduleFiles(ROOT, d.module), keys)].some((k) => partOf[k] === 'game-later')));
});

test("the reading of names: quoted keys, data-i18n attributes and families of keys, not a switch's labels", () => {
  const dir = mkdtempSync(join(tmpdir(), 'dama-i18n-'));
  try {
    writeFileSync(join(dir, 'page.html'), '<p data-i18n="title"></p><b data-i18n-label="label"></b><script type="module" src="a.js"></script>');
    writeFileSync(join(dir, 'a.js'), "import './b.js';\nconst later = () => import('./c.js');\nt('undo'); t(`rule${n}`);\n");
    writeFileSync(join(dir, 'b.js'), "t('pzTheme' + name); x(`${b ? 'brRule' : 'other'}${i}`);\n");
    writeFileSync(join(dir, 'c.js'), "t(`an_${j}`); const w = new Worker(new URL('./d.js', import.meta.url));\n");
    writeFileSync(join(dir, 'd.js'), "'anStart'\nswitch (m.t) { case 'anStop': break; }\n");
    writeFileSync(join(dir, 'e.js'), "'redo'\n");
    const files = pageFiles(dir, 'page.html');
    assert.deepEqual(files, ['a.js', 'b.js', 'c.js', 'd.js', 'page.html'], 'e.js is not loaded');
    const sample = ['title', 'label', 'undo', 'redo', 'rule1', 'rules', 'rulesTitle', 'brRule1', 'pzThemeShot', 'pzThemes', 'an_blunder', 'anStart', 'anStop', 'otherX'];
    const got = [...keysNamed(dir, files, sample)].sort();
    assert.deepEqual(got, ['anStart', 'an_blunder', 'brRule1', 'label', 'otherX', 'pzThemeShot', 'rule1', 'title', 'undo']);
  } finally {
    rmSync(dir, { recursive: true });
  }
});
