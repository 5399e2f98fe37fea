// @ts-check
// Module worker that runs the engine so the page never freezes while it thinks. It keeps no
// game of its own: each request carries the game (Italian or Brazilian), the start position
// and the moves played, so the engine sees the whole history (repetitions count) and the page
// stays the one owner. Several boards share this worker; the page sends one search at a time.
//
// Once the engine is ready, the Brazilian evaluation weights, the opening book and the endgame
// tables (www/data/, written by `make build`) are fetched in the background and handed to every
// engine of this worker. Italian searches never wait for them: each plays with whatever has
// arrived. A Brazilian search waits for the weights' fetch to end (it plays on material alone
// if they cannot be had). The page hears what is loaded from `{type: 'data', tables, book, brazilian}`.

import { loadWasm } from './wasm.js';

/** @import { DamaWasm, Engine, Game } from '../types/dama-wasm.js' */
/** @import { DataReply, ReadyReply, ResultReply, SearchResult, WorkerRequest } from '../types/engine.js' */
/** @typedef {Uint8Array<ArrayBuffer>} Bytes */

// The data, in the order it is fetched: the book first (it plays the opening), then the tables
// by pieces (each needs the smaller ones to be complete).
const EVAL_BRAZILIAN = 'data/eval-brazilian.bin.gz';
const BOOK = 'data/book.bin';
const TABLES = [2, 3, 4].map((n) => `data/egtb/dama-${n}.egtb.gz`);
// After the engine is ready, so the game's own start-up goes first.
const DATA_DELAY_MS = 200;

/** The wasm module, once loaded (every request waits for `ready` first). @type {DamaWasm} */
let wasm;
/** @type {Engine} */
let engine;
/** Every engine of this worker; each gets the tables loaded so far (the book is global). @type {Engine[]} */
const engines = [];
/** The table files loaded, still compressed, for engines made later. @type {Bytes[]} */
const tableFiles = [];
/** The Brazilian weights once fetched, for engines made later. @type {Bytes | null} */
let evalBrazilian = null;
/** Settles when the Brazilian weights' fetch has ended, loaded or not. @type {Promise<void> | null} */
let evalReady = null;
const data = { tables: 0, book: false };

/** @param {ReadyReply | DataReply | ResultReply} msg */
const post = (msg) => self.postMessage(msg);

/** @param {unknown} err @returns {unknown} an error's message, else what was thrown */
const messageOf = (err) => /** @type {{ message?: unknown } | null | undefined} */ (err)?.message ?? err;

const ready = loadWasm().then((mod) => {
  wasm = mod;
  engine = newEngine(32); // 32 MB transposition table, kept between searches
  post({ type: 'ready' });
  setTimeout(loadData, DATA_DELAY_MS);
});
ready.catch(() => {}); // each request reports the failure itself

self.onmessage = async (/** @type {MessageEvent<WorkerRequest>} */ e) => {
  const { id, type } = e.data;
  try {
    await ready;
    if (type === 'search') {
      const { variant, startFen, moves, level, timeMs, seed } = e.data;
      // Without the weights (offline on a first visit) it plays on material alone.
      if (variant === 'brazilian') await brazilianWeights().catch(() => {});
      // The game is rebuilt in its own rules: the FEN's numbers and the moves' texts are its.
      const game = wasm.Game.fromFen(startFen, variant || 'italian');
      try {
        for (const m of moves) game.play(m);
        post({ id, ok: true, result: think(game, level, timeMs, seed) });
      } finally {
        game.free();
      }
    } else {
      throw new Error(`unknown request ${JSON.stringify(type)}`);
    }
  } catch (err) {
    post({ id, ok: false, error: String(messageOf(err)) });
  }
};

// The one place the engine is called: level 1-10 sets depth, node budget and how loosely it
// picks among good moves; the seed varies that pick from game to game.
/** @param {Game} game @param {number} level @param {number} timeMs @param {number} seed @returns {SearchResult} */
function think(game, level, timeMs, seed) {
  const r = engine.search(game, level, timeMs, seed >>> 0);
  return { move: r.move, score: r.score, depth: r.depth, nodes: r.nodes, pv: Array.from(r.pv), timeMs: r.timeMs };
}

// An engine with the tables already loaded into the others.
/** @param {number} ttMegabytes */
function newEngine(ttMegabytes) {
  const e = new wasm.Engine(ttMegabytes);
  engines.push(e);
  if (evalBrazilian) e.loadEval(evalBrazilian);
  const files = tableFiles.slice(); // those loaded from now on reach it with the others
  (async () => {
    for (const file of files) e.loadTables(await unpack(file));
  })().catch((err) => console.debug('dama: endgame tables not given to a new engine:', messageOf(err)));
  return e;
}

// The book, then each table file; a file that cannot be had (offline on the first visit, not
// built, refused) is skipped and tried again on the next page load. One debug line says which.
async function loadData() {
  const failed = [];
  try {
    await brazilianWeights();
    report();
  } catch (err) {
    failed.push(`${EVAL_BRAZILIAN}: ${messageOf(err)}`);
  }
  try {
    wasm.installBook(await download(BOOK));
    data.book = true;
    report();
  } catch (err) {
    failed.push(`${BOOK}: ${messageOf(err)}`);
  }
  for (const path of TABLES) {
    try {
      const file = await download(path);
      const bytes = await unpack(file);
      for (const e of engines) e.loadTables(bytes);
      tableFiles.push(file);
      data.tables = engines[0].tablePieces();
      report();
    } catch (err) {
      failed.push(`${path}: ${messageOf(err)}`);
    }
  }
  if (failed.length) console.debug(`dama: engine data not loaded, tried again on the next visit: ${failed.join('; ')}`);
}

// The Brazilian weights, fetched once (the first Brazilian search may ask for them before the
// data delay is over) and installed in every engine.
/** @returns {Promise<void>} */
function brazilianWeights() {
  evalReady ??= (async () => {
    const bytes = await unpack(await download(EVAL_BRAZILIAN));
    for (const e of engines) e.loadEval(bytes);
    evalBrazilian = bytes;
  })();
  return evalReady;
}

function report() {
  post({ type: 'data', tables: data.tables, book: data.book, brazilian: evalBrazilian !== null });
}

/** @param {string} path relative to this script @returns {Promise<Bytes>} */
async function download(path) {
  const res = await fetch(new URL(path, import.meta.url));
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
