// @ts-check
// What the analysis page's modules share (main.js starts the page and hands the work to the
// others): its objects (the core, the tree, the board, the bar, the lessons), the engine's
// lines and the review as they stand, the worker's client, lookups of its elements, the
// error line and the words for a screen reader.

import { setMessage } from '../shared/i18n.js';
import { AnalysisClient } from './client.js';
import { searchThreads } from '../settings/settings.js';
import { sideOf } from './review.js';

/** @import { DamaRules, TreeNode } from '../shared/wasm-types.js' */
/** @import { LinesReply } from '../engine/analysis-types.js' */
/** @import { Reviewed, MoveReview } from './review.js' */
/** @import { AnalysisModel } from './model.js' */
/** @import { EvalBar } from './evalbar.js' */
/** @import { LearnView } from './learn-view.js' */
/** @typedef {'white' | 'black'} Color */

/** The page's element with this id (analysis.html has each one the page asks for). */
export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The same, for a button. */
export const $button = (/** @type {string} */ id) => /** @type {HTMLButtonElement} */ ($(id));

/** Not there until main.js makes it (the core is loaded first). */
const notYet = () => /** @type {never} */ (null);

/**
 * The page's objects, made by main.js once the core is loaded; the model is another when
 * another game or position opens (open.js).
 */
export const page = {
  /** @type {DamaRules} */
  wasm: notYet(),
  /** @type {AnalysisModel} */
  model: notYet(),
  /** @type {ReturnType<typeof import('../board/api.js').createBoard>} */
  board: notYet(),
  /** @type {EvalBar} */
  bar: notYet(),
  /** @type {Color} */
  orientation: 'white',
  /** "Learn from your mistakes" (made with the board). @type {LearnView} */
  learn: notYet(),
};

export const client = new AnalysisClient(searchThreads);

/** The engine's lines of the position shown, or null (none yet for it). */
export const engine = {
  on: false,
  /** @type {LinesReply | null} */
  lines: null,
  /** The node the lines are for. */
  node: -1,
};

/** The review: the main line's positions judged, by ply. */
export const review = {
  /** @type {(Reviewed | undefined)[]} */
  positions: [],
  /** @type {MoveReview[]} */
  moves: [],
  running: false,
  /** Whether each main-line position has a single legal move (never judged). @type {boolean[]} */
  forced: [],
  /** How long the last review took, in ms. */
  timeMs: 0,
  /** The main line's moves when it was reviewed (a review of another line is not shown). */
  /** @type {string[]} */
  line: [],
};

/** The side to move at the start of the tree. */
export function firstMover() {
  return sideOf(page.model.root.fen);
}

/** The side to move at node `id`. @param {number} id */
export function sideAt(id) {
  return sideOf(/** @type {TreeNode} */ (page.model.node(id)).fen);
}

/** The error shown ('' for none), kept as words to make. @type {import('../shared/i18n.js').Message} */
let errorShown = '';
/** The error shown now. */
export const shownError = () => errorShown;

/** @param {import('../shared/i18n.js').Message} message a function of the language is worded again at a switch */
export function showError(message) {
  errorShown = message;
  const el = document.getElementById('an-error');
  if (el) el.hidden = !setMessage(el, message);
}

/** @param {string} text for a screen reader */
export function say(text) {
  const el = $('an-say');
  el.textContent = '';
  // A change a moment later is announced even when the text is the same as before.
  setTimeout(() => {
    el.textContent = text;
  }, 30);
}
