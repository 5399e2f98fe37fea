// @ts-check
// The puzzle shown, as the player solves it: a puzzle opened (by id or picked near the
// player's rating), the player's moves (a right one stays and the opponent's reply follows by
// itself after a pause, a wrong one is taken back), the hints, the solution played out, a
// retry, and the core's reason for a move that is not legal. The session itself, with no DOM:
// trainer.js.

import { t } from '../shared/i18n.js';
import { colorName, refusalText } from '../game/texts.js';
import { page, setStatus, later, cancelPending } from './page.js';
import { render, syncBoard, task, signed } from './view.js';

/** @import { Move } from '../shared/wasm-types.js' */
/** @import { Puzzle } from './trainer.js' */

// Long enough to see one's own move land before the answer comes, short enough not to wait.
const REPLY_DELAY_MS = 600;
// A wrong move stays on the board this long before it slides back.
const TAKE_BACK_MS = 450;
const SOLUTION_STEP_MS = 800;

/**
 * Opens a puzzle (by id or as picked) on the board.
 * @param {Puzzle} puzzle
 * @param {() => string} [note] said before the task (a replay, an unknown id)
 * @param {boolean} [fallback] a broken puzzle may be replaced by another (once, not in a loop)
 */
export function open(puzzle, note, fallback = true) {
  const { trainer, board } = page;
  if (!trainer || !board) return;
  cancelPending();
  let a;
  try {
    a = trainer.open(puzzle);
  } catch (err) {
    // A broken puzzle in the file: say so, and offer another rather than nothing.
    console.warn(err);
    const other = fallback ? trainer.pick(trainer.stats.theme) : null;
    if (other && other.puzzle !== puzzle) return open(other.puzzle, () => t('pzBroken', { id: puzzle.id }), false);
    setStatus(() => t('pzBroken', { id: puzzle.id }));
    return render();
  }
  page.lastMove = null;
  board.cancel();
  board.set({ orientation: a.solver, hint: null, selected: 0 });
  board.setPieces(a.board(), { animate: false });
  syncBoard();
  if (location.hash !== `#${puzzle.id}`) history.replaceState(null, '', `#${encodeURIComponent(puzzle.id)}`);
  setStatus(() => (note ? note() + ' ' : '') + task(a) + '.');
  render();
}

/** The next puzzle near the player's rating, of the theme chosen. */
export function next() {
  const { trainer } = page;
  if (!trainer) return;
  const p = trainer.pick(trainer.stats.theme);
  if (p) open(p.puzzle, p.replay ? () => t('pzAllSolved') : undefined);
}

/** The board reports a move the player made (one of the legal moves it was given). @param {Move} move */
export function onMove(move) {
  const { trainer, board } = page;
  if (!trainer?.attempt || !board) return;
  const a = trainer.attempt;
  const first = !trainer.outcome;
  const r = trainer.play(move.text);
  if (r.kind === 'correct') {
    page.lastMove = r.move;
    if (r.done) return finished();
    page.busy = true;
    setStatus(() => t('pzGoodMove'));
    syncBoard();
    render();
    later(reply, REPLY_DELAY_MS);
    return;
  }
  // Refused: the board shows the move a moment, then the position again.
  const text = r.text;
  page.busy = true;
  // Nothing to play meanwhile (the wrong move stays highlighted until it goes back).
  board.set({ movable: { color: null, moves: [] } });
  // The first mistake is the one that costs the puzzle: say so once.
  const lost = first && trainer.outcome === 'lost';
  setStatus(() => t('pzWrong', { move: text }) + (lost ? ' ' + t('pzCountsFailed') : ''), 'wrong');
  render();
  later(() => {
    page.busy = false;
    page.board?.setPieces(a.board());
    syncBoard();
    render();
  }, TAKE_BACK_MS);
}

/** The opponent's reply, on the board and in words. */
function reply() {
  const { trainer, board } = page;
  if (!trainer?.attempt || !board) return;
  const a = trainer.attempt;
  const m = trainer.reply();
  page.busy = false;
  if (!m) return render();
  page.lastMove = m;
  board.playMove(m, a.board());
  const by = a.opponent;
  setStatus(() => t('pzReplied', { color: colorName(by), move: m.text }) + ' ' + t('pzYourMove'));
  syncBoard();
  render();
}

/** The line was played to its end by the player. */
function finished() {
  const tr = page.trainer;
  if (!tr) return;
  syncBoard();
  /** @type {() => string} */
  let words;
  if (tr.outcome === 'won' && tr.counted) words = () => `${t('pzSolved')} ${t('pzRatingNow', { rating: tr.stats.rating, delta: signed(tr.ratingDelta) })}`;
  // Solved, but not at the first try: one sentence says both.
  else if (tr.outcome === 'lost') words = () => t('pzSolvedFailed');
  else words = () => `${t('pzSolved')} ${t('pzPractice')}`;
  setStatus(words, 'solved');
  render();
}

/** The piece to move, then the move. */
export function hint() {
  const { trainer, board } = page;
  if (!trainer?.attempt || !board || page.busy) return;
  const first = !trainer.outcome;
  const h = trainer.hint();
  if (!h) return;
  if (h.level === 1) {
    board.set({ selected: h.move.from, hint: null });
    setStatus(() => t('pzHintPiece', { square: h.move.from }));
  } else {
    board.set({ selected: 0, hint: h.move });
    const lost = first && trainer.outcome === 'lost';
    setStatus(() => t('pzHintMove', { move: h.move.text }) + (lost ? ' ' + t('pzCountsFailed') : ''));
  }
  render();
}

/** Plays the rest of the line, one move at a time, and names it. */
export function showSolution() {
  const { trainer, board } = page;
  if (!trainer?.attempt || !board) return;
  const a = trainer.attempt;
  cancelPending();
  if (a.done) return;
  trainer.reveal();
  board.set({ hint: null, selected: 0 });
  board.cancel();
  // A wrong move being taken back: back to the position first.
  board.setPieces(a.board(), { animate: false });
  page.busy = true;
  const line = a.line.join(' ');
  setStatus(() => t('pzShowingSolution', { line }));
  syncBoard();
  render();
  const step = () => {
    const m = page.trainer?.advance();
    if (!m || !page.board) return;
    page.lastMove = m;
    page.board.playMove(m, a.board());
    if (a.done) {
      page.busy = false;
      setStatus(() => t('pzSolutionWas', { line }));
      syncBoard();
      render();
    } else {
      later(step, SOLUTION_STEP_MS);
    }
  };
  later(step, 250);
}

/** Back to the puzzle's position. */
export function retry() {
  const { trainer, board } = page;
  if (!trainer?.attempt || !board) return;
  cancelPending();
  trainer.retry();
  const a = trainer.attempt;
  page.lastMove = null;
  board.cancel();
  board.set({ hint: null, selected: 0 });
  board.setPieces(a.board());
  syncBoard();
  setStatus(() => task(a) + '.');
  render();
}

/** The player asked for a move that is not legal: the core's reason, in words. */
export function onIllegal(/** @type {number} */ from, /** @type {number} */ to) {
  if (page.busy) return;
  const why = page.trainer?.attempt?.game.whyIllegal(from, to);
  setStatus(() => refusalText(why));
}
