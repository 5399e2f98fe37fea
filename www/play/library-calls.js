// @ts-check
// What the game page asks of the library's code (library-dialog.js: IndexedDB, its dialog, the
// games picker), which is loaded at the first save or the first use of the library, after the
// board is playable: a save (taken now, written in the order asked: records.js's queue, where a
// save asked before the code arrives waits while the tab's own copy is written, so no game
// waits on it), a file of games opened, and the library's buttons.

import { t } from '../shared/i18n.js';
import { dialogsReady } from './dialogs.js';
import { later } from './later.js';
import { resultToken } from '../game/record.js';
import { looksLikeFen } from '../game/options.js';
import { playerNames } from '../game/texts.js';
import { board } from './page.js';
import { recordOf, queueSave } from './records.js';

/** @typedef {import('../library/library.js').SavedGame} SavedGame */
/** @import { Report, RecordRef, SaveJob } from './records.js' */

/** The library's code, loaded when first needed. */
const library = () => later(import('./library-dialog.js'));

/**
 * Saves the game on the board to the library, in the order asked (a reload right after a move
 * must not lose it: the page's own copy is written at once, store.js), under the game's own
 * record id. Games without a move are not saved. What is saved is taken now; the write waits
 * for the library's code and the saves before it (library-dialog.js, writeRecord: a record that
 * has moved on since this page last wrote or read it is never written over). A failure is
 * reported with `report`; `saved` runs after each write, with whether the record shown changed.
 * @param {Report} report @param {(adopted: boolean) => void} [saved]
 */
export function saveToLibrary(report, saved = () => {}) {
  const s = board.session;
  const record = s?.record;
  if (!s || !record || s.editing || !record.ply()) return;
  const fields = recordFields(s, record);
  const rec = /** @type {RecordRef} */ (recordOf(record));
  const ours = { variant: s.variant, startFen: record.startFen(), moves: s.history().map((m) => m.text), result: fields.result, ended: s.ended };
  /** @type {SaveJob} */
  const job = { s, record, rec, fields, ours };
  queueSave(() =>
    library().then(
      (m) => m.writeRecord(job, report, saved),
      (err) => report(() => t('librarySaveFailed', { error: /** @type {Error} */ (err).message })),
    ),
  );
}

/**
 * @param {import('../game/session.js').Session} s
 * @param {import('../shared/wasm-types.js').GameRecord} record its record
 * @returns {Omit<SavedGame, 'id'>}
 */
function recordFields(s, record) {
  const names = playerNames(s, 'en');
  const result = record.result();
  return {
    pdn: board.pdn(),
    white: names.white,
    black: names.black,
    result: resultToken(result),
    variant: s.variant,
    plies: record.ply(),
    date: new Date().toISOString().slice(0, 10),
    event: s.tags?.find(([k]) => k === 'Event')?.[1] ?? '',
    updated: Date.now(),
    finished: !!result,
    snapshot: result ? null : board.snapshot(),
  };
}

/**
 * Opens a FEN, or a PDN text: one game at once, several through the picker (library-dialog.js).
 * Throws with the core's reason for text that cannot be read, and then the game on the board
 * is untouched.
 * @param {string} text @returns {Promise<'opened' | 'picker'>}
 */
export async function openGamesFile(text) {
  // A position is set up at once, without the library's code.
  if (looksLikeFen(text)) {
    board.load(text);
    return 'opened';
  }
  return (await library()).openGamesFile(text);
}

/**
 * The library's buttons: its dialog, Clear and Export all, each loading the library's code
 * when first pressed (a failure to load it is said with `report`).
 * @param {Report} report
 */
export function wireLibrary(report) {
  /** @param {string} id @param {(m: typeof import('./library-dialog.js')) => unknown} act */
  const on = (id, act) =>
    document.getElementById(id)?.addEventListener('click', () =>
      library().then(act, (err) => report(() => t('libraryUnavailable', { error: /** @type {Error} */ (err).message }))),
    );
  // The dialog is put in the page when first opened (dialogs.js); it wires its own buttons.
  on('btn-library', (m) => dialogsReady().then(() => m.showLibrary()));
}
