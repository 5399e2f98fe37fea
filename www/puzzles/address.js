// @ts-check
// The puzzles page's address: the game whose puzzles it shows (?game=, else a puzzle id's
// prefix, else the one last chosen), the puzzle it opens (#<id>: puzzles.html#it-012), the
// page again for the other game, and the link to the puzzle shown, for a friend to solve.

import { t } from '../shared/i18n.js';
import { hashText, shown } from '../shared/address.js';
import { normVariant, variantNamed } from '../shared/variant.js';
import { preferredVariant } from '../shared/preferred-variant.js';
import { puzzleGame } from './trainer.js';
import { ui, page } from './page.js';
import { open, next } from './solve.js';

/** @import { Variant } from '../shared/variant.js' */

/** The game last chosen, kept in this browser. */
const GAME_KEY = 'dama.puzzles.game';

/**
 * The game whose puzzles the page shows: the address's (?game=, or a puzzle id's prefix:
 * `br-` Brazilian, `it-` Italian), else the one last chosen here, else the one offered first
 * (preferredVariant: the one last chosen on another page, else the browser's languages').
 * @returns {Variant}
 */
export function chosenGame() {
  const asked = new URLSearchParams(location.search).get('game');
  if (asked) return normVariant(asked);
  const byId = puzzleGame(hashText(location.hash));
  if (byId) return byId;
  try {
    return variantNamed(localStorage.getItem(GAME_KEY)) ?? preferredVariant();
  } catch {
    return preferredVariant();
  }
}

/** Shows the other game's puzzles: the page again with it (its own trainer, record and board). @param {string} game @param {string} [hash] */
export function switchGame(game, hash = '') {
  try {
    localStorage.setItem(GAME_KEY, normVariant(game));
  } catch {
    // Not kept: the address still says it.
  }
  const url = new URL(location.href);
  url.search = `?game=${normVariant(game)}`;
  url.hash = hash;
  location.assign(url.href);
}

/** Opens the puzzle the address names (#id), else the next one. */
export function openFromHash() {
  const { trainer } = page;
  if (!trainer) return;
  // An address may hold anything (a bad escape, a huge text): what is not a puzzle is named
  // and another puzzle opened.
  const id = hashText(location.hash);
  if (id && id === trainer.attempt?.puzzle.id) return;
  // A puzzle of the other game (a shared link): that game's page.
  const game = puzzleGame(id);
  if (game && game !== trainer.variant) return switchGame(game, `#${encodeURIComponent(id)}`);
  const p = id ? trainer.byId(id) : null;
  if (p) return open(p);
  if (!id) return next();
  const pick = trainer.pick(trainer.stats.theme);
  if (pick) open(pick.puzzle, () => t('pzNotFound', { id: shown(id) }));
}

/** Copies the address of the puzzle shown: opened, it shows the same puzzle to solve. */
export async function copyPuzzleLink() {
  const p = page.trainer?.attempt?.puzzle;
  if (!p) return;
  const url = new URL(location.href);
  url.hash = encodeURIComponent(p.id);
  try {
    await navigator.clipboard.writeText(url.href);
    ui.linkSaid.textContent = t('copied');
  } catch {
    ui.linkSaid.textContent = url.href;
  }
}
