// A game's record kept whole (issue 20, items 7, 9 and 10): an imported or reopened game's
// comments and variations survive playing on, taking back and resuming; a resignation is in
// its PDN; a resumed clock counts the time the page was away. Node, the real wasm core.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { Session } from '../../www/game/session.js';
import { extend, mainline, treeFromPdn } from '../../www/game/record.js';
import { readSnapshot } from '../../www/game/snapshot.js';

const wasm = await loadCore();
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
  assert.equal(s.game.ply(), 3);
  // Taken back, not gone: the record still holds the move, and the game is unfinished.
  assert.match(body(s.pdn()), /2\. 18x11 7x14 \*$/);
  s.play('6x15');
  const out = body(s.pdn());
  assert.match(out, /2\. 18x11 6x15 \(2\.\.\. 7x14\) \*$/, out);
  assert.deepEqual(mainline(s.tree), ['22-18', '11-14', '18x11', '6x15']);
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
  assert.equal(u.game.ply(), 4);
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
  assert.equal(t.game.result()?.reason, 'resignation');
  assert.equal(t.game.result()?.winner, 'black');
  // The PDN alone says it too (a finished saved game is opened from its PDN).
  const u = imported(out);
  assert.equal(u.game.result()?.reason, 'resignation');
  // Taken back, the game is unfinished again, and so is its record.
  assert.ok(s.undo());
  assert.match(s.pdn(), /\[Result "\*"\]/);
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
  assert.equal(late.game.result()?.reason, 'time');
  assert.equal(late.game.result()?.winner, 'white');
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

test('extend: the moves start the main line; a refused move leaves the main line as it was', () => {
  const tree = treeFromPdn(wasm, PDN, 'italian');
  try {
    extend(tree, ['22-18', '11-14', '18x11', '7x14', '21-17', '14-19']);
    assert.deepEqual(mainline(tree).slice(-2), ['21-17', '14-19']);
    const before = tree.toPdn();
    assert.throws(() => extend(tree, ['22-18', '12-16', '99-1']));
    assert.deepEqual(mainline(tree), ['22-18', '11-14', '18x11', '7x14', '21-17', '14-19'], 'the main line stays');
    assert.ok(tree.toPdn().length >= before.length);
  } finally {
    tree.free();
  }
});
