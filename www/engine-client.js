// @ts-check
// The page's side of the engine worker, shared by every board on the page: one worker, one
// search at a time, requests queued here and tagged with the board that asked (its owner).
//
// A wasm search cannot be interrupted, so cancelling the running search terminates the worker
// and starts a fresh one for whatever is queued behind it. A worker that crashes (an `error`
// event) or goes silent (terminated, hung: the watchdog) is replaced the same way and its
// search sent again, so the computer still answers. The watchdog counts only the time the page
// is visible (watchdog.js): a hidden tab's late timers say nothing of the worker.

import { Watchdog } from './watchdog.js';
import { sendEngine } from './wasm.js';

const WATCHDOG_SLACK_MS = 2500; // a search may overrun its time a little
const LOAD_MS = 10000; // time a fresh worker gets to load the wasm
const RETRIES = 2;

/** @import { EngineData, SearchMessage, SearchParams, SearchResult, WorkerReply } from '../types/engine.js' */

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

/** Dispatches `data` (a CustomEvent whose detail is an EngineData) when the worker has loaded more. */
export class EngineClient extends EventTarget {
  /** @param {string | URL} [url] the worker's script */
  constructor(url = new URL('./engine.worker.js', import.meta.url)) {
    super();
    this.url = url;
    /** @type {Worker | null} */
    this.worker = null;
    this.ready = false; // the current worker has loaded its wasm
    this.nextId = 1;
    /** @type {Job[]} */
    this.queue = []; // requests not yet sent: {id, owner, msg, resolve, reject, tries}
    /** @type {Job | null} */
    this.running = null; // the one request the worker is working on
    this.watchdog = new Watchdog(() => {
      if (this.running) this.replace('the engine stopped answering');
    });
    this.restarts = 0; // how many workers were replaced (for tests and diagnostics)
    // What the worker has loaded in the background: endgame tables complete up to `tables`
    // pieces (0: none) and the opening book. A replaced worker loads them again (from the
    // service worker's cache), so this only grows; a `data` event tells of each change.
    /** @type {EngineData} */
    this.data = { tables: 0, book: false, brazilian: false };
  }

  start() {
    if (this.worker) return;
    this.ready = false;
    this.worker = makeWorker(this.url);
    const w = this.worker;
    sendEngine(w); // the page's one copy of the engine's wasm: no download per worker
    w.onmessage = (e) => this.onMessage(w, e.data);
    w.onerror = (e) => {
      e.preventDefault?.();
      if (w === this.worker) this.replace(`engine worker failed: ${e.message || 'error'}`);
    };
    w.onmessageerror = () => {
      if (w === this.worker) this.replace('engine worker sent an unreadable message');
    };
  }

  /** @param {Worker} w @param {WorkerReply} data */
  onMessage(w, data) {
    if (w !== this.worker) return; // a late reply from a worker already replaced
    if (data.type === 'ready') {
      this.ready = true;
      if (this.running) this.arm(this.running); // the search time starts counting now
      return;
    }
    if (data.type === 'data') {
      const next = {
        tables: Math.max(this.data.tables, data.tables),
        book: this.data.book || data.book,
        brazilian: this.data.brazilian || !!data.brazilian,
      };
      if (next.tables !== this.data.tables || next.book !== this.data.book || next.brazilian !== this.data.brazilian) {
        this.data = next;
        this.dispatchEvent(new CustomEvent('data', { detail: { ...next } }));
      }
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
  // game ('italian', the default, or 'brazilian'): the start FEN's numbering and the moves'
  // notation are that game's.
  /** @param {unknown} owner @param {SearchParams} params @returns {Promise<SearchResult | null>} */
  search(owner, { variant = 'italian', startFen, moves, level, timeMs, seed }) {
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
    this.start();
    const r = /** @type {Job} */ (this.queue.shift());
    this.running = r;
    r.tries++;
    this.arm(r);
    /** @type {Worker} */ (this.worker).postMessage({ ...r.msg, id: r.id }); // start() made it
  }

  /** @param {Job} r */
  arm(r) {
    this.watchdog.arm(this.ready ? (r.msg.timeMs || 1000) * 1.5 + WATCHDOG_SLACK_MS : LOAD_MS + (r.msg.timeMs || 0));
  }

  // The worker is gone or broken: start another and send the running search again (a few
  // times at most: a search that kills every worker is reported, not retried forever).
  /** @param {string} reason */
  replace(reason) {
    this.kill();
    this.restarts++;
    const r = this.running;
    this.running = null;
    if (r) {
      if (r.tries <= RETRIES) this.queue.unshift(r);
      else r.reject(new Error(reason));
    }
    this.pump();
  }

  kill() {
    this.watchdog.stop();
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
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

// A worker from a script on another origin is not allowed; a same-origin blob that imports
// it is (the script's host must then allow CORS, see docs/EMBED.md).
/** @param {string | URL} url */
function makeWorker(url) {
  try {
    return new Worker(url, { type: 'module' });
  } catch (err) {
    if (new URL(url).origin === location.origin) throw err;
    const blob = new Blob([`import ${JSON.stringify(String(url))};`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(blob), { type: 'module' });
  }
}

// The one engine of the page, whoever imports this module.
/** @type {EngineClient | null} */
let shared = null;
export function sharedEngine() {
  if (!shared) shared = new EngineClient();
  return shared;
}
