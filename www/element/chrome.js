// @ts-check
// The element's own chrome in its shadow root, around the canvas: the end-of-game card, the
// bar under the board (status line, review arrows, buttons) and the live region. Markup, and
// one function that fills it from a session.

import { t } from '../shared/i18n.js';
import { statusText, endTexts, reviewText } from '../game/texts.js';
import { canRematch } from '../game/rematch.js';

/** The analysis's evaluation bar and best line (analysis.js fills them), hidden until it is on. */
const ANALYSIS_MARKUP = `
    <div class="eval" part="eval" hidden>
      <div class="eval-bar" role="meter" aria-valuemin="0" aria-valuemax="100" aria-valuenow="50"><div class="eval-white"></div></div>
      <p class="eval-line" aria-live="off"></p>
    </div>`;

/** @typedef {import('../game/session.js').Session} Session */

export const CHROME = `
  <div class="wrap" part="wrap">
    <div class="stage" part="stage">
      <div class="board" part="board"></div>
      <p class="loading" part="loading"></p>
      <div class="overlay" part="overlay" hidden>
        <div class="card" role="dialog" aria-labelledby="overlay-title">
          <h2 id="overlay-title"></h2>
          <p id="overlay-reason"></p>
          <div class="buttons">
            <button type="button" class="primary" data-act="rematch" hidden></button>
            <button type="button" class="primary" data-act="new"></button>
            <button type="button" data-act="close"></button>
          </div>
        </div>
      </div>
    </div>${ANALYSIS_MARKUP}
    <div class="bar" part="bar" hidden>
      <div class="status" aria-live="off"></div>
      <div class="nav" hidden>
        <button type="button" data-act="first">«</button>
        <button type="button" data-act="prev">‹</button>
        <span class="ply"></span>
        <button type="button" data-act="next">›</button>
        <button type="button" data-act="last">»</button>
      </div>
      <div class="tools">
        <button type="button" data-act="new" class="primary"></button>
        <button type="button" data-act="undo"></button>
        <button type="button" data-act="flip"></button>
      </div>
    </div>
    <div class="live sr-only" aria-live="polite" aria-atomic="true"></div>
  </div>`;

/**
 * The parts of the chrome the element fills.
 * @param {ShadowRoot} root
 */
export function chromeParts(root) {
  const $ = (/** @type {string} */ q) => /** @type {HTMLElement} */ (root.querySelector(q));
  /** @type {Record<string, HTMLElement>} */
  const ui = {};
  for (const k of ['board', 'loading', 'overlay', 'bar', 'status', 'nav', 'ply', 'tools', 'live']) ui[k] = $(`.${k}`);
  ui.title = $('#overlay-title');
  ui.reason = $('#overlay-reason');
  ui.close = $('.card [data-act="close"]');
  ui.rematch = $('.card [data-act="rematch"]');
  ui.cardNew = $('.card [data-act="new"]');
  ui.undo = $('.tools [data-act="undo"]');
  ui.flip = $('.tools [data-act="flip"]');
  return ui;
}

/**
 * Fills the chrome for the session's state.
 * @param {ShadowRoot} root
 * @param {Record<string, HTMLElement>} ui
 * @param {Session} s
 * @param {{controls: boolean, notice: string, overlayClosed: boolean, lang: string}} o
 */
export function renderChrome(root, ui, s, { controls, notice, overlayClosed, lang: L }) {
  const g = s.record;
  if (!g) return;
  const result = g.result();
  const showOverlay = !!result && !overlayClosed && s.reviewing === null && s.mode !== 'view' && !s.editing;
  ui.overlay.hidden = !showOverlay;
  if (showOverlay) [ui.title.textContent, ui.reason.textContent] = endTexts(s, result, L);
  // At the end, one tap plays the same opponent again, colours swapped (game/rematch.js).
  ui.rematch.hidden = !showOverlay || !canRematch(s);
  ui.rematch.textContent = t('rematch', {}, L);
  ui.cardNew.classList.toggle('primary', ui.rematch.hidden);
  for (const b of root.querySelectorAll('[data-act="new"]')) b.textContent = t('newGame', {}, L);
  ui.close.textContent = t('viewBoard', {}, L);
  const view = s.mode === 'view';
  const nav = view && g.ply() > 0;
  ui.bar.hidden = !(controls || nav);
  const status = controls ? notice || statusText(s, L) : '';
  ui.status.hidden = !status;
  ui.tools.hidden = !controls || view;
  ui.nav.hidden = !nav;
  if (controls) {
    ui.status.textContent = status;
    ui.status.title = status; // a small board shows two lines of it
    ui.status.classList.toggle('notice', !!notice);
    ui.undo.textContent = t('undo', {}, L);
    /** @type {HTMLButtonElement} */ (ui.undo).disabled = !s.canUndo();
    ui.flip.textContent = t('flip', {}, L);
  }
  if (!nav) return;
  const p = s.reviewing ?? g.ply();
  ui.ply.textContent = reviewText(s, p, L);
  const labels = { first: 'firstMove', prev: 'prevMove', next: 'nextMove', last: 'lastMove' };
  for (const [act, key] of Object.entries(labels)) {
    const b = /** @type {HTMLButtonElement} */ (ui.nav.querySelector(`[data-act="${act}"]`));
    b.setAttribute('aria-label', t(key, {}, L));
    b.title = t(key, {}, L);
    b.disabled = act === 'first' || act === 'prev' ? p === 0 : p >= g.ply();
  }
}

/**
 * The ply a review button of the bar goes to, or null for another button.
 * @param {string} act
 * @param {Session} s
 */
export function navPly(act, s) {
  const n = s.record?.ply() ?? 0;
  /** @type {Record<string, number>} */
  const to = { first: 0, prev: (s.reviewing ?? n) - 1, next: (s.reviewing ?? 0) + 1, last: n };
  return act in to ? to[act] : null;
}

/**
 * The ply a key on the board goes to while looking back (Page Up/Down, Alt+arrows), or null.
 * @param {KeyboardEvent} e
 * @param {Session} s
 */
export function keyPly(e, s) {
  const p = s.reviewing;
  if (p === null) return null;
  if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && e.altKey)) return p - 1;
  if (e.key === 'PageDown' || (e.key === 'ArrowRight' && e.altKey)) return p + 1;
  return null;
}

/** @type {WeakMap<HTMLElement, number>} */
const timers = new WeakMap();

/**
 * Says `text` through a live region: emptied first, then set, because a live region repeats
 * a text only if it changes.
 * @param {HTMLElement} el
 * @param {string} text
 */
export function announce(el, text) {
  el.textContent = '';
  clearTimeout(timers.get(el));
  timers.set(el, window.setTimeout(() => (el.textContent = text), 30));
}
