// @ts-check
// The board's one entry point: createBoard(element, config) puts a canvas in `element` and
// returns the API the page uses. The element decides the size (keep it square with CSS);
// the canvas follows it, in device pixels, whenever it changes.

import { defaults } from './state.js';
import { configure } from './config.js';
import { render } from './render.js';
import { bindEvents } from './events.js';
import * as board from './board.js';
import { planMove, planDiff } from './anim.js';
import { squareCenter } from './util.js';

/** @import { BoardConfig, BoardState, Move } from './types.js' */

/** @param {HTMLElement} element @param {BoardConfig} [config] */
export function createBoard(element, config = {}) {
  const state = defaults();
  configure(state, config);
  const canvas = mountCanvas(element);
  const frames = frameLoop(state, canvas);
  const observer = followSize(state, canvas, frames.draw);
  const unbind = bindEvents(state, canvas, frames.redraw);
  const redraw = frames.redraw;

  const api = {
    state,
    canvas,
    ...viewApi(state, redraw),
    ...positionApi(state, redraw),
    ...moveApi(state, redraw),

    isAnimating: () => !!state.anim,

    // Centre of a square in CSS pixels from the canvas's top-left corner (used by tests to
    // click real squares, whatever the size and orientation).
    squareCenter: (/** @type {number} */ sq) => squareCenter(sq, state.size, state.orientation, state.mirrored),

    redraw,

    destroy() {
      unbind();
      observer.disconnect();
      frames.stop();
      canvas.remove();
    },
  };
  return api;
}

/** The board's canvas, focusable, appended to `element`. @param {HTMLElement} element */
function mountCanvas(element) {
  const canvas = document.createElement('canvas');
  canvas.className = 'board-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  element.appendChild(canvas);
  return canvas;
}

/**
 * Draws on request, at most once an animation frame: `redraw` asks for a frame, `draw` draws
 * now, `stop` drops a frame asked for.
 * @param {BoardState} state @param {HTMLCanvasElement} canvas
 */
function frameLoop(state, canvas) {
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  let frameId = 0;
  const redraw = () => {
    if (!frameId) frameId = requestAnimationFrame(draw);
  };
  function draw() {
    frameId = 0;
    if (!state.size || !canvas.width) return;
    // An animation or a drag keeps asking for frames; otherwise nothing runs between inputs.
    if (render(state, ctx)) redraw();
  }
  const stop = () => {
    if (frameId) cancelAnimationFrame(frameId);
  };
  return { redraw, draw, stop };
}

/**
 * Keeps the canvas's pixels the size of its box, in device pixels, and draws at once on a
 * change, so a resize never shows a stretched or blank frame.
 * @param {BoardState} state @param {HTMLCanvasElement} canvas @param {() => void} draw
 * @returns {ResizeObserver} to disconnect
 */
function followSize(state, canvas, draw) {
  /** @type {(cssSize: number, devicePx: number | undefined) => void} */
  const resize = (cssSize, devicePx) => {
    if (!cssSize) return;
    const px = devicePx || Math.round(cssSize * (window.devicePixelRatio || 1));
    if (canvas.width !== px) {
      canvas.width = px;
      canvas.height = px;
    }
    state.size = cssSize;
    state.dpr = px / cssSize;
    draw();
  };
  const observer = new ResizeObserver((entries) => {
    const e = entries[entries.length - 1];
    const css = Math.min(e.contentRect.width, e.contentRect.height);
    const dev = e.devicePixelContentBoxSize?.[0]?.inlineSize;
    resize(css, dev);
  });
  try {
    // Exact device pixels where supported, so squares never blur at fractional zoom.
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas);
  }
  return observer;
}

/** The API's settings and view: configure, turn the board. @param {BoardState} state @param {() => void} redraw */
function viewApi(state, redraw) {
  return {
    /** @param {BoardConfig} config */
    set(config) {
      configure(state, config);
      redraw();
    },

    flip() {
      state.orientation = state.orientation === 'white' ? 'black' : 'white';
      redraw();
    },
  };
}

/** The API's position changes made elsewhere, animated. @param {BoardState} state @param {() => void} redraw */
function positionApi(state, redraw) {
  return {
    // Show a move that was played elsewhere (the computer, redo): it travels along its path.
    /** @param {Move} move @param {ArrayLike<number>} pieces the position after it */
    playMove(move, pieces) {
      const before = state.pieces;
      state.pieces = Int8Array.from(pieces);
      state.lastMove = move;
      state.hint = null;
      state.selected = 0;
      state.pending = null;
      state.anim = state.animation.enabled ? planMove(move, before, state.animation, state.mirrored) : null;
      redraw();
    },

    // Jump to another position (undo, review, new game), sliding what can slide.
    /** @param {ArrayLike<number>} pieces @param {{ animate?: boolean }} [opts] */
    setPieces(pieces, { animate = true } = {}) {
      const next = Int8Array.from(pieces);
      const anim = animate && state.animation.enabled ? planDiff(state.pieces, next, state.animation, state.mirrored) : null;
      state.pieces = next;
      state.anim = anim;
      redraw();
    },
  };
}

/** The API's moves by the page, as if the player had made them. @param {BoardState} state @param {() => void} redraw */
function moveApi(state, redraw) {
  return {
    // Drop a selection, a half-made choice or a premove.
    cancel() {
      board.unselect(state);
      board.cancelPremove(state);
      redraw();
    },

    // Play from -> to as if the player had tapped the two squares (a premove, when its turn
    // comes): one legal move is played, several ask which, none is reported as illegal.
    /** @param {number} from @param {number} to */
    move(from, to) {
      board.userMove(state, from, to);
      redraw();
    },

    // Pick one of several captures that end on the same square.
    /** @param {Move} move */
    choose(move) {
      board.choose(state, move);
      redraw();
    },
  };
}
