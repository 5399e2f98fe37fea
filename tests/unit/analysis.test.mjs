// The analysis board's model (moves into a tree of variations) and the review's judgement,
// tested in Node with the real wasm core: no browser, no DOM.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { AnalysisModel } from '../../www/analysis/model.js';
import { chances, judge, judgeMoves, counts, evalTag, readEval, reviewComment, THRESHOLDS, MATERIAL } from '../../www/analysis/review.js';
import { humanText, withHumanText } from '../../www/analysis/comment.js';
import { annotation } from '../../www/game/nags.js';

const wasm = await loadCore();
const model = (pdn) => new AnalysisModel(wasm, pdn ? wasm.PdnFile.parse(pdn, 'italian').record(0, 'analysis') : new wasm.GameRecord('analysis', 'italian'));

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
  const judged = (judgement) => ({ ply: 3, mover: 'white', move: '24-20', loss: 0, judgement, best: '23-19', pv: [], change: null });
  assert.equal(l.judged(judged('mistake')), false);
  assert.equal(l.state, 'try');
  assert.equal(l.try('24-20'), 'check');
  assert.equal(l.judged(null), false, 'a try the engine could not judge is not accepted');
  assert.equal(l.try('24-20'), 'check');
  assert.equal(l.judged(judged(null)), true);
  assert.equal(l.state, 'good');
  assert.equal(l.last, true);
  assert.equal(l.next(), false);
  const k = new Lessons(lessonsFor(moves, 'white'));
  assert.equal(k.try('23-19'), 'good');
  k.show();
  assert.equal(k.try('23-19'), null);
});

// The review's second criterion: where one side is far ahead the winning chances hardly move,
// so what is given away is judged on the material scale too (hundredths of a man).
const at = (score, best = 'x', extra = {}) => ({ score, known: null, best, pv: [best], ...extra });
/** White's one move from `before` to `after` (White's scores), judged. */
const whiteMove = (before, after) => judgeMoves([before, after], ['a'], 'white')[0];

test('a side already lost that gives a man and a king more away is marked, though its chances hardly move', () => {
  const m = whiteMove(at(-460), at(-840));
  assert.ok(m.loss < THRESHOLDS.inaccuracy, `the curve alone would not mark it: ${m.loss}`);
  assert.equal(m.judgement, 'blunder');
  // The side far ahead that gives the same back is marked the same way.
  assert.equal(whiteMove(at(840), at(460)).judgement, 'blunder');
  // Black's move, scores for White: Black at -4.6 for itself falls to -8.4.
  const b = judgeMoves([at(0), at(460), at(840)], ['a', 'b'], 'white')[1];
  assert.equal(b.mover, 'black');
  assert.equal(b.judgement, 'blunder');
});

test('the material thresholds: about two men a mistake, three a blunder, at their edges', () => {
  assert.deepEqual({ ...MATERIAL }, { mistake: 180, blunder: 280 });
  assert.equal(whiteMove(at(-400), at(-579)).judgement, null);
  assert.equal(whiteMove(at(-400), at(-580)).judgement, 'mistake');
  assert.equal(whiteMove(at(-400), at(-679)).judgement, 'mistake');
  assert.equal(whiteMove(at(-400), at(-680)).judgement, 'blunder');
  assert.equal(whiteMove(at(700), at(520)).judgement, 'mistake');
  // A gain is no loss, and near level the curve judges harder than the material would.
  assert.equal(whiteMove(at(-840), at(-460)).judgement, null);
  assert.equal(whiteMove(at(100), at(-40)).judgement, 'blunder');
  // The engine's own move and a forced one are never marked, whatever they cost.
  assert.equal(whiteMove(at(-460, 'a'), at(-840)).judgement, null);
  assert.equal(judgeMoves([at(-460), at(-840)], ['a'], 'white', [true])[0].judgement, null);
});

test('once the result is known the material scale says nothing: only a change of the result is marked', () => {
  const lost = { win: false, moves: 12 };
  const won = { win: true, moves: 9 };
  // Walking from -4.6 into a counted loss: the curve only (the count may be the search's horizon).
  assert.equal(whiteMove(at(-460), at(-1, 'x', { known: lost })).judgement, null);
  // A counted win given up for +5 open: still winning, not marked.
  assert.equal(whiteMove(at(1, 'x', { known: won }), at(500)).judgement, null);
  // A counted win given up for a draw (the game ends drawn), or for a counted loss: blunders that say so.
  const draw = whiteMove(at(1, 'x', { known: won }), { score: null, over: 'draw', best: null, pv: [] });
  assert.equal(draw.judgement, 'blunder');
  assert.equal(draw.change, 'winToDraw');
  const loss = whiteMove(at(1, 'x', { known: won }), at(-1, 'x', { known: lost }));
  assert.equal(loss.judgement, 'blunder');
  assert.equal(loss.change, 'winToLoss');
  // A known draw (today only a game over) turned into a known loss.
  const drawn = whiteMove({ score: null, over: 'draw', best: 'x', pv: [] }, at(-1, 'x', { known: lost }));
  assert.equal(drawn.judgement, 'blunder');
  assert.equal(drawn.change, 'drawToLoss');
  // Black throws away its counted win (scores for White): the result's change is Black's.
  const b = judgeMoves([at(0), at(-1, 'x', { known: { win: false, moves: 5 } }), { score: null, over: 'draw', best: null, pv: [] }], ['a', 'b'], 'white')[1];
  assert.equal(b.change, 'winToDraw');
  assert.equal(whiteMove(at(300), at(200)).change, null);
});

