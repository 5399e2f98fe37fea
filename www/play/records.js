// @ts-check
// The game page's link from each game it shows to that game's record in the library of saved
// games: the record's id and the revision this page last wrote or read, and the queue of
// saves, kept in order. Small and loaded with the page, so the tab's own copy of a game
// (store.js) names its library record from the first move. What a save takes of the game, and
// the loading of the library's code that writes it: library-calls.js.
//
// A game is known by its record (the session's `record`, the core's GameRecord): one library
// record per game record. A game's record is replaced by another only for another game, for
// another tab's copy of the same game (adopted, keeping the library record: linkRecord), or
// when it is full (Session.play: the game goes on in a record of its line, saved as a new game).

import { newId } from '../library/record-id.js';
import { board } from './page.js';

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

/**
 * Each game's library record (a game not in it is not saved yet), by the game's record (the
 * session's `record`): its id, and the revision this page last wrote or read (null: not known),
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
 * Queues a save: `write` runs once the saves before it are written. It reports its own
 * failure (it never rejects).
 * @param {() => Promise<void>} write
 */
export function queueSave(write) {
  saving = saving.then(write);
}
