// The game session, the computer driver, the texts and the board config, tested in Node with
// the real wasm core: no browser, no DOM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { loadTables } from './i18n-node.mjs';
import { Session } from '../../www/game/session.js';
import { Computer } from '../../www/game/computer.js';
import { boardConfig } from '../../www/game/board-config.js';
import { statusText, endTexts, playerNames, moveLabel, moveNumber, reviewText } from '../../www/game/texts.js';
import { readOptions, normMode, clampLevel, OPTIONS } from '../../www/game/options.js';

const wasm = await loadCore();
await loadTables(); // the texts' words, from the disk
const session = (o = {}) => {
  const s = new Session(wasm);
  s.newGame({ mode: 'two-players', ...o });
  return s;
};

test('one move numbering: White "n.", Black "n...", from a start with either side to move', () => {
  assert.equal(moveNumber(1, 'white'), '1.');
  assert.equal(moveNumber(2, 'white'), '1...');
  assert.equal(moveNumber(3, 'white'), '2.');
  assert.equal(moveNumber(1, 'black'), '1...');
  assert.equal(moveNumber(2, 'black'), '2.');
  assert.equal(moveLabel(2, 'white', '12-15'), '1... 12-15');
});

test("the review text names Black's move as Black's (it read \"1. 12-15\")", () => {
  const s = session();
  s.play('22-18');
  s.play('12-15');
  s.play('21-17');
  assert.equal(s.review(2), 2);
  assert.match(reviewText(s, 2, 'en'), /1\.\.\. 12-15/);
  assert.match(reviewText(s, 1, 'en'), /1\. 22-18/);
  assert.doesNotMatch(reviewText(s, 2, 'en'), /1\. 12-15/);
});

test('an imported game shows its players and its result from the tags, not "You" and "Computer"', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white', level: 5 });
  s.load('[White "Rossi, M."]\n[Black "Bianchi, L."]\n[Result "1-0"]\n1. 22-18 11-14 2. 18x11 7x14 1-0');
  assert.equal(s.mode, 'two-players');
  assert.deepEqual(playerNames(s, 'en'), { white: 'Rossi, M.', black: 'Bianchi, L.' });
  const [title, reason] = endTexts(s, s.record.result(), 'en');
  assert.doesNotMatch(title, /You/);
  assert.match(title, /Rossi/);
  assert.match(reason, /resign/i);
  // The export keeps the names and the result, asked of the core.
  const pdn = s.pdn();
  assert.match(pdn, /\[White "Rossi, M\."\]/);
  assert.match(pdn, /1-0\s*$/);
});

test('an imported game continues from any move, against the computer or a friend', () => {
  const s = session();
  s.load('[White "A"]\n[Black "B"]\n1. 22-18 11-14 2. 18x11 7x14 3. 21-17 *');
  s.review(2);
  s.continueFrom('computer');
  assert.equal(s.mode, 'computer');
  assert.equal(s.record.ply(), 2);
  assert.equal(s.human, 'white', 'the player takes the side to move');
  assert.deepEqual(s.tagPlayers(), { white: null, black: null }, 'the imported names no longer apply');
  assert.equal(playerNames(s, 'en').white, 'You');
  s.continueFrom('two-players', 1);
  assert.equal(s.record.ply(), 1);
  assert.equal(s.mode, 'two-players');
});

test('a side with no pieces left has lost its pieces, not "no moves left"', () => {
  const s = session({ fen: 'W:W18:B14' });
  s.play('18x11');
  const r = s.record.result();
  assert.equal(r.winner, 'white');
  assert.equal(r.reason, 'no-moves');
  const [, reason] = endTexts(s, r, 'en');
  assert.doesNotMatch(reason, /no moves/i);
  assert.match(reason, /no pieces/i);
  for (const L of ['it', 'pt-BR']) assert.notEqual(endTexts(s, r, L)[1], endTexts(s, r, 'en')[1], `${L} has its own words`);
});

