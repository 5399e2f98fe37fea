// @ts-check
// The Games & positions dialog: the game as PDN (copy, download) and as FEN (copy, set up), a
// PDN or FEN to open (pasted or from a file: one game at once, several through the picker),
// and the way to the board editor. Loaded when first opened (main.js), with the editor.

import { t } from '../shared/i18n.js';
import { looksLikeFen } from '../game/options.js';
import { openGamesFile } from './library-calls.js';
import { download } from './download.js';
import { gameLink } from '../shared/share.js';
import { openEditor, wireEditor } from './editor.js';
import { $, $text, $dialog, board, showNotice } from './page.js';
import { renderImportPlaceholder } from './view.js';

/** Shows the dialog (set once the dialog is wired). */
let show = () => {};
let wired = false;

/** Opens the dialog with the game's PDN and FEN (wiring it, and the editor, the first time). */
export function openGames() {
  if (!wired) {
    wireGames();
    wireEditor();
    wired = true;
  }
  renderImportPlaceholder();
  show();
}

/** Wires the dialog and its buttons. */
function wireGames() {
  const dialog = $dialog('games');
  /** @param {string} text @param {boolean} [bad] */
  const message = (text, bad = false) => {
    const el = $('games-message');
    el.textContent = text;
    el.hidden = !text;
    el.classList.toggle('bad', bad);
    if (text) el.scrollIntoView({ block: 'nearest' });
  };
  show = () => {
    $text('pdn-out').value = board.pdn();
    $text('fen-field').value = board.fen();
    message('');
    dialog.showModal();
  };
  const copy = async (/** @type {string} */ text) => {
    try {
      await navigator.clipboard.writeText(text);
      message(t('copied'));
    } catch {
      message(t('copyFailed'), true);
    }
  };
  $('pdn-copy').addEventListener('click', () => copy($text('pdn-out').value));
  // A link that opens this game, its variations and comments, on the analysis board, at the
  // move shown; the saved game it belongs to is not named (the link's reader has their own).
  $('pdn-link').addEventListener('click', async () => {
    const s = board.session;
    if (!s?.record) return;
    try {
      const link = await gameLink(new URL('www/analysis.html', location.href), { pdn: board.pdn(), variant: s.variant, ply: board.reviewing ?? s.record.ply() });
      await navigator.clipboard.writeText(link);
      message(t('linkCopied'));
    } catch (err) {
      const e = /** @type {Error & {tooLong?: number}} */ (err);
      message(e.tooLong ? t('linkTooLong', { n: e.tooLong }) : t('copyFailed'), true);
    }
  });
  $('fen-copy').addEventListener('click', () => copy($text('fen-field').value));
  $('pdn-download').addEventListener('click', () => download($text('pdn-out').value, 'dama'));
  // Opening replaces the game only when the text is good; otherwise the game stays as it was.
  // A file of several games opens the picker, which lists them all.
  const open = async (/** @type {string} */ text) => {
    if (!String(text ?? '').trim()) {
      message(t('importFailed', { error: t('nothingToLoad') }), true);
      return false;
    }
    let how;
    try {
      how = await openGamesFile(text);
    } catch (err) {
      message(t('importFailed', { error: /** @type {Error} */ (err).message }), true);
      return false;
    }
    showNotice('');
    message(t('imported'));
    $text('pdn-out').value = board.pdn();
    $text('fen-field').value = board.fen();
    return how === 'opened' || how === 'picker';
  };
  $('pdn-open').addEventListener('click', async () => {
    if (await open($text('pdn-in').value)) dialog.close();
  });
  $('fen-set').addEventListener('click', async () => {
    const fen = $text('fen-field').value.trim();
    if (!looksLikeFen(fen)) {
      message(t('importFailed', { error: fen ? 'bad FEN' : t('nothingToLoad') }), true);
      return;
    }
    if (await open(fen)) dialog.close();
  });
  $('pdn-file').addEventListener('change', async (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const { MAX_PDN_TEXT } = await import('../library/picker.js');
    if (file.size > MAX_PDN_TEXT) {
      message(t('fileTooBig', { n: file.size }), true);
      return;
    }
    const text = await file.text();
    $text('pdn-in').value = text;
    if (await open(text)) dialog.close();
  });
  $('open-editor').addEventListener('click', () => {
    dialog.close();
    openEditor();
  });
}
