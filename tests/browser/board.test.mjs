// The board modules' own logic, in Node without a browser: geometry, what taps mean, and
// animation plans. Fast, so the browser tests can stay about the page as a whole.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { squareToRowCol, rowColToSquare, squareAt, squareCenter, squareName } from '../../www/board/util.js';
import { defaults } from '../../www/board/state.js';
import { configure } from '../../www/board/config.js';
import * as board from '../../www/board/board.js';
import { planDiff, planMove, frame } from '../../www/board/anim.js';
import { bindEvents } from '../../www/board/events.js';

// The Italian board's layout: not mirrored (game/board-config.js, boardLayout).
const I = false;

test('square numbering follows RULES.md: 1 is a8, 32 is h1, the double corner is 25/29', () => {
  assert.deepEqual(squareToRowCol(1, I), [0, 0]);
  assert.deepEqual(squareToRowCol(5, I), [1, 1]);
  assert.deepEqual(squareToRowCol(29, I), [7, 1]);
  assert.deepEqual(squareToRowCol(32, I), [7, 7]);
  assert.equal(squareName(1, I), 'a8');
  assert.equal(squareName(32, I), 'h1');
  assert.equal(squareName(25, I), 'a2');
  assert.equal(rowColToSquare(7, 0, I), 0, 'a1 is a light square');
  for (let sq = 1; sq <= 32; sq++) assert.equal(rowColToSquare(...squareToRowCol(sq, I), I), sq);
  // The long diagonal 1-5-10-14-19-23-28-32.
  const diag = [1, 5, 10, 14, 19, 23, 28, 32].map((sq) => squareToRowCol(sq, I));
  diag.forEach(([r, c], i) => assert.deepEqual([r, c], [i, i]));
});

test('each player has a dark square at the near right', () => {
  const size = 800;
  // White at the bottom: bottom-right is 32, bottom-left is light.
  assert.equal(squareAt(799, 799, size, 'white', I), 32);
  assert.equal(squareAt(1, 799, size, 'white', I), 0);
  // Black at the bottom: bottom-right is square 1 (a8), the top-left is 32.
  assert.equal(squareAt(799, 799, size, 'black', I), 1);
  assert.equal(squareAt(1, 1, size, 'black', I), 32);
  assert.deepEqual(squareCenter(32, size, 'white', I), [750, 750]);
  assert.deepEqual(squareCenter(1, size, 'black', I), [750, 750]);
});

const mv = (from, path, captured = []) => ({
  from,
  to: path[path.length - 1],
  path,
  captured,
  text: `${from}${captured.length ? 'x' : '-'}${path.join(captured.length ? 'x' : '-')}`,
  capture: captured.length > 0,
  king: false,
  promotes: false,
});

function boardWith(pieces, moves, color = 'white') {
  const state = defaults();
  const p = new Int8Array(32);
  for (const [sq, v] of Object.entries(pieces)) p[sq - 1] = v;
  const played = [];
  const illegal = [];
  const ambiguous = [];
  configure(state, {
    pieces: p,
    movable: { color, moves },
    animation: { enabled: false },
    events: {
      move: (m) => played.push(m.text),
      illegal: (f, t) => illegal.push([f, t]),
      ambiguous: (ms) => ambiguous.push(ms.length),
    },
  });
  return { state, played, illegal, ambiguous };
}

test('tap a piece then a destination plays the move; a wrong square is reported', () => {
  const { state, played, illegal } = boardWith({ 22: 1, 9: -1 }, [mv(22, [18]), mv(22, [17])]);
  board.tap(state, 9); // not own: nothing selected
  assert.equal(state.selected, 0);
  board.tap(state, 22);
  assert.equal(state.selected, 22);
  board.tap(state, 14);
  assert.deepEqual(illegal, [[22, 14]]);
  assert.equal(state.selected, 22, 'a refused square keeps the selection');
  board.tap(state, 22);
  assert.equal(state.selected, 0, 'tapping the selected piece again unselects it');
  board.tap(state, 22);
  board.tap(state, 18);
  assert.deepEqual(played, ['22-18']);
  assert.equal(state.pieces[17], 1);
  assert.equal(state.pieces[21], 0);
  assert.deepEqual(state.movable.moves, [], 'no more input until the page hands over new moves');
});

// The resize observer that gives the board its size reports at the next frame; a press can
// come before it (a page under load, a quick tap). It must find its square all the same.
test('a tap before the board\'s first frame plays its move', () => {
  const { state, played } = boardWith({ 22: 1 }, [mv(22, [18])]);
  assert.equal(state.size, 0, 'no frame yet');
  /** @type {Record<string, Function>} */
  const on = {};
  const canvas = {
    addEventListener: (type, fn) => (on[type] = fn),
    getBoundingClientRect: () => ({ left: 100, top: 50, width: 400, height: 400 }),
    focus() {},
    setPointerCapture() {},
    style: {},
  };
  bindEvents(state, /** @type {any} */ (canvas), () => {});
  // Square 22 is row 5, column 3 from White's side; 18 is row 4, column 2 (50 px cells).
  const tap = (row, col) => {
    const e = { isPrimary: true, pointerType: 'mouse', button: 0, clientX: 100 + col * 50 + 25, clientY: 50 + row * 50 + 25, preventDefault() {} };
    on.pointerdown(e);
    on.pointerup(e);
  };
  tap(5, 3);
  assert.equal(state.selected, 22);
  tap(4, 2);
  assert.deepEqual(played, ['22-18']);
});

test('two captures to the same square: the tapped landing square decides', () => {
  const a = mv(26, [17, 10], [21, 13]);
  const b = mv(26, [19, 10], [22, 14]);
  const { state, played, ambiguous } = boardWith({ 26: 1, 21: -1, 13: -1, 22: -1, 14: -1 }, [a, b]);
  board.tap(state, 26);
  board.tap(state, 10);
  assert.ok(state.pending);
  assert.deepEqual(ambiguous, [2]);
  board.tap(state, 19);
  assert.deepEqual(played, [b.text]);
  assert.equal(state.pending, null);
  for (const sq of [22, 14, 26]) assert.equal(state.pieces[sq - 1], 0);
  assert.equal(state.pieces[21 - 1], -1);
});

test('pieces that must capture are the ones with capture moves', () => {
  const { state } = boardWith({ 18: 1, 21: 1, 14: -1 }, [mv(18, [11], [14])]);
  assert.deepEqual([...board.mustCapture(state)], [18]);
});

test('animations: a capture hops along its path, then the captured pieces fade', () => {
  const before = new Int8Array(32);
  before[25] = 1;
  before[21] = -1;
  before[13] = -1;
  const m = mv(26, [19, 10], [22, 14]);
  const plan = planMove(m, before, { quiet: 200, hop: 100, fade: 50 }, I);
  assert.equal(plan.duration, 250);
  const mid = frame(plan, plan.start + 100);
  assert.equal(mid.moving.length, 1);
  assert.deepEqual([mid.moving[0].row, mid.moving[0].col], squareToRowCol(19, I));
  assert.ok(mid.hidden.has(10));
  assert.equal(mid.fading.length, 2);
  assert.ok(frame(plan, plan.start + 300).done);

  const after = Int8Array.from(before);
  after[25] = 0;
  after[17] = 1;
  const diff = planDiff(before, after, { quiet: 200, hop: 100, fade: 50 }, I);
  assert.deepEqual(diff.items.map((i) => i.kind), ['slide']);
  assert.equal(planDiff(before, before, { quiet: 1, hop: 1, fade: 1 }, I), null);
});
