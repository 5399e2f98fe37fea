// The tactics trainer's model (www/puzzles/trainer.js) and its record (www/puzzles/store.js),
// in Node with the real wasm core: a right move stays and the reply follows, a wrong one
// changes nothing and loses the puzzle once, hints and the solution, the score, the streaks,
// the Elo-style rating, the choice of the next puzzle, and a corrupt record ignored. Then every
// puzzle of the real file (www/puzzles/italian.json) is played through its line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { loadCore } from './core.mjs';
import { Trainer, Attempt, readPuzzleFile, updatedRating, findMove, puzzleGoal, START_RATING } from '../../www/puzzles/trainer.js';
import { parseStats, freshStats, loadStats, saveStats, storedStats, storeKey, VERSION } from '../../www/puzzles/store.js';

const wasm = await loadCore();
const REAL = new URL('../../www/puzzles/italian.json', import.meta.url);

// White gives a man on 14 and takes two back (23x7 over 19 and 11): five plies, the solver's
// moves 21-18, 19-14, 23x7.
const SHOT = { id: 't-shot', fen: 'W:W19,20,21,22,23,24,26,28,29,30,32:B1,3,5,6,8,9,11,12,13,15', line: ['21-18', '6-10', '19-14', '10x19', '23x7'], themes: ['shot', 'multi-capture'], rating: 1500 };
// One move: the only capture.
const ONE = { id: 't-one', fen: 'W:W18,21:B3,14', line: ['18x11'], themes: ['shot'], rating: 900 };
const HARD = { ...ONE, id: 't-hard', rating: 2100 };
const EASY = { ...ONE, id: 't-easy', rating: 1000 };

const file = (...puzzles) => readPuzzleFile({ format: 1, variant: 'italian', generator: 'test', puzzles });
/** A trainer over `puzzles`, with an in-memory record and the nearest puzzle always picked. */
function trainer(puzzles = [SHOT, ONE], stats = freshStats()) {
  const saved = [];
  const tr = new Trainer(wasm, file(...puzzles), { stats, save: (s) => saved.push(structuredClone(s)), random: () => 0 });
  return { tr, saved };
}
const fenOf = (tr) => tr.attempt.game.fen();

test('the solution is accepted move by move, the replies come from the line, and the puzzle is won', () => {
  const { tr, saved } = trainer();
  const a = tr.open('t-shot');
  assert.equal(a.solver, 'white');
  assert.equal(a.solverToMove, true);
  assert.equal(a.expected().text, '21-18');
  let r = tr.play('21-18');
  assert.equal(r.kind, 'correct');
  assert.equal(r.done, false);
  // The reply is due: the solver cannot move meanwhile, and the reply is the line's.
  assert.equal(a.replyDue, true);
  assert.deepEqual(a.legalMoves(), []);
  assert.equal(tr.play('19-14').kind, 'ignored');
  assert.equal(tr.reply().text, '6-10');
  assert.equal(tr.reply(), null, 'one reply at a time');
  assert.equal(tr.play('19-14').kind, 'correct');
  assert.equal(tr.reply().text, '10x19');
  r = tr.play('23x7');
  assert.equal(r.kind, 'correct');
  assert.equal(r.done, true);
  assert.equal(r.move.captured.length, 2);
  assert.equal(a.done, true);
  assert.equal(tr.outcome, 'won');
  assert.equal(tr.counted, true);
  assert.deepEqual({ ...tr.stats, results: { ...tr.stats.results } }, { rating: 1520, tried: 1, solved: 1, streak: 1, best: 1, results: { 't-shot': 'won' }, theme: null });
  assert.equal(tr.ratingDelta, 20);
  assert.equal(saved.length, 1, 'saved once, when the outcome was known');
});

