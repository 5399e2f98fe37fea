// Premoves without a browser (issue 21, item 2): the board queues two squares while the other
// side thinks and knows no rules; the session's board config says when the player may
// premove; the core's legal moves decide what becomes of one.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { defaults } from '../../www/board/state.js';
import { configure } from '../../www/board/config.js';
import * as board from '../../www/board/board.js';
import { Session } from '../../www/game/session.js';
import { boardConfig, resolvePremove } from '../../www/game/board-config.js';

const wasm = await loadCore();

/** A board with White's men on `white`, Black's on `black`, White queuing while Black thinks. */
function premoving(white, black) {
  const state = defaults();
  const pieces = new Int8Array(32);
  for (const sq of white) pieces[sq - 1] = 1;
  for (const sq of black) pieces[sq - 1] = -1;
  /** @type {unknown[]} */
  const told = [];
  configure(state, { pieces, movable: { color: null, moves: [] }, premovable: { color: 'white' }, animation: { enabled: false }, events: { premove: (p) => told.push(p) } });
  return { state, told };
}

test('two taps queue a premove: the squares are kept, nothing moves, the page is told', () => {
  const { state, told } = premoving([22, 31], [8]);
  board.tap(state, 8);
  assert.equal(state.selected, 0, "the opponent's piece is not picked up");
  board.tap(state, 22);
  assert.equal(state.selected, 22);
  board.tap(state, 18);
  assert.deepEqual(state.premove, { from: 22, to: 18 });
  assert.equal(state.selected, 0);
  assert.equal(state.pieces[22 - 1], 1, 'the piece has not moved');
  assert.equal(state.pieces[18 - 1], 0);
  assert.deepEqual(told, [{ from: 22, to: 18 }]);
  // Any square goes (the board knows no rules): even a far one.
  board.tap(state, 31);
  board.tap(state, 5);
  assert.deepEqual(state.premove, { from: 31, to: 5 });
});

test('a tap on the queued piece or on an empty square drops the premove; a drop queues one too', () => {
  const { state, told } = premoving([22, 31], [8]);
  board.tap(state, 22);
  board.tap(state, 18);
  board.tap(state, 22);
  assert.equal(state.premove, null, 'tap on the premoved piece');
  board.tap(state, 22);
  board.tap(state, 18);
  board.tap(state, 15);
  assert.equal(state.premove, null, 'tap on an empty square');
  assert.deepEqual(told, [{ from: 22, to: 18 }, null, { from: 22, to: 18 }, null]);
  board.drop(state, 31, 27);
  assert.deepEqual(state.premove, { from: 31, to: 27 });
  // Another piece picked up keeps the premove until it is put down somewhere.
  board.tap(state, 22);
  assert.deepEqual(state.premove, { from: 31, to: 27 });
  board.tap(state, 22);
  assert.equal(state.selected, 0, 'a second tap on it puts it back');
  assert.deepEqual(state.premove, { from: 31, to: 27 });
});

test('no premove when the board does not allow one; its turn, review or editing drop it', () => {
  const { state } = premoving([22], [8]);
  configure(state, { premovable: { color: null } });
  board.tap(state, 22);
  board.tap(state, 18);
  assert.equal(state.premove, null);
  assert.equal(state.selected, 0);
  for (const change of [{ movable: { color: 'white', moves: [] } }, { viewOnly: true }, { editing: true }, { premovable: { color: null } }]) {
    const { state: s } = premoving([22], [8]);
    board.tap(s, 22);
    board.tap(s, 18);
    configure(s, change);
    assert.equal(s.premove, null, JSON.stringify(change));
  }
  // A half-made premove (a piece picked up) survives the page's updates while premoving lasts.
  const { state: s } = premoving([22], [8]);
  board.tap(s, 22);
  configure(s, { premovable: { color: 'white' }, movable: { color: null, moves: [] }, pieces: s.pieces });
  assert.equal(s.selected, 22);
  // A premove that is not two squares 1-32 is not drawn.
  for (const bad of [{ from: 0, to: 5 }, { from: 5, to: 5 }, { from: 5, to: 33 }, { from: 1.5, to: 2 }]) {
    configure(s, { premove: bad });
    assert.equal(s.premove, null, JSON.stringify(bad));
  }
});

test('the session says when: against the computer while it is to move, with premoves on, live only', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white', fen: 'W:W22,31:B8' });
  assert.equal(boardConfig(s, { premoves: true }).premovable.color, null, "the player's own turn");
  s.play('31-27');
  assert.equal(boardConfig(s, { premoves: true }).premovable.color, 'white');
  assert.equal(boardConfig(s).premovable.color, null, 'premoves off');
  s.review(0);
  assert.equal(boardConfig(s, { premoves: true }).premovable.color, null, 'looking back');
  s.review(null);
  s.readonly = true;
  assert.equal(boardConfig(s, { premoves: true }).premovable.color, null, 'read-only');
  for (const mode of ['two-players', 'watch']) {
    const t = new Session(wasm);
    t.newGame({ mode, fen: 'W:W22,31:B8' });
    t.play('31-27');
    assert.equal(boardConfig(t, { premoves: true }).premovable.color, null, mode);
  }
});

test("the core decides a premove's fate: played, refused (with the core's reason), or left to choose", () => {
  const g = new wasm.GameRecord('game', 'italian', 'W:W22,31:B8');
  g.play('31-27');
  g.play('8-12');
  const played = resolvePremove({ from: 22, to: 18 }, g.legalMoves());
  assert.equal(played.kind, 'play');
  assert.equal(played.kind === 'play' && played.move.text, '22-18');
  assert.equal(resolvePremove({ from: 22, to: 14 }, g.legalMoves()).kind, 'refused');
  // A capture to make after the reply: the quiet premove is refused, and the core says why.
  const h = new wasm.GameRecord('game', 'italian', 'W:W16,30:B8');
  h.play('30-26');
  h.play('8-12');
  assert.equal(resolvePremove({ from: 26, to: 22 }, h.legalMoves()).kind, 'refused');
  assert.match(h.whyIllegal(26, 22), /capturing is compulsory: the piece on 16 must capture/);
  // Two captures from 26 to 10 (over 21 and 13, or over 22 and 14): the player chooses.
  const k = new wasm.GameRecord('game', 'italian', 'W:W26:B13,14,21,22');
  const choose = resolvePremove({ from: 26, to: 10 }, k.legalMoves());
  assert.equal(choose.kind, 'choose');
  assert.equal(choose.kind === 'choose' && choose.moves.length, 2);
});
