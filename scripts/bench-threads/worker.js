// @ts-check
// The worker of scripts/bench-threads.mjs: the engine as the site's engine workers load it
// (the threaded build with its helpers, or the single-threaded one), one timed analysis of a
// position, and what it did.

import { startThreads } from '../../www/engine/helpers.js';
import { loadEngine } from '../../www/shared/wasm.js';

self.onmessage = async (/** @type {MessageEvent<{ threads: number, ms: number, fen: string }>} */ e) => {
  const { threads, ms, fen } = e.data;
  const started = threads > 1 ? await startThreads(null, threads - 1, helperDied) : { wasm: await loadEngine(null), threads: 1 };
  const engine = new started.wasm.Engine(32);
  engine.setThreads(started.threads);
  const game = started.wasm.Game.fromFen(fen, 'italian');
  const a = engine.analyse(game, 99, ms, 1);
  self.postMessage({ threads: started.threads, nodes: a.nodes, timeMs: a.timeMs, depth: a.depth });
};

/** A benchmark whose helper died measures fewer threads than it says: it fails. */
function helperDied() {
  throw new Error('a helper thread died during the benchmark');
}
