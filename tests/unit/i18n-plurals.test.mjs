// Counted texts (issue 55, item 4): a text that counts something has plural forms, chosen by
// its count with the language's Intl.PluralRules ("1 game", "2 games"; "1 partita", "2
// partite"; "1 partida", "0 partidas"), and no text counts without them: every placeholder the
// tables use is known as a count or as something else, and a text with a count and no plural
// forms fails here unless it is listed below with the reason it needs none.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, t, pluralCategory } from '../../www/shared/i18n.js';
import { readTable, loadTables } from './i18n-node.mjs';

const CODES = Object.keys(LANGUAGES);
const TABLES = Object.fromEntries(await Promise.all(CODES.map(async (c) => [c, await readTable(c)])));
const { en } = TABLES;
await loadTables();

/** The placeholders of a text, or of every form of a counted one. @param {unknown} v @returns {string[]} */
const placeholders = (v) => [...new Set(Object.values(typeof v === 'string' ? { v } : /** @type {object} */ (v)).flatMap((s) => [...String(s).matchAll(/\{(\w+)\}/g)].map((m) => m[1])))];

// Every placeholder name, as a count of things or as something else. A new name must be put in
// one of the two, so a new count cannot slip by as a name nobody thought of.
const COUNTS = ['n', 'count', 'total', 'size', 'files', 'games', 'here', 'link', 'max', 'of', 'w', 'd', 'b'];
const NOT_COUNTS = {
  color: 'a side', side: 'a side', loser: 'a side', game: "a game's name", name: "an address's name", value: "an address's value",
  date: 'a date', error: 'a reason', reason: 'a reason', line: 'moves', move: 'a move', moves: 'a list of moves', to: 'a square', square: 'a square',
  squares: 'a list of squares', piece: 'a piece', pieces: 'a list of pieces', from: 'a phrase of its own (itself counted)', id: "a puzzle's name",
  level: "a level's number", depth: "a search's depth", rating: 'a rating', delta: "a rating's change", elo: 'a measure in Elo', mb: 'a measure, with its unit (MB)',
};

// Texts that hold a count and need no plural form, and why: the number is not a count of the
// noun beside it, or stands with no noun to agree with it.
const NOT_COUNTED = {
  squareDescription: "a square's number (Square 22)",
  elDepth: "a search's depth",
  anWinsIn: 'moves said without the word ("wins in 5")',
  anBetter: 'an evaluation in men (1.2)',
  anLearnTry: 'which of them ("2 of 5")',
  refuseMostPieces: 'in brackets after what it counts ("the most pieces (3)")',
  refuseMajority: 'in brackets after what it counts',
  refuseMostKings: 'in brackets after what it counts',
  exBarLabel: 'after their verbs ("White won 3")',
  corrBadMove: "a move's number",
  corrOther: "a move's number",
  libraryClear: 'a tally in brackets after its label',
  libraryCleared: 'a tally after its label',
  libraryClearKept: 'a tally after its label',
  settingsThreadsAll: 'a tally in brackets',
};

test('every placeholder of the tables is known as a count or as something else', () => {
  const unknown = new Set();
  for (const table of Object.values(TABLES)) {
    for (const v of Object.values(table)) for (const p of placeholders(v)) if (!COUNTS.includes(p) && !Object.hasOwn(NOT_COUNTS, p)) unknown.add(p);
  }
  assert.deepEqual([...unknown], [], 'placeholders neither counts nor other things: add each to COUNTS or NOT_COUNTS');
});

test('no text has a count without plural forms (unless it is listed with its reason)', () => {
  for (const [code, table] of Object.entries(TABLES)) {
    const uncounted = Object.keys(table).filter((k) => typeof table[k] === 'string' && placeholders(table[k]).some((p) => COUNTS.includes(p)) && !Object.hasOwn(NOT_COUNTED, k));
    assert.deepEqual(uncounted, [], `${code}: texts with a count and no plural forms`);
  }
  // The list names texts that are there, with a count, and not counted.
  for (const k of Object.keys(NOT_COUNTED)) {
    assert.equal(typeof en[k], 'string', k);
    assert.ok(placeholders(en[k]).some((p) => COUNTS.includes(p)), `${k} has no count: take it off the list`);
  }
});

test('the check finds a count without plural forms', () => {
  // What the first test reads, on a table with the texts this issue found.
  const found = (/** @type {Record<string, unknown>} */ table) => Object.keys(table).filter((k) => typeof table[k] === 'string' && placeholders(table[k]).some((p) => COUNTS.includes(p)) && !Object.hasOwn(NOT_COUNTED, k));
  assert.deepEqual(found({ exGamesHere: '{n} games reached this position.', anThread: '1 thread', corrBadMove: 'move {n} ({move})', x: { one: '{n} game', other: '{n} games' } }), ['exGamesHere']);
  assert.deepEqual(found({ a: '{files} added files', b: 'it has {here} moves', c: '{color} to move' }), ['a', 'b']);
});

