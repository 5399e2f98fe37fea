// The pages' one game class: whatever a page holds a game for (a puzzle, a rules diagram, the
// editor's board, a move of a record, a pasted or saved game) is the core's GameRecord, made
// from a FEN, an editor's board or a PDN; the rules' build the pages load has no other class of
// game (`Game`, the game alone the engine searches, is the engine workers'). Bad input is
// refused with the core's reason, in the words the game alone used. Node, the pages' build.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';

const wasm = await loadCore();

/** An Error of class `cls` whose message is `message` (a string: exactly; a RegExp: matching). */
const refused = (/** @type {Function} */ cls, /** @type {string | RegExp} */ message) => (/** @type {unknown} */ e) =>
  e instanceof cls && (typeof message === 'string' ? e.message === message : message.test(e.message));

test("the rules' build has one game class, the record", () => {
  assert.equal(wasm.Game, undefined);
  assert.equal(typeof wasm.GameRecord, 'function');
  assert.ok(['fromBoard', 'fromPdn'].every((f) => typeof wasm.GameRecord[f] === 'function'));
});

test('a record from a FEN reads and plays the position; a bad FEN, game or kind is refused with the reason', () => {
  const r = new wasm.GameRecord('game', 'italian', 'W:W22,31:B8');
  assert.deepEqual([r.kind(), r.fen(), r.startFen(), r.turn(), r.ply()], ['game', 'W:W22,31:B8', 'W:W22,31:B8', 'white', 0]);
  assert.deepEqual(r.legalMoves().map((m) => m.text).sort(), ['22-18', '22-19', '31-27', '31-28']);
  assert.equal(r.play('31-27').text, '31-27');
  assert.equal(r.fen(), 'B:W22,27:B8');
  r.free();
  const b = new wasm.GameRecord('analysis', 'brazilian', 'B:W18,32:B9,13');
  assert.deepEqual([b.variant(), b.turn(), b.squareName(1)], ['brazilian', 'black', 'b8']);
  b.free();
  assert.throws(() => new wasm.GameRecord('game', 'italian', 'W:W33:B1'), refused(Error, 'bad FEN at character 4: square 33 does not exist; squares are numbered 1-32'));
  assert.throws(() => new wasm.GameRecord('game', 'italian', ''), refused(Error, 'bad FEN at character 1: the FEN is empty'));
  assert.throws(() => new wasm.GameRecord('game', 'checkers', 'W:W22:B8'), refused(Error, 'unknown game "checkers": expected "italian" or "brazilian"'));
  assert.throws(() => new wasm.GameRecord('tree', 'italian', 'W:W22:B8'), refused(Error, 'kind must be "game" or "analysis", not "tree"'));
  assert.throws(() => new wasm.GameRecord('game', 'italian', /** @type {any} */ (5)), refused(TypeError, 'new GameRecord: fen must be a string or left out, not number'));
});

