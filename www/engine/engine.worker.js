// @ts-check
// Module worker that runs the engine so the page never freezes while it thinks. It keeps no
// game of its own: each request carries the game (Italian or Brazilian), the start position
// and the moves played, so the engine sees the whole history (repetitions count) and the page
// stays the one owner. Several boards share this worker; the page sends one search at a time.
// The data (books, tables) loads in the background: data.js.

import { loadEngineWasm, newEngine, brazilianData, messageOf, engineThreads } from './data.js';

/** @import { DamaWasm, Engine, Game } from '../shared/wasm-types.js' */
/** @import { ReadyReply, ResultReply, SearchResult, WorkerRequest } from './types.js' */

/** The wasm module, once loaded (every request waits for `ready` first). @type {DamaWasm} */
let wasm;
/** @type {Engine} */
let engine;

/** @param {ReadyReply | ResultReply} msg */
const post = (msg) => self.postMessage(msg);

const ready = loadEngineWasm().then((mod) => {
  wasm = mod;
  engine = newEngine(32); // 32 MB transposition table, kept between searches
  post({ type: 'ready', threads: engineThreads() });
});
ready.catch(() => {}); // each request reports the failure itself

self.onmessage = async (/** @type {MessageEvent<WorkerRequest>} */ e) => {
  const { id, type } = e.data;
  try {
    await ready;
    if (type === 'search') {
      const { variant, startFen, moves, level, timeMs, seed } = e.data;
      if (variant === 'brazilian') brazilianData(); // its book and tables, in the background
      // The game is rebuilt in its own rules: the FEN's numbers and the moves' texts are its.
      const game = wasm.Game.fromFen(startFen, variant);
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
