// @ts-check
// Draws the whole board on the canvas from the state, in device pixels so it is crisp at any
// size and pixel ratio. Everything is redrawn each frame: 64 squares and at most 24 pieces
// are cheap, and one code path is easier to keep right than incremental updates.

import { frame } from './anim.js';
import { mustCapture } from './board.js';
import { squareToDisplay, toDisplay, fromDisplay, isPlaying, fileName, rankName } from './util.js';
import { THEMES } from './themes.js';
import { drawPiece } from './pieces.js';

/** @import { AnimFrame, BoardState, Color, Drag, Pair, Pending, PieceSet, Theme } from './types.js' */

// The classic theme (themes.js), for pages that draw with the board's colours.
export const defaultTheme = THEMES.classic;
export { drawPiece };

/**
 * What every layer draws with: the context, the colours, and this frame's geometry in device
 * pixels (`edge(i)`: the i-th line between cells, rounded so squares show no seams).
 * @typedef {{ ctx: CanvasRenderingContext2D, theme: Theme, set: PieceSet, cell: number,
 *   edge: (i: number) => number, rect: (dr: number, dc: number) => Rect, center: (sq: number) => Pair,
 *   display: (sq: number) => Pair }} Layer
 */
/** x, y, width, height. @typedef {[number, number, number, number]} Rect */

/**
 * Draws the layers bottom to top: squares, highlights, numbers, pieces, then what is drawn
 * over them (destinations, capture choices, hint, keyboard cursor, the dragged piece).
 * @param {BoardState} state @param {CanvasRenderingContext2D} ctx
 * @returns {boolean} whether to draw another frame (an animation is running)
 */
export function render(state, ctx) {
  const g = layer(state, ctx);
  drawSquares(g, state.mirrored);
  drawHighlights(state, g);
  if (state.coordinates) drawNumbers(g);
  if (state.edgeLabels) drawEdgeLabels(ctx, state, g.theme, g.edge, g.cell, Math.max(8, g.cell * 0.16));
  const anim = animationFrame(state);
  const d = state.drag && state.drag.started ? state.drag : null;
  drawPieces(state, g, anim, d);
  if (anim) drawMoving(g, anim, state.orientation);
  if (state.selected && !state.pending) drawDestinations(state, g);
  if (state.pending) drawChoices(state.pending, g);
  if (state.hint) drawPolyline(ctx, [state.hint.from, ...state.hint.path].map(g.center), g.cell * 0.13, g.theme.hint, true);
  if (state.keyboard && state.cursor) drawCursor(g, g.display(state.cursor));
  // The dragged piece last, above everything, a little larger: it is in the hand.
  if (d) {
    const s = state.dpr;
    drawPiece(ctx, d.pos[0] * s, d.pos[1] * s - g.cell * 0.1, g.cell * 1.12, d.piece, 1, 1, g.theme, g.set);
  }
  return !!state.anim;
}

/** @param {BoardState} state @param {CanvasRenderingContext2D} ctx @returns {Layer} */
function layer(state, ctx) {
  const W = ctx.canvas.width;
  const cell = W / 8;
  const edge = (/** @type {number} */ i) => Math.round((i * W) / 8);
  /** @type {(sq: number) => Pair} */
  const display = (sq) => squareToDisplay(sq, state.orientation, state.mirrored);
  return {
    ctx,
    theme: state.theme || defaultTheme, // each board may have its own colours
    set: state.pieceSet,
    cell,
    edge,
    rect: (dr, dc) => [edge(dc), edge(dr), edge(dc + 1) - edge(dc), edge(dr + 1) - edge(dr)],
    center: (sq) => {
      const [dr, dc] = display(sq);
      return [(dc + 0.5) * cell, (dr + 0.5) * cell];
    },
    display,
  };
}

/** @param {Layer} g @param {number} sq @param {string} color */
function fillSquare(g, sq, color) {
  g.ctx.fillStyle = color;
  g.ctx.fillRect(...g.rect(...g.display(sq)));
}

/** @param {Layer} g @param {boolean} mirrored */
function drawSquares(g, mirrored) {
  const { ctx, theme } = g;
  for (let dr = 0; dr < 8; dr++) {
    for (let dc = 0; dc < 8; dc++) {
      // Turning the board half a turn keeps the colour parity, so display cells can be
      // tested as board cells.
      const playing = isPlaying(dr, dc, mirrored);
      const r = g.rect(dr, dc);
      ctx.fillStyle = playing ? theme.dark : theme.light;
      ctx.fillRect(...r);
      // A faint diagonal shade per square gives the surface some depth without texture files.
      const grad = ctx.createLinearGradient(r[0], r[1], r[0] + r[2], r[1] + r[3]);
      grad.addColorStop(0, 'rgba(255,255,255,0.05)');
      grad.addColorStop(1, playing ? theme.darkGrain : theme.lightGrain);
      ctx.fillStyle = grad;
      ctx.fillRect(...r);
    }
  }
}

