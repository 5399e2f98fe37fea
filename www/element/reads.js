// @ts-check
// What a page can read of a <dama-board>: its game, its settings and its texts. The element
// (element.js) extends this with the commands and the wiring; both read the same session.

import { t, getLanguage } from '../shared/i18n.js';
import { delayMs, clampLevel, START_FEN } from '../game/options.js';
import { normVariant } from '../shared/variant.js';
import { statusText, endTexts } from '../game/texts.js';

/** @typedef {import('../game/session.js').Session} Session */
/** @typedef {import('../game/options.js').Color} Color */
/** @import { BoardApi } from '../board/types.js' */

export const WATCH_DELAY_MS = 600;

export class DamaBoardReads extends HTMLElement {
  /** @type {Session | null} the game shown (null until the wasm has loaded) */
  session = null;
  /** @type {BoardApi | null} the canvas board (board/api.js; null until the wasm has loaded) */
  ground = null;

  get isReady() { return !!this.session && !!this.ground; }
  get level() { return this.session?.level ?? 5; }
  set level(v) { this.setAttribute('level', String(clampLevel(v, this.level))); }
  get mode() { return this.session?.mode ?? 'computer'; }
  /** The game being played (an imported PDN can change it); before the wasm has loaded, the attribute's. */
  get variant() { return this.session?.variant ?? normVariant(this.getAttribute('variant')); }
  /** The human's colour against the computer (random already decided). */
  get side() { return this.session?.human ?? 'white'; }
  /** @param {Color} color the level the computer plays `color` at */
  levelFor(color) { return this.session?.levelFor(color) ?? 5; }
  get delay() { return delayMs(this.getAttribute('delay'), WATCH_DELAY_MS); }
  set delay(ms) { this.setAttribute('delay', String(ms)); }
  get thinking() { return this.session?.thinking ?? null; }
  get reviewing() { return this.session?.reviewing ?? null; }
  get orientation() { return this.ground?.state.orientation ?? 'white'; }
  get numbers() { return !!this.ground?.state.coordinates; }
  set numbers(on) { this.toggleAttribute('numbers', !!on); }
  get readonly() { return this.hasAttribute('readonly'); }
  get hintMove() { return this.session?.hint ?? null; }
  /** The move queued while the computer thinks ({from, to}), or null. */
  get premove() {
    const p = this.ground?.state.premove;
    return p ? { from: p.from, to: p.to } : null;
  }
  get lastScore() { return this.session?.lastScore ?? null; }
  get ended() { return this.session?.ended ?? null; }
  get editing() { return !!this.session?.editing; }
  get canvas() { return this.ground?.canvas ?? null; }
  get animating() { return !!this.ground?.isAnimating(); }
  /** @override The element's own language, else the page's (HTMLElement's reads the attribute alone). */
  get lang() { return this.getAttribute('lang') || getLanguage(); }
  /** @param {number} n the name of square n (1-32) in this game's notation */
  squareName(n) {
    try {
      return this.session?.record ? this.session.record.squareName(n) : String(n);
    } catch {
      return String(n);
    }
  }
  fen() { return this.session?.record?.fen() ?? ''; }
  startFen() { return this.session?.record?.startFen() ?? START_FEN; }
  /** @param {Record<string, string>} [tags] the game in PDN; `tags` override any tag */
  pdn(tags = {}) { return this.session?.pdn(tags, typeof location !== 'undefined' && location.host ? location.host : '?') ?? ''; }
  history() { return this.session?.history() ?? []; }
  turn() { return this.session?.record?.turn() ?? 'white'; }
  result() { return this.session?.record?.result() ?? null; }
  legalMoves() { return this.session?.legalMoves() ?? []; }
  /** Cells of the position shown (index i = square i+1). */
  pieces() { return this.ground ? Int8Array.from(this.ground.state.pieces) : new Int8Array(32); }
  canRedo() { return !!this.session?.canRedo(); }
  canUndo() { return !!this.session?.canUndo(); }
  humanToMove() { return !!this.session?.humanToMove(); }
  snapshot() { return this.session?.snapshot() ? { ...this.session.snapshot(), orientation: this.orientation } : null; }
  statusText() { return this.session ? statusText(this.session, this.lang) : t('loading', {}, this.lang); }
  endTexts(result = this.result()) {
    return this.session ? endTexts(this.session, result, this.lang) : ['', ''];
  }

  /** The editor's position as a FEN, from the core; '' when it cannot be played. */
  editorFen() {
    try {
      return this.session?.editorFen() ?? '';
    } catch {
      return '';
    }
  }
}
