// @ts-check
// The game page's "Board and pieces" dialog: the theme, the piece set, premoves, the
// computer's threads (engine/threads.js: a new engine worker takes them up) and the endgame
// tables to download (tables.js), what is kept for offline use (offline.js). A choice
// takes effect at once on every board (settings.js tells them, here and in other tabs), and a
// small picture of a corner of the board shows it in the dialog.

import { boardSettings, saveBoardSettings, onBoardSettingsChange } from './settings.js';
import { namedTheme } from '../board/themes.js';
import { drawPiece } from '../board/pieces.js';
import { isPlaying } from '../board/util.js';
import { threadsAvailable } from '../engine/threads.js';
import { t } from '../shared/i18n.js';
import { wireTables } from './tables.js';
import { wireOffline } from './offline.js';
import { styleSheet, dialogSheet } from '../shared/sheet.js';

/** @typedef {import('./settings.js').BoardSettings} BoardSettings */

/** The picture: 4 by 2 squares, a man and a king of each side on the dark ones. */
const PREVIEW = [
  { row: 0, col: 0, piece: 1, sq: 1 },
  { row: 0, col: 2, piece: -1, sq: 2 },
  { row: 1, col: 1, piece: 2, sq: 5 },
  { row: 1, col: 3, piece: -2, sq: 6 },
];

/** The dialogs wired already: the first opening wires one, later ones only show it. */
const wired = new WeakMap();

/**
 * Opens the dialog, wiring it the first time. The page loads this module when the dialog is
 * first asked for (it is no part of a playable board); the page itself keeps the frame's
 * colours following the theme (settings.js applyFrame).
 * @param {HTMLDialogElement} dialog the dialog (index.html #settings)
 */
export async function openSettings(dialog) {
  await Promise.all([dialogSheet(), styleSheet(new URL('./settings.css', import.meta.url))]);
  let refresh = wired.get(dialog);
  if (!refresh) {
    refresh = wire(dialog);
    wired.set(dialog, refresh);
  }
  refresh();
  dialog.showModal();
}

/**
 * Wires the dialog's choices; gives what shows the current ones.
 * @param {HTMLDialogElement} dialog
 * @returns {() => void}
 */
function wire(dialog) {
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  const canvas = /** @type {HTMLCanvasElement} */ (dialog.querySelector('canvas'));
  const threads = /** @type {HTMLSelectElement} */ (form.querySelector('select[name="threads"]'));
  const show = (/** @type {BoardSettings} */ s) => {
    for (const input of form.querySelectorAll('input')) {
      if (input.name === 'premoves') input.checked = s.premoves;
      else input.checked = input.value === (input.name === 'theme' ? s.theme : s.pieces);
    }
    showThreads(threads, s.threads);
    drawPreview(canvas, s);
  };
  form.addEventListener('change', (e) => {
    const input = e.target;
    if (input === threads) saveBoardSettings({ threads: Number(threads.value) });
    if (!(input instanceof HTMLInputElement)) return;
    saveBoardSettings(input.name === 'premoves' ? { premoves: input.checked } : { [input.name]: input.value });
  });
  onBoardSettingsChange(show);
  const tables = wireTables(/** @type {HTMLFieldSetElement} */ (dialog.querySelector('#settings-tables')));
  const offline = wireOffline(/** @type {HTMLFieldSetElement} */ (dialog.querySelector('#settings-offline')));
  return () => {
    show(boardSettings());
    tables.refresh();
    void offline();
  };
}

/**
 * The threads choice: all the device has (0), or 1 up to that; a device or page where the
 * engine runs on one thread gets one choice, and the reason.
 * @param {HTMLSelectElement} select
 * @param {number} chosen
 */
function showThreads(select, chosen) {
  const available = threadsAvailable();
  const options = [new Option(t('settingsThreadsAll', { n: available }), '0')];
  for (let n = 1; n < available; n++) options.push(new Option(String(n), String(n)));
  select.replaceChildren(...options);
  select.value = chosen > 0 && chosen < available ? String(chosen) : '0';
  select.disabled = available === 1;
  const help = /** @type {HTMLElement} */ (document.getElementById('settings-threads-help'));
  help.textContent = t(available === 1 ? 'settingsThreadsOne' : 'settingsThreadsHelp');
}

/** @param {HTMLCanvasElement} canvas @param {BoardSettings} s */
function drawPreview(canvas, s) {
  const css = Number(canvas.getAttribute('width')) || 240;
  const dpr = devicePixelRatio || 1;
  canvas.width = Math.round(css * dpr);
  canvas.height = Math.round((css / 2) * dpr);
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const theme = namedTheme(s.theme);
  const cell = canvas.width / 4;
  for (let r = 0; r < 2; r++) {
    for (let c = 0; c < 4; c++) {
      ctx.fillStyle = isPlaying(r, c, false) ? theme.dark : theme.light; // a corner of the default game's board (not mirrored)
      ctx.fillRect(Math.round(c * cell), Math.round(r * cell), Math.ceil(cell), Math.ceil(cell));
    }
  }
  ctx.font = `600 ${Math.round(cell * 0.16)}px system-ui, sans-serif`;
  ctx.textBaseline = 'top';
  for (const p of PREVIEW) {
    ctx.fillStyle = theme.number;
    ctx.fillText(String(p.sq), p.col * cell + cell * 0.045, p.row * cell + cell * 0.035);
    drawPiece(ctx, (p.col + 0.5) * cell, (p.row + 0.5) * cell, cell, p.piece, 1, 0, theme, s.pieces);
  }
}
