// @ts-check
// The game review's judgement, with no DOM: how much each move lost, and whether that makes
// it an inaccuracy, a mistake or a blunder. Pure functions of the engine's scores, so that
// Node tests check them and the page, the graph and the PDN all say the same.
//
// A score is turned into the mover's chances, from 0 (lost) to 1 (won): known wins and losses
// (the search's counted wins, the endgame tables) are 1 and 0, other scores (in hundredths of
// a man) follow a logistic curve, so one man up is about 0.73 and two about 0.88. A move's
// loss is the fall in its mover's chances from the position before it (the engine's best) to
// the position after it. The thresholds:
//   inaccuracy  a loss of at least 0.10 (a positional slip: about half a man from level)
//   mistake     at least 0.20 (about a man given away from level)
//   blunder     at least 0.30 (about two men, or a win or a draw thrown away)
// Where one side is already far ahead the curve is flat (from -4.6 to -8.4 the chances fall by
// 0.01), so a side that is lost and gives a man and a king more away would never be marked.
// The material is judged too, on the mover's score itself: a fall of at least
//   about 2 men (180)  a mistake
//   about 3 men (280)  a blunder
// (the networks count the material beyond a three-man lead a man at 100, but their own part
// moves with the position: two men given away in a test game fell 183 to 267 from depth 10 to
// 18, below the whole 200 at some).
// and the move gets the worse of the two judgements. Near level the curve is the harder judge
// (two men given from level fall 0.46), so in practice this marks only moves where one side is
// already about three men ahead. It applies while the result is open: where the search counted
// a win or the tables know one, or the game is over, scores are not material. There a move is
// judged by the curve (a count found after one move and not before is often the search's
// horizon), except that a move that changes a known result is a blunder that says so: a known
// win turned into a draw or a loss, a known draw into a known loss (a known draw is a game
// drawn: the engine knows no drawn table positions).
// The engine's own choice is never marked (a short search may score its own move a little
// lower from the next position), and neither is a position with a single legal move.

/** @typedef {'inaccuracy' | 'mistake' | 'blunder'} Judgement */
/** How a move changed a known result. @typedef {'winToDraw' | 'winToLoss' | 'drawToLoss'} ResultChange */
/** A known win or loss (for White): the core's scoreResult. @typedef {{win: boolean, moves: number | null}} Known */
/**
 * A position of the game as reviewed: its score for White and the known result it stands for
 * (null where the game is over: then `over` says who won), the engine's best move and line.
 * @typedef {{score: number | null, known?: Known | null, over?: 'white' | 'black' | 'draw' | null,
 *   best: string | null, pv: string[]}} Reviewed
 */
/**
 * One move of the game, judged: `loss` is the fall in its mover's chances, `change` how it
 * changed a known result.
 * @typedef {{ply: number, mover: 'white' | 'black', move: string, loss: number,
 *   judgement: Judgement | null, best: string | null, pv: string[], change: ResultChange | null}} MoveReview
 */

/** The least loss of each judgement, in the mover's chances (0-1). */
export const THRESHOLDS = Object.freeze({ inaccuracy: 0.1, mistake: 0.2, blunder: 0.3 });
/** The least fall of the mover's score (hundredths of a man) of each judgement on the material scale. */
export const MATERIAL = Object.freeze({ mistake: 180, blunder: 280 });
/** Each judgement's rank, to take the worse of two. */
const RANK = { inaccuracy: 1, mistake: 2, blunder: 3 };
/** Hundredths of a man for which the chances are e^1 : 1. */
const SCALE = 100;
/** The NAG each judgement is written with in PDN: $6 ?!, $2 ?, $4 ??. */
export const NAGS = Object.freeze({ inaccuracy: 6, mistake: 2, blunder: 4 });

/**
 * White's chances (0-1) in a position White scores `score` (null: unknown, taken as level),
 * `known` the win or loss it stands for, if any.
 * @param {number | null} score
 * @param {Known | null} [known]
 */
export function chances(score, known = null) {
  if (known) return known.win ? 1 : 0;
  if (score === null || !Number.isFinite(score)) return 0.5;
  return 1 / (1 + Math.exp(-score / SCALE));
}

/**
 * White's chances at a reviewed position: the result itself where the game is over.
 * @param {Reviewed | undefined} r
 */
export function whiteChances(r) {
  if (!r) return 0.5;
  if (r.over) return r.over === 'white' ? 1 : r.over === 'black' ? 0 : 0.5;
  return chances(r.score, r.known);
}

/**
 * The judgement of a loss of chances, or null for a good move.
 * @param {number} loss
 * @returns {Judgement | null}
 */
export function judge(loss) {
  if (loss >= THRESHOLDS.blunder) return 'blunder';
  if (loss >= THRESHOLDS.mistake) return 'mistake';
  if (loss >= THRESHOLDS.inaccuracy) return 'inaccuracy';
  return null;
}

/**
 * The judgement of a fall of the mover's score on the material scale, or null.
 * @param {number} drop hundredths of a man
 * @returns {Judgement | null}
 */
export function judgeMaterial(drop) {
  if (drop >= MATERIAL.blunder) return 'blunder';
  if (drop >= MATERIAL.mistake) return 'mistake';
  return null;
}

/**
 * The result a reviewed position is known to hold for `side`, or null while it is open.
 * @param {Reviewed} r
 * @param {'white' | 'black'} side
 * @returns {'win' | 'draw' | 'loss' | null}
 */
function knownResult(r, side) {
  if (r.over) return r.over === 'draw' ? 'draw' : r.over === side ? 'win' : 'loss';
  if (r.known) return r.known.win === (side === 'white') ? 'win' : 'loss';
  return null;
}

