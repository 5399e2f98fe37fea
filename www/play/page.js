// @ts-check
// What the game page's modules share (play/: main.js starts the page and hands the work to
// the others): its <dama-board> element, lookups of its elements, the New game dialog's last
// choices, and the page's notice and spoken announcements.

import { t, setMessage } from '../shared/i18n.js';
import { parseControl } from '../game/clock.js';
import { preferredVariant } from '../shared/preferred-variant.js';

/** @typedef {import('../game/options.js').Color} Color */
/** @typedef {import('../shared/i18n.js').Message} Message */

/** The page's element with this id (index.html has each one the page asks for). */
export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The same, for a button, a text field (input or textarea) and a dialog. */
export const $button = (/** @type {string} */ id) => /** @type {HTMLButtonElement} */ ($(id));
export const $text = (/** @type {string} */ id) => /** @type {HTMLInputElement | HTMLTextAreaElement} */ ($(id));
export const $dialog = (/** @type {string} */ id) => /** @type {HTMLDialogElement} */ ($(id));

export const board = /** @type {import('../element/element.js').DamaBoard} */ ($('board'));
// The New game dialog's last choices (variant: 'italian' | 'brazilian'; before any, the game
// offered first: preferredVariant) and the toggles. The square numbers are each game's own choice: on for Italian, whose moves are written with
// them; off for Brazilian, whose board has files and ranks on its edges instead.
export const settings = { variant: preferredVariant(), mode: 'computer', color: 'white', level: 5, numbers: true, numbersBrazilian: false, sound: false, clock: '' };
/** The setting that says whether the game on the board shows square numbers. */
export const numbersKey = () => (board.variant === 'brazilian' ? 'numbersBrazilian' : 'numbers');

/** A new game with the New game dialog's last choices. */
// A game by link has dates, not clocks: its moves come days apart.
export const defaultGame = () => ({ variant: settings.variant, mode: settings.mode, side: settings.color, level: settings.level, clock: settings.mode === 'remote' ? null : parseControl(settings.clock) });

export const colorName = (/** @type {Color} */ c) => t(c === 'white' ? 'white' : 'black');
/** @param {Color} c @returns {Color} */
export const other = (c) => (c === 'white' ? 'black' : 'white');

let notice = '';
/** The words of the page's notice now ('' when none is shown). */
export const pageNotice = () => notice;

/** @param {Message} message a function of the language is worded again at a switch */
export function showNotice(message) {
  const el = $('notice');
  notice = setMessage(el, message);
  el.hidden = !notice;
}

let announceTimer = 0;
/** @param {string} text */
export function announce(text) {
  // Empty first, then set: a live region repeats a text only if it changes.
  const el = $('live');
  el.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => (el.textContent = text), 30);
}
