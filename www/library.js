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
 * @typedef {{id: string, pdn: string, white: string, black: string, result: string,
 *   variant: string, plies: number, date: string, event: string, updated: number,
 *   finished: boolean, snapshot?: object | null}} GameRecord
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

/** A new record id: random, so two tabs never make the same one. */
// (crypto.randomUUID exists only on secure pages: https or localhost.)
export const newId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

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
   * Adds a game, or replaces the one with the same id; resolves to its id.
   * @param {GameRecord} record
   * @returns {Promise<string>}
   */
  async put(record) {
    if (typeof record.pdn !== 'string' || !record.pdn.trim()) throw new Error('a saved game needs its PDN');
    if (record.pdn.length > MAX_PDN) throw new Error(`a game of ${record.pdn.length} characters is over the ${MAX_PDN} a saved game may hold`);
    if (typeof record.id !== 'string' || !record.id) throw new Error('a saved game needs its id');
    const rec = { ...record, updated: record.updated || Date.now() };
    let store, req;
    try {
      store = this.#store('readwrite');
      req = store.put(rec);
    } catch (err) {
      throw storageError(/** @type {DOMException} */ (err));
    }
    const id = await done(req);
    // A quota error can also surface when the transaction commits.
    await new Promise((resolve, reject) => {
      store.transaction.oncomplete = resolve;
      store.transaction.onerror = () => reject(storageError(store.transaction.error));
      store.transaction.onabort = () => reject(storageError(store.transaction.error));
    });
    return /** @type {string} */ (id);
  }

  /** Every game, the latest first. @returns {Promise<GameRecord[]>} */
  async list() {
    const all = /** @type {GameRecord[]} */ (await done(this.#store('readonly').getAll()));
    return all.sort((a, b) => b.updated - a.updated);
  }

  /** @param {string} id @returns {Promise<GameRecord | undefined>} */
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
