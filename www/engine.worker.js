// Module worker that runs the engine so the page never freezes while it thinks. It keeps no
// game of its own: each request carries the start position and the moves played, so the
// engine sees the whole history (repetitions count) and the page stays the one owner. Several
// boards share this worker; the page sends one search at a time.

import { loadWasm } from './wasm.js';

let wasm = null;
let engine = null;

const ready = loadWasm().then((mod) => {
  wasm = mod;
  engine = new mod.Engine(32); // 32 MB transposition table, kept between searches
  self.postMessage({ type: 'ready' });
});
ready.catch(() => {}); // each request reports the failure itself

self.onmessage = async (e) => {
  const { id, type } = e.data;
  try {
    await ready;
    if (type === 'search') {
      const { startFen, moves, level, timeMs, seed } = e.data;
      const game = wasm.Game.fromFen(startFen);
      try {
        for (const m of moves) game.play(m);
        self.postMessage({ id, ok: true, result: think(game, level, timeMs, seed) });
      } finally {
        game.free();
      }
    } else {
      throw new Error(`unknown request ${JSON.stringify(type)}`);
    }
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err?.message ?? err) });
  }
};

// The one place the engine is called: level 1-10 sets depth, node budget and how loosely it
// picks among good moves; the seed varies that pick from game to game.
function think(game, level, timeMs, seed) {
  const r = engine.search(game, level, timeMs, seed >>> 0);
  return { move: r.move, score: r.score, depth: r.depth, nodes: r.nodes, pv: Array.from(r.pv), timeMs: r.timeMs };
}
