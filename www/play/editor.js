// @ts-check
// The board editor's box: the piece to place, the side to move, clear, the start position,
// cancel, analyse, and play the position (the core says what is impossible about it).

import { t, setMessage } from '../shared/i18n.js';
import { openAnalysis } from './open-analysis.js';
import { $, board, showNotice } from './page.js';
import { render } from './view.js';
import { tapOrClick } from '../shared/pointer.js';

/** @typedef {import('../game/options.js').Color} Color */

/** Opens the editor on the position shown (the game is set aside until Play or Cancel). */
export function openEditor() {
  showNotice('');
  board.edit();
  board.editTool = Number(/** @type {HTMLInputElement} */ ($('editor').querySelector('input[name="tool"]:checked')).value);
  $('editor-error').hidden = true;
  // Tap or click, as the player points now (and again at a switch of language).
  setMessage(/** @type {HTMLElement} */ ($('editor').querySelector('.help')), () => t(tapOrClick('editorHelp', 'editorHelpClick')));
  render();
}

/** Wires the editor's box. */
export function wireEditor() {
  const box = $('editor');
  box.addEventListener('change', (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target); // a radio button
    if (input.name === 'tool') board.editTool = Number(input.value);
    if (input.name === 'turn') board.editorTurn = /** @type {Color} */ (input.value);
  });
  $('editor-clear').addEventListener('click', () => board.setEditorPieces(new Int8Array(32)));
  $('editor-start').addEventListener('click', () => {
    const p = new Int8Array(32);
    p.fill(-1, 0, 12);
    p.fill(1, 20, 32);
    board.setEditorPieces(p);
    board.editorTurn = 'white';
  });
  $('editor-cancel').addEventListener('click', () => board.cancelEdit());
  $('editor-analyse').addEventListener('click', () => openAnalysis(false));
  $('editor-play').addEventListener('click', () => {
    const err = $('editor-error');
    try {
      // The core checks the position and says what is impossible about it (or already over).
      board.playEdited();
    } catch (e) {
      const error = /** @type {Error} */ (e).message;
      setMessage(err, () => t('editorRefused', { error }));
      err.hidden = false;
      return;
    }
    err.hidden = true;
  });
}
