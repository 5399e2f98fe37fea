// @ts-check
// Pointer (mouse, touch, pen) and keyboard input on the board canvas. Positions are turned
// into squares here and handed to board.js; this module only knows about input devices.

import * as board from './board.js';
import * as drag from './drag.js';
import { squareAt, squareToDisplay, fromDisplay, rowColToSquare } from './util.js';

/** @import { BoardState, Drag, Pair } from './types.js' */

/**
 * What the handlers share: the board's state, its canvas, how to ask for a frame, and whether
 * the focus arriving now is the canvas focused by a mouse press (not by Tab).
 * @typedef {{ state: BoardState, canvas: HTMLCanvasElement, redraw: () => void, pointerFocus: boolean }} Input
 */

/** Arrow keys: display row and column steps. @type {Record<string, Pair>} */
const ARROWS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

/**
 * @param {BoardState} state @param {HTMLCanvasElement} canvas @param {() => void} redraw
 * @returns {() => void} removes the listeners
 */
export function bindEvents(state, canvas, redraw) {
  /** @type {Input} */
  const input = { state, canvas, redraw, pointerFocus: false };
  const cancel = () => {
    drag.cancel(state);
    redraw();
  };
  const blur = () => {
    state.keyboard = false;
    redraw();
  };
  /** @type {[string, (e: never) => void][]} */
  const listeners = [
    ['pointerdown', (e) => onDown(input, e)],
    ['pointermove', (e) => onMove(input, e)],
    ['pointerup', (e) => onUp(input, e)],
    ['pointercancel', cancel],
    ['lostpointercapture', cancel],
    ['keydown', (e) => onKey(input, e)],
    ['focus', () => onFocus(input)],
    ['blur', blur],
    ['contextmenu', (/** @type {Event} */ e) => e.preventDefault()], // long-press on phones must not open a menu
  ];
  for (const [type, fn] of listeners) canvas.addEventListener(type, /** @type {EventListener} */ (fn));

  return () => {
    for (const [type, fn] of listeners) canvas.removeEventListener(type, /** @type {EventListener} */ (fn));
  };
}

/** The pointer's position in CSS pixels of the board (state.size), whatever the canvas's box. @param {Input} input @param {PointerEvent} e @returns {Pair} */
function pointerPos({ state, canvas }, e) {
  const rect = canvas.getBoundingClientRect();
  const scale = rect.width && state.size ? state.size / rect.width : 1;
  return [(e.clientX - rect.left) * scale, (e.clientY - rect.top) * scale];
}

/**
 * The square under a position from pointerPos. Until the resize observer first reports (the
 * next frame after the board is made), state.size is 0: the box measured now stands in, so a
 * press that comes before that frame still finds its square (a page under load lost such
 * presses).
 * @param {Input} input @param {Pair} p
 */
function squareOf({ state, canvas }, p) {
  let size = state.size;
  if (!size) {
    const rect = canvas.getBoundingClientRect();
    size = Math.min(rect.width, rect.height);
  }
  return squareAt(p[0], p[1], size, state.orientation, state.mirrored);
}

/** @param {Input} input @param {PointerEvent} e */
function onDown(input, e) {
  const { state, canvas } = input;
  if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
  state.keyboard = false;
  if (state.viewOnly && !state.editing) return;
  const p = pointerPos(input, e);
  if (press(state, squareOf(input, p), p)) canvas.setPointerCapture?.(e.pointerId);
  e.preventDefault(); // no text selection, no emulated mouse events after touch
  // preventDefault also stops the click from focusing the board: focus it, so a mouse user
  // can go on with the keyboard.
  if (e.pointerType === 'mouse') {
    input.pointerFocus = true;
    canvas.focus({ preventScroll: true });
    input.pointerFocus = false;
  }
  input.redraw();
}

/**
 * What a press on `sq` means: a square for the position editor, a step of a capture choice, a
 * piece picked up (of the side to move, or to premove), else a tap (board.js decides).
 * @param {BoardState} state @param {number} sq @param {Pair} p where, for a drag
 * @returns {boolean} whether a piece was picked up, to follow the pointer
 */
