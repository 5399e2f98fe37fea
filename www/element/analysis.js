// @ts-check
// The element's analysis (`<dama-board analysis>`, the frame's mode=analysis): under the board,
// an evaluation bar (White's share is White's winning chances, as on the analysis board) and
// the engine's best line of the position shown, deepening live in the analysis worker (its own
// worker, started when analysis is first switched on). Each position shown is analysed anew; a
// finished game has no line. No rules here: the worker's engine scores and writes the moves.
// The element loads this module when analysis is first switched on; its markup is in chrome.js.

import { t } from '../shared/i18n.js';
import { chances } from '../analysis/review.js';
import { searchThreads } from '../settings/settings.js';

/** @typedef {import('../game/session.js').Session} Session */
/** @typedef {import('../engine/analysis-types.js').LinesReply} LinesReply */

/** The moves of the best line shown. */
const SHOWN = 8;

export class ElementAnalysis {
  /** @type {import('../analysis/client.js').AnalysisClient | null} */
  #client = null;
  /** The position analysed: its start and moves, as one key. */
  #key = '';
  /** @type {LinesReply | null} */
  #lines = null;
  #white = true;
  on = false;

  /**
   * @param {ShadowRoot} root the element's shadow root, with its chrome's ANALYSIS_MARKUP in it
   * @param {() => string} lang the element's language
   */
  constructor(root, lang) {
    this.box = /** @type {HTMLElement} */ (root.querySelector('.eval'));
    this.bar = /** @type {HTMLElement} */ (root.querySelector('.eval-bar'));
    this.fill = /** @type {HTMLElement} */ (root.querySelector('.eval-white'));
    this.line = /** @type {HTMLElement} */ (root.querySelector('.eval-line'));
    this.lang = lang;
  }

  /**
   * Switches the analysis on or off, and follows the session's position shown.
   * @param {boolean} on
   * @param {Session | null} s
   */
  async update(on, s) {
    this.on = on;
    this.box.hidden = !on;
    if (!on || !s?.record) {
      this.#stop();
      return;
    }
    const ply = s.reviewing ?? s.record.ply();
    const moves = s.history().slice(0, ply).map((m) => m.text);
    const startFen = s.record.startFen();
    const key = `${s.variant}|${startFen}|${moves.join(' ')}`;
    if (key === this.#key) return this.#render();
    this.#key = key;
    this.#lines = null;
    this.#white = sideOf(startFen, ply) === 'white';
    this.#render();
    const over = ply === s.record.ply() && !!s.record.result();
    if (over) return void this.#client?.stop();
    if (!this.#client) {
      const { AnalysisClient } = await import('../analysis/client.js');
      this.#client ??= new AnalysisClient(searchThreads);
    }
    if (this.#key !== key || !this.on) return;
    this.#client.analyse(
      { variant: s.variant, startFen, moves, lines: 1 },
      {
        onLines: (r) => {
          if (this.#key !== key) return;
          this.#lines = r;
          this.#render();
        },
        onError: () => {
          if (this.#key === key) this.line.textContent = t('elAnalysisStopped', {}, this.lang());
        },
      },
    );
  }

  #stop() {
    this.#client?.stop();
    this.#key = '';
    this.#lines = null;
  }

  /** Ends the worker (the element left the page). */
  close() {
    this.#stop();
    this.#client?.kill();
  }

  #render() {
    const L = this.lang();
    this.bar.setAttribute('aria-label', t('elEvaluation', {}, L));
    const best = this.#lines?.lines[0];
    if (!best) {
      this.fill.style.width = '50%';
      this.bar.setAttribute('aria-valuenow', '50');
      this.bar.setAttribute('aria-valuetext', '—');
      this.line.textContent = this.on ? t('elThinking', {}, L) : '';
      return;
    }
    // The worker's score is the side to move's: White's is the same or its opposite.
    const score = this.#white ? best.score : -best.score;
    const known = best.known ? { win: this.#white ? best.known.win : !best.known.win, moves: best.known.moves } : null;
    const c = chances(score, known);
    this.fill.style.width = `${(c * 100).toFixed(1)}%`;
    const words = known ? `${known.win ? '+' : '−'}#${known.moves ?? ''}` : `${score >= 0 ? '+' : '−'}${(Math.abs(score) / 100).toFixed(2)}`;
    this.bar.setAttribute('aria-valuenow', String(Math.round(c * 100)));
    this.bar.setAttribute('aria-valuetext', words);
    const depth = t('elDepth', { n: this.#lines?.depth ?? 0 }, L);
    this.line.textContent = `${words} · ${best.pv.slice(0, SHOWN).join(' ')}${best.pv.length > SHOWN ? ' …' : ''} · ${depth}`;
  }
}

/**
 * The side to move after `ply` moves of a game from `startFen`.
 * @param {string} startFen
 * @param {number} ply
 */
function sideOf(startFen, ply) {
  const first = startFen.trim()[0]?.toUpperCase() === 'B' ? 'black' : 'white';
  return ply % 2 === 0 ? first : first === 'white' ? 'black' : 'white';
}
