// @ts-check
// What the online page's modules share: lookups of its elements, its board, its notice and
// spoken announcements.

import { setMessage } from '../shared/i18n.js';
import { gamePdn } from './api.js';
import { apiRefusalWords } from './words.js';

/** @typedef {import('../shared/i18n.js').Message} Message */

/** The page's element with this id (online.html has each one the page asks for). */
export const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
export const $button = (/** @type {string} */ id) => /** @type {HTMLButtonElement} */ ($(id));
export const $input = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id));
export const $select = (/** @type {string} */ id) => /** @type {HTMLSelectElement} */ ($(id));

/** The game's board: the <dama-board> element in remote mode. */
export const board = /** @type {import('../element/element.js').DamaBoard} */ ($('board'));

/** Shows `message` in the element `id` (hidden when empty); a function is worded again at a switch of language. @param {string} id @param {Message} message */
export function say(id, message) {
  const el = $(id);
  el.hidden = !setMessage(el, message);
}

let announceTimer = 0;
/** Says `text` to a screen reader (emptied first: a live region repeats only a change). @param {string} text */
export function announce(text) {
  const el = $('live');
  el.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = window.setTimeout(() => (el.textContent = text), 30);
}

/** "5'+3"" for a control, as players write it. @param {number} baseSecs @param {number} incrementSecs */
export function controlName(baseSecs, incrementSecs) {
  const base = baseSecs % 60 ? `${baseSecs}"` : `${baseSecs / 60}'`;
  return `${base}+${incrementSecs}"`;
}

/** Game `id` as the server writes it in PDN (clocks in %clk comments), downloaded; a failure said in `said`. @param {string} id @param {string} said */
export async function downloadGame(id, said) {
  try {
    const text = await gamePdn(id);
    const { download } = await import('../play/download.js');
    download(text, `dama-${id}`);
  } catch (err) {
    say(said, () => apiRefusalWords(err));
  }
}