/**
 * The last move (from, landing squares, to, and where pieces were taken), a queued move (both
 * its squares, the piece still where it stands), and the selected square.
 * @param {BoardState} state @param {Layer} g
 */
function drawHighlights(state, g) {
  const { theme } = g;
  const lm = state.lastMove;
  if (lm) {
    for (const sq of lm.captured || []) fillSquare(g, sq, theme.captured);
    for (const sq of lm.path.slice(0, -1)) fillSquare(g, sq, theme.lastPath);
    fillSquare(g, lm.from, theme.lastMove);
    fillSquare(g, lm.to, theme.lastMove);
  }
  if (state.premove) {
    fillSquare(g, state.premove.from, theme.premove);
    fillSquare(g, state.premove.to, theme.premove);
  }
  if (state.selected) fillSquare(g, state.selected, theme.selected);
}

/** The square numbers. @param {Layer} g */
function drawNumbers(g) {
  const { ctx, cell, edge } = g;
  ctx.fillStyle = g.theme.number;
  ctx.font = `600 ${Math.max(8, cell * 0.16)}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  for (let sq = 1; sq <= 32; sq++) {
    const [dr, dc] = g.display(sq);
    // Top-left corner, small enough to stay clear of a man in the middle of the square.
    ctx.fillText(String(sq), edge(dc) + cell * 0.045, edge(dr) + cell * 0.035);
  }
}

/**
 * This frame of the running animation, if any; one that has ended is dropped from the state.
 * @param {BoardState} state @returns {AnimFrame | null}
 */
function animationFrame(state) {
  if (!state.anim) return null;
  const anim = frame(state.anim, performance.now());
  if (!anim.done) return anim;
  state.anim = null;
  return null;
}

/**
 * The pieces of the position, less those the animation hides; a dragged piece leaves a ghost
 * where it came from, and the pieces that must capture are ringed.
 * @param {BoardState} state @param {Layer} g @param {AnimFrame | null} anim @param {Drag | null} d
 */
function drawPieces(state, g, anim, d) {
  const { ctx, cell, theme, set } = g;
  const hidden = anim ? anim.hidden : new Set();
  const rings = mustCapture(state);
  for (let sq = 1; sq <= 32; sq++) {
    const p = state.pieces[sq - 1];
    if (!p || hidden.has(sq)) continue;
    const [x, y] = g.center(sq);
    if (d && d.orig === sq) {
      drawPiece(ctx, x, y, cell, p, 0.3, 0, theme, set); // ghost where the dragged piece came from
      continue;
    }
    if (rings.has(sq)) drawRing(ctx, x, y, cell, theme.mustCapture);
    drawPiece(ctx, x, y, cell, p, 1, 0, theme, set);
  }
}

/** The animation's layer over the final position: pieces fading out, pieces on their way. @param {Layer} g @param {AnimFrame} anim @param {Color} o */
function drawMoving(g, anim, o) {
  const { ctx, cell, theme, set } = g;
  for (const f of anim.fading) {
    const [x, y] = g.center(f.sq);
    drawPiece(ctx, x, y, cell, f.piece, f.alpha, 0, theme, set);
  }
  for (const m of anim.moving) {
    const [dr, dc] = toDisplay(m.row, m.col, o);
    drawPiece(ctx, (dc + 0.5) * cell, (dr + 0.5) * cell - m.lift * cell * 0.12, cell, m.piece, 1, m.lift, theme, set);
  }
}

/** Destinations of the selected piece; a capture that comes back to it rings it. @param {BoardState} state @param {Layer} g */
function drawDestinations(state, g) {
  const { ctx, cell, theme } = g;
  /** @type {Set<number>} */
  const seen = new Set();
  for (const m of state.movable.moves) {
    if (m.from !== state.selected || seen.has(m.to)) continue;
    seen.add(m.to);
    const [x, y] = g.center(m.to);
    ctx.beginPath();
    if (m.to === m.from) {
      ctx.lineWidth = cell * 0.07;
      ctx.strokeStyle = theme.dest;
      ctx.arc(x, y, cell * 0.45, 0, 2 * Math.PI);
      ctx.stroke();
    } else {
      ctx.fillStyle = theme.dest;
      ctx.arc(x, y, cell * (m.captured.length ? 0.2 : 0.16), 0, 2 * Math.PI);
      ctx.fill();
    }
  }
}

/**
 * Several captures end on the same square: draw each route; its own landing squares are what
 * the player taps to say which.
 * @param {Pending} p @param {Layer} g
 */
function drawChoices(p, g) {
  const { ctx, cell, theme } = g;
  p.moves.forEach((m, i) => {
    const color = theme.choice[i % theme.choice.length];
    const pts = [m.from, ...m.path].map(g.center);
    const off = (i - (p.moves.length - 1) / 2) * cell * 0.08; // keep shared legs apart
    drawPolyline(ctx, pts.map(([x, y]) => [x + off, y + off]), cell * 0.07, color, false);
    for (const sq of m.path.slice(p.steps.length, -1)) {
      const [x, y] = g.center(sq);
      ctx.beginPath();
      ctx.lineWidth = cell * 0.06;
      ctx.strokeStyle = color;
      ctx.arc(x, y, cell * 0.3, 0, 2 * Math.PI);
      ctx.stroke();
    }
  });
  const [x, y] = g.center(p.to);
  ctx.beginPath();
  ctx.fillStyle = theme.dest;
  ctx.arc(x, y, cell * 0.16, 0, 2 * Math.PI);
  ctx.fill();
}

/** The keyboard cursor: a frame in the cursor colour over a dark one, to read on any square. @param {Layer} g @param {Pair} at display row and column */
function drawCursor(g, [dr, dc]) {
  const { ctx, cell } = g;
  const [x, y, w, h] = g.rect(dr, dc);
  const lw = Math.max(2, cell * 0.05);
  ctx.lineWidth = lw * 2;
  ctx.strokeStyle = 'rgba(0,0,0,0.6)';
  ctx.strokeRect(x + lw, y + lw, w - 2 * lw, h - 2 * lw);
  ctx.lineWidth = lw;
  ctx.strokeStyle = g.theme.cursor;
  ctx.strokeRect(x + lw, y + lw, w - 2 * lw, h - 2 * lw);
}

// Files along the bottom edge and ranks up the left edge, in the corners a man leaves free
// (the bottom corners: the square numbers take the top-left one). They follow the
// orientation, so from Black's side the files run h-a. Each label takes the colour of the
// other kind of square, so it reads on both. `view` is {orientation, mirrored}; `edge(i)` is
// the pixel position of the i-th line between cells (also used by the rules page's diagrams).
/**
 * @param {CanvasRenderingContext2D} ctx @param {{ orientation: Color, mirrored: boolean }} view
 * @param {Theme} theme @param {(i: number) => number} edge @param {number} cell @param {number} fontPx
 */
export function drawEdgeLabels(ctx, view, theme, edge, cell, fontPx) {
  const o = view.orientation;
  const pad = cell * 0.05;
  ctx.save();
  ctx.font = `600 ${fontPx}px system-ui, sans-serif`;
  ctx.textBaseline = 'bottom';
  const ink = (/** @type {number} */ dr, /** @type {number} */ dc) => (isPlaying(dr, dc, view.mirrored) ? theme.light : theme.dark);
  for (let d = 0; d < 8; d++) {
    const [row] = fromDisplay(d, 0, o);
    ctx.fillStyle = ink(d, 0);
    ctx.textAlign = 'left';
    ctx.fillText(rankName(row), edge(0) + pad, edge(d + 1) - pad * 0.6);
    const [, col] = fromDisplay(7, d, o);
    ctx.fillStyle = ink(7, d);
    ctx.textAlign = 'right';
    ctx.fillText(fileName(col), edge(d + 1) - pad, edge(8) - pad * 0.6);
  }
  ctx.restore();
}

/** @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} cell @param {string} color */
function drawRing(ctx, x, y, cell, color) {
  ctx.beginPath();
  ctx.lineWidth = cell * 0.065;
  ctx.strokeStyle = color;
  ctx.arc(x, y, cell * 0.455, 0, 2 * Math.PI);
  ctx.stroke();
}

// A line through the points, with an arrow head at the end when `arrow` (also used by the
// rules page's diagrams, so they look like the board).
/**
 * @param {CanvasRenderingContext2D} ctx @param {Pair[]} pts @param {number} width @param {string} color
 * @param {boolean} arrow
 */
export function drawPolyline(ctx, pts, width, color, arrow) {
  if (pts.length < 2) return;
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  const [x1, y1] = pts[pts.length - 2];
  const [x2, y2] = pts[pts.length - 1];
  const ang = Math.atan2(y2 - y1, x2 - x1);
  const head = width * 2.4;
  // Stop the shaft short so the arrow head has a sharp point.
  /** @type {Pair} */
  const end = arrow ? [x2 - Math.cos(ang) * head * 0.8, y2 - Math.sin(ang) * head * 0.8] : [x2, y2];
  ctx.beginPath();
  ctx.moveTo(...pts[0]);
  for (const p of pts.slice(1, -1)) ctx.lineTo(...p);
  ctx.lineTo(...end);
  ctx.stroke();
  if (arrow) {
    ctx.beginPath();
    ctx.moveTo(x2, y2);
    ctx.lineTo(x2 - Math.cos(ang - 0.5) * head, y2 - Math.sin(ang - 0.5) * head);
    ctx.lineTo(x2 - Math.cos(ang + 0.5) * head, y2 - Math.sin(ang + 0.5) * head);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}
