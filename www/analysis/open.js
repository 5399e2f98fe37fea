// @ts-check
// Opening a game or a position: the one the address names when the page opens (a PDN, a FEN,
// or the start of a game), and the one pasted into the box (a FEN, or a PDN whose several
// games are listed in the picker as on the game page). Another game leaves the last one's
// review, saved game and lines behind.

import { t, setMessage } from '../shared/i18n.js';
import { normVariant } from '../shared/variant.js';
import { preferredVariant } from '../shared/preferred-variant.js';
import { AnalysisModel } from './model.js';
import { $, page, client, review, showError } from './page.js';
import { readSaved } from './review-run.js';
import { saved, showLinked } from './saved.js';
import { positionChanged } from './navigate.js';

/** @import { GameRecord } from '../shared/wasm-types.js' */

/** A PDN in the address beyond this is refused (a long game with comments is a few kB). */
const MAX_ADDRESS_PDN = 256 * 1024;

/** A PDN of several games in the address, to list in the picker, or null. */
let addressGames = /** @type {string | null} */ (null);
/** The PDN text being read (for the tests: settles once its game is open or its games listed). */
let opening = Promise.resolve();
/** The PDN text being read now. */
export const whenOpened = () => opening;

/**
 * The analysis the address names: a PDN, a FEN, or the start of a game.
 * @param {URLSearchParams} params
 * @returns {GameRecord}
 */
export function openRecord(params) {
  const { wasm } = page;
  const pdn = params.get('pdn');
  const fen = params.get('fen');
  // A position or a game with no game named is Italian (the links made before Brazilian
  // draughts); an empty board is the player's game.
  const variant = params.has('variant') || pdn || fen ? normVariant(params.get('variant')) : preferredVariant();
  try {
    if (pdn) {
      if (pdn.length > MAX_ADDRESS_PDN) throw new Error(t('anTooLong', { n: MAX_ADDRESS_PDN }));
      const file = wasm.PdnFile.parse(pdn, variant);
      try {
        if (!file.count()) throw new Error(t('anNoGame'));
        if (file.count() === 1) return file.record(0, 'analysis');
        addressGames = pdn; // several: the picker lists them once the page is built
      } finally {
        file.free();
      }
    } else if (fen) return new wasm.GameRecord('analysis', variant, fen);
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    showError(() => t('anOpenFailed', { error }));
  }
  return new wasm.GameRecord('analysis', variant);
}

/** The address's games, if it has several: listed in the picker once the page is built. */
export function openAddressGames() {
  if (addressGames) opening = openGames(addressGames);
}

/** The box's text: a FEN opens at once, a PDN as its games do (openGames). */
export function openInput() {
  const text = /** @type {HTMLTextAreaElement} */ ($('an-input')).value.trim();
  if (!text) return;
  if (!(/^[WB]:/i.test(text) || (!/[\d]+[.]/.test(text) && /^[WB]/i.test(text)))) return void (opening = openGames(text));
  try {
    showRecord(new page.wasm.GameRecord('analysis', page.model.variant, text));
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    showError(() => t('anOpenFailed', { error }));
  }
}

/**
 * A PDN text's games: one opens at once, several are listed in the picker as on the game page
 * (the board unchanged until one is chosen). A text that cannot be read is refused in words.
 * @param {string} text
 */
async function openGames(text) {
  let games;
  let showPicker;
  try {
    // The PDN reader and the picker load when a text is opened (no part of a playable board).
    const picker = await import('../library/picker.js');
    showPicker = picker.showPicker;
    games = await picker.readGames(text, page.model.variant);
    if (!games.length) throw new Error(t('anNoGame'));
    if (games.length === 1) return void openGame(games[0].text);
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    return void showError(() => t('anOpenFailed', { error }));
  }
  showError(''); // what was said of an earlier text is not about these games
  await showPicker(games, openGame);
}

/**
 * Opens a game from its own text; throws the core's reason, and then nothing has changed.
 * @param {string} text
 */
function openGame(text) {
  const file = page.wasm.PdnFile.parse(text, page.model.variant);
  try {
    showRecord(file.record(0, 'analysis'));
  } finally {
    file.free();
  }
}

/**
 * Shows another game or position: the last one's review, saved game and lines are left, and
 * so is what the page said of it (saved, copied, an error).
 * @param {GameRecord} record an analysis
 */
function showRecord(record) {
  client.stop();
  page.model.free();
  page.model = new AnalysisModel(page.wasm, record);
  saved.id = null;
  saved.rev = null;
  saved.linked = null;
  showLinked(false);
  review.line = [];
  review.positions = [];
  review.moves = [];
  review.running = false;
  page.learn.lessons = null;
  setMessage($('an-saved'), '');
  readSaved();
  positionChanged();
  showBoard();
}

/**
 * Brings the board into view: a game is opened from the box under it (or the picker over it),
 * and the page had been scrolled there. After the frame, so that the focus going back from a
 * closed picker to the Open button does not scroll the page back to it.
 */
function showBoard() {
  requestAnimationFrame(() => {
    const area = /** @type {HTMLElement} */ (document.querySelector('.board-area'));
    const behavior = matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
    // The page's top where the board fits under the header (as the page opens), else the board's.
    const bottom = area.getBoundingClientRect().bottom + scrollY;
    if (bottom <= innerHeight) scrollTo({ top: 0, behavior });
    else area.scrollIntoView({ behavior }); // its top at the screen's top
  });
}
