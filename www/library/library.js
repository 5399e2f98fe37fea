// @ts-check
// The local library of games, in IndexedDB: the game in progress and every finished game,
// each one record holding its PDN (written by the core), a summary for the list, and for an
// unfinished game what is needed to resume it. Nothing here knows the rules.
//
// A write that fails (the storage quota, private browsing without IndexedDB) rejects with an
// Error whose message says so; the page reports it and keeps its own copy of the game.

const DB = 'dama';
const STORE = 'games';
const VERSION = 1;
/** A record's PDN beyond this is refused: a long game with comments is a few tens of kB. */
export const MAX_PDN = 1 << 20;

/**
 * A saved game. `rev` counts its writes (a record from before revisions counts as 0): a copy
 * taken at one revision may only be written back over that same revision (Library.save).
 * @typedef {{id: string, pdn: string, white: string, black: string, result: string,
 *   variant: string, plies: number, date: string, event: string, updated: number,
 *   finished: boolean, snapshot?: object | null, rev?: number}} SavedGame
 */

/**
 * @template T
 * @param {IDBRequest<T>} req
 * @returns {Promise<T>}
 */
const done = (req) =>
  new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(storageError(req.error));
  });

/** @param {DOMException | null} e */
function storageError(e) {
  if (e?.name === 'QuotaExceededError') return new Error('the browser has no room left for saved games (storage quota)');
  return new Error(`saved games are not available: ${e?.message ?? e?.name ?? 'unknown error'}`);
}

/** The fields a write sets itself, which say nothing of the game. */
const STAMPS = new Set(['id', 'rev', 'updated']);

/**
 * Whether `next` would write `current` as it is: the same fields, each the same (as JSON; a
 * snapshot built in another key order counts as changed, and is written).
 * @param {SavedGame} current @param {Omit<SavedGame, 'id'>} next
 */
function sameFields(current, next) {
  const keys = new Set([...Object.keys(current), ...Object.keys(next)].filter((k) => !STAMPS.has(k)));
  const a = /** @type {Record<string, unknown>} */ (current);
  const b = /** @type {Record<string, unknown>} */ (next);
  return [...keys].every((k) => JSON.stringify(a[k]) === JSON.stringify(b[k]));
}

/** A record's revision: the number of writes it has seen (0 for a record from before). @param {SavedGame | undefined} r */
export const revOf = (r) => (r && Number.isSafeInteger(r.rev) && /** @type {number} */ (r.rev) >= 0 ? /** @type {number} */ (r.rev) : 0);

export { newId } from './record-id.js';

export class Library {
  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
  }

  /**
   * Opens the library (creating it on first use); rejects when the browser has no IndexedDB.
   * @param {IDBFactory | undefined} [idb]
   */
  static async open(idb = globalThis.indexedDB) {
    if (!idb) throw new Error('saved games are not available in this browser');
    const req = idb.open(DB, VERSION);
    req.onupgradeneeded = () => {
      // Ids are made by the page when a game starts (newId), so every copy of a game (the tab's
      // own storage, the library) names the same record from the first move.
      const store = req.result.createObjectStore(STORE, { keyPath: 'id' });
      store.createIndex('updated', 'updated');
    };
    return new Library(await done(req));
  }

  /** @param {IDBTransactionMode} mode */
  #store(mode) {
    return this.db.transaction(STORE, mode).objectStore(STORE);
  }

  /**
   * Adds a game, or replaces the one with the same id whatever it holds; resolves to its id.
   * @param {SavedGame} record
   * @returns {Promise<string>}
   */
  async put(record) {
    const { id, ...rest } = record;
    await this.save(id, () => rest);
    return id;
  }

  /**
   * Writes record `id` as `decide` says, given the record as it stands (undefined if there is
   * none), in one transaction: no other tab's write can come between the look and the write.
   * `decide` returns what to write (its id, revision and time are set here: the revision one
   * more than the record's) or null to leave the record as it is. Resolves to the record
   * written, or null; rejects, writing nothing, when `decide` throws or the storage fails.
   * @param {string} id
   * @param {(current: SavedGame | undefined) => Omit<SavedGame, 'id'> | null} decide
   * @returns {Promise<SavedGame | null>}
   */
  async save(id, decide) {
    if (typeof id !== 'string' || !id) throw new Error('a saved game needs its id');
    /** @type {IDBObjectStore} */
    let store;
    try {
      store = this.#store('readwrite');
    } catch (err) {
      throw storageError(/** @type {DOMException} */ (err));
    }
    const tx = store.transaction;
    /** @type {SavedGame | null} */
    let written = null;
    /** @type {unknown} */
    let refused = null;
    const finished = new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve(written);
      tx.onerror = () => reject(refused ?? storageError(tx.error));
      tx.onabort = () => reject(refused ?? storageError(tx.error));
    });
    const get = store.get(id);
    get.onsuccess = () => {
      const current = /** @type {SavedGame | undefined} */ (get.result);
      try {
        const next = decide(current);
        if (!next) return;
        if (typeof next.pdn !== 'string' || !next.pdn.trim()) throw new Error('a saved game needs its PDN');
        if (next.pdn.length > MAX_PDN) throw new Error(`a game of ${next.pdn.length} characters is over the ${MAX_PDN} a saved game may hold`);
        // The record as it stands: not written again (its revision and time stay; another
        // tab's copy of it is still current).
        if (current && sameFields(current, next)) {
          written = current;
          return;
        }
        const rec = { ...next, id, rev: revOf(current) + 1, updated: Date.now() };
        store.put(rec);
        written = rec;
      } catch (err) {
        // A quota error may be thrown by put itself, or come when the transaction commits.
        refused = err instanceof DOMException ? storageError(err) : err;
        tx.abort();
      }
    };
    return /** @type {Promise<SavedGame | null>} */ (finished);
  }

  /** Every game, the latest first. @returns {Promise<SavedGame[]>} */
  async list() {
    const all = /** @type {SavedGame[]} */ (await done(this.#store('readonly').getAll()));
    return all.sort((a, b) => b.updated - a.updated);
  }

  /** @param {string} id @returns {Promise<SavedGame | undefined>} */
  get(id) {
    return done(this.#store('readonly').get(id));
  }

  /** @param {string} id */
  async delete(id) {
    await done(this.#store('readwrite').delete(id));
  }

  /** Every game as one PDN file, the oldest first, games separated by a blank line. */
  async exportAll() {
    const all = await this.list();
    return all
      .reverse()
      .map((g) => g.pdn.trim())
      .join('\n\n')
      .concat('\n');
  }
}
