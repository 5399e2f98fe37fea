// @ts-check
// The page's side of the analysis worker (analysis.worker.js): one worker, one job at a time.
// Starting a job makes the one before it stale at once: its answers are dropped here, so
// the page never shows lines of a position it has left, even before the worker (which takes
// messages between its search slices) has heard of the change.
//
// A worker that crashes, or stays silent while the page is visible (it says `alive` every two
// seconds while it works, so silence means it is dead or hung), is replaced without a word and
// the job goes on: an analysis keeps the lines shown until the new worker finds deeper ones, a
// review carries on from the next position. A slow worker is never replaced (a deep search
// still says `alive`), nor one in a hidden tab (see watchdog.js). Only when fresh workers fail
// one after another without ever answering is the job given up, with onError(null). The worker
// itself, its watchdog and its data: engine/worker-client.js.

import { WorkerClient } from '../engine/worker-client.js';

/** @import { AnalysisReply, AnalyseRequest, ReviewRequest, ExploreRequest, LinesReply, ReviewedReply, ExploredReply } from '../engine/analysis-types.js' */
/** @import { Variant } from '../shared/wasm-types.js' */
/** @typedef {{variant: Variant, startFen: string, moves: string[]}} Where */
/**
 * @typedef {object} Handlers
 * @property {(r: LinesReply) => void} [onLines]
 * @property {(r: ReviewedReply) => void} [onReviewed]
 * @property {() => void} [onDone]
 * @property {(error: string | null) => void} [onError] the worker's reason, or null: no worker answers
 */
/**
 * A job under way: `tries` the workers it was sent to since one last answered it, `depth` the
 * deepest lines delivered, `next` the first position of a review not delivered yet.
 * @typedef {{id: number, msg: AnalyseRequest | ReviewRequest, handlers: Handlers, tries: number, depth: number, next: number}} Job
 */

/** The silence (the page visible) after which a working worker is taken for dead: many times its `alive`. */
const SILENCE_MS = 15000;
/** A new worker's time to load the wasm and say its first word. */
const LOAD_MS = 30000;
/** Fresh workers that may fail one after another, none answering the job, before it is given up. */
const RETRIES = 2;

/** @extends {WorkerClient<AnalysisReply>} */
export class AnalysisClient extends WorkerClient {
  /**
   * @param {() => number} threads the threads a new worker is to search on, asked at each start
   * @param {string | URL} [url]
   */
  constructor(threads, url = new URL('../engine/analysis.worker.js', import.meta.url)) {
    super(url, 'analysis worker', threads);
    /** @type {Job | null} */
    this.job = null;
    /**
     * The explore request waiting for its answer (only the latest: the page asks again for each
     * position it shows), sent again to a replaced worker.
     * @type {{msg: ExploreRequest, done: (r: ExploredReply) => void} | null}
     */
    this.exploring = null;
  }

  /**
   * Every word of the worker, `alive` too, feeds the watchdog; the first (it has loaded) arms
   * it with the shorter bound.
   * @override
   * @param {AnalysisReply} msg
   */
  receive(msg) {
    if (this.ready) this.watchdog.feed();
    else {
      this.loaded();
      if (this.job) this.watchdog.arm(this.silence(this.job));
    }
    this.onMessage(msg);
  }

  /** @param {AnalysisReply} msg */
  onMessage(msg) {
    if (msg.type === 'ready' || msg.type === 'threads') this.takeThreads(msg.threads);
    if (msg.type === 'ready' || msg.type === 'threads' || msg.type === 'alive') return;
    if (msg.type === 'data') {
      super.receive(msg);
      return;
    }
    if (msg.type === 'explored') {
      const asked = this.exploring;
      if (asked && asked.msg.id === msg.id) {
        this.exploring = null;
        asked.done(msg);
      }
      return;
    }
    const job = this.job;
    if (!job || msg.id !== job.id) return; // a job the page has left
    if (msg.type === 'lines') {
      job.tries = 0;
      // A replaced worker starts again from depth 1: the deeper lines found before stay shown.
      if (msg.depth <= job.depth) return;
      job.depth = msg.depth;
      job.handlers.onLines?.(msg);
    } else if (msg.type === 'reviewed') {
      job.tries = 0;
      job.next = msg.ply + 1;
      job.handlers.onReviewed?.(msg);
    } else if (msg.type === 'done') {
      this.end();
      job.handlers.onDone?.();
    } else if (msg.type === 'error') {
      this.end();
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

  /**
   * What the book and the endgame tables say of the position after `moves`, answered between
   * the slices of the job under way (which goes on). Resolves to null when a later request
   * replaced this one before its answer came.
   * @param {Where} where
   * @returns {Promise<ExploredReply | null>}
   */
  explore(where) {
    const msg = /** @type {ExploreRequest} */ ({ type: 'explore', id: this.nextId++, ...where });
    this.exploring?.done(/** @type {ExploredReply} */ ({ type: 'explored', id: -1, explore: null }));
    return new Promise((resolve) => {
      this.exploring = { msg, done: (r) => resolve(r.id === msg.id ? r : null) };
      this.start().postMessage(msg);
    });
  }

  /** @param {AnalyseRequest | ReviewRequest} msg @param {Handlers} handlers @returns {number} the job's id */
  send(msg, handlers) {
    this.job = { id: msg.id, msg, handlers, tries: 0, depth: 0, next: msg.type === 'review' ? msg.from ?? 0 : 0 };
    this.post();
    return msg.id;
  }

  post() {
    const job = this.job;
    if (!job) return;
    job.tries++;
    const w = this.start();
    // A review goes on from the first position not delivered yet.
    w.postMessage(job.msg.type === 'review' ? { ...job.msg, from: job.next } : job.msg);
    this.watchdog.arm(this.ready ? this.silence(job) : LOAD_MS);
  }

  /**
   * How long the worker may be silent during `job`: a review's position is one search, with
   * no word until it ends.
   * @param {Job} job
   */
  silence(job) {
    return SILENCE_MS + (job.msg.type === 'review' ? 2 * job.msg.timeMs : 0);
  }

  /** Stops the job under way (its late answers are dropped). */
  stop() {
    if (!this.job) return;
    this.end();
    this.worker?.postMessage({ type: 'stop' });
  }

  end() {
    this.job = null;
    this.watchdog.stop();
  }

  busy() {
    return this.job !== null;
  }

  // The worker crashed or went silent: a fresh one takes the job on.
  /** @override */
  resume() {
    if (this.exploring) this.start().postMessage(this.exploring.msg);
    const job = this.job;
    if (!job) return;
    if (job.tries <= RETRIES) this.post();
    else {
      this.job = null;
      job.handlers.onError?.(null);
    }
  }
}
