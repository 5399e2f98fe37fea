// The language tables (www/i18n/<code>/<part>.json) and their loader (www/shared/i18n.js), in Node:
// a page loads its own language's parts and no other, a bad table changes nothing, the tables keep
// the same keys and {placeholders}, the pages' HTML carries the English words, and the
// players' words (../shared/GLOSSARY.md; issue 21, items 11, 15 and 16) cannot slip back.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, PARTS, loadLanguage, setLanguage, startLanguage, getLanguage, isLoaded, t, hasText, localizeRefusal, resolveLanguage, pluralCategory } from '../../www/shared/i18n.js';
import { readFromDisk, readTable, readPart, loadTables } from './i18n-node.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CODES = Object.keys(LANGUAGES);
const TABLES = Object.fromEntries(await Promise.all(CODES.map(async (c) => [c, await readTable(c)])));
const { en, it } = TABLES;
const pt = TABLES['pt-BR'];

/** A reader of the disk that records what it reads. */
function spy() {
  /** @type {string[]} */
  const reads = [];
  /** @param {URL} url */
  const read = (url) => {
    reads.push(url.pathname.split('/').slice(-2).join('/'));
    return readFromDisk(url);
  };
  return { reads, read };
}

// ------------------------------------------------------------------ the loader (runs first:
// the module's tables are loaded one by one here)

test("the element loads its language's common part alone; a page adds its own; asked again, nothing is read", async () => {
  assert.equal(getLanguage(), 'en', 'Node starts in English');
  assert.equal(isLoaded('en') || isLoaded('it') || isLoaded('pt-BR'), false);
  const { reads, read } = spy();
  // The element, before any page starts: common alone.
  await setLanguage('it-IT', { read });
  assert.deepEqual(reads, ['it/common.json']);
  assert.equal(getLanguage(), 'it');
  assert.equal(t('undo'), 'Ritira');
  assert.equal(t('redo'), 'redo', "the game page's words are not loaded");
  // The game page starts: its part is added, common is not read again.
  await startLanguage({ part: 'game', read });
  assert.deepEqual(reads, ['it/common.json', 'it/game.json']);
  assert.equal(t('redo'), 'Rifai');
  await setLanguage('it', { read });
  await loadLanguage('it', read);
  assert.deepEqual(reads, ['it/common.json', 'it/game.json'], 'one read per part');
  // A language not loaded reads the page's table meanwhile (an element's own lang attribute).
  assert.equal(isLoaded('en'), false);
  assert.equal(t('undo', {}, 'en'), 'Ritira');
  // A tag that is none of our languages loads nothing and changes nothing; nor does a part
  // that is none of ours.
  assert.equal(await loadLanguage('__proto__', read), null);
  await setLanguage('de', { read });
  await assert.rejects(startLanguage({ part: '../../secrets', read }), /no part of the table is called \.\.\/\.\.\/secrets/);
  assert.deepEqual(reads, ['it/common.json', 'it/game.json']);
  assert.equal(getLanguage(), 'it');
});

test('of two switches in a row the later wins, whichever table arrives last', async () => {
  /** @type {(() => void)[]} */
  const waiting = [];
  const slow = (/** @type {URL} */ url) => new Promise((resolve) => waiting.push(() => resolve(readFromDisk(url))));
  const first = setLanguage('pt-BR', { read: slow });
  await setLanguage('it');
  assert.equal(waiting.length, 2, "common and the game page's part");
  for (const arrive of waiting) arrive();
  await first;
  assert.equal(getLanguage(), 'it', 'the later choice stays');
  assert.equal(isLoaded('pt-BR'), true, 'the earlier table is kept for later');
});

