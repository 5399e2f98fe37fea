// @ts-check
// What the tactics trainer keeps in localStorage, one entry per game (variant): the player's
// rating, score, streaks, each puzzle's first result, and the theme chosen. The entry carries
// a version; a value that is not ours (another version, hand-edited, truncated) is ignored
// and the player starts afresh, without an error, rather than the page failing.

import { START_RATING } from './trainer.js';

/**
 * @typedef {{
 *   rating: number,
 *   tried: number,
 *   solved: number,
 *   streak: number,
 *   best: number,
 *   results: Record<string, 'won' | 'lost'>,
 *   theme: string | null,
 * }} Stats
 */

export const VERSION = 1;

/** @param {string} variant */
export const storeKey = (variant) => `dama.puzzles.${variant}`;

/** @returns {Stats} */
export function freshStats() {
  return { rating: START_RATING, tried: 0, solved: 0, streak: 0, best: 0, results: {}, theme: null };
}

/** @param {unknown} n @returns {n is number} */
const count = (n) => typeof n === 'number' && Number.isInteger(n) && n >= 0;

/**
 * The stats in a stored text, or fresh ones when it is missing or not a valid version-1
 * entry. Every field is checked: a half-valid value could otherwise show NaN or break a sum.
 * @param {string | null | undefined} text
 * @returns {Stats}
 */
export function parseStats(text) {
  return validStats(text) ?? freshStats();
}

/**
 * The stats in a stored text, or null when it is missing or not a valid entry.
 * @param {string | null | undefined} text
 * @returns {Stats | null}
 */
function validStats(text) {
  if (!text) return null;
  /** @type {unknown} checked field by field below */
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const { version, rating, tried, solved, streak, best, results, theme } = /** @type {Record<string, unknown>} */ (v);
  if (version !== VERSION) return null;
  const ok =
    typeof rating === 'number' && Number.isFinite(rating) && rating > 0 && rating < 10000 &&
    count(tried) && count(solved) && count(streak) && count(best) && solved <= tried && streak <= best &&
    results && typeof results === 'object' && !Array.isArray(results) &&
    Object.values(results).every((r) => r === 'won' || r === 'lost') &&
    (theme === null || theme === undefined || typeof theme === 'string');
  if (!ok) return null;
  /** @type {Record<string, 'won' | 'lost'>} a null prototype: an id such as "__proto__" is a plain key */
  const clean = Object.create(null);
  Object.assign(clean, results);
  return { rating: Math.round(rating), tried, solved, streak, best, results: clean, theme: theme ?? null };
}

/** The page's localStorage, or null where there is none or it is refused (private mode, a sandbox). */
function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * @param {string} variant
 * @param {Pick<Storage, 'getItem'> | null} [store]
 * @returns {Stats}
 */
export function loadStats(variant, store = storage()) {
  try {
    return parseStats(store?.getItem(storeKey(variant)));
  } catch {
    return freshStats();
  }
}

/**
 * The stats as stored now (another tab may have written them since this page read them), or
 * null when there are none to read.
 * @param {string} variant
 * @param {Pick<Storage, 'getItem'> | null} [store]
 * @returns {Stats | null}
 */
export function storedStats(variant, store = storage()) {
  try {
    return validStats(store?.getItem(storeKey(variant)));
  } catch {
    return null;
  }
}

/**
 * Saves the stats; false when they could not be kept (no storage, or it is full): the page
 * goes on, the record lasting as long as the page.
 * @param {string} variant
 * @param {Stats} stats
 * @param {Pick<Storage, 'setItem'> | null} [store]
 */
export function saveStats(variant, stats, store = storage()) {
  if (!store) return false;
  try {
    store.setItem(storeKey(variant), JSON.stringify({ version: VERSION, ...stats }));
    return true;
  } catch {
    return false;
  }
}
