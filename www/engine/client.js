// @ts-check
// The page's side of the engine worker (engine.worker.js), shared by every board on the page:
// one worker, one search at a time, requests queued here and tagged with the board that asked
// (its owner). The worker itself, its watchdog and its data: worker-client.js.
//
// A wasm search cannot be interrupted, so cancelling the running search terminates the worker
// and starts a fresh one for whatever is queued behind it. A worker that crashes (an `error`
// event) or goes silent (terminated, hung: the watchdog) is replaced the same way and its
// search sent again, so the computer still answers. The watchdog counts only the time the page
// is visible (watchdog.js): a hidden tab's late timers say nothing of the worker.

import { WorkerClient } from './worker-client.js';

const WATCHDOG_SLACK_MS = 2500; // a search may overrun its time a little
const LOAD_MS = 10000; // time a fresh worker gets to load the wasm
const RETRIES = 2;

/** @import { SearchMessage, SearchParams, SearchResult, WorkerReply } from './types.js' */

/**
 * A request, queued or running.
 * @typedef {object} Job
 * @property {number} id
 * @property {unknown} owner the board that asked (compared by identity)
 * @property {SearchMessage} msg
 * @property {(result: SearchResult | null) => void} resolve null: cancelled
 * @property {(error: Error) => void} reject
 * @property {number} tries
 */

/** @extends {WorkerClient<WorkerReply>} */
export class EngineClient extends WorkerClient {
  /**
   * @param {() => number} threads the threads a new worker is to search on, asked at each start
   * @param {string | URL} [url] the worker's script
   */
  constructor(threads, url = new URL('./engine.worker.js', import.meta.url)) {
    super(url, 'engine worker', threads);
    /** @type {Job[]} */
    this.queue = []; // requests not yet sent: {id, owner, msg, resolve, reject, tries}
    /** @type {Job | null} */
    this.running = null; // the one request the worker is working on
  }

  /** @override */
  silent() {
    if (this.running) this.replace('the engine stopped answering');
  }

  /** @override @param {WorkerReply} data */
  receive(data) {
    if (data.type === 'ready') {
      this.loaded();
      this.takeThreads(data.threads);
      if (this.running) this.arm(this.running); // the search time starts counting now
      return;
    }
    if (data.type === 'data') {
      super.receive(data);
      return;
    }
    if (data.type === 'threads') {
      this.takeThreads(data.threads);
      return;
    }
    const r = this.running;
    if (!r || data.id !== r.id) return;
    this.running = null;
    this.watchdog.stop();
    if (data.ok) r.resolve(data.result);
    else r.reject(new Error(data.error));
    this.pump();
  }

  // Resolves to {move, score, depth, nodes, pv, timeMs}, or null if cancelled. `variant` is the
  // game: the start FEN's numbering and the moves' notation are that game's.
  /** @param {unknown} owner @param {SearchParams} params @returns {Promise<SearchResult | null>} */
  search(owner, { variant, startFen, moves, level, timeMs, seed }) {
    return this.enqueue(owner, { type: 'search', variant, startFen, moves, level, timeMs, seed });
  }

  /** @param {unknown} owner @param {SearchMessage} msg @returns {Promise<SearchResult | null>} */
  enqueue(owner, msg) {
    return new Promise((resolve, reject) => {
      this.queue.push({ id: this.nextId++, owner, msg, resolve, reject, tries: 0 });
      this.pump();
    });
  }

  pump() {
    if (this.running || !this.queue.length) return;
    const w = this.start();
    const r = /** @type {Job} */ (this.queue.shift());
    this.running = r;
    r.tries++;
    this.arm(r);
    w.postMessage({ ...r.msg, id: r.id });
  }

  /** @param {Job} r */
  arm(r) {
    this.watchdog.arm(this.ready ? (r.msg.timeMs || 1000) * 1.5 + WATCHDOG_SLACK_MS : LOAD_MS + (r.msg.timeMs || 0));
  }

  // The worker was replaced: send the running search again (a few times at most: a search
  // that kills every worker is reported, not retried forever).
  /** @override */
  resume() {
    const r = this.running;
    this.running = null;
    if (r) {
      if (r.tries <= RETRIES) this.queue.unshift(r);
      else r.reject(new Error(this.failure));
    }
    this.pump();
  }

  // Drop every request of `owner`: queued ones at once; the running one by terminating the
  // worker (the next queued request, another board's, starts a fresh one). They resolve to null.
  /** @param {unknown} owner */
  cancel(owner) {
    const mine = this.queue.filter((r) => r.owner === owner);
    this.queue = this.queue.filter((r) => r.owner !== owner);
    for (const r of mine) r.resolve(null);
    const r = this.running;
    // (not `running?.owner === owner`: with no search running that holds for an undefined owner)
    if (r && r.owner === owner) {
      this.running = null;
      this.kill();
      r.resolve(null);
      this.pump();
    }
  }

  /** @param {unknown} owner */
  busy(owner) {
    return (!!this.running && this.running.owner === owner) || this.queue.some((r) => r.owner === owner);
  }

  // Test hook: the worker dies without a word, mid-search or not; the watchdog must notice.
  terminateForTest() {
    this.worker?.terminate();
  }
}

// The one engine of the page, whoever imports this module.
/** @type {EngineClient | null} */
let shared = null;
/** @param {() => number} threads the threads a new worker is to search on (the first caller's: a page has one setting) */
export function sharedEngine(threads) {
  if (!shared) shared = new EngineClient(threads);
  return shared;
}
