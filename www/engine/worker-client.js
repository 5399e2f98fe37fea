// @ts-check
// What the page's two clients of an engine worker share: the game's (engine/client.js, one
// worker for every board of the page, searches queued) and the analysis board's
// (analysis/client.js, one job at a time). Each client keeps one worker, started when first
// needed and handed the page's copy of the engine's wasm (wasm.js: no download per worker),
// and listens to that worker alone: a late message from a worker already replaced is dropped.
// A worker that crashes (an `error` or `messageerror` event) or goes silent too long (the
// watchdog, which counts only the time the page is visible: watchdog.js) is replaced by a
// fresh one, and the client takes its work up again there (`resume`). What is asked of the
// worker, what its answers mean and how long it may be silent is each client's own.
//
// A worker from a script on another origin (a page embedding the element from another site)
// is made from a same-origin blob that imports the script (its host must allow CORS, see
// docs/EMBED.md).

import { Watchdog } from './watchdog.js';
import { sendEngine } from '../shared/wasm.js';

/** @import { DataReply, EngineData } from './types.js' */

/**
 * A worker and its watchdog. Subclasses answer the worker's messages (`receive`) and take the
 * work up again in a fresh worker (`resume`). Dispatches `data` (a CustomEvent whose detail is
 * an EngineData) when the worker has loaded more.
 * @template Reply the messages the worker sends
 */
export class WorkerClient extends EventTarget {
  /** The current worker has loaded: it said `ready` or, for the analysis client, anything at all. */
  ready = false;
  /** The threads the current worker's engine searches on, as it said when ready or since it lost a helper (1 before). */
  threads = 1;

  /**
   * @param {string | URL} url the worker's script
   * @param {string} name the worker, in the reasons it is replaced ('engine worker')
   * @param {() => number} threads the threads a new worker is to search on, asked at each start
   *   (the page's: settings.js's searchThreads)
   */
  constructor(url, name, threads) {
    super();
    this.url = url;
    this.name = name;
    this.threadsWanted = threads;
    /** @type {Worker | null} */
    this.worker = null;
    this.nextId = 1;
    this.restarts = 0; // how many workers were replaced (for tests and diagnostics)
    this.failure = ''; // why the last one was
    this.watchdog = new Watchdog(() => this.silent());
    // What the worker has loaded in the background: endgame tables complete up to `tables`
    // pieces (0: none), the opening book, and the same of Brazilian. A replaced worker loads them
    // again (from the service worker's cache), so this only grows; a `data` event tells of
    // each change.
    /** @type {EngineData} */
    this.data = { tables: 0, brazilianTables: 0, book: false, brazilianBook: false };
  }

  /** The worker, started if there is none. @returns {Worker} */
  start() {
    if (this.worker) return this.worker;
    const w = makeWorker(this.url);
    sendEngine(w, this.threadsWanted()); // the page's one copy of the engine's wasm: no download per worker
    this.worker = w;
    this.ready = false;
    w.onmessage = (e) => {
      if (w === this.worker) this.receive(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (w === this.worker) this.replace(`${this.name} failed: ${e.message || 'error'}`);
    };
    w.onmessageerror = () => {
      if (w === this.worker) this.replace(`${this.name} sent an unreadable message`);
    };
    return w;
  }

  /**
   * A message of the current worker. Here: what it says it has loaded (`data`); a subclass
   * answers the rest and hands the `data` messages on to this.
   * @param {Reply} msg
   */
  receive(msg) {
    const m = /** @type {{type?: unknown}} */ (msg);
    if (m.type === 'data') this.takeData(/** @type {DataReply} */ (m));
  }

  /**
   * The worker was replaced, for `failure` (the fresh one starts when next asked). Here:
   * nothing was under way; a subclass sends its work under way again, or gives it up.
   */
  resume() {}

  /** The current worker has loaded (its client tells when). */
  loaded() {
    this.ready = true;
  }

  /**
   * The worker said how many threads its engine searches on; a `threads` event (its detail
   * the number) when that changed.
   * @param {unknown} n
   */
  takeThreads(n) {
    const threads = Number.isInteger(n) && /** @type {number} */ (n) >= 1 ? /** @type {number} */ (n) : 1;
    if (threads === this.threads) return;
    this.threads = threads;
    this.dispatchEvent(new CustomEvent('threads', { detail: threads }));
  }

  /** The watchdog's call: the worker said nothing for too long. */
  silent() {
    this.replace(`the ${this.name} stopped answering`);
  }

  /**
   * What the worker says it has loaded; a `data` event when that is more than before, and a
   * `tableslost` event (its detail the game, pieces and reason) for each downloaded table file
   * it found damaged and could not download again.
   * @param {DataReply} loaded
   */
  takeData(loaded) {
    for (const lost of loaded.lost ?? []) this.dispatchEvent(new CustomEvent('tableslost', { detail: { ...lost } }));
    const next = {
      tables: Math.max(this.data.tables, loaded.tables),
      brazilianTables: Math.max(this.data.brazilianTables, loaded.brazilianTables),
      book: this.data.book || loaded.book,
      brazilianBook: this.data.brazilianBook || loaded.brazilianBook,
    };
    const same = /** @type {(keyof typeof next)[]} */ (Object.keys(next)).every((k) => next[k] === this.data[k]);
    if (same) return;
    this.data = next;
    this.dispatchEvent(new CustomEvent('data', { detail: { ...next } }));
  }

  /** Ends the worker (the next start() makes another). */
  kill() {
    this.watchdog.stop();
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
  }

  /** The worker is gone or broken: a fresh one takes the work up. @param {string} reason */
  replace(reason) {
    this.kill();
    this.restarts++;
    this.failure = reason;
    this.resume();
  }
}

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
