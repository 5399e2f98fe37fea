// @ts-check
// Animations are plain data: a start time and a list of items, each active over [t0, t1] ms
// after the start. A "slide" item carries a piece along a list of squares (a quiet move slides
// one step, a capture hops landing by landing); a "fade" item fades a piece out or in.
// The renderer asks `frame()` what to draw at a given time; the final position is already in
// state.pieces, so an animation only hides or adds pieces and never changes the position.

import { squareToRowCol } from './util.js';

/** @import { Anim, AnimFrame, AnimationTiming, FadeItem, Move, SlideItem } from './types.js' */
/** @typedef {Pick<AnimationTiming, 'quiet' | 'hop' | 'fade'>} Timing */

const ease = (/** @type {number} */ t) => (t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2);

// Animation of a move just played. `before` is the position before it. The plan keeps the
// layout (`mirrored`): it decides where each square is drawn.
/**
 * @param {Move} move @param {ArrayLike<number>} before @param {Timing} timing @param {boolean} mirrored
 * @returns {Anim}
 */
export function planMove(move, before, timing, mirrored) {
  const points = [move.from, ...move.path];
  const piece = before[move.from - 1];
  /** @type {(SlideItem | FadeItem)[]} */
  const items = [];
  /** @type {number} the animation's length in ms */
  let t;
  if (!move.captured.length) {
    items.push({ kind: 'slide', piece, points, t0: 0, t1: timing.quiet, to: move.to });
    t = timing.quiet;
  } else {
    // One hop per landing square so the player can follow the whole sequence.
    t = timing.hop * move.path.length;
    items.push({ kind: 'slide', piece, points, t0: 0, t1: t, to: move.to, hop: true });
    // Captured pieces stay on the board until the sequence ends (the rules say so too).
    for (const sq of move.captured) {
      items.push({ kind: 'fade', piece: before[sq - 1], sq, dir: -1, t0: t, t1: t + timing.fade });
    }
    t += timing.fade;
  }
  return { start: performance.now(), duration: t, items, mirrored };
}

// Animation between two unrelated positions (undo, redo, jumping in the move list): pieces
// that can be paired with a vacated square of their colour slide, the rest fade. Returns
// null when nothing changed or when too much changed for an animation to help (new game).
/**
 * @param {ArrayLike<number>} before @param {ArrayLike<number>} after @param {Timing} timing
 * @param {boolean} mirrored
 * @returns {Anim | null}
 */
export function planDiff(before, after, timing, mirrored) {
  const gone = [];
  const came = [];
  for (let i = 0; i < 32; i++) {
    const a = before[i];
    const b = after[i];
    if (a === b) continue;
    if (a && Math.sign(a) === Math.sign(b)) continue; // promotion or demotion in place
    if (a) gone.push(i + 1);
    if (b) came.push(i + 1);
  }
  if (!gone.length && !came.length) return null;
  if (gone.length + came.length > 10) return null;
  /** @type {(SlideItem | FadeItem)[]} */
  const items = [];
  const free = new Set(gone);
  for (const to of came) {
    const color = Math.sign(after[to - 1]);
    let best = 0;
    let bestDist = Infinity;
    for (const from of free) {
      if (Math.sign(before[from - 1]) !== color) continue;
      const d = distance(from, to, mirrored);
      if (d < bestDist) {
        bestDist = d;
        best = from;
      }
    }
    if (best) {
      free.delete(best);
      items.push({ kind: 'slide', piece: before[best - 1], points: [best, to], t0: 0, t1: timing.quiet, to });
    } else {
      items.push({ kind: 'fade', piece: after[to - 1], sq: to, dir: 1, t0: 0, t1: timing.fade });
    }
  }
  for (const sq of free) {
    items.push({ kind: 'fade', piece: before[sq - 1], sq, dir: -1, t0: 0, t1: timing.fade });
  }
  const duration = Math.max(...items.map((it) => it.t1));
  return { start: performance.now(), duration, items, mirrored };
}

/** @param {number} a @param {number} b @param {boolean} mirrored */
function distance(a, b, mirrored) {
  const [r1, c1] = squareToRowCol(a, mirrored);
  const [r2, c2] = squareToRowCol(b, mirrored);
  return Math.hypot(r1 - r2, c1 - c2);
}

// What to draw at time `now`: moving pieces at fractional board coordinates, squares whose
// piece in state.pieces must not be drawn yet, and fading pieces with their opacity.
/** @param {Anim} anim @param {number} now @returns {AnimFrame} */
export function frame(anim, now) {
  const t = now - anim.start;
  /** @type {AnimFrame} */
  const out = { done: t >= anim.duration, moving: [], hidden: new Set(), fading: [] };
  for (const it of anim.items) {
    const k = it.t1 > it.t0 ? Math.min(1, Math.max(0, (t - it.t0) / (it.t1 - it.t0))) : 1;
    if (it.kind === 'slide') {
      if (k >= 1) continue;
      out.hidden.add(it.to);
      const segs = it.points.length - 1;
      const pos = k * segs;
      const i = Math.min(segs - 1, Math.floor(pos));
      const f = ease(pos - i);
      const [r1, c1] = squareToRowCol(it.points[i], anim.mirrored);
      const [r2, c2] = squareToRowCol(it.points[i + 1], anim.mirrored);
      // A capture hop lifts the piece a little at mid-jump so hops read as jumps.
      const lift = it.hop ? Math.sin(f * Math.PI) : 0;
      out.moving.push({ piece: it.piece, row: r1 + (r2 - r1) * f, col: c1 + (c2 - c1) * f, lift });
    } else if (it.dir < 0) {
      if (k < 1) out.fading.push({ piece: it.piece, sq: it.sq, alpha: 1 - k });
    } else {
      if (k < 1) {
        out.hidden.add(it.sq);
        out.fading.push({ piece: it.piece, sq: it.sq, alpha: k });
      }
    }
  }
  return out;
}
