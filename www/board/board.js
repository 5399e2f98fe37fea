// @ts-check
// What a tap, a drop or a key press means: selecting pieces, trying moves, choosing between
// captures that end on the same square. The board never decides legality itself: a move is
// accepted only if it is one of `movable.moves`, which come from the core.

import { planMove } from './anim.js';
import { squareToRowCol } from './util.js';

/** @import { BoardState, Move } from './types.js' */

/** @param {BoardState} state @param {number} from */
export function movesFrom(state, from) {
  return (state.movable.moves || []).filter((m) => m.from === from);
}

/** @param {BoardState} state @param {number} sq */
export function isOwn(state, sq) {
  if (!sq || state.viewOnly || !state.movable.color) return false;
  const p = state.pieces[sq - 1];
  return state.movable.color === 'white' ? p > 0 : p < 0;
}

// While the other side thinks, the player may queue a move (a premove): the board records its
// two squares and nothing more; whether it is legal is the page's to find out when the turn
// comes (the core decides).
/** @param {BoardState} state */
export function canPremove(state) {
  return !state.viewOnly && !state.editing && !state.movable.color && !!state.premovable.color;
}

/** @param {BoardState} state @param {number} sq a piece that may be queued now */
export function isPremovable(state, sq) {
  if (!sq || !canPremove(state)) return false;
  const p = state.pieces[sq - 1];
  return state.premovable.color === 'white' ? p > 0 : p < 0;
}

/** @param {BoardState} state @param {number} from @param {number} to */
export function setPremove(state, from, to) {
  state.selected = 0;
  if (!to || to === from) return;
  state.premove = { from, to };
  state.events.premove?.({ from, to });
}

/** @param {BoardState} state */
export function cancelPremove(state) {
  if (!state.premove) return;
  state.premove = null;
  state.events.premove?.(null);
}

// A tap while premoving: a piece of the player's picks it up; then any other square is where
// it goes. A tap on the queued piece, on an empty square or off the board drops the premove.
/** @param {BoardState} state @param {number} sq 0 for none */
export function premoveTap(state, sq) {
  const sel = state.selected;
  if (sq && sq === state.premove?.from) {
    state.selected = 0;
    return cancelPremove(state);
  }
  if (sq && sq === sel) return void (state.selected = 0);
  if (isPremovable(state, sq)) return void (state.selected = sq);
  if (sel && sq) return setPremove(state, sel, sq);
  state.selected = 0;
  cancelPremove(state);
}

// A piece put down on `to`: a move on the player's turn, a premove while the other side thinks.
/** @param {BoardState} state @param {number} from @param {number} to */
export function drop(state, from, to) {
  if (canPremove(state)) setPremove(state, from, to);
  else userMove(state, from, to, { dropped: true });
}

// Squares of pieces that have a capture available: when capturing is compulsory only these
// may move, so the board rings them.
/** @param {BoardState} state */
export function mustCapture(state) {
  /** @type {Set<number>} */
  const out = new Set();
  if (state.viewOnly || !state.movable.color) return out;
  for (const m of state.movable.moves || []) if (m.captured.length) out.add(m.from);
  return out;
}

/** @param {BoardState} state @param {number} sq */
export function select(state, sq) {
  state.selected = sq;
  state.pending = null;
  state.events.select?.(sq, movesFrom(state, sq));
}

/** @param {BoardState} state */
export function unselect(state) {
  state.selected = 0;
  state.pending = null;
}

// A complete tap (keyboard Enter, or a pointer press and release without a drag).
/** @param {BoardState} state @param {number} sq 0 for none */
export function tap(state, sq) {
  if (state.viewOnly) return;
  if (canPremove(state)) return premoveTap(state, sq);
  if (state.pending) return pendingTap(state, sq);
  const sel = state.selected;
  if (sel && sq === sel) {
    // Tapping the selected piece again unselects it, unless a capture ends where it started.
    const loop = state.movable.moves.filter((m) => m.from === sel && m.to === sel);
    if (loop.length) return userMove(state, sel, sel);
    return unselect(state);
  }
  if (isOwn(state, sq)) return select(state, sq);
  if (sel && sq) return userMove(state, sel, sq);
  unselect(state);
}

