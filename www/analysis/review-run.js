// @ts-check
// The game review as the page runs it: every main-line position searched by the worker (the
// engine's lines wait meanwhile), the moves judged as the positions come in (review.js), the
// result written into the game's comments (annotate.js) and back into its saved game (the
// game page's own; one a link named, only at the player's asking: saved.js); and the review a
// game's comments already hold, read when it opens.

import { t } from '../shared/i18n.js';
import { judgeMoves, forWhite } from './review.js';
import { writeReview, readReview } from './annotate.js';
import { $, page, client, engine, review, firstMover, sideAt, showError, say } from './page.js';
import { render, renderReview } from './view.js';
import { startEngine, stopped } from './lines.js';
import { saveToLibrary, showLinked } from './saved.js';

/** @import { TreeNode } from '../shared/wasm-types.js' */

export function startReview() {
  const main = page.model.mainline();
  if (!main.length) return;
  client.stop();
  review.running = true;
  review.line = main.map((n) => n.text);
  review.positions = [];
  review.moves = [];
  review.forced = [];
  showLinked(false);
  const timeMs = Number(/** @type {HTMLSelectElement} */ ($('an-review-time')).value) || 200;
  const started = performance.now();
  client.review(
    { variant: page.model.variant, startFen: page.model.root.fen, moves: review.line, timeMs },
    {
      onReviewed: (r) => {
        const mover = r.ply === 0 ? firstMover() : sideAt(/** @type {TreeNode} */ (page.model.mainlineAt(r.ply)).id);
        review.positions[r.ply] = r.line
          ? { ...forWhite(r.line, mover), best: r.line.move, pv: r.line.pv }
          : { score: null, over: r.over ?? 'draw', best: null, pv: [] };
        review.forced[r.ply] = r.forced;
        review.moves = judgeMoves(review.positions, review.line, firstMover(), review.forced);
        renderReview();
      },
      onDone: () => {
        review.running = false;
        review.timeMs = performance.now() - started;
        writeReview(page.model, review.positions, review.moves);
        saveToLibrary(true); // the game page's own game (one a link named: only if asked)
        showLinked(true);
        say(t('anReviewDone'));
        render();
        if (engine.on) startEngine();
      },
      onError: (e) => {
        review.running = false;
        showError(stopped(e));
        render();
      },
    },
  );
  render();
}

export function cancelReview() {
  client.stop();
  review.running = false;
  review.line = [];
  review.positions = [];
  review.moves = [];
  showLinked(false);
  render();
  if (engine.on) startEngine();
}

/** The review kept in the game's comments, if it has one. */
export function readSaved() {
  const r = readReview(page.model);
  if (!r) return;
  review.line = r.line;
  review.positions = r.positions;
  review.forced = r.forced;
  review.moves = r.moves;
}
