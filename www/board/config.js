// @ts-check
// Applies a partial configuration to the board state. Nested objects (movable, animation,
// events) merge key by key so callers can change one part without repeating the rest.

import { VARIANTS } from './util.js';

/** @import { BoardConfig, BoardState, Move } from '../../types/board.js' */

const NESTED = ['movable', 'animation', 'events'];

/** @param {BoardState} state @param {BoardConfig} config */
export function configure(state, config) {
  const variant = state.variant;
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
  if (!VARIANTS.includes(state.variant)) state.variant = 'italian';
  // Another board geometry: whatever was picked, dragged or animated is at the wrong place.
  if (state.variant !== variant) {
    state.selected = 0;
    state.pending = null;
    state.drag = null;
    state.anim = null;
    state.cursorCol = null;
  }
  // A new set of legal moves (or none) invalidates a selection or a half-entered choice that
  // no longer matches it.
  if ('movable' in config || 'viewOnly' in config || 'pieces' in config) {
    const moves = state.movable.moves || [];
    const canMove = !state.viewOnly && state.movable.color;
    if (!canMove || (state.selected && !ownPiece(state, state.selected))) state.selected = 0;
    if (state.pending && (!canMove || !state.pending.moves.every((m) => moves.some((x) => sameMove(x, m))))) {
      state.pending = null;
    }
  }
}

/** @param {BoardState} state @param {number} sq */
function ownPiece(state, sq) {
  const p = state.pieces[sq - 1];
  return state.movable.color === 'white' ? p > 0 : state.movable.color === 'black' ? p < 0 : false;
}

// Move objects are rebuilt by every call into the core, so compare them by content.
/** @param {Move} a @param {Move} b */
export function sameMove(a, b) {
  return a.from === b.from && a.to === b.to && a.text === b.text;
}
