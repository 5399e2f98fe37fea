// @ts-check
// Pointer (mouse, touch, pen) and keyboard input on the board canvas. Positions are turned
// into squares here and handed to board.js; this module only knows about input devices.

import * as board from './board.js';
import * as drag from './drag.js';
import { squareAt, squareToDisplay, fromDisplay, rowColToSquare } from './util.js';

/** @import { BoardState, Drag, Pair } from './types.js' */

/**
 * @param {BoardState} state @param {HTMLCanvasElement} canvas @param {() => void} redraw
 * @returns {() => void} removes the listeners
 */
export function bindEvents(state, canvas, redraw) {
  /** @type {(e: PointerEvent) => Pair} */
  const pos = (e) => {
    const rect = canvas.getBoundingClientRect();
    const scale = rect.width ? state.size / rect.width : 1;
    return [(e.clientX - rect.left) * scale, (e.clientY - rect.top) * scale];
  };
  const at = (/** @type {Pair} */ p) => squareAt(p[0], p[1], state.size, state.orientation, state.variant);
  let pointerFocus = false;

  const onDown = (/** @type {PointerEvent} */ e) => {
    if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    state.keyboard = false;
    const p = pos(e);
    const sq = at(p);
    if (state.editing) {
      if (sq) state.events.square?.(sq);
    } else if (state.viewOnly) {
      return;
    } else if (state.pending) {
      board.pendingTap(state, sq);
    } else if (board.isOwn(state, sq) && !(sq === state.selected && hasLoop(state, sq))) {
      // Select on press (immediate feedback), maybe drag; a second tap unselects on release.
      const wasSelected = state.selected === sq;
      if (!wasSelected) board.select(state, sq);
      drag.start(state, sq, p, wasSelected);
      canvas.setPointerCapture?.(e.pointerId);
    } else if (board.isPremovable(state, sq)) {
      // The same gestures queue a premove; a tap (no drag) on the queued piece drops it.
      const wasSelected = state.selected === sq || state.premove?.from === sq;
      if (!wasSelected) state.selected = sq;
      drag.start(state, sq, p, wasSelected);
      canvas.setPointerCapture?.(e.pointerId);
    } else {
      board.tap(state, sq);
    }
    e.preventDefault(); // no text selection, no emulated mouse events after touch
    // preventDefault also stops the click from focusing the board: focus it, so a mouse user
    // can go on with the keyboard.
    if (e.pointerType === 'mouse') {
      pointerFocus = true;
      canvas.focus({ preventScroll: true });
      pointerFocus = false;
    }
    redraw();
  };

  const onMove = (/** @type {PointerEvent} */ e) => {
    if (!e.isPrimary) return;
    if (!state.drag) {
      // Show what a press would do here: pick up a piece, or put one down.
      if (e.pointerType === 'mouse') canvas.style.cursor = hoverCursor(state, at(pos(e)));
      return;
    }
    drag.move(state, pos(e));
    if (state.drag.started) canvas.style.cursor = 'grabbing';
    redraw();
  };

  const onUp = (/** @type {PointerEvent} */ e) => {
    if (!state.drag || !e.isPrimary) return;
    const d = /** @type {Drag} */ (drag.end(state)); // there is one: see above
    canvas.style.cursor = '';
    if (d.started) {
      const dest = at(d.pos);
      if (dest && dest !== d.orig) board.drop(state, d.orig, dest);
    } else if (d.wasSelected) {
      if (board.canPremove(state)) board.premoveTap(state, d.orig);
      else board.unselect(state);
    }
    redraw();
  };

  const onCancel = () => {
    drag.cancel(state);
    redraw();
  };

  const onKey = (/** @type {KeyboardEvent} */ e) => {
    /** @type {Record<string, Pair>} */
    const dirs = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (e.key in dirs) {
      state.keyboard = true;
      if (!state.cursor) {
        state.cursor = initialCursor(state);
        state.cursorCol = null;
      } else {
        state.cursor = step(state, state.cursor, ...dirs[e.key]);
      }
      announceCursor(state);
    } else if (e.key === 'Enter' || e.key === ' ') {
      state.keyboard = true;
      if (!state.cursor) {
        state.cursor = initialCursor(state);
        announceCursor(state);
      } else if (state.editing) {
        state.events.square?.(state.cursor);
        announceCursor(state);
      } else {
        board.tap(state, state.cursor);
      }
    } else if (e.key === 'Escape') {
      if (!state.selected && !state.pending && !state.premove) return; // let the page use Escape
      if (state.pending) state.events.ambiguous?.([]);
      if (!state.selected && !state.pending) board.cancelPremove(state);
      board.unselect(state);
    } else {
      return;
    }
    e.preventDefault();
    redraw();
  };

  const onFocus = () => {
    // Arriving by Tab shows the cursor at once (it is the focus indicator); a click does not.
    state.keyboard = !pointerFocus;
    if (!state.cursor) {
      state.cursor = initialCursor(state);
      state.cursorCol = null;
    }
    redraw();
  };
  const onBlur = () => {
    state.keyboard = false;
    redraw();
  };

  const noMenu = (/** @type {Event} */ e) => e.preventDefault(); // long-press on phones must not open a menu
  /** @type {[string, (e: never) => void][]} */
  const listeners = [
    ['pointerdown', onDown],
    ['pointermove', onMove],
    ['pointerup', onUp],
    ['pointercancel', onCancel],
    ['lostpointercapture', onCancel],
    ['keydown', onKey],
    ['focus', onFocus],
    ['blur', onBlur],
    ['contextmenu', noMenu],
  ];
  for (const [type, fn] of listeners) canvas.addEventListener(type, /** @type {EventListener} */ (fn));

  return () => {
    for (const [type, fn] of listeners) canvas.removeEventListener(type, /** @type {EventListener} */ (fn));
  };
}