test("the review's note says how the result changed, and a later review replaces it", () => {
  const m = { ply: 3, mover: 'white', move: 'a', loss: 0.5, judgement: 'blunder', best: '22-18', pv: [], change: 'winToDraw' };
  const c = reviewComment('Time trouble.', '0.00', m);
  assert.equal(c, '[%eval 0.00] Blunder. Throws away the win. Best: 22-18. Time trouble.');
  assert.equal(reviewComment(c, '#5', undefined), '[%eval #5] Time trouble.');
  assert.equal(reviewComment(null, '-3.00', { ...m, change: 'winToLoss' }), '[%eval -3.00] Blunder. Turns the win into a loss. Best: 22-18.');
  assert.equal(reviewComment(null, '-3.00', { ...m, change: 'drawToLoss' }), '[%eval -3.00] Blunder. Turns the draw into a loss. Best: 22-18.');
  assert.equal(humanText(c), 'Time trouble.');
});

test("the comment a player edits is the comment without the program's commands and notes, which stay", () => {
  assert.equal(humanText(null), '');
  assert.equal(humanText('[%eval -0.18]'), '');
  assert.equal(humanText('[%eval -2.40] Blunder. Best: 23-19. Too quick.'), 'Too quick.');
  assert.equal(humanText('A fine [%clk 0:01:00] move.\nThen 9-13.'), 'A fine move.\nThen 9-13.');
  // Words written by a player like the review's are the player's unless they follow an eval.
  assert.equal(humanText('Blunder. Best: 23-19.'), 'Blunder. Best: 23-19.');
  // Edited text is joined again with what the program wrote, which is never lost.
  assert.equal(withHumanText('[%eval -0.18]', 'Nice.'), '[%eval -0.18] Nice.');
  assert.equal(withHumanText('[%eval -2.40] Blunder. Best: 23-19. Too quick.', ' Played too quickly. '), '[%eval -2.40] Blunder. Best: 23-19. Played too quickly.');
  assert.equal(withHumanText('[%eval -2.40] Blunder. Best: 23-19. Too quick.', ''), '[%eval -2.40] Blunder. Best: 23-19.');
  assert.equal(withHumanText('A fine [%clk 0:01:00] move.', 'A good move.'), '[%clk 0:01:00] A good move.');
  assert.equal(withHumanText(null, 'Mine.'), 'Mine.');
  assert.equal(withHumanText('Old words.', '  '), null);
  assert.equal(withHumanText(null, ''), null);
  // Through the tree and PDN and back, both parts survive.
  const m = model('1. 22-18 {[%eval 0.05]} 10-14 $4 {[%eval 2.40] Blunder. Best: 12-16.} *');
  const id = m.mainlineAt(2).id;
  m.setComment(id, withHumanText(m.node(id).comment, 'Too quick.'));
  const back = model(m.pdn());
  const c = back.mainlineAt(2).comment;
  assert.equal(c, '[%eval 2.40] Blunder. Best: 12-16. Too quick.');
  assert.deepEqual(readEval(c), { score: 240, known: null });
  assert.equal(humanText(c), 'Too quick.');
  assert.deepEqual(back.mainlineAt(2).nags, [4]);
  m.free();
  back.free();
});

test("NAGs read as the players' symbols, with what they mean; unknown ones as they are written", () => {
  // What follows the move: a judgement of the move right after it, any other mark after a space.
  const texts = (nags, glyph = '') => annotation(nags, glyph).text;
  assert.equal(texts([1]), '!');
  assert.equal(texts([2]), '?');
  assert.equal(texts([3]), '!!');
  assert.equal(texts([4]), '??');
  assert.equal(texts([5]), '!?');
  assert.equal(texts([6]), '?!');
  assert.equal(texts([4, 16]), '?? ±');
  assert.equal(texts([16]), ' ±');
  assert.equal(texts([14, 15, 18, 19, 10, 13, 7]), ' ⩲ ⩱ +− −+ = ∞ □');
  assert.equal(texts([]), '');
  // A glyph written after the move ("22-18?") and the same NAG are one mark; "$0" is no mark.
  assert.equal(texts([2], '?'), '?');
  assert.equal(texts([0]), '');
  assert.equal(texts([1], '?'), '? !');
  // A NAG with no symbol keeps its code.
  assert.equal(texts([146]), ' $146');
  assert.deepEqual(annotation([4, 16]).titles, [{ key: 'an_blunder' }, { key: 'nagBetter', side: 'white' }]);
  assert.deepEqual(annotation([], '!?').titles, [{ key: 'nagInteresting' }]);
  assert.deepEqual(annotation([146]).titles, []);
});

test("a move's place as a link says it: the main line's ply and a variation's moves from there, found again in the game read back", () => {
  const m = model('1. 22-18 10-14 2. 21-17 14x21 *');
  assert.deepEqual(m.placeOf(), { ply: 0, line: [] });
  m.goto(m.mainlineAt(3).id);
  assert.deepEqual(m.placeOf(), { ply: 3, line: [] });
  // A variation two moves deep, from the main line's 2nd move.
  const legal = () => {
    const g = m.gameAt();
    const out = g.legalMoves().map((x) => x.text);
    g.free();
    return out;
  };
  m.goto(m.mainlineAt(2).id);
  const first = legal().find((x) => x !== '21-17');
  m.play(first);
  const reply = legal()[0];
  const id = m.play(reply);
  assert.deepEqual(m.placeOf(id), { ply: 2, line: [first, reply] });
  // The same game read from its PDN (other ids): the same move.
  const again = model(m.pdn());
  const n = again.nodeAt(2, [first, reply]);
  assert.ok(n);
  assert.deepEqual(again.movesTo(n.id), ['22-18', '10-14', first, reply]);
  assert.equal(again.nodeAt(2, [first, '1-5']), undefined, 'a move the game does not have');
  assert.equal(again.nodeAt(4).id, again.mainlineAt(4).id);
});