test('the editor refuses a position that is already over, and one that cannot arise; nothing changes', () => {
  const s = session();
  const before = s.record.fen();
  s.edit({ pieces: new Int8Array(32), turn: 'white' });
  assert.throws(() => s.editorFen(), /over before it starts.*no pieces/);
  assert.throws(() => s.playEdited(), /over before it starts/);
  assert.ok(s.editing, 'still editing');
  assert.equal(s.record.fen(), before);
  // White alone with one man, Black to move with nothing: over too.
  const cells = new Int8Array(32);
  cells[21] = 1;
  s.edit({ pieces: cells, turn: 'black' });
  assert.throws(() => s.editorFen(), /Black, to move, has no pieces/);
  // A man on its crowning row is refused by the core.
  cells[0] = 1;
  cells[20] = -1;
  s.edit({ pieces: cells, turn: 'white' });
  assert.throws(() => s.editorFen());
  // A playable position: the FEN is the core's, and playing it starts the game.
  const ok = new Int8Array(32);
  ok[21] = 1;
  ok[5] = -2;
  s.edit({ pieces: ok, turn: 'white' });
  assert.equal(s.editorFen(), 'W:W22:BK6');
  s.playEdited();
  assert.equal(s.editing, null);
  assert.equal(s.record.fen(), 'W:W22:BK6');
  assert.throws(() => wasm.GameRecord.fromBoard('game', new Int8Array(31), 'white', 'italian'), RangeError);
  assert.throws(() => wasm.GameRecord.fromBoard('game', Int8Array.from({ length: 32 }, (_, i) => (i === 3 ? 3 : 0)), 'white', 'italian'), RangeError);
});

test('resigning and agreeing a draw are the core\'s: the session reads them back, and they are final', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white' });
  s.play('22-18');
  assert.equal(s.offerDraw(), false, 'the computer has no score yet: declined');
  s.lastScore = -30;
  assert.equal(s.offerDraw(), true);
  assert.deepEqual(s.ended, { type: 'draw' });
  assert.equal(s.record.result().reason, 'agreement');
  // A result is final: nothing takes the game back past it (issue 55, item 2).
  assert.equal(s.canUndo(), false);
  assert.equal(s.undo(), false);
  assert.equal(s.record.undo(), undefined, "the core's record refuses it too");
  assert.deepEqual(s.ended, { type: 'draw' });
  s.newGame({ mode: 'computer', side: 'white' });
  s.play('22-18');
  assert.ok(s.resign());
  assert.equal(s.canUndo(), false);
  assert.equal(s.undo(), false);
  assert.deepEqual(s.ended, { type: 'resign', color: 'white' });
  assert.equal(s.record.result().winner, 'black');
  const snap = s.snapshot();
  const t2 = new Session(wasm);
  t2.newGame({ variant: snap.variant, fen: snap.startFen, moves: snap.moves, ended: snap.ended, mode: snap.mode, side: snap.side });
  assert.deepEqual(t2.record.result(), s.record.result(), 'a saved resignation comes back');
});

test('undo against the computer goes back to the player\'s turn; redo replays to it', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white' });
  assert.equal(s.canUndo(), false);
  s.play('22-18');
  s.play('12-15'); // the computer's answer
  assert.ok(s.canUndo());
  s.undo();
  assert.equal(s.record.ply(), 0);
  assert.ok(s.canRedo());
  assert.deepEqual(s.redo().map((m) => m.text), ['22-18', '12-15']);
  // Playing Black, the computer's first move alone is not the player's to take back.
  s.newGame({ mode: 'computer', side: 'black' });
  s.play('22-18');
  assert.equal(s.canUndo(), false);
});

test('the board config is a pure map of the session: movable only on a person\'s turn, view-only while reviewing', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'black' });
  let c = boardConfig(s);
  assert.equal(c.movable.color, null, "the computer's turn");
  assert.equal(c.viewOnly, false);
  s.play('22-18');
  c = boardConfig(s);
  assert.equal(c.movable.color, 'black');
  assert.equal(c.movable.moves.length, 7);
  assert.equal(c.lastMove.text, '22-18');
  s.review(0);
  c = boardConfig(s);
  assert.equal(c.viewOnly, true);
  assert.equal(c.movable.color, null);
  assert.equal(c.lastMove, null);
  assert.deepEqual([...c.pieces], [...new wasm.GameRecord('game', 'italian').board()]);
  s.readonly = true;
  s.review(null);
  assert.equal(boardConfig(s).movable.color, null, 'readonly takes no input');
});

