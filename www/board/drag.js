// @ts-check
// Drag and drop. A press on one of the mover's pieces starts a *possible* drag; it becomes a
// real drag only after the pointer travels a little, so a shaky tap on a phone is still a tap.

/** @import { BoardState, Drag, Pair } from './types.js' */

/** @param {BoardState} state @param {number} sq @param {Pair} pos @param {boolean} wasSelected */
export function start(state, sq, pos, wasSelected) {
  state.drag = {
    orig: sq,
    piece: state.pieces[sq - 1],
    start: pos,
    pos,
    started: false,
    wasSelected,
  };
}

/** @param {BoardState} state @param {Pair} pos */
export function move(state, pos) {
  const d = state.drag;
  if (!d) return;
  d.pos = pos;
  if (!d.started) {
    const threshold = Math.max(4, state.size / 80);
    d.started = Math.hypot(pos[0] - d.start[0], pos[1] - d.start[1]) > threshold;
  }
}

/** @param {BoardState} state @returns {Drag | null} the drag that ended */
export function end(state) {
  const d = state.drag;
  state.drag = null;
  return d;
}

/** @param {BoardState} state */
export function cancel(state) {
  state.drag = null;
}