test('no pairs of texts for one and several: the plural forms say both', () => {
  // Names alike for other reasons: a browser that allows one core (not a plural's "one"); a
  // move's result and the games' results.
  const unlike = ['settingsThreadsOne', 'exResults'];
  for (const k of Object.keys(en)) {
    for (const pair of [`${k}s`, `${k}1`, `${k}One`]) {
      if (!unlike.includes(pair)) assert.ok(!Object.hasOwn(en, pair), `${k} and ${pair}: one text with plural forms`);
    }
  }
  // Nor a text with "1 piece" written in: the words the counted texts count ("{n} piece").
  for (const [code, table] of Object.entries(TABLES)) {
    const counted = Object.values(table).flatMap((v) => (typeof v === 'string' ? [] : [...String(v.one).matchAll(/\{n\} (\p{L}+)/gu)].map((m) => m[1])));
    assert.ok(counted.length > 10, `${code}: ${counted}`);
    const one = new RegExp(`(^|[\\s(])1 (${counted.join('|')})\\b`, 'u');
    const written = Object.keys(table).filter((k) => typeof table[k] === 'string' && one.test(table[k]));
    assert.deepEqual(written, [], `${code}: texts with a count of 1 written in`);
    assert.ok(one.test('The computer thinks on 1 core.') || code !== 'en', 'the check finds one');
  }
});

test("each language's plural categories, by Intl.PluralRules; 0 is plural in Brazilian Portuguese", () => {
  const cases = {
    en: [[0, 'other'], [1, 'one'], [2, 'other'], [1_000_000, 'other']],
    it: [[0, 'other'], [1, 'one'], [2, 'other'], [1_000_000, 'many']],
    // Intl puts 0 with 1 in Portuguese ("0 peça"); Brazilian writing says "0 peças".
    'pt-BR': [[0, 'other'], [1, 'one'], [2, 'other'], [1_000_000, 'many']],
  };
  for (const [code, list] of Object.entries(cases)) for (const [n, c] of list) assert.equal(pluralCategory(n, code), c, `${code} ${n}`);
  assert.equal(pluralCategory('1', 'en'), 'one', 'a count given as text');
  for (const n of [undefined, null, '', 'x', NaN]) assert.equal(pluralCategory(n, 'en'), 'other', String(n));
  assert.equal(pluralCategory(1, 'pt'), 'one', 'a tag read as the language');
});

test('counted texts in the three languages', () => {
  const cases = [
    ['pieces', { n: 1 }, ['1 piece', '1 pezzo', '1 peça']],
    ['pieces', { n: 12 }, ['12 pieces', '12 pezzi', '12 peças']],
    ['pieces', { n: 0 }, ['0 pieces', '0 pezzi', '0 peças']],
    ['exGamesHere', { n: 1 }, ['1 game reached this position.', '1 partita è passata per questa posizione.', '1 partida passou por esta posição.']],
    ['exGamesHere', { n: 3 }, ['3 games reached this position.', '3 partite sono passate per questa posizione.', '3 partidas passaram por esta posição.']],
    ['exFromFiles', { n: 1 }, ['your saved games and 1 added file', 'le tue partite salvate e 1 file aggiunto', 'suas partidas salvas e 1 arquivo adicionado']],
    ['exMoreGames', { n: 1 }, ['and 1 more', "e un'altra", 'e mais 1']],
    ['anThreads', { n: 1 }, ['1 core', '1 core', '1 núcleo']],
    ['anThreads', { n: 4 }, ['4 cores', '4 core', '4 núcleos']],
    ['pzTitlePieces', { n: 1, color: 'X' }, ['X to play and win a piece', 'Muove il X e guadagna un pezzo', 'As X jogam e ganham uma peça']],
    ['pzTitlePieces', { n: 2, color: 'X' }, ['X to play and win 2 pieces', 'Muove il X e guadagna 2 pezzi', 'As X jogam e ganham 2 peças']],
    ['diagramMen', { n: 1, squares: 'd6' }, ['man on d6', 'pedina in d6', 'pedra em d6']],
  ];
  for (const [key, params, words] of cases) {
    CODES.forEach((code, i) => assert.equal(t(key, params, code), words[i], `${code} ${key} ${JSON.stringify(params)}`));
  }
  // A million in Italian is "many", which falls back to the "other" form.
  assert.equal(t('exGamesHere', { n: 1_000_000 }, 'it'), '1000000 partite sono passate per questa posizione.');
  // No count: the "other" form, its {n} left showing.
  assert.equal(t('pieces', {}, 'en'), '{n} pieces');
});
