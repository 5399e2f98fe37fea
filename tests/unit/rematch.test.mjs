// @ts-check
// The end of a game (issue 55, items 2 and 3): a result is final, whatever ended the game, and
// a rematch is the same opponent, game, start and clock with the colours swapped. Node, the
// real wasm core.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { Session } from '../../www/game/session.js';
import { rematchOptions, canRematch } from '../../www/game/rematch.js';

const wasm = await loadCore();

/** A session of a game between two players from `fen` (a short one, soon over), at move `moves`. */
function twoPlayers(fen = 'W:W30:B27', moves = /** @type {string[]} */ ([])) {
  const s = new Session(wasm);
  s.newGame({ mode: 'two-players', fen, moves });
  return s;
}

test('every ending is final: a resignation, a loss on time, an agreed draw, the rules\' draw and a win', () => {
  /** @type {[string, (s: Session) => void][]} */
  const endings = [
    ['resigned', (s) => s.resign()],
    ['lost on time', (s) => s.record?.loseOnTime('white')],
    ['agreed draw', (s) => s.record?.agreeDraw()],
  ];
  for (const [what, end] of endings) {
    const s = new Session(wasm);
    s.newGame({ mode: 'two-players' });
    s.play('22-18');
    assert.ok(s.canUndo(), `${what}: a move to take back before the end`);
    end(s);
    const result = s.record?.result();
    assert.ok(result, what);
    assert.equal(s.canUndo(), false, what);
    assert.equal(s.undo(), false, what);
    assert.equal(s.record?.undo(), undefined, `${what}: the core refuses too`);
    assert.deepEqual(s.record?.result(), result, `${what}: the result stays`);
    assert.equal(s.record?.ply(), 1, what);
  }
  // A win on the board: the last black piece taken.
  const won = twoPlayers('W:W30:B27', ['30x23']);
  assert.equal(won.record?.result()?.winner, 'white');
  assert.equal(won.canUndo(), false, 'a win');
  assert.equal(won.undo(), false);
  // The rules' draw: the same position a third time, two kings going to and fro.
  const draw = twoPlayers('W:WK32:BK1');
  for (let i = 0; i < 3 && !draw.record?.result(); i++) for (const m of ['32-28', '1-5', '28-32', '5-1']) if (!draw.record?.result()) draw.play(m);
  assert.equal(draw.record?.result()?.reason, 'repetition', 'a draw by the rules');
  assert.equal(draw.canUndo(), false, "the rules' draw");
  assert.equal(draw.undo(), false);
});

test('a resignation after a take-back: the saved game is the game played, finished', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white' });
  for (const m of ['22-18', '12-16', '21-17', '9-13']) s.play(m);
  assert.ok(s.undo(), "the player's move and the computer's answer taken back");
  assert.equal(s.record?.ply(), 2);
  assert.ok(s.resign());
  // The moves taken back were never the game's: the PDN ends where the game ended, 0-1.
  const pdn = s.pdn();
  assert.match(pdn, /\[Result "0-1"\]/);
  assert.match(pdn, /1\. 22-18 12-16 0-1\n$/);
  // Opened again from the saved PDN (as the saved games open a finished game): finished.
  const again = wasm.GameRecord.fromPdn('game', pdn, 'italian');
  assert.equal(again.ply(), 2);
  assert.equal(again.result()?.winner, 'black');
  assert.equal(again.canUndo(), false);
  again.free();
});

test('a rematch: the same opponent, game, start and clock, colours swapped; none before the end', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white', level: 7, variant: 'brazilian', clock: { initialMs: 180_000, incrementMs: 2000 } });
  assert.equal(canRematch(s), false, 'not before the end');
  s.play('c3-d4');
  s.resign();
  assert.equal(canRematch(s), true);
  const o = rematchOptions(s, 'white');
  assert.deepEqual(o, {
    variant: 'brazilian', mode: 'computer', side: 'black', level: 7, fen: s.record?.startFen(),
    clock: { initialMs: 180_000, incrementMs: 2000 }, orientation: 'black',
  });
  s.newGame(/** @type {import('../../www/game/session.js').GameOptions} */ (o));
  assert.deepEqual([s.variant, s.mode, s.human, s.level, s.record?.ply(), s.record?.result() ?? null], ['brazilian', 'computer', 'black', 7, 0, null]);
  assert.deepEqual(s.clock?.control, { initialMs: 180_000, incrementMs: 2000 });
  // Two players at one board: they swap colours and keep their seats, so the board turns.
  const f = twoPlayers('W:W30:B27', ['30x23']);
  assert.deepEqual(rematchOptions(f, 'white'), { variant: 'italian', mode: 'two-players', side: 'white', level: 5, fen: 'W:W30:B27', clock: null, orientation: 'black' });
  assert.equal(rematchOptions(f, 'black')?.orientation, 'white');
  // None for a game not played here: watched, by link, or imported between named players.
  const named = new Session(wasm);
  named.newGame({ mode: 'two-players', pdn: '[White "Anna"]\n[Black "Bruno"]\n[Result "1-0"]\n1. 22-18 1-0' });
  assert.ok(named.record?.result());
  assert.equal(canRematch(named), false);
  const remote = new Session(wasm);
  remote.newGame({ mode: 'remote', side: 'white' });
  remote.play('22-18');
  remote.resign();
  assert.equal(canRematch(remote), false);
});