test("a record from an editor's board is the position set up; a bad board, game or kind is refused with the reason", () => {
  const cells = new Int8Array(32);
  cells[21] = 1; // a white man on 22
  cells[5] = -2; // a black king on 6
  const r = wasm.GameRecord.fromBoard('game', cells, 'white', 'italian');
  assert.deepEqual([r.kind(), r.fen(), r.ply(), [...r.board()]], ['game', 'W:W22:BK6', 0, [...cells]]);
  r.free();
  // An array of numbers is taken as well, in either game's numbering.
  const b = wasm.GameRecord.fromBoard('analysis', [...cells], 'black', 'brazilian');
  assert.deepEqual([b.variant(), b.turn(), [...b.board()]], ['brazilian', 'black', [...cells]]);
  b.free();
  const crowned = new Int8Array(32);
  crowned[0] = 1; // a white man on 1, where he would have been crowned
  crowned[19] = -1;
  const thirteen = Int8Array.from({ length: 32 }, (_, i) => (i < 13 ? -1 : i === 31 ? 1 : 0));
  /** @type {[string, () => unknown, Function, string | RegExp][]} */
  const cases = [
    ['31 cells', () => wasm.GameRecord.fromBoard('game', new Int8Array(31), 'white', 'italian'), RangeError, '31 cells: a board has 32'],
    ['a 3', () => wasm.GameRecord.fromBoard('game', Int8Array.from({ length: 32 }, (_, i) => (i === 3 ? 3 : 0)), 'white', 'italian'), RangeError, 'cells[3] must be a whole number from -2 to 2, not 3'],
    ['a man crowned', () => wasm.GameRecord.fromBoard('game', crowned, 'white', 'italian'), Error, 'a white man cannot stand on square 1: it would have been crowned there'],
    ['13 men', () => wasm.GameRecord.fromBoard('game', thirteen, 'white', 'italian'), Error, /at most 12/],
    ['no pieces', () => wasm.GameRecord.fromBoard('game', new Int8Array(32), 'white', 'italian'), Error, 'the game would be over before it starts: White, to move, has no pieces'],
    ['no game', () => wasm.GameRecord.fromBoard('game', cells, 'white', 'checkers'), Error, 'unknown game "checkers": expected "italian" or "brazilian"'],
    ['no side', () => wasm.GameRecord.fromBoard('game', cells, 'red', 'italian'), Error, 'turn must be "white" or "black", not "red"'],
    ['no kind', () => wasm.GameRecord.fromBoard('tree', cells, 'white', 'italian'), Error, 'kind must be "game" or "analysis", not "tree"'],
    ['a string', () => wasm.GameRecord.fromBoard('game', /** @type {any} */ ('0'.repeat(32)), 'white', 'italian'), TypeError, 'GameRecord.fromBoard: cells must be an Int8Array or an array of numbers, not string'],
  ];
  for (const [what, f, cls, message] of cases) assert.throws(f, refused(cls, message), what);
});

test("a pasted game's record: its main line and ending with the tags given, its variations and comments left behind", () => {
  const pdn = '[Event "Club"]\n[White "A"]\n[Result "1-0"]\n1. 22-18 {good} (1. 21-17 9-13) 11-14 2. 18x11 7x14 1-0';
  const read = wasm.GameRecord.fromPdn('game', pdn, 'italian');
  assert.deepEqual(read.tags(), [['Event', 'Club'], ['White', 'A'], ['Result', '1-0']]);
  const line = read.lineOnly([['White', 'A'], ['Event', 'Club'], ['Result', '0-1']]);
  read.free();
  assert.deepEqual(line.history().map((m) => m.text), ['22-18', '11-14', '18x11', '7x14']);
  assert.equal(line.result()?.reason, 'resignation');
  assert.equal(line.result()?.winner, 'white');
  assert.equal(line.toPdn(), '[White "A"]\n[Event "Club"]\n[Result "1-0"]\n[GameType "22"]\n\n1. 22-18 11-14 2. 18x11 7x14 1-0\n');
  assert.deepEqual(line.lineOnly().tags(), line.tags(), 'without tags, its own');
  assert.throws(() => line.lineOnly(/** @type {any} */ ('Event')), refused(TypeError, /^GameRecord\.lineOnly: tags must be/));
  line.free();
  assert.throws(() => wasm.GameRecord.fromPdn('game', '1. 22-17 *', 'italian'), refused(Error, /^bad PDN/));
  assert.throws(() => wasm.GameRecord.fromPdn('game', '1. c3-d4 *', 'italian'), refused(Error, /^bad PDN/));
});

test("the game at a move of a record is a record of the line to it, its ending kept at the cursor; the record is unchanged", () => {
  const r = new wasm.GameRecord('analysis', 'italian');
  for (const m of ['22-18', '11-14']) r.play(m);
  r.goto(1);
  r.play('10-14'); // a variation
  const v = r.cursor();
  const nodes = r.nodes().length;
  const g = r.gameAt(v);
  assert.deepEqual([g.kind(), g.ply(), g.cursor()], ['analysis', 2, 2]);
  assert.deepEqual(g.history().map((m) => m.text), ['22-18', '10-14']);
  assert.equal(g.fen(), r.fen());
  g.play('24-20');
  g.free();
  assert.equal(r.nodes().length, nodes);
  r.resign('white');
  const ended = r.gameAt(r.cursor());
  assert.equal(ended.result()?.reason, 'resignation');
  ended.free();
  assert.equal(r.gameAt(0).ply(), 0);
  assert.throws(() => r.gameAt(99), RangeError);
  r.free();
});
