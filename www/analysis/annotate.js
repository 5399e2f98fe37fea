// @ts-check
// A review kept in the game itself, as PDN says it: each position's evaluation as
// `[%eval 0.35]` in the comment of the move that led to it (the game comment for the start),
// each inaccuracy, mistake and blunder as its NAG with "Best: <move>." in the comment, and the
// better line as a variation. Written when a review ends; read back when a game is opened, so
// that a saved or exported game shows its review again without searching. No DOM.

import { judgeMoves, evalTag, readEval, reviewComment, sideOf, NAGS } from './review.js';

/** @import { AnalysisModel } from './model.js' */
/** @import { Reviewed, MoveReview } from './review.js' */

/** The moves of a better line kept as a variation. */
const LINE_MOVES = 8;

/**
 * Whether each main-line position (0: the start) has a single legal move.
 * @param {AnalysisModel} model
 */
export function forcedMoves(model) {
  return [model.root, ...model.mainline()].map((n) => {
    const g = new model.wasm.GameRecord('analysis', model.variant, n.fen);
    try {
      return g.legalMoves().length === 1;
    } finally {
      g.free();
    }
  });
}

/**
 * How the game stands after `ply` main-line moves: who won, 'draw', or null if it goes on.
 * @param {AnalysisModel} model
 * @param {number} ply
 * @returns {'white' | 'black' | 'draw' | null}
 */
export function resultAt(model, ply) {
  const n = model.mainlineAt(ply);
  if (!n) return null;
  const g = model.gameAt(n.id);
  try {
    const r = g.result();
    return r ? r.winner ?? 'draw' : null;
  } finally {
    g.free();
  }
}

/**
 * Writes a review of the main line into the tree (the node shown stays shown).
 * @param {AnalysisModel} model
 * @param {(Reviewed | undefined)[]} positions by ply, 0 the start
 * @param {MoveReview[]} moves
 */
export function writeReview(model, positions, moves) {
  const main = [model.root, ...model.mainline()];
  const shown = model.current;
  const ours = /** @type {number[]} */ (Object.values(NAGS));
  main.forEach((n, ply) => {
    const p = positions[ply];
    if (!p || p.score === null) return;
    const m = ply > 0 ? moves.find((x) => x.ply === ply) : undefined;
    model.record.setComment(n.id, reviewComment(n.comment, evalTag(p.score, p.known ?? null), m));
    if (ply > 0) {
      // An earlier review's mark is replaced; the annotator's own NAGs are kept.
      const others = n.nags.filter((x) => !ours.includes(x));
      model.record.setNags(n.id, m?.judgement ? [NAGS[m.judgement], ...others].slice(0, 8) : others);
    }
  });
  for (const m of moves) {
    if ((m.judgement !== 'mistake' && m.judgement !== 'blunder') || !m.pv.length) continue;
    try {
      model.addLine(main[m.ply - 1].id, m.pv.slice(0, LINE_MOVES));
    } catch {
      // A line the record refuses (nested too deep) is left out: the comment names the move.
    }
  }
  model.refresh();
  model.goto(shown);
}

/**
 * The review a game's comments hold, if every position of its main line has an evaluation
 * (but a last position where the game is over), else null.
 * @param {AnalysisModel} model
 * @returns {{line: string[], positions: Reviewed[], forced: boolean[], moves: MoveReview[]} | null}
 */
export function readReview(model) {
  const main = [model.root, ...model.mainline()];
  if (main.length < 2) return null;
  /** @type {Reviewed[]} */
  const positions = [];
  for (const [ply, n] of main.entries()) {
    const e = readEval(n.comment);
    if (e) {
      // The better move is named on the move that missed it: it belongs to the position before.
      const best = main[ply + 1]?.comment?.match(/ Best: ([^ ]+)\./)?.[1] ?? null;
      positions.push({ score: e.score, known: e.known, best, pv: best ? [best] : [] });
    } else {
      // Only where the game is over may a position have no evaluation: the last.
      const over = ply === main.length - 1 ? resultAt(model, ply) : null;
      if (!over) return null;
      positions.push({ score: null, over, best: null, pv: [] });
    }
  }
  const line = main.slice(1).map((n) => n.text);
  const forced = forcedMoves(model);
  return { line, positions, forced, moves: judgeMoves(positions, line, sideOf(model.root.fen), forced) };
}
