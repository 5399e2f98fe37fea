// @ts-check
// The puzzles page's panels, drawn from its state: the puzzle's title, id, rating and themes,
// the theme filter, the player's record, the buttons (and the links once the line is played
// out), the status line, and the board's moves on offer.

import { t, hasText } from '../shared/i18n.js';
import { colorName } from '../game/texts.js';
import { ui, page, statusText } from './page.js';

/** @import { Attempt, Trainer } from './trainer.js' */

/** A theme's name in the page's language; a theme the tables do not know shows as written. */
function themeName(/** @type {string} */ theme) {
  const key = 'pzTheme' + theme.replace(/(^|[-_\s]+)(\w)/g, (_, _sep, c) => c.toUpperCase());
  return hasText(key) ? t(key) : theme;
}

/** "+12", "−8", "±0". */
export const signed = (/** @type {number} */ n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

/**
 * The puzzle's title: the side to play and what the line wins ("White to play and win a
 * piece").
 * @param {Attempt} a
 */
export function task(a) {
  const color = colorName(a.solver);
  const goal = a.goal;
  if (goal.kind === 'win') return t('pzTitleWin', { color });
  if (goal.kind === 'pieces') return t('pzTitlePieces', { color, n: goal.n });
  if (goal.kind === 'crown') return t('pzTitleCrown', { color });
  return t('pzTitleMaterial', { color });
}

export function render() {
  renderInfo();
  renderStats();
  renderButtons();
  ui.status.textContent = statusText();
}

function renderInfo() {
  const { trainer } = page;
  const a = trainer?.attempt;
  // What the puzzle is, as a title; the id, which players share, under it.
  ui.title.textContent = a ? task(a) : '';
  ui.id.textContent = a ? t('pzPuzzleTitle', { id: a.puzzle.id }) : '';
  ui.rating.textContent = a ? t('pzPuzzleRating', { rating: a.puzzle.rating }) : '';
  ui.themes.replaceChildren(
    ...(a?.puzzle.themes ?? []).map((th) => {
      const li = document.createElement('li');
      li.textContent = themeName(th);
      return li;
    }),
  );
  if (!trainer) return;
  const chosen = trainer.stats.theme ?? '';
  const options = [['', t('pzAllThemes')], ...trainer.themes().map((th) => [th, themeName(th)])];
  ui.theme.replaceChildren(
    ...options.map(([value, label]) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = label;
      return o;
    }),
  );
  ui.theme.value = options.some(([v]) => v === chosen) ? chosen : '';
}

function renderStats() {
  const { trainer } = page;
  if (!trainer) return;
  const s = trainer.stats;
  const delta = trainer.counted ? ` (${signed(trainer.ratingDelta)})` : '';
  ui.myRating.textContent = `${s.rating}${delta}`;
  // Numbers only, the same in every language.
  ui.score.textContent = s.tried ? `${s.solved}/${s.tried} (${Math.round((100 * s.solved) / s.tried)}%)` : '0/0';
  ui.streak.textContent = String(s.streak);
  ui.best.textContent = String(s.best);
  ui.notKept.hidden = !page.notKept;
}

function renderButtons() {
  const { trainer, busy } = page;
  const a = trainer?.attempt;
  ui.hint.disabled = !a || busy || !a.solverToMove;
  ui.solution.disabled = !a || busy || a.done;
  ui.retry.disabled = !a || busy || a.index === 0;
  ui.next.disabled = !trainer;
  // Once the line is played out, the puzzle and its solution on the analysis board.
  ui.analyse.hidden = !a?.done;
  // And a link to the puzzle itself (its id in the fragment), for a friend to solve.
  ui.link.hidden = !a?.done;
  if (!a?.done) ui.linkSaid.textContent = '';
  if (a?.done && trainer) ui.analyse.href = `analysis.html#${new URLSearchParams({ variant: trainer.variant, pdn: solutionPdn(trainer, a.puzzle) })}`;
}

/**
 * A puzzle and its solution line as PDN, written by the core.
 * @param {Trainer} tr
 * @param {{fen: string, line: string[]}} puzzle
 */
function solutionPdn(tr, puzzle) {
  const record = new tr.wasm.GameRecord('analysis', tr.variant, puzzle.fen);
  try {
    for (const m of puzzle.line) record.play(m);
    return record.toPdn();
  } finally {
    record.free();
  }
}

/** The board: the puzzle's position, and the solver's legal moves when it is theirs to play. */
export function syncBoard() {
  const { trainer, board, busy, lastMove } = page;
  const a = trainer?.attempt;
  if (!board || !a) return;
  const live = !busy && a.solverToMove;
  board.set({ lastMove, movable: { color: live ? a.solver : null, moves: live ? a.legalMoves() : [] } });
}
