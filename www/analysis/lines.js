// @ts-check
// The engine's best lines of the position shown, live as the search deepens: started for each
// position shown while the engine is on, stopped when it is switched off; a review under way
// comes first (review-run.js starts the lines again once it is done).

import { t } from '../shared/i18n.js';
import { forWhite } from './review.js';
import { $, page, client, engine, review, sideAt, showError, say } from './page.js';
import { renderLines, evalWords } from './view.js';

/** @param {boolean} on */
export function setEngine(on) {
  engine.on = on;
  if (on) startEngine();
  else client.stop();
  renderLines();
}

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
        renderLines();
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
export const stopped = (error) => (error === null ? () => t('anEngineGone') : () => t('anAnalysisFailed', { error }));
