// @ts-check
// What every engine worker loads: the wasm (with each game's evaluation network compiled in),
// then in the background the opening book and the Italian endgame tables (www/data/, written by
// `make build`), each handed to every engine the worker makes; the Brazilian book and tables once
// a Brazilian game is first searched (brazilianData), so that a player of Italian alone does not
// fetch them. After a game's tables, the larger ones the player downloaded (more-tables.js),
// and those of a download that ends while the page is open. A search never waits for the data:
// it plays with whatever has arrived. The worker's page hears what is loaded from
// `{type: 'data', tables, brazilianTables, book, brazilianBook}`, and in `lost` the downloaded
// tables found damaged that could not be downloaded again.
//
// Imported by the game's worker (engine.worker.js) and the analysis worker
// (analysis.worker.js), both beside it, so that both have the same data loaded the same way.
//
// The engine's wasm comes from the page, its bytes (wasm.js sendEngine), in a message of its
// own that the worker's requests never see: this module is evaluated before the worker's, so
// its listener runs first and stops the message there. The message says how many threads the
// engine is to search on: more than one, and the bytes are the threaded build's, started here
// with its helpers (helpers.js); where that fails, the engine runs on one thread. A helper that
// dies later takes its thread away: `{type: 'threads', threads}` tells the page.

import { ENGINE_NEEDS, engineSupported, loadEngine } from '../shared/wasm.js';
import { startThreads } from './helpers.js';
import { keptBytes, onTablesNews } from './more-tables.js';

/** @import { DamaWasm, Engine } from '../shared/wasm-types.js' */
/** @import { Variant } from '../shared/variant.js' */
/** @import { DataReply, ThreadsReply } from './types.js' */
/** @import { LostFile } from './more-tables.js' */
/** @typedef {Uint8Array<ArrayBuffer>} Bytes */

// The data, in the order it is fetched: the book first (it plays the opening), then the tables
// by pieces (each needs the smaller ones to be complete).
const BOOK = 'data/book.bin';
const BOOK_BRAZILIAN = 'data/book-brazilian.bin';
/** @param {Variant} game */
const tablesOf = (game) => [2, 3, 4].map((n) => `data/egtb/${game}-${n}.egtb.gz`);
// After the engine is ready, so the page's own start-up goes first.
const DATA_DELAY_MS = 200;

/** Every engine of this worker; each gets the tables loaded so far (the book is global). @type {Engine[]} */
const engines = [];
/** The table files loaded, still compressed, for engines made later. @type {Bytes[]} */
const tableFiles = [];
const data = { tables: 0, brazilianTables: 0, book: false, brazilianBook: false };
/** The Brazilian book's and tables' fetches, once started. @type {Promise<void> | null} */
let brazilianFetch = null;
/**
 * Each game's tables loaded so far: the files of the site's data, then those the player
 * downloaded (more-tables.js), once the smaller ones are in. Null until that game's load starts.
 * @type {Record<Variant, Promise<void> | null>}
 */
const tablesLoad = { italian: null, brazilian: null };
/** The pieces of each downloaded file loaded, by game, so that none is loaded twice. */
const moreLoaded = { italian: new Set(), brazilian: new Set() };

/** @param {unknown} err @returns {unknown} an error's message, else what was thrown */
export const messageOf = (err) => /** @type {{ message?: unknown } | null | undefined} */ (err)?.message ?? err;

/** @type {DamaWasm | null} */
let wasm = null;
/** The threads the worker's engines search on. */
let threads = 1;
/** The most threads a page may ask for (the core's own bound is higher). */
const MAX_THREADS = 64;

/**
 * The engine's bytes as the page fetched them (null: the worker fetches its own), and the
 * threads asked for (a whole number 1-MAX_THREADS; anything else counts as 1).
 */
const given = new Promise((/** @type {(m: { bytes: ArrayBuffer | null, threads: number }) => void} */ resolve) => {
  self.addEventListener('message', (e) => {
    const msg = /** @type {MessageEvent} */ (e).data;
    if (msg?.type !== 'wasm') return;
    e.stopImmediatePropagation();
    const n = msg.threads;
    resolve({
      bytes: msg.bytes instanceof ArrayBuffer ? msg.bytes : null,
      threads: Number.isInteger(n) && n >= 1 && n <= MAX_THREADS ? n : 1,
    });
  });
});

/**
 * Loads the wasm (once the page has sent it) and, a moment later, the data in the background.
 * @returns {Promise<DamaWasm>}
 */
export async function loadEngineWasm() {
  const asked = await given;
  if (!engineSupported()) throw new Error(ENGINE_NEEDS);
  if (asked.threads > 1) {
    try {
      ({ wasm, threads } = await startThreads(asked.bytes, asked.threads - 1, lostThread));
    } catch (err) {
      console.debug('dama: the engine searches on one thread:', messageOf(err));
      wasm = await loadEngine(null);
    }
  } else {
    wasm = await loadEngine(asked.bytes);
  }
  setTimeout(loadData, DATA_DELAY_MS);
  return wasm;
}

// A helper thread died: the engines search on the threads left, and the page hears how many.
function lostThread() {
  threads = Math.max(1, threads - 1);
  for (const e of engines) e.setThreads(threads);
  /** @type {ThreadsReply} */
  const msg = { type: 'threads', threads };
  self.postMessage(msg);
}