test('a table that is not one is refused with its reason, nothing changes, and it can be tried again', async () => {
  const bad = [
    [[1, 2], /the en common table is not an object of texts/],
    [{ undo: 1 }, /the en common table's undo is not a text/],
    [{ undo: 'x'.repeat(4001) }, /the en common table's undo is not a text of at most 4000 characters/],
    // Plural forms: an object of Intl's categories, "other" among them, each a text.
    [{ pieces: { one: '{n} piece' } }, /the en common table's pieces is not a text/],
    [{ pieces: { one: '{n} piece', other: 2 } }, /the en common table's pieces is not a text/],
    [{ pieces: { single: '{n} piece', other: '{n} pieces' } }, /the en common table's pieces is not a text/],
    [{ pieces: ['{n} piece', '{n} pieces'] }, /the en common table's pieces is not a text/],
    [{ pieces: { one: 'x'.repeat(4001), other: '{n} pieces' } }, /the en common table's pieces is not a text of at most 4000 characters/],
    [Object.fromEntries(Array.from({ length: 2001 }, (_, i) => [`k${i}`, 'x'])), /the en common table has over 2000 texts/],
  ];
  for (const [data, reason] of bad) {
    await assert.rejects(setLanguage('en', { read: async () => data }), reason);
    assert.equal(getLanguage(), 'it');
    assert.equal(isLoaded('en'), false);
  }
  await assert.rejects(setLanguage('en', { read: async () => { throw new Error('i18n/en/common.json: HTTP 404'); } }), /HTTP 404/);
  assert.equal(getLanguage(), 'it');
  await setLanguage('en', { read: readFromDisk });
  assert.equal(getLanguage(), 'en');
  assert.equal(t('undo'), 'Undo');
});

test('texts: own keys only, placeholders filled from own parameters, tags resolved', async () => {
  await loadTables();
  assert.equal(t('toString'), 'toString');
  assert.equal(t('__proto__', {}, 'it'), '__proto__');
  assert.equal(hasText('constructor'), false);
  assert.equal(hasText('pzThemeShot', 'pt'), true);
  assert.equal(t('toMove', { color: t('white', {}, 'pt-BR') }, 'pt-BR'), 'Vez das Brancas.');
  assert.equal(t('toMove', {}, 'en'), '{color} to move.', 'a missing parameter stays visible');
  assert.equal(t('toMove', Object.create({ color: 'inherited' }), 'en'), '{color} to move.');
  // Tags as browsers, attributes and addresses write them: pt and pt-PT read Brazilian
  // Portuguese, regions and case do not matter.
  const cases = { en: 'en', 'en-US': 'en', it: 'it', 'it-IT': 'it', IT: 'it', 'pt-BR': 'pt-BR', 'pt-br': 'pt-BR', pt: 'pt-BR', 'pt-PT': 'pt-BR', pt_BR: 'pt-BR' };
  for (const [tag, code] of Object.entries(cases)) assert.equal(resolveLanguage(tag), code, tag);
  for (const tag of ['', null, undefined, 'de', 'fr-FR', 'xx', '__proto__']) assert.equal(resolveLanguage(tag), null, String(tag));
  assert.equal(t('newGame', {}, 'pt'), 'Nova partida');
  assert.equal(t('gameBrazilian', {}, 'it'), 'Dama brasiliana');
  assert.equal(localizeRefusal('when a king and a man can take the same number of pieces, the king must capture', 'it'), it.refuseKingFirst);
});

// ------------------------------------------------------------------ the tables

test('every language has the same parts, the same keys in each, in the same order, every text filled, the same {placeholders}', async () => {
  assert.deepEqual(Object.keys(TABLES).sort(), ['en', 'it', 'pt-BR']);
  assert.deepEqual(readdirSync(join(ROOT, 'www/i18n')).sort(), [...CODES].sort(), 'one folder per language, nothing else');
  const keys = Object.keys(en);
  const names = (/** @type {string} */ s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
  for (const code of CODES) {
    assert.deepEqual(readdirSync(join(ROOT, 'www/i18n', code)).sort(), PARTS.map((p) => `${p}.json`).sort(), `${code}: one file per part, nothing else`);
    const table = TABLES[code];
    let written = 0;
    for (const part of PARTS) {
      // JSON.parse keeps the last of two equal keys: count them in the file.
      const lines = readFileSync(join(ROOT, `www/i18n/${code}/${part}.json`), 'utf8').match(/^"[^"]+":/gm) ?? [];
      assert.equal(lines.length, Object.keys(await readPart(code, part)).length, `${code}/${part}: a key written twice`);
      assert.deepEqual(Object.keys(await readPart(code, part)), Object.keys(await readPart('en', part)), `${code}/${part} has the same keys as en's, in its order`);
      written += lines.length;
    }
    assert.equal(written, Object.keys(table).length, `${code}: a key in two parts`);
    assert.deepEqual(Object.keys(table), keys, `${code} has the same keys as en, in its order`);
    const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
    for (const [k, v] of Object.entries(table)) {
      if (typeof en[k] === 'string') {
        assert.ok(typeof v === 'string' && v.trim(), `${code}.${k} is empty, or counted where en's is not`);
        assert.equal(names(v), names(en[k]), `${code}.${k} placeholders`);
        continue;
      }
      // A counted text is counted in every language: its forms are the language's categories,
      // "other" and "one" always (a language without "one" would have "other" alone); the
      // "other" form has en's placeholders, every form the same but for {n}, which "one"
      // may word ("a piece", "un'altra").
      assert.ok(v && typeof v === 'object', `${code}.${k} has no plural forms, en's has`);
      assert.deepEqual(Object.keys(v).filter((c) => !categories.includes(c)), [], `${code}.${k}: forms the language has not`);
      for (const c of ['one', 'other']) if (categories.includes(c)) assert.ok(Object.hasOwn(v, c), `${code}.${k} has no "${c}" form`);
      const all = names(en[k].other);
      for (const [c, form] of Object.entries(v)) {
        assert.ok(typeof form === 'string' && form.trim(), `${code}.${k}.${c} is empty`);
        const own = names(form);
        assert.ok(own === all || (c !== 'other' && own === all.split(',').filter((p) => p !== 'n').join()), `${code}.${k}.${c} placeholders: ${own}, not ${all}`);
      }
    }
  }
});

test('every key the pages use is in the tables', () => {
  const used = new Set(['levelBeginner', 'levelCasual', 'levelClub', 'levelStrongClub', 'levelMaster', 'pzThemeShot', 'an_blunder']);
  const html = ['index.html', 'www/rules.html', 'www/embed.html', 'www/analysis.html', 'www/puzzles.html', 'www/frame.html'];
  for (const f of html) {
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/data-i18n(?:-label|-title|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
  }
  const js = (/** @type {string} */ dir) => readdirSync(join(ROOT, dir), { recursive: true }).filter((f) => String(f).endsWith('.js')).map((f) => join(dir, String(f)));
  for (const f of js('www').filter((f) => !f.includes('pkg/'))) {
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/\bt\('(\w+)'/g)) used.add(m[1]);
  }
  for (const k of used) assert.ok(k in en, `missing key ${k}`);
});

test("the pages' HTML carries every translated text in English, as the English table words it", () => {
  const unescape = (/** @type {string} */ s) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  for (const f of ['index.html', 'www/rules.html', 'www/embed.html', 'www/analysis.html', 'www/puzzles.html']) {
    const html = readFileSync(join(ROOT, f), 'utf8');
    let n = 0;
    for (const m of html.matchAll(/<(\w+)\b[^>]*\sdata-i18n="(\w+)"[^>]*>([^<]*)</g)) {
      // With its placeholders' values where the element gives them (data-i18n-args).
      const args = /\sdata-i18n-args='([^']*)'/.exec(m[0]);
      const values = args ? JSON.parse(args[1]) : {};
      // A counted text in the form of its count.
      const text = typeof en[m[2]] === 'string' ? en[m[2]] : en[m[2]][pluralCategory(values.n, 'en')];
      const want = Object.entries(values).reduce((text, [k, v]) => text.replaceAll(`{${k}}`, String(v)), text);
      assert.equal(unescape(m[3]), want, `${f}: <${m[1]} data-i18n="${m[2]}">`);
      n++;
    }
    for (const [data, attr] of [['label', 'aria-label'], ['title', 'title'], ['placeholder', 'placeholder']]) {
      for (const m of html.matchAll(new RegExp(`<\\w+\\b[^>]*\\sdata-i18n-${data}="(\\w+)"[^>]*>`, 'g'))) {
        const value = new RegExp(`\\s${attr}="([^"]*)"`).exec(m[0]);
        assert.equal(value && unescape(value[1]), en[m[1]], `${f}: ${attr} of data-i18n-${data}="${m[1]}"`);
        n++;
      }
    }
    assert.ok(n > 5, `${f}: ${n} texts`);
  }
});

test('no text is left in another language by mistake (names and codes aside)', () => {
  // A counted text is the same when all its forms are.
  const same1 = (/** @type {unknown} */ a, /** @type {unknown} */ b) => JSON.stringify(a) === JSON.stringify(b);
  const same = (/** @type {Record<string, unknown>} */ a, /** @type {Record<string, unknown>} */ b) => Object.keys(a).filter((k) => same1(a[k], b[k])).sort();
  // "Data", "Evento" and "Variante" are the Portuguese words too, as in Italian; "Normal" as in
  // English.
  assert.deepEqual(
    Object.keys(pt).filter((k) => same1(pt[k], en[k]) || same1(pt[k], it[k])).sort(),
    ['anNormal', 'announceMove', 'colDate', 'colEvent', 'diagramSide', 'title', 'variationLabel'].sort(),
  );
  assert.deepEqual(same(it, en), ['announceMove', 'diagramSide', 'title']);
});

// ------------------------------------------------------------------ the players' words

const all = (/** @type {Record<string, string>} */ table, /** @type {RegExp} */ re) => Object.keys(table).filter((k) => re.test(table[k]));

test('Italian: the king must be the one to capture ("la presa spetta alla dama"), never "deve prendere la dama"', () => {
  // "deve prendere la dama" reads "must capture the king"; the rule is who captures.
  assert.deepEqual(all(it, /deve(?:no)? prendere (?:la|il|le|i|lo|una|un) /i), []);
  assert.match(it.refuseKingFirst, /la presa spetta alla dama\.$/);
  assert.match(it.exKing, /la presa spetta alla dama \(23x21\)/);
  assert.match(it.exQuantity, /la presa spetta alla pedina\.$/);
  assert.match(it.refuseMustCapture, /il pezzo in \{squares\} deve prendere\.$/);
  assert.match(pt.refuseKingFirst, /a dama deve fazer a tomada\.$/);
});

test('Italian: the board is the damiera, never the scacchiera', () => {
  assert.deepEqual(all(it, /scacchier/i), []);
  for (const k of ['analysisLink', 'anTitle', 'anBoardLabel', 'anDocTitle']) assert.match(it[k], /damiera di analisi/i, k);
  assert.match(it.anNoMoves, /damiera/);
});

test('ahead by: "in vantaggio di", "têm vantagem de"', () => {
  assert.equal(en.anBetter, '{side} is ahead by {n}');
  assert.equal(it.anBetter, 'Il {side} è in vantaggio di {n}');
  assert.equal(pt.anBetter, 'As {side} têm vantagem de {n}');
  assert.deepEqual(all(it, /meglio di/), []);
  assert.deepEqual(all(pt, /melhor por/), []);
});

test('one concept, one name: puzzles are esercizi/exercícios in the header and on their page, never problemi/problemas', () => {
  for (const [code, table, word] of [['it', it, 'Esercizi'], ['pt-BR', pt, 'Exercícios']]) {
    assert.equal(table.puzzlesLink, word, `${code}: the header`);
    assert.equal(table.pzPageTitle, word, `${code}: the page's heading`);
    assert.match(table.pzDocTitle, new RegExp(`^Dama: ${word.toLowerCase()}$`), `${code}: the page's title`);
    assert.deepEqual(all(table, /\bproblem/i), [], `${code}: a "problema" is a composed problem`);
  }
});

test('one concept, one name: Portuguese abandonar, variante, tomada, promoção; the main line is no promotion', () => {
  assert.deepEqual(all(pt, /desist/i), []);
  assert.equal(pt.resign, 'Abandonar');
  assert.deepEqual(all(pt, /varia[çc][ãa]o/i), []);
  assert.deepEqual(all(pt, /captur/i), [], 'tomada and tomar, as the CBD writes');
  assert.deepEqual(all(pt, /coroa[çc]/i), []);
  assert.equal(pt.pzThemePromotion, 'Promoção a dama');
  // Promoting is a man becoming a king: the button makes a variation the main line.
  assert.deepEqual(all(it, /promuov/i), []);
  assert.deepEqual(all(pt, /promov/i).filter((k) => k !== 'brPromotion'), []);
  assert.equal(it.anPromote, 'Rendi principale');
  assert.equal(pt.anPromote, 'Tornar principal');
  assert.equal(en.anPromote, 'Make main line');
});

test('Italian: Undo is "Ritira" and Redo "Rifai"; "Annulla" is Cancel only', () => {
  assert.equal(it.undo, 'Ritira');
  assert.equal(it.redo, 'Rifai');
  assert.deepEqual(all(it, /^annulla$/i).sort(), ['cancel', 'editorCancel']);
});

test('smaller: "Al tratto" as a label, "Giudicati", options agreeing with their masculine label, every page title translated', () => {
  // "Tocca a" was half a sentence as a label; the side to move is "al tratto", and the status
  // says "Muove il Bianco" on both pages.
  assert.equal(it.editorTurn, 'Al tratto');
  assert.equal(it.anToMove, 'Muove il {side}');
  assert.match(it.anThresholds, /^Giudicati /);
  // "Tempo per mossa", "Tempo por lance": masculine.
  for (const k of ['anFast', 'anNormal', 'anDeep']) {
    assert.doesNotMatch(it[k], /a$/, `it.${k}`);
    assert.doesNotMatch(pt[k], /a$/, `pt-BR.${k}`);
  }
  for (const k of ['anDocTitle', 'pzDocTitle', 'rulesDocTitle', 'embedDocTitle']) {
    assert.notEqual(it[k], en[k], `it.${k}`);
    assert.notEqual(pt[k], en[k], `pt-BR.${k}`);
  }
  // "Level" is the computer's level, not an equal position.
  assert.equal(en.anLevel, 'Equal');
});

test("a puzzle solved after a mistake is said without contradicting itself", () => {
  for (const code of CODES) {
    const s = TABLES[code].pzSolvedFailed;
    assert.doesNotMatch(s, /fail|fallit|não resolvid/i, `${code}: "Solved! ... counts as failed"`);
  }
  assert.equal(en.pzSolvedFailed, 'Solved, but not at the first try: for your rating it counts as missed.');
});

test("the computer's levels are described as players are, not in Elo", () => {
  for (const code of CODES) {
    for (const k of ['levelBeginner', 'levelCasual', 'levelClub', 'levelStrongClub', 'levelMaster']) {
      assert.doesNotMatch(TABLES[code][k], /elo|\d/i, `${code}.${k}`);
    }
  }
  assert.equal(en.levelClub, 'Plays like a club player.');
  assert.equal(it.levelClub, 'Gioca come un giocatore di circolo.');
  assert.equal(pt.levelMaster, 'Joga como um mestre.');
});
