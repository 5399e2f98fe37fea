// @ts-check
// The computer's side of a session: asks the engine (the page's shared worker, or anything
// with the same search/cancel methods) for moves and hints, paces its answers so a person can
// follow them, and drops replies to requests that were overtaken (a new game, an undo). No DOM.

/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('./session.js').Move} Move */
/** @typedef {import('./options.js').Color} Color */
/**
 * @typedef {{search(owner: object, req: object): Promise<{move: string, score: number} | null>, cancel(owner: object): void}} Engine
 */
/**
 * What the driver tells its owner.
 * @typedef {{changed(): void, played(move: Move, mover: Color): void, failed(message: string): void,
 *   hinted(move: Move | null): void, delay(): number, busy(): boolean, active(): boolean}} Hooks
 */

/** Search time per level: short at the bottom so easy levels answer at once. */
export const levelTime = (/** @type {number} */ level) => 100 + 30 * level * level;
/** A reply faster than this feels like the computer did not look at the move. */
export const MIN_REPLY_MS = 450;
/** The hint's search: the strongest level, a little over a second. */
export const HINT = { level: 10, timeMs: 1200 };

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

export class Computer {
  /**
   * @param {Session} session
   * @param {Engine} engine
   * @param {object} owner the engine's tag for this board's requests
   * @param {Hooks} hooks
   */
  constructor(session, engine, owner, hooks) {
    this.session = session;
    this.engine = engine;
    this.owner = owner;
    this.hooks = hooks;
    this.request = 0; // id of the latest request; replies to older ones are dropped
  }

  /** Stops this board's search; a reply already on its way is ignored by id. */
  cancel() {
    this.request++;
    this.engine.cancel(this.owner);
    this.session.cancelled();
  }

  /** Plays the computer's move if it is its turn (against a person, or both sides watching). */
  async maybeMove() {
    const s = this.session;
    const g = s.record;
    if (!this.hooks.active() || !g || !s.computerToMove() || s.thinking === 'move') return;
    const id = ++this.request;
    s.thinking = 'move';
    this.hooks.changed();
    const started = performance.now();
    const watch = s.mode === 'watch';
    const level = watch ? s.levelFor(g.turn()) : s.level;
    let res;
    try {
      res = await this.engine.search(this.owner, s.searchRequest(level, s.searchTime(levelTime(level))));
    } catch (err) {
      if (id !== this.request) return;
      s.thinking = null;
      this.hooks.failed(/** @type {Error} */ (err).message);
      return;
    }
    if (id !== this.request || !res) return;
    // Watching, the pause is the delay (0: as fast as the engine goes, for tests and demos).
    const pause = watch ? this.hooks.delay() : MIN_REPLY_MS;
    if (pause > 0) {
      await sleep(Math.max(0, pause - (performance.now() - started)));
      // Let the previous move finish moving before the answer starts.
      while (this.hooks.busy() && id === this.request) await sleep(30);
    }
    // Overtaken: a new game, an undo, a resignation (the session forgets the search).
    if (id !== this.request || g !== s.record || s.thinking !== 'move') return;
    // Paused while it searched: the reply is dropped; resumed, the computer searches again.
    if (s.paused) {
      s.thinking = null;
      this.hooks.changed();
      return;
    }
    s.thinking = null;
    s.lastScore = res.score;
    const mover = /** @type {import('./options.js').Color} */ (g.turn());
    let move;
    try {
      move = s.play(res.move);
    } catch (err) {
      this.hooks.failed(/** @type {Error} */ (err).message);
      return;
    }
    this.hooks.played(move, mover);
  }

  /** The strongest move for the person to play, shown as a hint. */
  async hint() {
    const s = this.session;
    if (!s.humanToMove() || s.thinking) return;
    const id = ++this.request;
    s.thinking = 'hint';
    this.hooks.changed();
    let res;
    try {
      res = await this.engine.search(this.owner, s.searchRequest(HINT.level, HINT.timeMs));
    } catch (err) {
      if (id !== this.request) return;
      s.thinking = null;
      this.hooks.failed(/** @type {Error} */ (err).message);
      return;
    }
    if (id !== this.request || !res || s.thinking !== 'hint') return;
    s.thinking = null;
    s.hint = s.legalMoves().find((m) => m.text === res.move) ?? null;
    this.hooks.hinted(s.hint);
  }
}