test('a wrong move changes nothing, loses the puzzle once, and the player may still find the line', () => {
  const { tr, saved } = trainer();
  tr.stats.streak = 3;
  tr.stats.best = 3;
  const a = tr.open('t-shot');
  const before = fenOf(tr);
  const board = [...a.board()];
  const r = tr.play('22-18');
  assert.deepEqual(r, { kind: 'wrong', text: '22-18' });
  assert.equal(fenOf(tr), before, 'the position is unchanged');
  assert.deepEqual([...a.board()], board);
  assert.equal(a.index, 0);
  assert.equal(a.solverToMove, true);
  assert.equal(tr.outcome, 'lost');
  assert.equal(tr.stats.streak, 0, 'the streak ends');
  assert.equal(tr.stats.best, 3, 'the best streak stays');
  assert.equal(tr.stats.tried, 1);
  assert.equal(tr.stats.solved, 0);
  assert.equal(tr.stats.rating, 1480);
  // A second mistake costs nothing more.
  assert.equal(tr.play('29-25').kind, 'wrong');
  assert.equal(tr.stats.tried, 1);
  assert.equal(tr.stats.rating, 1480);
  // An illegal move is not a mistake at all.
  assert.equal(tr.play('22-17').kind, 'illegal');
  assert.equal(tr.play('nonsense').kind, 'illegal');
  // The line still solves it, but it stays lost.
  tr.play('21-18');
  tr.reply();
  tr.play('19-14');
  tr.reply();
  assert.equal(tr.play('23x7').done, true);
  assert.equal(tr.outcome, 'lost');
  assert.equal(tr.stats.solved, 0);
  assert.equal(saved.length, 1);
});

test('hints: the piece first, then the move, which gives the puzzle away', () => {
  const { tr } = trainer();
  const a = tr.open('t-shot');
  const h1 = tr.hint();
  assert.equal(h1.level, 1);
  assert.equal(h1.move.from, 21);
  assert.equal(tr.outcome, null, 'the piece alone costs nothing');
  const h2 = tr.hint();
  assert.equal(h2.level, 2);
  assert.equal(h2.move.text, '21-18');
  assert.equal(tr.outcome, 'lost');
  assert.equal(tr.stats.tried, 1);
  // No hint while the reply is due.
  tr.play('21-18');
  assert.equal(tr.hint(), null);
  tr.reply();
  assert.equal(tr.hint().move.text, '19-14');
  assert.equal(a.failed, true);
});

test('show solution: the puzzle is lost and the rest of the line plays; retry starts over, counting nothing again', () => {
  const { tr } = trainer();
  const a = tr.open('t-shot');
  const start = fenOf(tr);
  tr.play('21-18');
  tr.reply();
  tr.reveal();
  assert.equal(tr.outcome, 'lost');
  const rest = [];
  for (let m; (m = tr.advance()); ) rest.push(m.text);
  assert.deepEqual(rest, ['19-14', '10x19', '23x7']);
  assert.equal(a.done, true);
  tr.retry();
  assert.equal(fenOf(tr), start);
  assert.equal(a.index, 0);
  for (const m of SHOT.line) (a.solverToMove ? tr.play(m) : tr.reply());
  assert.equal(a.done, true);
  assert.equal(tr.outcome, 'lost');
  assert.equal(tr.stats.tried, 1);
});

test('score, streaks and rating over several puzzles; a puzzle met again is practice', () => {
  const { tr } = trainer([SHOT, ONE, HARD]);
  tr.open('t-one');
  tr.play('18x11');
  assert.equal(tr.stats.streak, 1);
  const afterEasy = tr.stats.rating;
  assert.ok(afterEasy > START_RATING && afterEasy - START_RATING < 10, `a win over an easy puzzle gains little (${afterEasy})`);
  tr.open('t-hard');
  tr.play('18x11');
  assert.ok(tr.stats.rating - afterEasy > 30, 'a win over a hard one gains much');
  assert.deepEqual([tr.stats.solved, tr.stats.tried, tr.stats.streak, tr.stats.best], [2, 2, 2, 2]);
  tr.open('t-shot');
  tr.play('22-18');
  assert.deepEqual([tr.stats.solved, tr.stats.tried, tr.stats.streak, tr.stats.best], [2, 3, 0, 2]);
  // Solved again, or failed and then solved: nothing moves.
  const rating = tr.stats.rating;
  tr.open('t-one');
  tr.play('18x11');
  assert.equal(tr.outcome, 'won');
  assert.equal(tr.counted, false);
  assert.equal(tr.ratingDelta, 0);
  assert.deepEqual([tr.stats.solved, tr.stats.tried, tr.stats.streak, tr.stats.rating], [2, 3, 0, rating]);
});

