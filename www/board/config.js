// @ts-check
// Applies a partial configuration to the board state. Nested objects (movable, animation,
// events) merge key by key so callers can change one part without repeating the rest.

import { SQUARES } from './util.js';
import { PIECE_SETS } from './themes.js';

/** @import { BoardConfig, BoardState, Move, Premove } from './types.js' */

const NESTED = ['movable', 'animation', 'events', 'premovable'];

/** @param {BoardState} state @param {BoardConfig} config */
export function configure(state, config) {
  const mirrored = state.mirrored;
  // Any key of the state may be set: seen as a plain record here.
  const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (state));
  for (const [key, value] of Object.entries(config)) {
    if (NESTED.includes(key) && value && typeof value === 'object') {
      fields[key] = { .../** @type {object} */ (fields[key]), ...value };
    } else if (key === 'pieces') {
      state.pieces = Int8Array.from(/** @type {ArrayLike<number>} */ (value));
    } else if (key in state) {
      fields[key] = value;
    }
  }
  state.mirrored = state.mirrored === true;
  state.edgeLabels = state.edgeLabels === true;
  if (!PIECE_SETS.includes(state.pieceSet)) state.pieceSet = 'discs';
  if (state.premove && !validPremove(state.premove)) state.premove = null;
  // Another board geometry: whatever was picked, dragged or animated is at the wrong place.
  if (state.mirrored !== mirrored) {
    state.selected = 0;
    state.pending = null;
    state.drag = null;
    state.anim = null;
    state.cursorCol = null;
  }
  // A new set of legal moves (or none) invalidates a selection or a half-entered choice that
  // no longer matches it.
  if ('movable' in config || 'viewOnly' in config || 'pieces' in config || 'premovable' in config || 'editing' in config) {
    const moves = state.movable.moves || [];
    const canMove = !state.viewOnly && state.movable.color;
    // Premoving: while the other side thinks, the player's own pieces may be picked up.
    const premoving = !state.viewOnly && !state.editing && !state.movable.color && !!state.premovable.color;
    if (!premoving) state.premove = null;
    const keep = canMove ? ownPiece(state, state.selected, state.movable.color) : premoving && ownPiece(state, state.selected, state.premovable.color);
    if (!keep) state.selected = 0;
    if (state.pending && (!canMove || !state.pending.moves.every((m) => moves.some((x) => sameMove(x, m))))) {
      state.pending = null;
    }
  }
}

/** @param {BoardState} state @param {number} sq @param {string | null} color */
function ownPiece(state, sq, color) {
  const p = state.pieces[sq - 1];
  return color === 'white' ? p > 0 : color === 'black' ? p < 0 : false;
}

// Two different squares 1-32: the board draws nothing else.
/** @param {Premove} p */
function validPremove(p) {
  const sq = (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) >= 1 && /** @type {number} */ (n) <= SQUARES;
  return typeof p === 'object' && sq(p.from) && sq(p.to) && p.from !== p.to;
}

// Move objects are rebuilt by every call into the core, so compare them by content.
/** @param {Move} a @param {Move} b */
export function sameMove(a, b) {
  return a.from === b.from && a.to === b.to && a.text === b.text;
}
