// @ts-check
// The evaluation bar beside the board: White's share of the bar is White's chances (the
// review's chances curve, so the bar and the graph agree), on the side of the board White
// plays from. It shows nothing rather than a stale score: `clear()` empties it the moment the
// position changes, and only lines of the position shown fill it again.

import { chances } from './review.js';

/** @typedef {{score: number, known: {win: boolean, moves: number | null} | null}} WhiteEval a score for White */

export class EvalBar {
  /** @param {HTMLElement} el the .evalbar element */
  constructor(el) {
    this.el = el;
    this.fill = /** @type {HTMLElement} */ (el.querySelector('.evalbar-white'));
    this.label = /** @type {HTMLElement} */ (el.querySelector('.evalbar-text'));
    /** @type {'white' | 'black'} */
    this.orientation = 'white';
    this.clear();
  }

  /** @param {'white' | 'black'} orientation the side at the bottom of the board */
  flip(orientation) {
    this.orientation = orientation;
    this.el.classList.toggle('flipped', orientation === 'black');
  }

  /** No score: the bar is empty and says so. */
  clear() {
    this.el.classList.add('empty');
    this.fill.style.setProperty('--white', '0.5');
    this.label.textContent = '';
    // A meter must have a value: the middle, which the text says is none.
    this.el.setAttribute('aria-valuenow', '50');
    this.el.setAttribute('aria-valuetext', '—');
  }

  /**
   * @param {WhiteEval} e
   * @param {string} words the score said for a listener
   */
  show(e, words) {
    const c = chances(e.score, e.known);
    this.el.classList.remove('empty');
    this.fill.style.setProperty('--white', c.toFixed(3));
    this.label.textContent = e.known ? `#${e.known.moves ?? ''}` : (Math.abs(e.score) / 100).toFixed(1);
    this.label.classList.toggle('for-white', c >= 0.5);
    this.el.setAttribute('aria-valuenow', String(Math.round(c * 100)));
    this.el.setAttribute('aria-valuetext', words);
  }
}