test('the Elo update: even odds move by half the factor, and the factor settles after 20 puzzles', () => {
  assert.equal(updatedRating(1500, 1500, true, 0), 1520);
  assert.equal(updatedRating(1500, 1500, false, 0), 1480);
  assert.equal(updatedRating(1500, 1500, true, 20), 1510);
  assert.ok(updatedRating(1500, 1900, true, 0) - 1500 > 35);
  assert.ok(1500 - updatedRating(1500, 1100, false, 0) > 35);
  assert.equal(updatedRating(100, 3000, false, 50), 100, 'never below the floor');
});

test('the next puzzle: near the rating, not solved yet, untried before failed, of the theme chosen', () => {
  const ids = (xs) => xs.map((p) => p.id);
  const { tr } = trainer([EASY, SHOT, HARD, { ...SHOT, id: 't-other', themes: ['promotion'], rating: 1450 }]);
  assert.deepEqual(tr.themes(), ['shot', 'multi-capture', 'promotion']);
  assert.equal(tr.pick().puzzle.id, 't-shot', 'the nearest to 1500');
  tr.stats.results['t-shot'] = 'won';
  assert.equal(tr.pick().puzzle.id, 't-other');
  assert.equal(tr.pick('shot').puzzle.id, 't-easy', 'of the theme, the nearest: 1000 (500 away) before 2100 (600)');
  tr.stats.results['t-other'] = 'lost';
  assert.notEqual(tr.pick().puzzle.id, 't-other', 'a failed puzzle comes after the untried ones');
  tr.stats.results['t-easy'] = 'won';
  tr.stats.results['t-hard'] = 'won';
  assert.deepEqual(tr.pick(), { puzzle: tr.byId('t-other'), replay: false }, 'then the failed one');
  tr.stats.results['t-other'] = 'won';
  assert.equal(tr.pick().replay, true, 'all solved: one to play again');
  assert.equal(tr.pick('no-such-theme'), null);
  // Never the puzzle open.
  tr.open('t-shot');
  assert.ok(!ids([tr.pick().puzzle]).includes('t-shot'));
  // random() picks among the three nearest.
  const picks = new Set();
  for (const x of [0, 0.4, 0.8, 0.999]) {
    tr.random = () => x;
    picks.add(tr.pick().puzzle.id);
  }
  assert.equal(picks.size, 3);
});

test('a puzzle whose line is not legal is refused when opened, and the one open stays', () => {
  const bad = { ...SHOT, id: 't-bad', line: ['21-18', '6-10', '19-15'] };
  const { tr } = trainer([SHOT, bad]);
  tr.open('t-shot');
  assert.throws(() => tr.open('t-bad'), /19-15 is not legal/);
  assert.equal(tr.attempt.puzzle.id, 't-shot');
  assert.throws(() => tr.open('t-missing'), /no puzzle/);
  assert.throws(() => new Attempt(wasm, { ...SHOT, fen: 'not a fen' }, 'italian'));
});

test('the file is checked: a malformed puzzle is left out, another format refused', () => {
  assert.throws(() => readPuzzleFile({ format: 2, puzzles: [] }));
  assert.throws(() => readPuzzleFile(null));
  assert.throws(() => readPuzzleFile('[]'));
  const f = readPuzzleFile({
    format: 1,
    variant: 'italian',
    puzzles: [SHOT, { ...ONE, line: ['18x11', '3-7'] }, { id: 'x' }, null, { ...ONE, rating: 'hard' }, { ...ONE }],
  });
  assert.deepEqual(f.puzzles.map((p) => p.id), ['t-shot', 't-one'], 'an even line (ending on a reply), no fields, a duplicate id: left out');
  assert.equal(f.puzzles[1].rating, START_RATING, 'a rating that is not a number reads as the start rating');
  // A capture named by its whole route is found too.
  const g = new wasm.GameRecord('game', 'italian', 'W:W26:B13,14,21,22');
  assert.equal(findMove(g.legalMoves(), '26x19x10').captured.join(), '22,14');
  g.free();
});

