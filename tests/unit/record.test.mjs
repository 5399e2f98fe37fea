// A game's record kept whole (issue 20, items 7, 9 and 10): an imported or reopened game's
// comments and variations survive playing on, taking back and resuming; a resignation is in
// its PDN; a resumed clock counts the time the page was away. Node, the real wasm core.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { Session } from '../../www/game/session.js';
import { mainline, mergeInto } from '../../www/game/record.js';
import { readSnapshot } from '../../www/game/snapshot.js';

const wasm = await loadCore();
const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
const PDN = '[Event "Club"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n{Before the game.} 1. 22-18 {the usual} (1. 21-17 11-14) 1... 11-14 2. 18x11 7x14 *';
const normalize = (/** @type {string} */ s) => s.replace(/\s+/g, ' ').trim();
const body = (/** @type {string} */ s) => normalize(s.replace(/\[[^\]]*\]/g, ''));

/** A session with the PDN opened as the page opens one (a file's game, with its tree). */
function imported(pdn = PDN) {
  const s = new Session(wasm);
  const file = wasm.PdnFile.parse(pdn, 'italian');
  try {
    s.openFromFile(file, 0);
  } finally {
    file.free();
  }
  return s;
}

test('moves played past an imported game keep its comments and variations', () => {
  const s = imported();
  s.play('21-17');
  const out = s.pdn();
  assert.match(out, /\{Before the game\.\}/);
  assert.match(out, /\{the usual\}/);
  assert.match(out, /\(1\. 21-17 11-14\)/);
  assert.match(body(out), /2\. 18x11 7x14 3\. 21-17 \*$/);
});

test('a take-back and another move keep the line taken back, as a variation', () => {
  const s = imported();
  assert.ok(s.undo());
  assert.equal(s.record?.ply(), 3);
  // Taken back, not gone: the record still holds the move, and the game is unfinished.
  assert.match(body(s.pdn()), /2\. 18x11 7x14 \*$/);
  s.play('6x15');
  const out = body(s.pdn());
  assert.match(out, /2\. 18x11 6x15 \(2\.\.\. 7x14\) \*$/, out);
  assert.deepEqual(mainline(s.record), ['22-18', '11-14', '18x11', '6x15']);
  assert.match(out, /\{the usual\}/);
});

test('a snapshot resumes the game and its whole record (item 7)', () => {
  const s = imported();
  s.play('21-17');
  const snap = JSON.parse(JSON.stringify(s.snapshot()));
  const t = new Session(wasm);
  t.restore(snap);
  assert.deepEqual(t.history().map((m) => m.text), ['22-18', '11-14', '18x11', '7x14', '21-17']);
  assert.equal(body(t.pdn()), body(s.pdn()));
  assert.equal(t.mode, 'two-players');
  // A game taken back resumes taken back, the moves taken back still in its record.
  s.undo();
  const u = new Session(wasm);
  u.restore(JSON.parse(JSON.stringify(s.snapshot())));
  assert.equal(u.record?.ply(), 4);
  assert.ok(u.canRedo(), 'the move taken back is there to play again');
  assert.deepEqual(u.redo().map((m) => m.text), ['21-17']);
  assert.match(body(u.pdn()), /3\. 21-17/);
});

test('a resignation in an imported game is its result, in the PDN and after a reload (item 9)', () => {
  const s = imported();
  assert.ok(s.resign());
  const out = s.pdn();
  assert.match(out, /\[Result "0-1"\]/, 'White, to move, resigned');
  assert.match(body(out), /0-1$/);
  const t = new Session(wasm);
  t.restore(JSON.parse(JSON.stringify(s.snapshot())));
  assert.equal(t.record?.result()?.reason, 'resignation');
  assert.equal(t.record?.result()?.winner, 'black');
  // The PDN alone says it too (a finished saved game is opened from its PDN).
  const u = imported(out);
  assert.equal(u.record?.result()?.reason, 'resignation');
  // A result is final: nothing takes it back (issue 55, item 2).
  assert.equal(s.undo(), false);
  assert.match(s.pdn(), /\[Result "0-1"\]/);
});