/** The threads this worker's engines search on (1 before the wasm is loaded). */
export const engineThreads = () => threads;

/**
 * An engine with the data already loaded into the others.
 * @param {number} ttMegabytes
 */
export function newEngine(ttMegabytes) {
  if (!wasm) throw new Error('the wasm is not loaded yet');
  const e = new wasm.Engine(ttMegabytes);
  e.setThreads(threads);
  engines.push(e);
  const files = tableFiles.slice(); // those loaded from now on reach it with the others
  (async () => {
    for (const file of files) e.loadTables(await unpack(file));
  })().catch((err) => console.debug('dama: endgame tables not given to a new engine:', messageOf(err)));
  return e;
}

// The book, then each table file; a file that cannot be had (offline on the first visit, not
// built, refused) is skipped and tried again on the next page load. One debug line says which.
async function loadData() {
  const failed = await loadBook(BOOK, 'book');
  failed.push(...(await startTables('italian')));
  if (failed.length) console.debug(`dama: engine data not loaded, tried again on the next visit: ${failed.join('; ')}`);
}

/**
 * The book file at `path` (it says its game), installed for every engine; what could not be had.
 * @param {string} path
 * @param {'book' | 'brazilianBook'} flag what `data` says once it is installed
 * @returns {Promise<string[]>}
 */
async function loadBook(path, flag) {
  try {
    /** @type {DamaWasm} */ (wasm).installBook(await download(path));
    data[flag] = true;
    report();
    return [];
  } catch (err) {
    return [`${path}: ${messageOf(err)}`];
  }
}

/**
 * Each table file of `game` by pieces, then those the player downloaded, into every engine;
 * what could not be had.
 * @param {Variant} game
 * @returns {Promise<string[]>}
 */
async function startTables(game) {
  /** @type {string[]} */
  const failed = [];
  const load = (async () => {
    for (const path of tablesOf(game)) {
      try {
        await addTables(game, await download(path));
      } catch (err) {
        failed.push(`${path}: ${messageOf(err)}`);
      }
    }
    failed.push(...(await loadMore(game)));
  })();
  tablesLoad[game] = load;
  await load;
  return failed;
}

/**
 * The tables the player downloaded for `game` and kept in this browser, those not loaded yet;
 * what could not be loaded (a kept file of an older format is refused, and said). A kept file
 * found damaged is downloaded again (more-tables.js); one that cannot be is told to the page,
 * once (it is kept no more), for the player to hear.
 * @param {Variant} game
 * @returns {Promise<string[]>}
 */
async function loadMore(game) {
  /** @type {string[]} */
  const failed = [];
  try {
    const { files, lost } = await keptBytes(game);
    for (const l of lost) failed.push(`downloaded ${game} ${l.pieces}-piece tables damaged, dropped, not downloaded again: ${l.reason}`);
    if (lost.length) report(lost);
    for (const { pieces, bytes } of files) {
      if (moreLoaded[game].has(pieces)) continue;
      try {
        await addTables(game, bytes);
        moreLoaded[game].add(pieces);
      } catch (err) {
        failed.push(`downloaded ${game} ${pieces}-piece tables: ${messageOf(err)}`);
      }
    }
  } catch (err) {
    failed.push(`downloaded ${game} tables: ${messageOf(err)}`);
  }
  return failed;
}

// A download finished in some page: loaded at once if the game's own tables are (else they
// will be, after the smaller ones).
onTablesNews(({ type, game }) => {
  const load = tablesLoad[game];
  if (type !== 'added' || !load) return;
  tablesLoad[game] = load.then(async () => {
    const failed = await loadMore(game);
    if (failed.length) console.debug(`dama: ${failed.join('; ')}`);
  });
});

/**
 * One table file (gzipped or not) into every engine, kept for engines made later.
 * @param {Variant} game
 * @param {Bytes} file
 */
async function addTables(game, file) {
  const bytes = await unpack(file);
  for (const e of engines) e.loadTables(bytes);
  tableFiles.push(file);
  const pieces = engines.length ? engines[0].tablePieces(game) : 0;
  if (game === 'italian') data.tables = pieces;
  else data.brazilianTables = pieces;
  report();
}

/**
 * Starts, on the first Brazilian search, the fetch of the Brazilian book and tables, once, in the
 * background. Nothing waits for it: the Brazilian network is compiled into the wasm, and the
 * search plays with whatever book and tables have arrived.
 */
export function brazilianData() {
  brazilianFetch ??= (async () => {
    const failed = await loadBook(BOOK_BRAZILIAN, 'brazilianBook');
    failed.push(...(await startTables('brazilian')));
    if (failed.length) console.debug(`dama: Brazilian engine data not loaded, tried again on the next visit: ${failed.join('; ')}`);
  })();
}

/** @param {LostFile[]} [lost] kept tables found damaged that could not be had again */
function report(lost) {
  /** @type {DataReply} */
  const msg = { type: 'data', ...data, ...(lost ? { lost } : {}) };
  self.postMessage(msg);
}

/** The site's folder (www/), which the data's paths are relative to. */
const WWW = new URL('../', import.meta.url);

/** @param {string} path relative to www/ @returns {Promise<Bytes>} */
async function download(path) {
  const res = await fetch(new URL(path, WWW));
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

// The bytes of a gzip file, or the bytes themselves when a server already undid the gzip.
/** @param {Bytes} bytes @returns {Promise<Bytes>} */
async function unpack(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