function press(state, sq, p) {
  if (state.editing) {
    if (sq) state.events.square?.(sq);
  } else if (state.pending) {
    board.pendingTap(state, sq);
  } else if (board.isOwn(state, sq) && !(sq === state.selected && hasLoop(state, sq))) {
    // Select on press (immediate feedback), maybe drag; a second tap unselects on release.
    const wasSelected = state.selected === sq;
    if (!wasSelected) board.select(state, sq);
    drag.start(state, sq, p, wasSelected);
    return true;
  } else if (board.isPremovable(state, sq)) {
    // The same gestures queue a premove; a tap (no drag) on the queued piece drops it.
    const wasSelected = state.selected === sq || state.premove?.from === sq;
    if (!wasSelected) state.selected = sq;
    drag.start(state, sq, p, wasSelected);
    return true;
  } else {
    board.tap(state, sq);
  }
  return false;
}

/** @param {Input} input @param {PointerEvent} e */
function onMove(input, e) {
  const { state, canvas } = input;
  if (!e.isPrimary) return;
  if (!state.drag) {
    // Show what a press would do here: pick up a piece, or put one down.
    if (e.pointerType === 'mouse') canvas.style.cursor = hoverCursor(state, squareOf(input, pointerPos(input, e)));
    return;
  }
  drag.move(state, pointerPos(input, e));
  if (state.drag.started) canvas.style.cursor = 'grabbing';
  input.redraw();
}

/** A drop ends a drag; a release with no drag on a piece already selected unselects it (or drops its premove). @param {Input} input @param {PointerEvent} e */
function onUp(input, e) {
  const { state } = input;
  if (!state.drag || !e.isPrimary) return;
  const d = /** @type {Drag} */ (drag.end(state)); // there is one: see above
  input.canvas.style.cursor = '';
  if (d.started) {
    const dest = squareOf(input, d.pos);
    if (dest && dest !== d.orig) board.drop(state, d.orig, dest);
  } else if (d.wasSelected) {
    if (board.canPremove(state)) board.premoveTap(state, d.orig);
    else board.unselect(state);
  }
  input.redraw();
}

/** @param {Input} input @param {KeyboardEvent} e */
function onKey(input, e) {
  if (!keyAction(input.state, e.key)) return; // not the board's: the page may use it
  e.preventDefault();
  input.redraw();
}

/**
 * Arrows move the cursor, Enter and Space press its square, Escape drops a selection, a
 * capture choice or a premove.
 * @param {BoardState} state @param {string} key
 * @returns {boolean} whether the board used the key
 */
function keyAction(state, key) {
  if (key in ARROWS) {
    state.keyboard = true;
    if (!placeCursor(state)) state.cursor = step(state, state.cursor, ...ARROWS[key]);
    announceCursor(state);
  } else if (key === 'Enter' || key === ' ') {
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
  } else if (key === 'Escape') {
    if (!state.selected && !state.pending && !state.premove) return false; // let the page use Escape
    if (state.pending) state.events.ambiguous?.([]);
    if (!state.selected && !state.pending) board.cancelPremove(state);
    board.unselect(state);
  } else {
    return false;
  }
  return true;
}

/** @param {Input} input */
function onFocus(input) {
  // Arriving by Tab shows the cursor at once (it is the focus indicator); a click does not.
  input.state.keyboard = !input.pointerFocus;
  placeCursor(input.state);
  input.redraw();
}

/** Puts the cursor on the board if it is not there yet. @param {BoardState} state @returns {boolean} whether it did */
function placeCursor(state) {
  if (state.cursor) return false;
  state.cursor = initialCursor(state);
  state.cursorCol = null;
  return true;
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
  let [drow, dcol] = squareToDisplay(sq, state.orientation, state.mirrored);
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
    dcol = near.find((x) => rowColToSquare(...fromDisplay(drow, x, state.orientation), state.mirrored)) ?? dcol;
  }
  return rowColToSquare(...fromDisplay(drow, dcol, state.orientation), state.mirrored) || sq;
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
