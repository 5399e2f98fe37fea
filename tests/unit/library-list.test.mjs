// How Saved games lists the library's records (issue 21, item 13), in Node with the real core:
// where each game stands (being played, finished, left unfinished), the order, each game's own
// date (its PDN's, the save date only where there is none) and what a player wrote in it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { standing, listGames, readRecord, formatDate, listedDate, LEFT_AFTER_MS } from '../../www/play/library-list.js';

const wasm = await loadCore();
const NOW = Date.UTC(2025, 5, 1, 12);
const MIN = 60 * 1000;

const record = (o) => ({ id: 'x', pdn: '[Result "*"]\n\n1. 22-18 11-14 *\n', white: 'W', black: 'B', result: '*', variant: 'italian', plies: 2, date: '2025-06-01', event: '', updated: NOW, finished: false, ...o });

test('a game stands as being played, finished, or left unfinished once nobody has saved it for a while', () => {
  assert.equal(standing(record({ finished: true, updated: NOW - 1000 * MIN }), null, NOW), 'finished');
  assert.equal(standing(record({ updated: NOW - MIN }), null, NOW), 'live', 'saved a minute ago: another tab is playing it');
  assert.equal(standing(record({ updated: NOW - LEFT_AFTER_MS }), null, NOW), 'left');
  assert.equal(standing(record({ id: 'here', updated: NOW - 1000 * MIN }), 'here', NOW), 'live', 'the game on this board');
  assert.equal(standing(record({ updated: Number.NaN }), null, NOW), 'left', 'a damaged time is old');
  assert.equal(standing(record({ updated: undefined }), null, NOW), 'left');
});

test('listed: the game on the board, the other games being played, the finished ones, then those left, the latest first in each', () => {
  const games = [
    record({ id: 'left-old', updated: NOW - 300 * MIN }),
    record({ id: 'done-old', finished: true, result: '1-0', updated: NOW - 200 * MIN }),
    record({ id: 'live', updated: NOW - MIN }),
    record({ id: 'left-new', updated: NOW - 100 * MIN }),
    record({ id: 'done-new', finished: true, result: '0-1', updated: NOW - 50 * MIN }),
    record({ id: 'here', updated: NOW - 500 * MIN }),
  ];
  assert.deepEqual(listGames(wasm, games, 'here', NOW).map((x) => `${x.g.id}:${x.standing}`), [
    'here:live', 'live:live', 'done-new:finished', 'done-old:finished', 'left-new:left', 'left-old:left',
  ]);
  // A finished game opened on the board comes first too.
  games.push(record({ id: 'opened', finished: true, result: '1-0', updated: NOW - 900 * MIN }));
  assert.equal(listGames(wasm, games, 'opened', NOW)[0].g.id, 'opened');
});

test('what a player wrote in a game: a comment, an annotation, a variation; a record the core cannot read counts as written in', () => {
  assert.deepEqual(readRecord(wasm, record({})), { date: '', annotated: false });
  assert.equal(readRecord(wasm, record({ pdn: '1. 22-18 {a plan} 11-14 *' })).annotated, true);
  assert.equal(readRecord(wasm, record({ pdn: '1. 22-18! 11-14 *' })).annotated, true);
  assert.equal(readRecord(wasm, record({ pdn: '1. 22-18 (1. 21-17) 11-14 *' })).annotated, true);
  assert.equal(readRecord(wasm, record({ pdn: '1. 22-11 *' })).annotated, true, 'unreadable: never cleared');
  assert.equal(readRecord(wasm, record({ pdn: '[Date "2019.05.04"]\n\n1. 22-18 *' })).date, '2019.05.04');
  assert.equal(readRecord(wasm, record({ variant: 'brazilian', pdn: '[GameType "26"]\n[Date "2020.01.02"]\n\n1. c3-d4 f6-g5 *' })).date, '2020.01.02');
});

test("a game's date: the PDN's, as far as it is known, in the page's language; else the save date, said so", () => {
  assert.equal(formatDate('2019.05.04', 'en'), 'May 4, 2019');
  assert.equal(formatDate('2019.05.04', 'it'), '4 mag 2019');
  assert.equal(formatDate('2019.05.??', 'en'), 'May 2019');
  assert.equal(formatDate('2019.??.??', 'pt-BR'), '2019');
  assert.equal(formatDate('2019-12-31', 'en'), 'Dec 31, 2019');
  for (const bad of ['', '????.??.??', '2019.13.01', '2019.??.04', 'yesterday']) assert.equal(formatDate(bad, 'en'), null, bad);
  const item = (date, saved = '2025-01-02') => ({ g: record({ date: saved }), standing: 'finished', date, annotated: false });
  assert.deepEqual(listedDate(item('2019.05.04'), 'en'), { text: 'May 4, 2019', saved: false });
  assert.deepEqual(listedDate(item('1987'), 'en'), { text: '1987', saved: false }, 'a date the PDN writes its own way is shown as it is');
  assert.deepEqual(listedDate(item(''), 'en'), { text: 'Jan 2, 2025', saved: true });
  assert.deepEqual(listedDate(item('????.??.??'), 'en'), { text: 'Jan 2, 2025', saved: true });
});
