// The analysis board's model (moves into a tree of variations) and the review's judgement,
// tested in Node with the real wasm core: no browser, no DOM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { AnalysisModel } from '../../www/analysis/model.js';
import { chances, judge, judgeMoves, counts, evalTag, readEval, reviewComment, THRESHOLDS } from '../../www/analysis/review.js';

const wasm = await loadCore();
const model = (pdn) => new AnalysisModel(wasm, pdn ? wasm.PdnFile.parse(pdn).tree(0) : new wasm.GameTree('italian', null));

test('a move played where the game had another starts a variation; the same move follows the game', () => {
  const m = model('1. 22-18 10-14 2. 21-17 14x21 *');
  m.next();
  assert.equal(m.currentNode.text, '22-18');
  m.play('10-14'); // the game's own move: followed, nothing new
  assert.equal(m.nodes.length, 5);
  assert.equal(m.currentNode.mainline, true);
  m.prev();
  const id = m.play('12-16'); // another: a variation
  assert.equal(m.nodes.length, 6);
  assert.equal(m.currentNode.id, id);
  assert.equal(m.currentNode.mainline, false);
  assert.deepEqual(m.movesTo(), ['22-18', '12-16']);
  assert.match(m.pdn(), /\(1\.\.\. 12-16\)/);
  // Up and down go between the moves played from the same position.
  m.sibling(-1);
  assert.equal(m.currentNode.text, '10-14');
  m.sibling(1);
  assert.equal(m.currentNode.id, id);
  // Promoted, the variation becomes the game; deleted, it is gone and the board goes back.
  assert.equal(m.promote(id), true);
  assert.equal(m.node(id).mainline, true);
  assert.deepEqual(m.mainline().map((n) => n.text), ['22-18', '12-16']);
  m.delete(id);
  assert.equal(m.node(id), undefined);
  assert.equal(m.currentNode.text, '22-18');
  m.free();
});

test('an illegal move is refused with the reason and changes nothing', () => {
  const m = model();
  const before = m.pdn();
  assert.throws(() => m.play('22-17'), /./);
  assert.equal(m.pdn(), before);
  assert.equal(m.current, m.root.id);
  m.free();
});

test('first, last and the main line; a line of moves is played at once', () => {
  const m = model('1. 22-18 10-14 2. 21-17 14x21 *');
  m.last();
  assert.equal(m.currentNode.ply, 4);
  m.first();
  assert.equal(m.current, m.root.id);
  m.playLine(['21-17', '10-13']);
  assert.deepEqual(m.movesTo(), ['21-17', '10-13']);
  assert.equal(m.mainlineAt(2).text, '10-14');
  m.free();
});

test('chances: level is one half, a man up about 0.73, known results are certain', () => {
  assert.equal(chances(0), 0.5);
  assert.ok(Math.abs(chances(100) - 0.731) < 0.001);
  assert.ok(chances(-100) < 0.27);
  assert.equal(chances(40, { win: true, moves: 3 }), 1);
  assert.equal(chances(40, { win: false, moves: null }), 0);
  assert.equal(chances(null), 0.5);
});

test('the thresholds: the edges of each judgement', () => {
  assert.equal(judge(THRESHOLDS.inaccuracy - 0.001), null);
  assert.equal(judge(THRESHOLDS.inaccuracy), 'inaccuracy');
  assert.equal(judge(THRESHOLDS.mistake), 'mistake');
  assert.equal(judge(THRESHOLDS.blunder), 'blunder');
  assert.equal(judge(1), 'blunder');
});

test("each move is judged by its mover's loss; the engine's move and a forced one never are", () => {
  const p = (score, best, known = null) => ({ score, known, best, pv: best ? [best] : [] });
  const positions = [p(0, '22-18'), p(0, '10-14'), p(250, '18-14'), p(250, 'x'), p(-30, 'y'), p(-30, null, { win: false, moves: 5 })];
  const moves = ['22-18', '12-16', '18-14', 'a', 'b'];
  const r = judgeMoves(positions, moves, 'white', [false, false, false, false, true]);
  assert.equal(r.length, 5);
  assert.equal(r[0].judgement, null); // the engine's move
  assert.equal(r[1].mover, 'black');
  assert.equal(r[1].judgement, 'blunder'); // 0 to +2.50 for White: Black gave two men
  assert.equal(r[1].best, '10-14');
  assert.equal(r[2].judgement, null); // the engine's own move again
  assert.equal(r[3].mover, 'black');
  assert.equal(r[3].judgement, null); // Black's move lost nothing (+2.50 to -0.30 is a gain)
  assert.equal(r[4].judgement, null); // forced: never judged, though it walks into a loss
  const c = counts(r);
  assert.deepEqual(c.black, { inaccuracy: 0, mistake: 0, blunder: 1 });
  assert.deepEqual(c.white, { inaccuracy: 0, mistake: 0, blunder: 0 });
  // Positions not reviewed yet are left out.
  assert.equal(judgeMoves([p(0, 'a')], ['a', 'b'], 'white').length, 0);
});

