// @ts-check
// The review's evaluation graph under the board: White's chances after each move of the main
// line (up: White better), the judged moves as dots, the move shown as a line; a click or a
// tap goes to the move under it. Drawn in SVG so that it scales with the board.

import { whiteChances } from './review.js';

/** @import { Reviewed, MoveReview } from './review.js' */

const NS = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 100;

/**
 * @param {string} name
 * @param {Record<string, string | number>} attrs
 */
function svg(name, attrs) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * @param {SVGSVGElement} el
 * @param {(Reviewed | undefined)[]} positions the main line's positions (0: the start)
 * @param {MoveReview[]} moves
 * @param {number | null} shown the ply shown on the main line, or null
 */
export function drawGraph(el, positions, moves, shown) {
  const n = Math.max(1, positions.length - 1);
  const x = (/** @type {number} */ ply) => (ply / n) * W;
  const y = (/** @type {number} */ c) => H - c * H;
  el.replaceChildren();
  el.append(svg('rect', { x: 0, y: 0, width: W, height: H, class: 'g-black' }));
  let d = `M0 ${H}`;
  positions.forEach((p, ply) => {
    d += ` L${x(ply).toFixed(1)} ${y(whiteChances(p)).toFixed(1)}`;
  });
  d += ` L${x(positions.length - 1).toFixed(1)} ${H} Z`;
  el.append(svg('path', { d, class: 'g-white' }));
  el.append(svg('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'g-mid' }));
  if (shown !== null) el.append(svg('line', { x1: x(shown), x2: x(shown), y1: 0, y2: H, class: 'g-now' }));
  for (const m of moves) {
    if (!m.judgement) continue;
    el.append(svg('circle', { cx: x(m.ply), cy: y(whiteChances(positions[m.ply])), r: 3.5, class: `g-${m.judgement}` }));
  }
}

/**
 * The ply under a click at `clientX` on the graph.
 * @param {SVGSVGElement} el
 * @param {number} clientX
 * @param {number} plies the main line's length
 */
export function plyAt(el, clientX, plies) {
  const r = el.getBoundingClientRect();
  const f = r.width ? (clientX - r.left) / r.width : 0;
  return Math.max(0, Math.min(plies, Math.round(f * plies)));
}