test('the record: saved with its version, read back; a corrupt or foreign value is ignored without an error', () => {
  const mem = new Map();
  const store = { getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => mem.set(k, String(v)) };
  const s = { ...freshStats(), rating: 1612, tried: 5, solved: 3, streak: 2, best: 3, results: { a: 'won', b: 'lost' }, theme: 'shot' };
  assert.equal(saveStats('italian', s, store), true);
  assert.equal(JSON.parse(mem.get(storeKey('italian'))).version, VERSION);
  assert.deepEqual({ ...loadStats('italian', store), results: { ...loadStats('italian', store).results } }, s);
  assert.deepEqual(loadStats('brazilian', store), freshStats(), 'one record per game');
  const corrupt = [
    '{',
    'null',
    '[]',
    '"text"',
    JSON.stringify({ ...s, version: 99 }),
    JSON.stringify({ ...s, version: VERSION, rating: 'high' }),
    JSON.stringify({ ...s, version: VERSION, solved: 9 }),
    JSON.stringify({ ...s, version: VERSION, tried: -1 }),
    JSON.stringify({ ...s, version: VERSION, results: { a: 'maybe' } }),
    JSON.stringify({ ...s, version: VERSION, results: [] }),
    JSON.stringify({ ...s, version: VERSION, streak: 7 }),
  ];
  for (const text of corrupt) {
    mem.set(storeKey('italian'), text);
    assert.deepEqual(loadStats('italian', store), freshStats(), text);
  }
  // A storage that throws (private mode, full) neither.
  const broken = { getItem: () => { throw new Error('denied'); }, setItem: () => { throw new Error('full'); } };
  assert.deepEqual(loadStats('italian', broken), freshStats());
  assert.equal(saveStats('italian', s, broken), false);
  assert.equal(saveStats('italian', s, null), false);
  // An id such as __proto__ is a plain key.
  const odd = parseStats(JSON.stringify({ ...freshStats(), version: VERSION, tried: 1, results: { ['__proto__']: 'won' } }));
  assert.equal(odd.tried, 1);
});

test('a trainer started from a corrupt record plays as a new player', () => {
  const stats = parseStats('{"version":1,"rating":"oops"}');
  const { tr } = trainer([SHOT, ONE], stats);
  tr.open(tr.pick().puzzle);
  assert.equal(tr.attempt.puzzle.id, 't-shot');
  assert.equal(tr.stats.rating, START_RATING);
});

test("a puzzle's goal, which its title names: the game, the pieces won, a crowned man, or material", () => {
  const goal = (fen, line, themes) => {
    const a = new Attempt(wasm, { id: 't', fen, line, themes, rating: 1500 }, 'italian');
    const g = a.goal;
    a.free();
    return g;
  };
  // White gives a man and takes two: one piece won.
  assert.deepEqual(goal(SHOT.fen, SHOT.line, SHOT.themes), { kind: 'pieces', n: 1 });
  // Black's waiting move 4-7; 9x27 then takes two.
  assert.deepEqual(goal('B:W16,17,18,21,22,25,32:B1,4,5,9,11,14,15,23', ['4-7', '18-13', '9x27'], ['waiting-move']), { kind: 'pieces', n: 2 });
  // The same gain in a position the engine sees won: the game.
  assert.deepEqual(goal('B:W16,21,24,25,32:B1,3,6,11,13,23', ['3-7', '21-18', '13x22'], ['waiting-move', 'win']), { kind: 'win' });
  // 27-30 crowns, nothing taken.
  assert.deepEqual(goal('B:W17,19,23:B11,16,27', ['27-30'], ['promotion', 'endgame']), { kind: 'crown' });
  // A man given for a king: material, no piece won.
  assert.deepEqual(goal('B:WK11,15,17,20,29:B4,8,9,14,25,K26', ['26-21', '11x18', '21x14'], ['shot', 'king']), { kind: 'material' });
  // Counted on boards alone (a cell's sign is its colour), for either solver.
  assert.deepEqual(puzzleGoal([], [1, 1, -1, -2], [1, 1, 0, 0], 'white'), { kind: 'pieces', n: 2 });
  assert.deepEqual(puzzleGoal([], [1, 1, -1, -2], [1, 1, 0, 0], 'black'), { kind: 'material' });
});

