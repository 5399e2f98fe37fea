// @ts-check
// What the puzzles page's modules share (main.js starts the page and hands the work to the
// others): its objects (the trainer, the board), what is under way on the board, lookups of
// its elements, the status line, and the one timer of a reply, a take-back or the solution.

import { t } from '../shared/i18n.js';

/** @import { Move } from '../shared/wasm-types.js' */
/** @import { BoardApi } from '../board/types.js' */
/** @import { Trainer } from './trainer.js' */

/** The page's element with this id (puzzles.html has each one the page asks for). */
export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

export const ui = {
  board: $('board'),
  status: $('status'),
  live: $('live'),
  hint: /** @type {HTMLButtonElement} */ ($('pz-hint')),
  solution: /** @type {HTMLButtonElement} */ ($('pz-solution')),
  retry: /** @type {HTMLButtonElement} */ ($('pz-retry')),
  next: /** @type {HTMLButtonElement} */ ($('pz-next')),
  title: $('pz-title'),
  id: $('pz-id'),
  rating: $('pz-rating'),
  themes: $('pz-themes'),
  theme: /** @type {HTMLSelectElement} */ ($('pz-theme')),
  myRating: $('pz-my-rating'),
  score: $('pz-score'),
  streak: $('pz-streak'),
  best: $('pz-best'),
  notKept: $('pz-not-kept'),
  analyse: /** @type {HTMLAnchorElement} */ ($('pz-analyse')),
  link: /** @type {HTMLButtonElement} */ ($('pz-link')),
  linkSaid: $('pz-link-said'),
};

/** The page's objects, made by main.js once the puzzles and the core are loaded; and the board's moment. */
export const page = {
  /** @type {Trainer | null} */
  trainer: null,
  /** @type {BoardApi | null} */
  board: null,
  /** A reply, a take-back or the solution is on its way: the board takes no move meanwhile. */
  busy: false,
  /** The last record could not be stored (storage full or failing): said under it. */
  notKept: false,
  /** The last move shown on the board (the board keeps it highlighted). @type {Move | null} */
  lastMove: null,
};

/** The status line, as a function of the language, so a switch rewords it. */
let status = () => t('loading');

/** The status line's words now. */
export const statusText = () => status();

/**
 * @param {() => string} fn the text, in the language of the moment
 * @param {'' | 'solved' | 'wrong'} [kind] coloured to match
 */
export function setStatus(fn, kind = '') {
  status = fn;
  ui.status.textContent = fn();
  ui.status.classList.toggle('solved', kind === 'solved');
  ui.status.classList.toggle('wrong', kind === 'wrong');
}

/** Pending timer; bumping `epoch` makes an old one do nothing (Next or Retry meanwhile). */
let timer = 0;
let epoch = 0;

/** Runs `fn` after `ms` unless something newer happened meanwhile. */
export function later(/** @type {() => void} */ fn, /** @type {number} */ ms) {
  const mine = epoch;
  clearTimeout(timer);
  timer = window.setTimeout(() => {
    if (mine === epoch) fn();
  }, ms);
}

/** Drops whatever was on its way: the board takes moves again. */
export function cancelPending() {
  epoch++;
  clearTimeout(timer);
  page.busy = false;
}