/** The changes of a known result a move is marked for: [before, after] for the mover. */
const CHANGES = /** @type {Record<string, ResultChange>} */ ({ 'win>draw': 'winToDraw', 'win>loss': 'winToLoss', 'draw>loss': 'drawToLoss' });

/**
 * Every move judged: `positions[k]` is the position after k moves (0: the start), `moves[k]`
 * the move from position k to k+1, `firstMover` the side to move at the start, `forced[k]`
 * whether position k had one legal move. Moves whose positions are not reviewed yet are left
 * out.
 * @param {(Reviewed | undefined)[]} positions
 * @param {string[]} moves
 * @param {'white' | 'black'} firstMover
 * @param {boolean[]} [forced]
 * @returns {MoveReview[]}
 */
export function judgeMoves(positions, moves, firstMover, forced = []) {
  /** @type {MoveReview[]} */
  const out = [];
  for (let k = 0; k < moves.length; k++) {
    const before = positions[k];
    const after = positions[k + 1];
    if (!before || !after) continue;
    const mover = (k % 2 === 0) === (firstMover === 'white') ? 'white' : 'black';
    const sign = mover === 'white' ? 1 : -1;
    const loss = Math.max(0, sign * (whiteChances(before) - whiteChances(after)));
    const engineMove = before.best !== null && before.best === moves[k];
    const was = knownResult(before, mover);
    const is = knownResult(after, mover);
    const change = was && is ? CHANGES[`${was}>${is}`] ?? null : null;
    let judgement = judge(loss);
    if (change) judgement = 'blunder';
    else if (!was && !is && before.score !== null && after.score !== null) {
      const material = judgeMaterial(sign * (before.score - after.score));
      if (material && (!judgement || RANK[material] > RANK[judgement])) judgement = material;
    }
    if (engineMove || forced[k]) judgement = null;
    out.push({ ply: k + 1, mover, move: moves[k], loss, judgement, best: before.best, pv: before.pv, change: judgement ? change : null });
  }
  return out;
}

/**
 * How many of each judgement each side has.
 * @param {MoveReview[]} reviews
 */
export function counts(reviews) {
  const zero = () => ({ inaccuracy: 0, mistake: 0, blunder: 0 });
  const c = { white: zero(), black: zero() };
  for (const r of reviews) if (r.judgement) c[r.mover][r.judgement]++;
  return c;
}

/**
 * A score for White as PDN's `[%eval ...]` writes it: men with two decimals ("0.35",
 * "-1.20"), or "#7" / "#-7" for a win or loss in 7 moves ("#" / "#-" when the tables know it
 * without the count).
 * @param {number} score for White
 * @param {{win: boolean, moves: number | null} | null} known what the score says of the result
 */
export function evalTag(score, known) {
  if (known) return `#${known.win ? '' : '-'}${known.moves ?? ''}`;
  return (score / 100).toFixed(2);
}

/**
 * The score for White an `[%eval ...]` in a comment gives, with the known result it stands
 * for, or null without one.
 * @param {string | null} comment
 * @returns {{score: number, known: Known | null} | null}
 */
export function readEval(comment) {
  const m = comment?.match(/\[%eval (#-?\d*|-?\d{1,3}(?:\.\d{1,2})?)\]/);
  if (!m) return null;
  const v = m[1];
  if (v.startsWith('#')) {
    const count = v.replace(/^#-?/, '');
    const win = !v.startsWith('#-');
    return { score: win ? 1 : -1, known: { win, moves: count ? Number(count) : null } };
  }
  return { score: Math.round(Number(v) * 100), known: null };
}

/** The words a review's note gives each change of a known result (in the PDN, as its notes, in English). */
const CHANGE_NOTES = Object.freeze({ winToDraw: 'Throws away the win.', winToLoss: 'Turns the win into a loss.', drawToLoss: 'Turns the draw into a loss.' });

/**
 * What a review writes at the start of a move's comment, found again to be replaced (and kept
 * out of the words a player edits): the evaluation, then for a marked move its judgement, how
 * it changed the result, and the better move.
 */
export const REVIEW_NOTE =
  /^\[%eval [^\]]*\](?: (?:Inaccuracy|Mistake|Blunder)\.(?: (?:Throws away the win|Turns the win into a loss|Turns the draw into a loss)\.)? Best: [^ ]+\.)?\s*/;

/**
 * A move's comment with the review's note (from this or an earlier review) put in front of
 * what the comment says besides.
 * @param {string | null} comment
 * @param {string} tag the eval, as evalTag writes it
 * @param {MoveReview | undefined} review
 */
export function reviewComment(comment, tag, review) {
  const rest = (comment ?? '').replace(REVIEW_NOTE, '').trim();
  let note = `[%eval ${tag}]`;
  if (review?.judgement && review.best) {
    note += ` ${review.judgement[0].toUpperCase()}${review.judgement.slice(1)}.`;
    if (review.change) note += ` ${CHANGE_NOTES[review.change]}`;
    note += ` Best: ${review.best}.`;
  }
  return rest ? `${note} ${rest}` : note;
}

/**
 * The side to move in a FEN.
 * @param {string} fen
 * @returns {'white' | 'black'}
 */
export const sideOf = (fen) => (fen.trim()[0]?.toUpperCase() === 'B' ? 'black' : 'white');

/**
 * An engine score (for the side to move, `mover`) and the result it stands for, for White.
 * @param {{score: number, known: Known | null}} line
 * @param {'white' | 'black'} mover
 * @returns {{score: number, known: Known | null}}
 */
export function forWhite(line, mover) {
  const white = mover === 'white';
  return { score: white ? line.score : -line.score, known: line.known ? { win: line.known.win === white, moves: line.known.moves } : null };
}