// The player asks for from -> to. One matching move: play it. Several (same landing square,
// different pieces taken): ask which. None: report it so the page can say why.
/** @param {BoardState} state @param {number} from @param {number} to @param {PlayOptions} [opts] */
export function userMove(state, from, to, opts = {}) {
  const candidates = state.movable.moves.filter((m) => m.from === from && m.to === to);
  if (candidates.length === 1) return playUserMove(state, candidates[0], opts);
  if (candidates.length > 1) {
    state.pending = { from, to, moves: candidates, steps: [] };
    state.events.ambiguous?.(candidates);
    return;
  }
  state.events.illegal?.(from, to);
}

// While choosing between sequences, a tap on a landing square keeps the sequences that pass
// there (in order first, then anywhere); then, for long jumps (a flying king's route has
// squares it crosses without stopping), a piece it takes or a square it passes over; anything
// else gives up the choice.
/** @param {BoardState} state @param {number} sq */
export function pendingTap(state, sq) {
  const p = state.pending;
  if (!p) return;
  const k = p.steps.length;
  let left = p.moves.filter((m) => m.path[k] === sq && m.to !== sq);
  if (!left.length) left = p.moves.filter((m) => m.path.slice(k, -1).includes(sq));
  if (!left.length) left = p.moves.filter((m) => m.captured.includes(sq));
  if (!left.length) left = p.moves.filter((m) => sq !== m.to && crosses(m, sq, state.mirrored));
  if (!left.length) {
    state.pending = null;
    state.events.ambiguous?.([]);
    return;
  }
  if (left.length === 1) {
    state.pending = null;
    state.events.ambiguous?.([]);
    return playUserMove(state, left[0], {});
  }
  p.moves = left;
  p.steps = [...p.steps, sq];
  state.events.ambiguous?.(left);
}

// Whether the route of move `m` (from, then each landing square) runs over square `sq`.
/** @param {Move} m @param {number} sq @param {boolean} mirrored */
function crosses(m, sq, mirrored) {
  const [r, c] = squareToRowCol(sq, mirrored);
  const pts = [m.from, ...m.path].map((s) => squareToRowCol(s, mirrored));
  for (let i = 1; i < pts.length; i++) {
    const [[r1, c1], [r2, c2]] = [pts[i - 1], pts[i]];
    const n = Math.abs(r2 - r1);
    for (let j = 1; j < n; j++) {
      if (r1 + ((r2 - r1) / n) * j === r && c1 + ((c2 - c1) / n) * j === c) return true;
    }
  }
  return false;
}

// Resolve a pending choice directly (the page lists the alternatives as buttons).
/** @param {BoardState} state @param {Move} move */
export function choose(state, move) {
  if (!state.pending) return;
  state.pending = null;
  state.events.ambiguous?.([]);
  playUserMove(state, move, {});
}

// Show the move at once (the game is updated by the page in the `move` callback, which also
// hands the board the new legal moves).
/** @typedef {{ dropped?: boolean }} PlayOptions dropped: the piece was dragged there */

/** @param {BoardState} state @param {Move} move @param {PlayOptions} opts */
function playUserMove(state, move, { dropped }) {
  const before = state.pieces;
  state.pieces = applyMove(before, move);
  state.lastMove = move;
  state.hint = null;
  state.selected = 0;
  state.pending = null;
  state.movable = { ...state.movable, moves: [] };
  // A dropped piece is already at its square: skip the slide, still show captures going.
  if (state.animation.enabled) {
    state.anim = planMove(move, before, dropped ? { ...state.animation, quiet: 0, hop: 0 } : state.animation, state.mirrored);
  }
  state.events.move?.(move);
}

// The position after a move, for display only (the core remains the authority).
/** @param {ArrayLike<number>} pieces @param {Move} move */
export function applyMove(pieces, move) {
  const out = Int8Array.from(pieces);
  const piece = out[move.from - 1];
  out[move.from - 1] = 0;
  for (const sq of move.captured) out[sq - 1] = 0;
  out[move.to - 1] = move.promotes ? 2 * Math.sign(piece) : piece;
  return out;
}
