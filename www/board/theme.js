// @ts-check
// Board colours from CSS custom properties on the board's element, so a host page themes the
// canvas the same way it themes anything else. A property left unset keeps the colour of the
// named theme the board shows (themes.js; the classic one unless told).
//
//   --dama-light, --dama-dark          the squares
//   --dama-white-piece, --dama-black-piece   the men and kings (shades are derived)
//   --dama-highlight                   the last move
//   --dama-number                      the square numbers
//   --dama-ring                        pieces that must capture
//   --dama-selected, --dama-hint, --dama-crown

import { namedTheme } from './themes.js';

/** @import { Theme } from './types.js' */
/** @typedef {[number, number, number, number]} Rgba red, green, blue 0-255, alpha 0-1 */

/** @type {CanvasRenderingContext2D | null} */
let probe = null;

// Any CSS colour to [r, g, b, a], using the canvas's own parser; null if it is not a colour.
/** @param {string | null | undefined} text @returns {Rgba | null} */
export function parseColor(text) {
  if (!text) return null;
  probe ??= /** @type {CanvasRenderingContext2D} */ (document.createElement('canvas').getContext('2d'));
  probe.fillStyle = '#010203';
  probe.fillStyle = text;
  const v = /** @type {string} */ (probe.fillStyle); // a colour reads back as a string
  if (v === '#010203' && text.trim().toLowerCase() !== '#010203') return null;
  if (v.startsWith('#')) return /** @type {Rgba} */ ([1, 3, 5].map((i) => parseInt(v.slice(i, i + 2), 16)).concat(1));
  const m = v.match(/rgba?\(([^)]+)\)/);
  if (!m) return null;
  const [r, g, b, a = 1] = m[1].split(',').map(Number);
  return [r, g, b, a];
}

const css = (/** @type {Rgba} */ [r, g, b, a]) => `rgba(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)}, ${a})`;
/** @type {(c: Rgba, d: Rgba, k: number) => Rgba} */
const mix = (c, d, k) => /** @type {Rgba} */ ([0, 1, 2].map((i) => c[i] + (d[i] - c[i]) * k).concat(c[3]));
/** @type {(c: Rgba, a: number) => Rgba} */
const alpha = (c, a) => [c[0], c[1], c[2], a];
/** @type {Rgba} */
const WHITE = [255, 255, 255, 1];
/** @type {Rgba} */
const BLACK = [0, 0, 0, 1];

/** @param {Element} element @param {string} [name] the named theme under the properties @returns {Theme} */
export function readTheme(element, name = 'classic') {
  const style = getComputedStyle(element);
  const get = (/** @type {string} */ name) => parseColor(style.getPropertyValue(name).trim());
  const th = namedTheme(name);
  const light = get('--dama-light');
  const dark = get('--dama-dark');
  const wp = get('--dama-white-piece');
  const bp = get('--dama-black-piece');
  const hl = get('--dama-highlight');
  const num = get('--dama-number');
  const ring = get('--dama-ring');
  const sel = get('--dama-selected');
  const hint = get('--dama-hint');
  const crown = get('--dama-crown');
  if (light) th.light = css(light);
  if (dark) th.dark = css(dark);
  if (wp) th.white = { hi: css(mix(wp, WHITE, 0.6)), lo: css(wp), side: css(mix(wp, BLACK, 0.22)), edge: 'rgba(40, 30, 20, 0.55)', groove: css(alpha(mix(wp, BLACK, 0.35), 0.35)) };
  if (bp) th.black = { hi: css(mix(bp, WHITE, 0.25)), lo: css(bp), side: css(mix(bp, BLACK, 0.5)), edge: 'rgba(0, 0, 0, 0.8)', groove: 'rgba(255, 255, 255, 0.13)' };
  if (hl) {
    th.lastMove = css(alpha(hl, 0.42 * hl[3]));
    th.lastPath = css(alpha(hl, 0.22 * hl[3]));
  }
  if (num) th.number = css(num);
  if (ring) th.mustCapture = css(ring);
  if (sel) th.selected = css(alpha(sel, 0.5 * sel[3]));
  if (hint) th.hint = css(alpha(hint, 0.8 * hint[3]));
  if (crown) {
    th.crown = css(crown);
    th.crownEdge = css(mix(crown, BLACK, 0.45));
  }
  return th;
}