test('a resumed clock has run while the page was closed; a flag that fell meanwhile loses on time (item 10)', () => {
  let now = 0;
  const s = new Session(wasm);
  s.now = () => now;
  s.newGame({ mode: 'two-players', clock: { initialMs: 10_000, incrementMs: 0 } });
  s.play('22-18');
  now = 6_300; // Black thinks 6.3 s, then the page reloads
  const wall = 1_800_000_000_000;
  const snap = JSON.parse(JSON.stringify({ ...s.snapshot(), clock: s.clock?.state(now, wall) }));
  const t = new Session(wasm);
  t.now = () => 0;
  t.restore(snap, wall + 500);
  assert.equal(t.clock?.running, 'black');
  assert.equal(t.clock?.remaining('black', 0), 3_200, '10 s - 6.3 s - the 0.5 s of the reload');
  // Reloaded again and again: the time never comes back.
  const again = new Session(wasm);
  again.now = () => 0;
  again.restore(JSON.parse(JSON.stringify({ ...t.snapshot(), clock: t.clock?.state(1_500, wall + 2_000) })), wall + 2_000);
  assert.equal(again.clock?.remaining('black', 0), 1_700);
  // Back an hour later: Black's flag fell while the page was closed.
  const late = new Session(wasm);
  late.now = () => 0;
  late.restore(snap, wall + 3_600_000);
  assert.equal(late.record?.result()?.reason, 'time');
  assert.equal(late.record?.result()?.winner, 'white');
});

test('a saved game that is not one is refused whole, naming what is wrong, and changes nothing', () => {
  const s = imported();
  const before = s.pdn();
  const good = s.snapshot();
  for (const [bad, why] of [
    [null, /not a saved game/],
    [[], /not a saved game/],
    [{ ...good, startFen: 'nonsense' }, /start position/],
    [{ ...good, moves: 'x' }, /move list/],
    [{ ...good, moves: [1, 2] }, /move list/],
    [{ ...good, moves: ['x'.repeat(61)] }, /move list/],
    [{ ...good, pdn: 5 }, /record/],
    [{ ...good, moves: ['22-17'] }, /./],
    [{ ...good, pdn: '1. 22-18 {unclosed' }, /./],
    [{ ...good, pdn: '[SetUp "1"]\n[FEN "W:W31:B1"]\n*' }, /another game/],
  ]) {
    assert.throws(() => s.restore(bad), why, JSON.stringify(bad)?.slice(0, 80));
    assert.equal(s.pdn(), before, 'unchanged');
  }
  assert.throws(() => readSnapshot({ ...good, moves: Array(100_001).fill('22-18') }), /move list/);
});

test("a copy ahead of another tab's record is played into it, its comments kept; two games are never merged", () => {
  const moves = ['22-18', '11-14', '18x11', '7x14', '21-17', '14-19'];
  const merged = mergeInto(wasm, PDN, { variant: 'italian', startFen: START, moves, result: '*', ended: null });
  assert.ok(merged);
  try {
    assert.deepEqual(mainline(merged), moves);
    assert.deepEqual(merged.history().map((m) => m.text), moves, 'it stands at the copy\'s last move');
    assert.match(merged.toPdn(), /\{the usual\} \(1\. 21-17 11-14\)/);
  } finally {
    merged.free();
  }
  // The copy's ending comes with it.
  const resigned = mergeInto(wasm, PDN, { variant: 'italian', startFen: START, moves: moves.slice(0, 4), result: '0-1', ended: { type: 'resign', color: 'white' } });
  assert.equal(resigned?.pdnResult(), '0-1');
  resigned?.free();
  // Lines that part, another start, another game, a record that ended where the copy did not.
  for (const ours of [
    { variant: 'italian', startFen: START, moves: ['22-18', '12-16'], result: '*', ended: null },
    { variant: 'italian', startFen: 'W:W31:B1', moves: [], result: '*', ended: null },
    { variant: 'brazilian', startFen: START, moves: [], result: '*', ended: null },
  ]) {
    assert.equal(mergeInto(wasm, PDN, /** @type {any} */ (ours)), null, JSON.stringify(ours));
  }
  const over = PDN.replace(/\*$/, '1-0').replace('[Result "*"]', '[Result "1-0"]');
  assert.equal(mergeInto(wasm, over, { variant: 'italian', startFen: START, moves, result: '*', ended: null }), null);
  assert.equal(mergeInto(wasm, '1. 22-18 {unclosed', { variant: 'italian', startFen: START, moves, result: '*', ended: null }), null);
});
