// @ts-check
// The game page's link from each game it shows to that game's record in the library of saved
// games: the record's id and the revision this page last wrote or read, and the queue of
// saves, kept in order. Small and loaded with the page, so the tab's own copy of a game
// (store.js) names its library record from the first move. The library's code
// (library-dialog.js: IndexedDB, its dialog, the games picker) is loaded at the first save or
// the first use of the library, after the board is playable; a save asked before it arrives
// waits in the queue, and the tab's own copy is written meanwhile, so no game waits on it.
//
// A game is known by its record (the session's `record`, the core's GameRecord): one library
// record per game record. A game's record is replaced by another only for another game, for
// another tab's copy of the same game (adopted, keeping the library record: linkRecord), or
// when it is full (Session.play: the game goes on in a record of its line, saved as a new game).

import { t } from '../shared/i18n.js';
import { newId } from '../library/record-id.js';
import { resultToken } from '../game/record.js';
import { looksLikeFen } from '../game/options.js';
import { playerNames } from '../game/texts.js';

/** @typedef {import('../library/library.js').SavedGame} SavedGame */
/** @typedef {{id: string, rev: number | null}} RecordRef */
/** @typedef {(message: import('../shared/i18n.js').Message) => void} Report the page's notice (words made when shown) */
/**
 * A save as asked: the session and game record (the session's `record`) it was asked for, the
 * game's library record, that record's fields as they were then, and the moves and ending (for
 * merging into a library record that moved on).
 * @typedef {{s: import('../game/session.js').Session, record: object, rec: RecordRef,
 *   fields: Omit<SavedGame, 'id'>, ours: Parameters<typeof import('../game/record.js').mergeInto>[2]}} SaveJob
 */

import { board } from './page.js';
/** The library's code, loaded when first needed. */
const library = () => import('./library-dialog.js');

/**
 * Each game's library record (a game not in it is not saved yet), by the game's record (the
 * session's tree): its id, and the revision this page last wrote or read (null: not known),
 * which a save must find unchanged to write over the record (see library-dialog.js,
 * writeRecord).
 * @type {WeakMap<object, RecordRef>}
 */
const records = new WeakMap();
/** The record the next game shown comes from (a saved game being opened), or null; and its revision. */
let nextId = /** @type {string | null} */ (null);
let nextRev = /** @type {number | null} */ (null);
let saving = Promise.resolve();

/**
 * The library record of a game, known by its record (default: the game on the board's),
 * given when first asked for.
 * @param {object | null | undefined} [record]
 */
export function recordOf(record = board.session?.record) {
  if (!record) return null;
  if (!records.has(record)) records.set(record, { id: nextId ?? newId(), rev: nextId ? nextRev : null });
  nextId = null;
  return /** @type {RecordRef} */ (records.get(record));
}

/**
 * The game's library record goes on with `record`, the game's record taken from another tab
 * (Session.adoptRecord): the same game, saved in the same library record.
 * @param {object} record @param {RecordRef} rec
 */
export function linkRecord(record, rec) {
  records.set(record, rec);
}

/**
 * The library record of the game on the board: given when it is first asked for, so the game's
 * copies (the tab's storage, the library) name one record from its first move.
 */
export function libraryId() {
  return recordOf()?.id ?? null;
}

/** The revision of that record this page last wrote or read, or null. */
export function libraryRev() {
  return recordOf()?.rev ?? null;
}

/**
 * @param {string | null} id the record the game on the board is saved in (a restored game)
 * @param {number | null} [rev] the revision of it the game was saved as, if known
 */
export function setLibraryId(id, rev = null) {
  const record = board.session?.record;
  if (!record) return;
  if (typeof id === 'string' && id) records.set(record, { id, rev });
  else records.delete(record);
}

/**
 * Shows a saved game: `open` puts it on the board, and the game shown keeps the record it
 * comes from (its first save, during the opening, is to that record).
 * @param {string | null} id @param {number | null} rev @param {() => void} open
 */
export function openingRecord(id, rev, open) {
  nextId = id;
  nextRev = rev;
  try {
    open();
  } finally {
    nextId = null;
  }
}

/** Resolves once the saves asked so far are written (or have failed and said so). */
export const whenSaved = () => saving;

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
  if (!s?.record || s.editing || !s.record.ply()) return;
  // The PDN first: writing it keeps the record in step, or moves a full one on to a new
  // record, which is then the one saved (and under a new id).
  const fields = recordFields(s);
  const record = s.record;
  const rec = /** @type {RecordRef} */ (recordOf(record));
  const ours = { variant: s.variant, startFen: s.record.startFen(), moves: s.history().map((m) => m.text), result: fields.result, ended: s.ended };
  /** @type {SaveJob} */
  const job = { s, record, rec, fields, ours };
  saving = saving.then(() =>
    library().then(
      (m) => m.writeRecord(job, report, saved),
      (err) => report(() => t('librarySaveFailed', { error: /** @type {Error} */ (err).message })),
    ),
  );
}

/** @param {import('../game/session.js').Session} s @returns {Omit<SavedGame, 'id'>} */
function recordFields(s) {
  const names = playerNames(s, 'en');
  const result = s.record.result();
  return {
    pdn: board.pdn(),
    white: names.white,
    black: names.black,
    result: resultToken(result),
    variant: s.variant,
    plies: s.record.ply(),
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
  on('btn-library', (m) => m.showLibrary());
  on('library-clear', (m) => m.pressClear());
  on('library-export', (m) => m.exportAll());
}