test('evaluations and notes survive a round trip through a comment', () => {
  assert.equal(evalTag(35, null), '0.35');
  assert.equal(evalTag(-120, null), '-1.20');
  assert.equal(evalTag(0, { win: true, moves: 7 }), '#7');
  assert.equal(evalTag(0, { win: false, moves: null }), '#-');
  assert.deepEqual(readEval('[%eval -1.20] Mistake. Best: 22-18.'), { score: -120, known: null });
  assert.deepEqual(readEval('[%eval #-4]'), { score: -1, known: { win: false, moves: 4 } });
  assert.deepEqual(readEval('[%eval #]'), { score: 1, known: { win: true, moves: null } });
  assert.equal(readEval('a plain comment'), null);
  assert.equal(readEval('[%eval 1e9]'), null);
  const review = { ply: 3, mover: 'white', move: 'a', loss: 0.4, judgement: 'blunder', best: '22-18', pv: [] };
  const c1 = reviewComment('Played fast.', '-2.10', review);
  assert.equal(c1, '[%eval -2.10] Blunder. Best: 22-18. Played fast.');
  // A second review replaces the first one's note and keeps the player's words.
  assert.equal(reviewComment(c1, '0.10', undefined), '[%eval 0.10] Played fast.');
  assert.equal(reviewComment(null, '0.00', undefined), '[%eval 0.00]');
});

test('a review written into the tree reads back the same, with its NAGs, notes and better lines', async () => {
  const { writeReview, readReview, forcedMoves } = await import('../../www/analysis/annotate.js');
  const m = model('1. 22-18 10-14 2. 21-17 14x21 *');
  m.setComment(m.mainlineAt(3).id, 'My own words.');
  const p = (score, best, pv = [best]) => ({ score, known: null, best, pv });
  // Black's 10-14 gives a man: the engine preferred 12-16.
  const positions = [p(0, '22-18'), p(5, '12-16', ['12-16', '24-20']), p(250, '25x18'), p(240, '14x21'), p(-10, '25x18')];
  const line = ['22-18', '10-14', '21-17', '14x21'];
  const forced = forcedMoves(m);
  assert.deepEqual(forced, [false, false, false, true, true]);
  const moves = judgeMoves(positions, line, 'white', forced);
  m.last();
  const shown = m.current;
  writeReview(m, positions, moves);
  assert.equal(m.current, shown, 'the move shown stays');
  const pdn = m.pdn();
  assert.match(pdn, /10-14 \$4\s+\{\[%eval 2\.50\] Blunder\. Best: 12-16\.\}/);
  assert.match(pdn, /\(1\.\.\. 12-16\s+2\. 24-20\)/, 'the better line as a variation');
  assert.match(pdn, /\[%eval 2\.40\] My own words\./, "the player's comment kept");
  // 21-17 lets White's score fall from 2.50 to 2.40: nothing to mark.
  const back = readReview(m);
  assert.deepEqual(back.line, line);
  assert.deepEqual(back.moves.map((x) => x.judgement), moves.map((x) => x.judgement));
  assert.equal(back.moves[1].best, '12-16');
  // Written twice, the notes are replaced, not repeated.
  writeReview(m, positions, moves);
  assert.equal((m.pdn().match(/Blunder/g) ?? []).length, 1);
  assert.equal((m.pdn().match(/My own words/g) ?? []).length, 1);
  m.free();
  // A game without evaluations on every move has no review to read.
  const plain = model('1. 22-18 {[%eval 0.10]} 10-14 *');
  assert.equal(readReview(plain), null);
  plain.free();
});

test('learning from mistakes: the better move is right, the game move wrong, another is judged', async () => {
  const { Lessons, lessonsFor } = await import('../../www/analysis/learn.js');
  const moves = [
    { ply: 2, mover: 'black', move: '10-14', loss: 0.4, judgement: 'blunder', best: '12-16', pv: ['12-16'] },
    { ply: 3, mover: 'white', move: '21-17', loss: 0.25, judgement: 'mistake', best: '23-19', pv: ['23-19'] },
    { ply: 4, mover: 'black', move: '14x21', loss: 0.12, judgement: 'inaccuracy', best: '9-13', pv: ['9-13'] },
  ];
  assert.deepEqual(lessonsFor(moves, 'black').map((m) => m.ply), [2], 'mistakes and blunders only');
  const l = new Lessons(lessonsFor(moves, 'white'));
  assert.equal(l.try('21-17'), 'wrong');
  assert.equal(l.state, 'try');
  assert.equal(l.try('24-20'), 'check');
  assert.equal(l.try('23-19'), null, 'no second try while one is judged');
  assert.equal(l.judged(0.3), false);
  assert.equal(l.state, 'try');
  assert.equal(l.try('24-20'), 'check');
  assert.equal(l.judged(THRESHOLDS.inaccuracy - 0.01), true);
  assert.equal(l.state, 'good');
  assert.equal(l.last, true);
  assert.equal(l.next(), false);
  const k = new Lessons(lessonsFor(moves, 'white'));
  assert.equal(k.try('23-19'), 'good');
  k.show();
  assert.equal(k.try('23-19'), null);
});
