// @ts-check
// The one place that decides which game a page offers a player who has not chosen one: the game
// they chose last on any page (the New game dialog, the puzzles' game), else their browser's
// languages' game: Brazilian draughts for a Brazilian browser, Italian elsewhere. The pages
// (the game page's first visit, the analysis board's empty board, the puzzles' game, the
// rules' first game) ask preferredVariant; a player's choice is kept by rememberVariant.

import { resolveLanguage } from './i18n.js';
import { DEFAULT_VARIANT, variantNamed } from './variant.js';

/** @import { Variant } from './variant.js' */

/** The game the player chose last, on any page that asks (the New game dialog, the puzzles' game). */
const CHOSEN_KEY = 'dama.variant';

/**
 * The game of a browser's languages (navigator.languages, the first the browser prefers
 * first): the first of them that the pages speak decides, Brazilian draughts for Brazilian
 * Portuguese, Italian for any other. Plain "pt" is Brazilian too: the pages read it as
 * Brazilian Portuguese (i18n.js), and most browsers that say "pt" with no country are
 * Brazilian ones; "pt-PT" (Portugal, whose own game is neither) keeps Italian, as elsewhere.
 * @param {readonly unknown[]} tags
 * @returns {Variant}
 */
export function variantOfLanguages(tags) {
  for (const tag of tags) {
    if (!resolveLanguage(tag)) continue;
    const s = String(tag).trim().toLowerCase().replace('_', '-');
    return s === 'pt-br' || s === 'pt' ? 'brazilian' : DEFAULT_VARIANT;
  }
  return DEFAULT_VARIANT;
}

/**
 * The game a page opens on when its address names none and the page keeps no game of its own
 * (the game page's first visit, the analysis board's empty board, the puzzles' game, the rules'
 * first game): the game the player chose last on any page, else the browser's languages' game
 * (variantOfLanguages): Brazilian draughts for a Brazilian browser, Italian elsewhere.
 * @returns {Variant}
 */
export function preferredVariant() {
  try {
    const chosen = variantNamed(localStorage.getItem(CHOSEN_KEY));
    if (chosen) return chosen;
  } catch {
    // Storage can be unavailable (private mode, a sandboxed frame): the browser's languages say.
  }
  const nav = typeof navigator !== 'undefined' ? navigator : null;
  return variantOfLanguages(nav ? (nav.languages?.length ? nav.languages : [nav.language]) : []);
}

/**
 * Keeps the game the player has just chosen, for every page's next opening (preferredVariant).
 * @param {Variant} variant
 */
export function rememberVariant(variant) {
  try {
    localStorage.setItem(CHOSEN_KEY, variant);
  } catch {
    // Not kept: the pages go on offering the browser's languages' game.
  }
}
