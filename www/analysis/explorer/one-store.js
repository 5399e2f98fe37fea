// @ts-check
// A database of one object store in IndexedDB, opened for each piece of work and closed after
// (the explorer's added files and its kept index each have one of their own).

/**
 * The work function of database `db` (version `version`) and its store `store`, created with
 * `options` at the first open: `withStore(mode, work)` runs `work` in a transaction and
 * resolves to its request's result once the transaction is done; rejects when IndexedDB is
 * missing or refuses.
 * @param {string} db
 * @param {string} store
 * @param {number} version
 * @param {IDBObjectStoreParameters} [options]
 */
export function oneStore(db, store, version, options) {
  /** @returns {Promise<IDBDatabase>} */
  const open = () =>
    new Promise((resolve, reject) => {
      const idb = globalThis.indexedDB;
      if (!idb) return reject(new Error('no IndexedDB'));
      const req = idb.open(db, version);
      req.onupgradeneeded = () => req.result.createObjectStore(store, options);
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error ?? new Error('IndexedDB refused'));
    });
  /**
   * @template T
   * @param {IDBTransactionMode} mode
   * @param {(store: IDBObjectStore) => IDBRequest<T>} work
   * @returns {Promise<T>}
   */
  return async function withStore(mode, work) {
    const d = await open();
    try {
      return await new Promise((resolve, reject) => {
        const tx = d.transaction(store, mode);
        const req = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(req.result);
        tx.onerror = () => reject(tx.error ?? new Error('IndexedDB refused'));
        tx.onabort = () => reject(tx.error ?? new Error('IndexedDB refused'));
      });
    } finally {
      d.close();
    }
  };
}