const FILES = [
  ['italian', REAL],
  ['brazilian', new URL('../../www/puzzles/brazilian.json', import.meta.url)],
];

for (const [game, path] of FILES) {
  test(`every puzzle of www/puzzles/${game}.json has a theme and a goal (30 of 230 Italian had no theme)`, (t) => {
    if (!existsSync(path)) return void t.skip(`www/puzzles/${game}.json is not there yet`);
    const f = readPuzzleFile(JSON.parse(readFileSync(path, 'utf8')));
    const none = f.puzzles.filter((p) => !p.themes.length).map((p) => p.id);
    assert.deepEqual(none, [], 'puzzles with no theme');
    const kinds = new Map();
    for (const p of f.puzzles) {
      const a = new Attempt(wasm, p, f.variant);
      const { kind } = a.goal;
      a.free();
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      // A line that ends with a piece less is no win of material.
      if (kind === 'material') assert.ok(p.themes.includes('king'), `${p.id}: no piece won, no king taken`);
    }
    // Most win pieces; every kind the titles name is met.
    assert.ok(kinds.get('pieces') > f.puzzles.length / 2, JSON.stringify([...kinds]));
    assert.ok(kinds.get('win') && kinds.get('crown'), JSON.stringify([...kinds]));
  });

  // The real puzzles, as the page loads them.
  test(`every puzzle of www/puzzles/${game}.json plays through its line and is won`, (t) => {
    if (!existsSync(path)) return void t.skip(`www/puzzles/${game}.json is not there yet`);
    const data = JSON.parse(readFileSync(path, 'utf8'));
    assert.equal(data.format, 1);
    assert.equal(data.variant, game);
    const f = readPuzzleFile(data);
    assert.equal(f.puzzles.length, data.puzzles.length, 'no puzzle left out as malformed');
    assert.ok(f.puzzles.length >= 200, `${f.puzzles.length} puzzles`);
    const tr = new Trainer(wasm, f, { stats: freshStats(), random: () => 0 });
    for (const p of f.puzzles) {
      const a = tr.open(p);
      for (const [i, m] of p.line.entries()) {
        if (i % 2) assert.ok(tr.reply(), `${p.id}: reply ${m}`);
        else assert.equal(tr.play(m).kind, 'correct', `${p.id}: ${m}`);
      }
      assert.equal(a.done, true, p.id);
      assert.equal(tr.outcome, 'won', p.id);
    }
    assert.equal(tr.stats.solved, f.puzzles.length);
    // Sorted by rating, as the format says.
    const ratings = f.puzzles.map((p) => p.rating);
    assert.deepEqual(ratings, [...ratings].sort((x, y) => x - y));
  });
}

test('two tabs: a result is added to the record as stored now, so the rating never goes back (issue 20)', () => {
  const mem = new Map();
  const store = { getItem: (k) => mem.get(k) ?? null, setItem: (k, v) => mem.set(k, String(v)) };
  const tab = () =>
    new Trainer(wasm, file(ONE, EASY, HARD), {
      stats: loadStats('italian', store),
      save: (s) => saveStats('italian', s, store),
      load: () => storedStats('italian', store),
      random: () => 0,
    });
  // Both tabs open on a fresh record; A solves two puzzles, then B (its copy older) one.
  const a = tab();
  const b = tab();
  for (const id of ['t-one', 't-easy']) {
    a.open(id);
    a.play('18x11');
  }
  const afterA = loadStats('italian', store);
  assert.equal(afterA.tried, 2);
  b.open('t-hard');
  b.play('18x11');
  const s = loadStats('italian', store);
  assert.equal(s.tried, 3, "A's two results are still there");
  assert.deepEqual(Object.keys(s.results).sort(), ['t-easy', 't-hard', 't-one']);
  assert.ok(s.rating > afterA.rating, `B's win is added to A's rating: ${s.rating} after ${afterA.rating}`);
  // B's page now shows the record as it stands.
  assert.equal(b.stats.tried, 3);
  // With nothing stored (storage refused), a tab keeps its own record.
  const c = new Trainer(wasm, file(ONE), { stats: freshStats(), load: () => null, random: () => 0 });
  c.open('t-one');
  c.play('18x11');
  assert.equal(c.stats.tried, 1);
});
