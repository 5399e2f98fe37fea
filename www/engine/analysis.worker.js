// @ts-check
// The analysis worker: infinite analysis of one position (the best 1-5 lines, deeper and
// deeper, each depth posted as it is finished) and the review of a whole game (every position
// searched for a bounded time, each result posted as it comes). One job at a time: a new
// request or `stop` ends the one under way.
//
// A wasm search cannot be interrupted from outside, so the work is cut into slices: between
// slices the worker takes its messages. A depth not finished within a slice is searched again
// in the next one, which starts from what the transposition table kept, so little work is
// lost; each such retry doubles the slice, from SLICE_MS to MAX_SLICE_MS, because the retries
// cost depth (measured in Node on the start position, 10 s and 3 lines: depth 21 with fixed
// 200 ms slices, 23 doubling to 800 ms, 24 unsliced). So a stop or a new position waits at most
// 800 ms in the worker, and the early depths of a new position come quickly; the page ignores
// any answer to a job it no longer wants at once (each carries its job's id).
//
// An `explore` request (what the book and the endgame tables say of a position: the analysis
// board's explorer) searches nothing: it is answered at once, between two slices of the job
// under way, which it leaves running.
//
// While it works the worker says `alive` every ALIVE_MS (between slices, where its timers run),
// so the page tells a slow search, which may go without a new depth for minutes, from a dead
// or hung worker (see analysis/client.js).

import { loadEngineWasm, newEngine, brazilianData, messageOf, engineThreads } from './data.js';

/** @import { AnalysisLine, DamaWasm, Engine, Game, Variant } from '../shared/wasm-types.js' */
/** @import { AnalysisRequest, AnalysisReply, WorkerLine } from './analysis-types.js' */

const SLICE_MS = 200;
const MAX_SLICE_MS = 800;
/** Deeper than any search gets in practice; the analysis stops there. */
const MAX_DEPTH = 99;
const ALIVE_MS = 2000;
/** A review position searched to a depth asked for: at most this long (a guard, never reached). */
const DEPTH_GUARD_MS = 60000;

/** @type {DamaWasm} */
let wasm;
/** @type {Engine} */
let engine;
/** The id of the job to work on; any other job stops at its next slice. */
let current = 0;

/** @param {AnalysisReply} msg */
const post = (msg) => self.postMessage(msg);

const ready = loadEngineWasm().then((mod) => {
  wasm = mod;
  engine = newEngine(32);
  post({ type: 'ready', threads: engineThreads() });
});
ready.catch((err) => post({ type: 'error', id: 0, error: String(messageOf(err)) }));
setInterval(() => current && post({ type: 'alive' }), ALIVE_MS);

/** The job `id` has ended (if it is still the one to work on): nothing more to say of it. @param {number} id */
function ended(id) {
  if (current === id) current = 0;
}

self.onmessage = async (/** @type {MessageEvent<AnalysisRequest>} */ e) => {
  const msg = e.data;
  if (msg.type === 'explore') {
    explore(msg);
    return;
  }
  current = msg.type === 'stop' ? 0 : msg.id;
  if (msg.type === 'stop') return;
  try {
    await ready;
    if (msg.variant === 'brazilian') brazilianData(); // its book and tables, in the background
    if (current !== msg.id) return;
    if (msg.type === 'analyse') await analyse(msg);
    else if (msg.type === 'review') await review(msg);
  } catch (err) {
    post({ type: 'error', id: msg.id, error: String(messageOf(err)) });
  }
  ended(msg.id);
};

/** @param {Extract<AnalysisRequest, {type: 'explore'}>} msg */
async function explore(msg) {
  const { id, variant, startFen, moves } = msg;
  try {
    await ready;
    if (variant === 'brazilian') brazilianData();
    const game = gameAt(variant, startFen, moves);
    try {
      post({ type: 'explored', id, explore: engine.explore(game) });
    } finally {
      game.free();
    }
  } catch (err) {
    post({ type: 'explored', id, explore: null, error: String(messageOf(err)) });
  }
}

/** @param {AnalysisLine} l @returns {WorkerLine} the line with the result its score stands for */
const withKnown = (l) => ({ ...l, known: wasm.scoreResult(l.score) });

/** Lets the messages that came during a slice in before the next one. */
const yieldToMessages = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * @param {Variant} variant
 * @param {string} startFen
 * @param {string[]} moves
 * @returns {Game} the game after the moves (the caller frees it)
 */
function gameAt(variant, startFen, moves) {
  const game = wasm.Game.fromFen(startFen, variant);
  try {
    for (const m of moves) game.play(m);
  } catch (err) {
    game.free();
    throw err;
  }
  return game;
}

/** @param {Extract<AnalysisRequest, {type: 'analyse'}>} msg */
async function analyse(msg) {
  const { id, variant, startFen, moves } = msg;
  const lines = Math.min(5, Math.max(1, Math.trunc(msg.lines) || 1));
  const maxDepth = Math.min(MAX_DEPTH, Math.max(1, Math.trunc(msg.maxDepth ?? MAX_DEPTH)));
  const game = gameAt(variant, startFen, moves);
  try {
    let depth = 1;
    let slice = SLICE_MS;
    while (current === id && depth <= maxDepth) {
      const a = engine.analyse(game, depth, slice, lines);
      if (!a.complete) slice = Math.min(MAX_SLICE_MS, slice * 2);
      else {
        post({ type: 'lines', id, depth, nodes: a.nodes, lines: a.lines.map(withKnown), settled: a.settled });
        if (a.settled || !a.lines.length) break;
        depth++;
      }
      await yieldToMessages();
    }
  } finally {
    game.free();
  }
  if (current === id) post({ type: 'done', id });
}

/** @param {Extract<AnalysisRequest, {type: 'review'}>} msg */
async function review(msg) {
  const { id, variant, startFen, moves } = msg;
  const timeMs = Math.min(10000, Math.max(10, msg.timeMs));
  // A depth asked for bounds each search by depth alone (its time is only a guard): the same
  // verdicts on a quiet or a loaded machine (the browser tests plant it).
  const depth = msg.depth ? Math.min(MAX_DEPTH, Math.max(1, Math.trunc(msg.depth))) : MAX_DEPTH;
  const limitMs = msg.depth ? DEPTH_GUARD_MS : timeMs;
  const from = Math.min(moves.length, Math.max(0, Math.trunc(msg.from ?? 0)));
  const game = gameAt(variant, startFen, moves.slice(0, from));
  try {
    for (let ply = from; ply <= moves.length; ply++) {
      if (ply > from) game.play(moves[ply - 1]);
      const result = game.result();
      if (result) {
        post({ type: 'reviewed', id, ply, total: moves.length, line: null, over: result.winner ?? 'draw', forced: false });
      } else {
        const a = engine.analyse(game, depth, limitMs, 1);
        const forced = game.legalMoves().length === 1;
        post({ type: 'reviewed', id, ply, total: moves.length, line: a.lines[0] ? withKnown(a.lines[0]) : null, forced });
      }
      await yieldToMessages();
      if (current !== id) return;
    }
  } finally {
    game.free();
  }
  post({ type: 'done', id });
}
