// @ts-check
// The two piece sets. "discs": a short cylinder seen slightly from the front, a darker side
// under a shaded top face with a turned groove; a king is two stacked pieces with a crown on
// top, the way kings are made over the board. "flat": a plain flat disc seen from above, a
// king marked by a large crown. A theme with a `mark` rings Black's pieces in that colour,
// so the sides differ by shape as well as by colour.

import { THEMES } from './themes.js';

/** @import { Piece, PiecePalette, PieceSet, Theme } from './types.js' */

/**
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} cell
 * @param {Piece} piece @param {number} alpha @param {number} [lift] 0-1 @param {Theme} [theme]
 * @param {PieceSet} [set]
 */
export function drawPiece(ctx, x, y, cell, piece, alpha, lift = 0, theme = THEMES.classic, set = 'discs') {
  const pal = piece > 0 ? theme.white : theme.black;
  const king = piece === 2 || piece === -2;
  const mark = piece < 0 ? theme.mark : '';
  const r = cell * 0.37;
  const flat = set === 'flat';
  const h = flat ? 0 : cell * 0.07;
  ctx.save();
  ctx.globalAlpha = alpha;
  // Shadow on the board: further and softer when the piece is lifted.
  const sy = y + h * (king ? 1.2 : 0.8) + cell * (flat ? 0.025 : 0.04) + lift * cell * 0.08;
  const sh = ctx.createRadialGradient(x, sy, r * 0.6, x, sy, r * 1.15);
  sh.addColorStop(0, `rgba(0,0,0,${(flat ? 0.25 : 0.35) - lift * 0.12})`);
  sh.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = sh;
  ctx.beginPath();
  ctx.arc(x, sy, r * 1.15, 0, 2 * Math.PI);
  ctx.fill();
  if (flat) {
    flatDisc(ctx, x, y, r, pal, theme.outline, mark);
    if (king) crown(ctx, x, y + r * 0.08, r * 0.82, theme);
  } else if (king) {
    disc(ctx, x, y + h * 0.9, r, h, pal, theme.outline, '');
    disc(ctx, x, y - h * 0.9, r, h, pal, theme.outline, mark);
    crown(ctx, x, y - h * 1.4, r * 0.62, theme);
  } else {
    disc(ctx, x, y, r, h, pal, theme.outline, mark);
  }
  ctx.restore();
}

/**
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} r @param {number} h
 * @param {PiecePalette} pal @param {number} outline @param {string} mark
 */
function disc(ctx, x, y, r, h, pal, outline, mark) {
  const top = y - h / 2;
  const bottom = y + h / 2;
  // Side.
  ctx.fillStyle = pal.side;
  ctx.strokeStyle = pal.edge;
  ctx.lineWidth = Math.max(1, r * outline);
  ctx.beginPath();
  ctx.arc(x, bottom, r, 0, Math.PI);
  ctx.lineTo(x - r, top);
  ctx.arc(x, top, r, Math.PI, 0, true);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  // Top face, lit from the upper left.
  const g = ctx.createRadialGradient(x - r * 0.35, top - r * 0.4, r * 0.1, x, top, r * 1.05);
  g.addColorStop(0, pal.hi);
  g.addColorStop(1, pal.lo);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.arc(x, top, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  ring(ctx, x, top, r * 0.68, Math.max(1, r * 0.06), pal.groove);
  if (mark) ring(ctx, x, top, r * 0.6, Math.max(1.5, r * 0.13), mark);
}

/**
 * @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} r
 * @param {PiecePalette} pal @param {number} outline @param {string} mark
 */
function flatDisc(ctx, x, y, r, pal, outline, mark) {
  // Flat, with the faintest sheen from above so a white man does not look grey.
  const g = ctx.createLinearGradient(x, y - r, x, y + r);
  g.addColorStop(0, pal.hi);
  g.addColorStop(1, pal.lo);
  ctx.fillStyle = g;
  ctx.strokeStyle = pal.edge;
  ctx.lineWidth = Math.max(1, r * Math.max(outline, 0.06));
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  ring(ctx, x, y, r * 0.78, Math.max(1, r * 0.05), pal.side);
  if (mark) ring(ctx, x, y, r * 0.6, Math.max(1.5, r * 0.13), mark);
}

/** @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} r @param {number} width @param {string} color */
function ring(ctx, x, y, r, width, color) {
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.stroke();
}

/** @param {CanvasRenderingContext2D} ctx @param {number} x @param {number} y @param {number} s @param {Theme} theme */
function crown(ctx, x, y, s, theme) {
  // Three-pointed crown, centred on (x, y), width about 1.2 s.
  const w = s * 0.6;
  const base = y + s * 0.3;
  const rim = y + s * 0.05;
  ctx.fillStyle = theme.crown;
  ctx.strokeStyle = theme.crownEdge;
  ctx.lineWidth = Math.max(1, s * 0.07);
  ctx.lineJoin = 'round';
  ctx.beginPath();
  ctx.moveTo(x - w, base);
  ctx.lineTo(x - w, rim);
  ctx.lineTo(x - w * 1.05, y - s * 0.4);
  ctx.lineTo(x - w * 0.45, y - s * 0.05);
  ctx.lineTo(x, y - s * 0.5);
  ctx.lineTo(x + w * 0.45, y - s * 0.05);
  ctx.lineTo(x + w * 1.05, y - s * 0.4);
  ctx.lineTo(x + w, rim);
  ctx.lineTo(x + w, base);
  ctx.closePath();
  ctx.fill();
  ctx.stroke();
  for (const [px, py] of [[x - w * 1.05, y - s * 0.4], [x, y - s * 0.5], [x + w * 1.05, y - s * 0.4]]) {
    ctx.beginPath();
    ctx.arc(px, py, s * 0.1, 0, 2 * Math.PI);
    ctx.fill();
    ctx.stroke();
  }
}
