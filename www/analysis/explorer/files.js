// @ts-check
// The PDN files the player loaded into the games explorer, kept in this browser (IndexedDB,
// a database of their own: the saved games' is never touched) so that they are there on the
// next visit, offline too. Where IndexedDB cannot be used (some private windows), the files
// are kept for this page only, and the page says so. Bounds: MAX_FILES files, each at most
// the core's 8 MiB and 10,000 games.

import { MAX_PDN_TEXT } from '../../library/picker.js';
import { oneStore } from './one-store.js';

const DB = 'dama-explorer';
const STORE = 'files';
const VERSION = 1;
/** The most files kept: 20 files of 10,000 games are past what an index holds anyway. */
export const MAX_FILES = 20;
export { MAX_PDN_TEXT as MAX_FILE_TEXT };

/** @typedef {{id: string, name: string, text: string, added: number}} LoadedFile */

/** The files of this page when the browser keeps none (null: it does). @type {LoadedFile[] | null} */
let inMemory = null;

const withStore = oneStore(DB, STORE, VERSION, { keyPath: 'id' });

/** Whether the files are kept for this page only (the browser keeps none). */
export const keptForPageOnly = () => inMemory !== null;

/** The files loaded, the oldest first. @returns {Promise<LoadedFile[]>} */
export async function listFiles() {
  if (inMemory) return inMemory.slice();
  try {
    const all = /** @type {LoadedFile[]} */ (await withStore('readonly', (s) => s.getAll()));
    return all.filter(isFile).sort((a, b) => a.added - b.added);
  } catch {
    inMemory = [];
    return [];
  }
}

/** A record of the store as this page wrote it (anything else is left out). @param {unknown} f @returns {f is LoadedFile} */
function isFile(f) {
  const r = /** @type {LoadedFile} */ (f);
  return !!r && typeof r.id === 'string' && typeof r.name === 'string' && typeof r.text === 'string' && r.text.length <= MAX_PDN_TEXT && Number.isFinite(r.added);
}

/**
 * Keeps a file; throws, keeping nothing, for a text over the core's bound or a file past
 * MAX_FILES (and a storage error, in words).
 * @param {string} name
 * @param {string} text
 */
export async function addFile(name, text) {
  if (text.length > MAX_PDN_TEXT) throw new Error(`the file has ${text.length} characters; at most ${MAX_PDN_TEXT} are read`);
  const files = await listFiles();
  if (files.length >= MAX_FILES) throw new Error(`at most ${MAX_FILES} files are kept: remove some first`);
  /** @type {LoadedFile} */
  const file = { id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`, name: name.slice(0, 200), text, added: Date.now() };
  if (inMemory) {
    inMemory.push(file);
    return;
  }
  try {
    await withStore('readwrite', (s) => s.add(file));
  } catch (err) {
    const e = /** @type {DOMException} */ (err);
    throw new Error(e?.name === 'QuotaExceededError' ? 'the browser has no room left for it (storage quota)' : `it could not be kept: ${e?.message ?? e}`, { cause: err });
  }
}

/** Forgets every loaded file (the saved games stay). */
export async function removeFiles() {
  if (inMemory) {
    inMemory = [];
    return;
  }
  await withStore('readwrite', (s) => s.clear());
}
