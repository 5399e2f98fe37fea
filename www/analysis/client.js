// @ts-check
// The page's side of the analysis worker (analysis.worker.js): one worker, one job at a time.
// Starting a job makes the one before it stale at once: its answers are dropped here, so
// the page never shows lines of a position it has left, even before the worker (which takes
// messages between its search slices) has heard of the change. A worker that crashes or goes
// silent mid-job is replaced and the job sent again.

/** @import { AnalysisReply, AnalyseRequest, ReviewRequest, LinesReply, ReviewedReply } from '../../types/analysis.js' */
/** @import { Variant } from '../../types/dama-wasm.js' */
/** @typedef {{variant: Variant, startFen: string, moves: string[]}} Where */
/**
 * @typedef {object} Handlers
 * @property {(r: LinesReply) => void} [onLines]
 * @property {(r: ReviewedReply) => void} [onReviewed]
 * @property {() => void} [onDone]
 * @property {(error: string) => void} [onError]
 */

/** Longer than any slice takes: a worker silent this long mid-job is replaced. */
const SILENCE_MS = 15000;

export class AnalysisClient extends EventTarget {
  /** @param {string | URL} [url] */
  constructor(url = new URL('../analysis.worker.js', import.meta.url)) {
    super();
    this.url = url;
    /** @type {Worker | null} */
    this.worker = null;
    this.nextId = 1;
    /** @type {{id: number, msg: AnalyseRequest | ReviewRequest, handlers: Handlers, tries: number} | null} */
    this.job = null;
    this.watchdog = 0;
    this.restarts = 0;
    /** What the worker has loaded: endgame tables up to `tables` pieces. */
    this.data = { tables: 0, book: false, brazilian: false };
  }

  start() {
    if (this.worker) return this.worker;
    const w = new Worker(this.url, { type: 'module' });
    this.worker = w;
    w.onmessage = (e) => {
      if (w === this.worker) this.onMessage(e.data);
    };
    w.onerror = (e) => {
      e.preventDefault?.();
      if (w === this.worker) this.replace();
    };
    return w;
  }

  /** @param {AnalysisReply} msg */
  onMessage(msg) {
    if (msg.type === 'ready') return;
    if (msg.type === 'data') {
      this.data = { tables: Math.max(this.data.tables, msg.tables), book: this.data.book || msg.book, brazilian: this.data.brazilian || msg.brazilian };
      this.dispatchEvent(new CustomEvent('data', { detail: { ...this.data } }));
      return;
    }
    const job = this.job;
    if (!job || msg.id !== job.id) return; // a job the page has left
    this.arm();
    if (msg.type === 'lines') job.handlers.onLines?.(msg);
    else if (msg.type === 'reviewed') job.handlers.onReviewed?.(msg);
    else if (msg.type === 'done') {
      this.job = null;
      clearTimeout(this.watchdog);
      job.handlers.onDone?.();
    } else if (msg.type === 'error') {
      this.job = null;
      clearTimeout(this.watchdog);
      job.handlers.onError?.(msg.error);
    }
  }

  /**
   * Infinite analysis of the position after `moves`: `lines` best lines, each depth as it is
   * finished, until stopped, another job starts, or nothing deeper can change them.
   * @param {Where & {lines: number, maxDepth?: number}} where
   * @param {Handlers} handlers
   */
  analyse(where, handlers) {
    return this.send({ type: 'analyse', id: this.nextId++, ...where }, handlers);
  }

  /**
   * Every position of a game searched `timeMs` each (from the position after `from` moves);
   * a `reviewed` answer for each.
   * @param {Where & {timeMs: number, from?: number}} where
   * @param {Handlers} handlers
   */
  review(where, handlers) {
    return this.send({ type: 'review', id: this.nextId++, ...where }, handlers);
  }

  /** @param {AnalyseRequest | ReviewRequest} msg @param {Handlers} handlers @returns {number} the job's id */
  send(msg, handlers) {
    this.job = { id: msg.id, msg, handlers, tries: 0 };
    this.post();
    return msg.id;
  }

  post() {
    const job = this.job;
    if (!job) return;
    job.tries++;
    this.start().postMessage(job.msg);
    this.arm();
  }

  arm() {
    clearTimeout(this.watchdog);
    // Loading the wasm and the first slice come first; then each answer re-arms it.
    this.watchdog = setTimeout(() => this.replace(), SILENCE_MS);
  }

  /** Stops the job under way (its late answers are dropped). */
  stop() {
    if (!this.job) return;
    this.job = null;
    clearTimeout(this.watchdog);
    this.worker?.postMessage({ type: 'stop' });
  }

  busy() {
    return this.job !== null;
  }

  // The worker crashed or went silent: a fresh one takes the job again (twice at most).
  replace() {
    this.worker?.terminate();
    this.worker = null;
    this.restarts++;
    const job = this.job;
    if (!job) return;
    if (job.tries <= 2) this.post();
    else {
      this.job = null;
      job.handlers.onError?.('the analysis stopped answering');
    }
  }
}
