// @ts-check
// The clocks as the server holds them, shown on the page: each snapshot the server sends is
// taken as it was when sent, half the page's measured round trip before it arrived, and the
// running side's time goes on from there. Pure: the time now is given (ms, any monotonic
// source), so tests give their own.

/** @import { ClockSnapshot, Side } from './protocol.ts' */

export class ServerClocks {
  /** @type {ClockSnapshot | null} */
  #snap = null;
  /** When the snapshot was true, on the page's clock. */
  #at = 0;

  /**
   * A snapshot from the server, received at `now`, with the page's round trip `lag` (ms, or
   * null before the first pong): it left the server half a round trip ago.
   * @param {ClockSnapshot} snap @param {number} now @param {number | null} lag
   */
  set(snap, now, lag) {
    this.#snap = { ...snap };
    this.#at = now - Math.max(0, lag ?? 0) / 2;
  }

  /** Whose time is running (null: none, or no snapshot yet). @returns {Side | null} */
  get running() {
    return this.#snap?.running ?? null;
  }

  /** The first move's own limit left for the side to move, while it is pending, else null. @param {number} now */
  firstMove(now) {
    const ms = this.#snap?.first_move_ms;
    return ms == null ? null : Math.max(0, ms - (now - this.#at));
  }

  /** `side`'s time left at `now` (null before any snapshot). @param {Side} side @param {number} now */
  remaining(side, now) {
    const s = this.#snap;
    if (!s) return null;
    const left = side === 'white' ? s.white_ms : s.black_ms;
    // Before each side's first move the game clock stands; the first-move limit runs instead.
    const runs = s.running === side && s.first_move_ms == null;
    return Math.max(0, left - (runs ? now - this.#at : 0));
  }

  /** Stops both, at the times an `end` event gives. @param {number} white @param {number} black @param {number} now */
  stop(white, black, now) {
    this.#snap = { white_ms: white, black_ms: black, running: null, first_move_ms: null };
    this.#at = now;
  }
}