test('the status line says whose turn, a capture that must be made, and the end', () => {
  const s = session({ fen: 'W:W18:B14' });
  assert.match(statusText(s, 'en'), /White to move.*must capture/i);
  s.play('18x11');
  assert.match(statusText(s, 'en'), /White wins/);
});

test('the computer driver plays the computer\'s side, paces its answer, and drops overtaken replies', async () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white' });
  const requests = [];
  let answer;
  const engine = {
    search: (owner, req) => {
      requests.push(req);
      return new Promise((r) => (answer = r));
    },
    cancel() {},
  };
  const played = [];
  const cpu = new Computer(s, engine, {}, { changed() {}, played: (m) => played.push(m.text), failed: (e) => assert.fail(e), hinted() {}, delay: () => 0, busy: () => false, active: () => true });
  await cpu.maybeMove();
  assert.equal(requests.length, 0, 'not its turn');
  s.play('22-18');
  const p = cpu.maybeMove();
  assert.equal(s.thinking, 'move');
  assert.deepEqual(requests[0].moves, ['22-18']);
  answer({ move: '11-14', score: 10 });
  await p;
  assert.deepEqual(played, ['11-14']);
  assert.equal(s.lastScore, 10);
  // A reply that arrives after the player took the moves back is dropped.
  s.play('18x11');
  const q = cpu.maybeMove();
  s.undo();
  cpu.cancel();
  answer({ move: '7x14', score: 0 });
  await q;
  assert.deepEqual(played, ['11-14']);
  assert.equal(s.record.ply(), 2);
});

test('options: one table read from attributes or an address, aliases included', () => {
  const params = new URLSearchParams('color=black&mode=friend&level=42&game=br');
  const o = readOptions((n) => params.get(n));
  assert.equal(o.side, 'black');
  assert.equal(normMode(o.mode), 'two-players');
  assert.equal(clampLevel(o.level, 5), 10);
  assert.equal(o.variant, 'br');
  assert.ok(OPTIONS.every((x) => typeof x.attr === 'string' && typeof x.key === 'string'));
  assert.equal(clampLevel('junk', 5), 5);
  assert.equal(clampLevel(null, null), null);
});

test('bad input changes nothing: a bad FEN, a bad PDN, an illegal move', () => {
  const s = session();
  s.play('22-18');
  const fen = s.record.fen();
  assert.throws(() => s.load('W:W99:B1'));
  assert.throws(() => s.load('1. 22-17 *'));
  assert.throws(() => s.play('9-13x'));
  assert.equal(s.record.fen(), fen);
  assert.equal(s.record.ply(), 1);
});

test("a game opened with its record reads the record: its tags, a variation's position, its line to play on", () => {
  const pdn = '[Event "E"]\n[White "A"]\n[Black "B"]\n1. 22-18 11-14 (1... 12-15 2. 21-17) 2. 18x11 7x14 *';
  const file = wasm.PdnFile.parse(pdn, 'italian');
  const s = new Session(wasm);
  s.openFromFile(file, 0);
  file.free();
  assert.deepEqual(s.tagPlayers(), { white: 'A', black: 'B' });
  // A tag the record takes is the session's at once: no copy to keep in step.
  s.pdn({ Event: 'F' });
  assert.equal(s.tags?.find(([k]) => k === 'Event')?.[1], 'F');
  const v = s.treeNodes().find((n) => n.text === '21-17');
  s.viewNode(v.id);
  assert.equal(s.node?.id, v.id);
  assert.equal(s.reviewing, 3);
  assert.equal(s.lastMoveShown()?.text, '21-17');
  const g = new wasm.GameRecord('analysis', 'italian', v.fen);
  assert.deepEqual([...s.board()], [...g.board()]);
  g.free();
  assert.match(reviewText(s, 3, 'en'), /2\. 21-17/);
  s.continueFrom('two-players');
  assert.deepEqual(s.history().map((m) => m.text), ['22-18', '12-15', '21-17']);
  assert.equal(s.node, null);
  // The new game's record keeps the event; the names are the page's again (empty in the
  // record, filled by the PDN export), and the record writes its result and game.
  assert.deepEqual(s.tags, [['Event', 'F'], ['Site', ''], ['Date', ''], ['White', ''], ['Black', ''], ['Result', '*'], ['GameType', '22']]);
  assert.deepEqual(s.tagPlayers(), { white: null, black: null });
});
