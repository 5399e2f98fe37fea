// @ts-check
// How Saved games lists the records of the library (library.js): each game's own date (its
// PDN's Date tag; the day it was saved only where it has none), and where it stands: being
// played (the game on this page's board, or one a tab wrote lately), finished, or left
// unfinished (nobody has touched it for LEFT_AFTER_MS: a game given up for another). Listed
// the game on the board first, then in that order, the latest first in each: the games left
// are last, out of the way, and can be cleared, save those a player wrote something in. No
// DOM; the core reads the PDN.

import { treeFromPdn } from '../game/record.js';

/** @typedef {import('../library/library.js').GameRecord} GameRecord */
/** @import { DamaRules } from '../shared/wasm-types.js' */
/** @typedef {'live' | 'finished' | 'left'} Standing */
/** @typedef {{g: GameRecord, standing: Standing, date: string, annotated: boolean}} Listed */

/**
 * An unfinished game not saved for this long is no longer being played: against the computer
 * every move is saved, so a game being played has been saved within the last minutes.
 */
export const LEFT_AFTER_MS = 15 * 60 * 1000;

/**
 * @param {GameRecord} g
 * @param {string | null} current the record of the game on this page's board
 * @param {number} now the time, as Date.now()
 * @returns {Standing}
 */
export function standing(g, current, now) {
  if (g.finished) return 'finished';
  // (A record whose time is damaged is old.)
  const age = now - Number(g.updated);
  return g.id === current || (Number.isFinite(age) && age < LEFT_AFTER_MS) ? 'live' : 'left';
}

/**
 * What the core reads in a record's PDN: its Date tag ('' if none), and whether a player wrote
 * anything in it (a comment, an annotation, a variation). A record the core cannot read counts
 * as written in: it is never cleared without asking.
 * @param {DamaRules} wasm
 * @param {GameRecord} g
 * @returns {{date: string, annotated: boolean}}
 */
export function readRecord(wasm, g) {
  let tree;
  try {
    tree = treeFromPdn(wasm, g.pdn, g.variant);
  } catch {
    return { date: '', annotated: true };
  }
  try {
    const date = /** @type {[string, string][]} */ (tree.tags()).find(([k]) => k.toLowerCase() === 'date')?.[1] ?? '';
    const nodes = /** @type {import('../shared/wasm-types.js').TreeNode[]} */ (tree.nodes());
    const annotated = nodes.some((n) => n.comment || n.preComment || n.nags.length || n.glyph || !n.mainline);
    return { date, annotated };
  } finally {
    tree.free();
  }
}

/**
 * The records as listed: the game on this board, the other games being played, the finished
 * ones, then those left, the latest first in each.
 * @param {DamaRules} wasm
 * @param {GameRecord[]} games
 * @param {string | null} current
 * @param {number} now
 * @returns {Listed[]}
 */
export function listGames(wasm, games, current, now) {
  const rank = { live: 1, finished: 2, left: 3 };
  const order = (/** @type {Listed} */ x) => (x.g.id === current ? 0 : rank[x.standing]);
  return games
    .map((g) => ({ g, standing: standing(g, current, now), ...readRecord(wasm, g) }))
    .sort((a, b) => order(a) - order(b) || b.g.updated - a.g.updated);
}

/**
 * A date as a player reads it in `lang`: a PDN date (2019.05.04, with ?? for what is not
 * known: 2019.??.?? is the year alone) or a save date (2019-05-04). Null for one that is
 * neither (the PDN's own text is then shown as it is).
 * @param {string} text
 * @param {string} lang
 * @returns {string | null}
 */
export function formatDate(text, lang) {
  const m = /^(\d{4})[.-](\d{2}|\?\?)[.-](\d{2}|\?\?)$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), m[2] === '??' ? 0 : Number(m[2]), m[3] === '??' ? 0 : Number(m[3])];
  if (mo > 12 || d > 31 || (!mo && d)) return null;
  /** @type {Intl.DateTimeFormatOptions} */
  const parts = { year: 'numeric', timeZone: 'UTC', ...(mo ? { month: 'short' } : {}), ...(d ? { day: 'numeric' } : {}) };
  return new Intl.DateTimeFormat(lang, parts).format(Date.UTC(y, Math.max(0, mo - 1), Math.max(1, d)));
}

/**
 * The date a record is listed with: its PDN's, else the day it was saved (`saved` true).
 * @param {Listed} item
 * @param {string} lang
 * @returns {{text: string, saved: boolean}}
 */
export function listedDate(item, lang) {
  const pdn = item.date.trim();
  if (pdn && !/^\?{4}/.test(pdn)) return { text: formatDate(pdn, lang) ?? pdn, saved: false };
  return { text: formatDate(item.g.date ?? '', lang) ?? String(item.g.date ?? ''), saved: true };
}
