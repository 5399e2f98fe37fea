// @ts-check
// The engine's best lines of the position shown, live as the search deepens: started for each
// position shown while the engine is on, stopped when it is switched off; a review under way
// comes first (review-run.js starts the lines again once it is done).

import { t } from '../shared/i18n.js';
import { ENGINE_NEEDS } from '../shared/wasm.js';
import { forWhite } from './review.js';
import { $, page, client, engine, review, sideAt, showError, say } from './page.js';
import { renderLines, evalWords } from './view.js';

/**
 * The lines are drawn again at most this often (ms). The first depths come many a second, and
 * each drawing lays out and paints the panel: on a phone that was most of the page's blocking
 * time while the search ran. A quarter of a second still reads as live.
 */
const LINES_EVERY_MS = 250;
let linesDrawn = 0;
let linesTimer = 0;

/** Draws the lines now if they have not been drawn for LINES_EVERY_MS, else once that has passed. */
function drawLinesSoon() {
  if (linesTimer) return;
  const wait = Math.max(0, linesDrawn + LINES_EVERY_MS - performance.now());
  const draw = () => {
    linesTimer = 0;
    linesDrawn = performance.now();
    renderLines(); // reads the latest lines, and only those of the position shown
  };
  if (wait === 0) draw();
  else linesTimer = window.setTimeout(draw, wait);
}

/** @param {boolean} on */
export function setEngine(on) {
  engine.on = on;
  if (on) startEngine();
  else client.stop();
  renderLines();
}

/**
 * The engine switched on as the page opens: on at once for the player (the button, "thinking"),
 * its search started once the page has settled (its first idle moment, at most a second on).
 * On a phone, the worker's start and its first lines, drawn while the page itself was still
 * being laid out, were most of the page's blocking time as it opened (Lighthouse: 250 of
 * 310 ms). A search started meanwhile (a move played, the lines changed) is not started again.
 */
export function setEngineWhenSettled() {
  engine.on = true;
  renderLines();
  const start = () => {
    if (engine.on && engine.node === -1 && !review.running) startEngine();
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: SETTLE_MS });
  else setTimeout(start, SETTLE_MS / 4);
}
/** The longest the engine waits for the page to settle as it opens (ms). */
const SETTLE_MS = 1000;

export function startEngine() {
  if (review.running) return;
  const { model } = page;
  const node = model.current;
  engine.node = node;
  engine.lines = null;
  client.analyse(
    {
      variant: model.variant,
      startFen: model.root.fen,
      moves: model.movesTo(node),
      lines: Number(/** @type {HTMLSelectElement} */ ($('an-lines')).value) || 1,
    },
    {
      onLines: (r) => {
        if (node !== page.model.current) return;
        const before = engine.lines?.lines[0];
        engine.lines = r;
        // The first lines of a position at once (the bar was emptied when it changed), the
        // deeper ones at most every LINES_EVERY_MS.
        if (before) drawLinesSoon();
        else renderLines();
        // A listener hears the evaluation once it is worth saying, not at every depth.
        if (!before && r.lines[0] && r.depth >= 8) say(evalWords(forWhite(r.lines[0], sideAt(node))));
      },
      onDone: () => {
        if (node === page.model.current && engine.on) {
          engine.on = false;
          renderLines();
        }
      },
      onError: (e) => {
        engine.on = false;
        renderLines();
        showError(stopped(e));
      },
    },
  );
}

/**
 * Why the analysis stopped, in words: the worker's reason, or that no worker answers (a slow
 * or replaced one never gets here: see client.js).
 * @param {string | null} error
 */
export const stopped = (error) => {
  if (error === null) return () => t('anEngineGone');
  if (error === ENGINE_NEEDS) return () => t('engineNeedsSimd');
  return () => t('anAnalysisFailed', { error });
};
