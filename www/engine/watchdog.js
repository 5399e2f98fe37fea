// @ts-check
// A worker's watchdog that counts only the time the page is visible. A hidden tab's timers are
// throttled (Chrome: at most once a minute after five minutes hidden) and a frozen tab runs no
// task at all, so there the page's timer may fire long after it was due, ahead of the worker's
// answers waiting in the same queue: time spent hidden says nothing of the worker. While the
// page is hidden nothing is counted; once it is visible again the count starts afresh.
// Used by the engine workers' clients (engine/worker-client.js: the game's engine/client.js and
// the analysis board's analysis/client.js).

export class Watchdog {
  /** @param {() => void} onSilent called once when the worker has been silent too long */
  constructor(onSilent) {
    this.onSilent = onSilent;
    /** The silence allowed, in ms; 0 while not watching. */
    this.limit = 0;
    /** When the worker was last heard from, or the page last became visible (performance.now). */
    this.since = 0;
    this.timer = /** @type {ReturnType<typeof setTimeout> | undefined} */ (undefined);
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => this.restart());
  }

  /**
   * Watches from now on: `onSilent` runs once the page has been visible `ms` in a row with no
   * `feed` (the worker said nothing).
   * @param {number} ms
   */
  arm(ms) {
    this.limit = ms;
    this.restart();
  }

  /** The worker was heard from: its silence starts again. */
  feed() {
    this.since = performance.now();
  }

  stop() {
    this.limit = 0;
    clearTimeout(this.timer);
  }

  /** The count starts afresh (and waits while the page is hidden). */
  restart() {
    clearTimeout(this.timer);
    this.since = performance.now();
    if (this.limit && !hidden()) this.timer = setTimeout(() => this.check(), this.limit);
  }

  check() {
    if (!this.limit || hidden()) return;
    const left = this.limit - (performance.now() - this.since);
    if (left > 0) {
      this.timer = setTimeout(() => this.check(), left);
      return;
    }
    this.limit = 0;
    this.onSilent();
  }
}

const hidden = () => typeof document !== 'undefined' && document.visibilityState === 'hidden';
