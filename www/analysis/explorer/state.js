// @ts-check
// What the explorer panel shows, for the position it was asked of: kept by ctrl.js (which asks
// the worker and fills it in) and drawn by view.js, which both read it from here.

import { keptSwitch } from '../engine-choice.js';

/** @import { Explore } from '../../shared/wasm-types.js' */

/** Shown or hidden, as the player last chose. */
export const shown = keptSwitch('dama.analysis.explorer');

/** The panel's state. */
export const explorer = {
  open: shown.wanted(),
  /** The model and node the answer below is for (another model: another game opened). */
  /** @type {object | null} */
  model: null,
  node: -1,
  /** @type {Explore | null} */
  answer: null,
  /** The worker's reason when the position could not be explored. */
  error: '',
  /** An answer is awaited for the position shown. */
  waiting: false,
  /** Plays a move the panel offers (the page's own handler, given by wireExplorer). */
  /** @type {(text: string) => void} */
  play: () => {},
  /** Called when an answer came (the page draws its evaluation again: the tables' value). */
  found: () => {},
};
