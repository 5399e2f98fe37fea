// @ts-check
// The analysis board's explorer: for the position shown, the opening book's moves (score, the
// depth that scored them, the ones that lose marked), the endgame tables' value of every legal
// move when the position is in them (sorted as a tablebase panel is: wins shortest first,
// draws, losses longest first), and the games of the player's library and loaded PDN files
// that reached it (games.js). The book and the tables are the analysis worker's (it answers
// an explore request at once, between the slices of its search); the panel asks again when
// the position changes and when the worker has loaded more (a data event). Shown or hidden
// with its button, the choice kept in this browser. What it shows: state.js; the panel: view.js.

import { page, client } from '../page.js';
import { sideOf } from '../review.js';
import { renderExplorer, tablesWords } from './view.js';
import { explorerHooks } from './hooks.js';
import { explorer, shown } from './state.js';
import { games } from './games.js';

/**
 * The tables' value of the position shown, for White (the evaluation bar's when the engine
 * has no lines of it), or null when the tables have none.
 * @returns {import('./hooks.js').TablesValue | null}
 */
function tablesValue() {
  const a = explorer.open && explorer.model === page.model && explorer.node === page.model.current ? explorer.answer?.tables : null;
  if (!a) return null;
  if (a.result === 'draw') return { score: 0, known: null, result: a.result, plies: a.plies };
  const white = (a.result === 'win') === (sideOf(page.model.currentNode.fen) === 'white');
  return { score: white ? 1 : -1, known: { win: white, moves: null }, result: a.result, plies: a.plies };
}

/** The page has settled (wireExplorer): requests wait for it, as the engine's start does. */
let settled = false;
/** The longest the first request waits for the page to settle (ms). */
const SETTLE_MS = 1000;

/** @param {boolean} open */
export function setExplorerOpen(open) {
  explorer.open = open;
  shown.remember(open);
  refreshExplorer();
}

/**
 * Starts the explorer: `play` plays a move of the panel on the board, `found` is called when
 * an answer came. The worker's first request waits for the page to settle, as the engine's
 * does (lines.js): at the page's first idle moment, at most a second on.
 * @param {(text: string) => void} play
 * @param {() => void} found
 */
export function wireExplorer(play, found) {
  explorer.play = play;
  explorer.found = found;
  Object.assign(explorerHooks, { refresh: refreshExplorer, tablesValue, tablesWords });
  const settle = () => {
    settled = true;
    refreshExplorer();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(settle, { timeout: SETTLE_MS });
  else setTimeout(settle, SETTLE_MS / 4);
  client.addEventListener('data', () => {
    // More book or tables loaded: what they say of this position may have changed. The
    // answer shown stays until the new one comes (no flicker).
    if (explorer.open && settled) ask();
  });
  games.onChange(() => renderExplorer());
}

/**
 * The panel for the position shown: asked of the worker when it is another position than the
 * one answered, drawn at once with what is known.
 */
export function refreshExplorer() {
  const { model } = page;
  if (!settled) return void renderExplorer();
  if (explorer.open && (explorer.model !== model || explorer.node !== model.current)) {
    explorer.model = model;
    explorer.node = model.current;
    explorer.answer = null;
    explorer.error = '';
    ask();
  }
  if (explorer.open) games.want(model.variant);
  renderExplorer();
}

/** Asks the worker about the position shown; the answer is drawn when it comes, if still wanted. */
function ask() {
  const { model } = page;
  const node = model.current;
  explorer.waiting = true;
  client.explore({ variant: model.variant, startFen: model.root.fen, moves: model.movesTo(node) }).then((r) => {
    // A later request, another position or another game has taken its place.
    if (!r || explorer.model !== page.model || explorer.node !== node) return;
    explorer.waiting = false;
    explorer.answer = r.explore;
    explorer.error = r.error ?? '';
    renderExplorer();
    explorer.found();
  });
}
