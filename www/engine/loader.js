// @ts-check
// The page's shared engine (client.js: one worker for every board of the page), loaded
// when a board first needs it rather than with the page: the board is playable first, and the
// engine's code, its worker and its wasm come just after (a game against the computer starts
// it at once, after the page's first paint; two players only at a hint). Requests made while
// it loads wait for it, in the order made; a load that fails is tried again at the next one.

/** @typedef {import('./client.js').EngineClient} EngineClient */
/** @import { SearchParams, SearchResult } from './types.js' */

/** @type {EngineClient | null} */
let client = null;
/** @type {Promise<EngineClient> | null} */
let loading = null;
/** @type {((engine: EngineClient) => void)[]} */
const waiting = [];

/** The engine, once loaded; null before. */
export const loadedEngine = () => client;

/**
 * Loads the engine's client once; resolves to the page's shared engine.
 * @param {() => number} threads the threads a new worker is to search on, asked at each start
 */
function loadEngine(threads) {
  loading ??= import('./client.js').then(
    (m) => {
      client = m.sharedEngine(threads);
      for (const fn of waiting.splice(0)) fn(client);
      return client;
    },
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

/** Calls `fn` with the engine once it is loaded (at once if it is), without loading it. @param {(engine: EngineClient) => void} fn */
export function whenEngineLoaded(fn) {
  if (client) fn(client);
  else waiting.push(fn);
}

/**
 * What a board asks of the engine (as EngineClient's methods), each once the engine is loaded.
 * @param {() => number} threads the threads a new worker is to search on, asked at each start
 *   (the page's setting: settings.js's searchThreads)
 */
export const lazyEngine = (threads) => ({
  /** @param {unknown} owner @param {SearchParams} params @returns {Promise<SearchResult | null>} */
  search: (owner, params) => loadEngine(threads).then((e) => e.search(owner, params)),
  /** Stops the owner's searches; one asked while the engine loads is stopped once it has. @param {unknown} owner */
  cancel(owner) {
    if (client) client.cancel(owner);
    else loading?.then((e) => e.cancel(owner), () => {});
  },
  /** Starts the worker once the page has done what it is doing (its first paint). */
  start() {
    setTimeout(() => loadEngine(threads).then((e) => e.start(), (err) => console.error(err)), 0);
  },
});