/** @param {BoardState} state @param {number} sq */
function hoverCursor(state, sq) {
  if (state.editing) return sq ? 'pointer' : '';
  if (!sq || state.viewOnly) return '';
  if (board.isOwn(state, sq) || board.isPremovable(state, sq)) return 'grab';
  if (state.pending || isDest(state, sq)) return 'pointer';
  return '';
}

/** @param {BoardState} state @param {number} sq */
function hasLoop(state, sq) {
  return state.movable.moves.some((m) => m.from === sq && m.to === sq);
}

// Start on the selected piece, else a piece that can move, else the middle of the board.
/** @param {BoardState} state */
function initialCursor(state) {
  if (state.selected) return state.selected;
  const m = state.movable.moves?.[0];
  return m ? m.from : 18;
}

// Arrow keys move over playing squares only, in screen directions. Left/right jump to the
// next playing square in the same row; up/down go one row and pick the playing square
// nearest the column the cursor came from, so repeated presses go straight up a zigzag.
/** @param {BoardState} state @param {number} sq @param {number} dr @param {number} dc */
function step(state, sq, dr, dc) {
  let [drow, dcol] = squareToDisplay(sq, state.orientation, state.variant);
  if (dc !== 0) {
    dcol += 2 * dc;
    if (dcol < 0 || dcol > 7) return sq;
    state.cursorCol = dcol;
  } else {
    drow += dr;
    if (drow < 0 || drow > 7) return sq;
    const want = state.cursorCol ?? dcol;
    const near = [want, want + 1, want - 1].filter((x) => x >= 0 && x <= 7);
    // One of want and a neighbour is always a playing square of this row.
    dcol = near.find((x) => rowColToSquare(...fromDisplay(drow, x, state.orientation), state.variant)) ?? dcol;
  }
  return rowColToSquare(...fromDisplay(drow, dcol, state.orientation), state.variant) || sq;
}

/** @param {BoardState} state */
function announceCursor(state) {
  const sq = state.cursor;
  const text = state.describe
    ? state.describe(sq, state.pieces[sq - 1], { selected: state.selected === sq, destination: isDest(state, sq) })
    : String(sq);
  state.events.announce?.(text);
}

/** @param {BoardState} state @param {number} sq */
function isDest(state, sq) {
  return !!state.selected && state.movable.moves.some((m) => m.from === state.selected && m.to === sq);
}
