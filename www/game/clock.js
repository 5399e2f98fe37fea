// @ts-check
// A game clock for both sides: time left, the increment added after each move, the side whose
// clock runs. Pure: every method takes the time now (ms, any monotonic source), so tests give
// their own. No DOM, no timers: the element asks it each tick whether a flag fell.

/** @typedef {import('./options.js').Color} Color */
/** @typedef {{initialMs: number, incrementMs: number}} TimeControl */
/**
 * A clock as saved: the times left when it was saved, the side whose clock ran, and when
 * (`at`, the wall clock in ms: the running side's time goes on while the page is closed).
 * @typedef {{initialMs: number, incrementMs: number, white: number, black: number, running: Color | null, at: number}} ClockState
 */

/** The standard controls offered by the New game dialog: minutes + seconds of increment. */
export const CONTROLS = ['3+2', '5+0', '10+5', '15+10'];
/** Bounds of a control: up to 3 hours, and up to 3 minutes added a move. */
export const MAX_INITIAL_MS = 3 * 3600_000;
export const MAX_INCREMENT_MS = 180_000;
/** Under this much time left (or a tenth of the start, if less), the clock shows it is low. */
export const LOW_MS = 20_000;
/** Under this much time left a player's time is short whatever the start: seen and heard. */
export const CRITICAL_MS = 10_000;

/**
 * A control from "minutes+seconds" ("5+0", "0.5+1"), or null for none or an unreadable or
 * out-of-bounds one.
 * @param {unknown} text
 * @returns {TimeControl | null}
 */
export function parseControl(text) {
  const m = /^\s*(\d+(?:\.\d+)?)\s*\+\s*(\d+(?:\.\d+)?)\s*$/.exec(String(text ?? ''));
  if (!m) return null;
  const initialMs = Math.round(Number(m[1]) * 60_000);
  const incrementMs = Math.round(Number(m[2]) * 1000);
  if (!(initialMs > 0 && initialMs <= MAX_INITIAL_MS && incrementMs >= 0 && incrementMs <= MAX_INCREMENT_MS)) return null;
  return { initialMs, incrementMs };
}

/** "5+0" for a control. @param {TimeControl} c */
export const controlText = (c) => `${+(c.initialMs / 60_000).toFixed(2)}+${+(c.incrementMs / 1000).toFixed(2)}`;

export class Clock {
  /** @param {TimeControl} control */
  constructor(control) {
    this.control = { ...control };
    /** @type {Record<Color, number>} ms left when the running side's clock last started */
    this.left = { white: control.initialMs, black: control.initialMs };
    /** @type {Color | null} */
    this.running = null;
    this.since = 0;
  }

  /**
   * Time left for `color` now.
   * @param {Color} color
   * @param {number} now
   */
  remaining(color, now) {
    const t = this.left[color] - (this.running === color ? now - this.since : 0);
    return Math.max(0, t);
  }

  /**
   * Starts `color`'s clock (the side to move), the other one stopped.
   * @param {Color} color
   * @param {number} now
   */
  start(color, now) {
    this.stop(now);
    this.running = color;
    this.since = now;
  }

  /** Stops the running clock, keeping its time. @param {number} now */
  stop(now) {
    if (this.running) this.left[this.running] = this.remaining(this.running, now);
    this.running = null;
  }

  /**
   * `color` has moved: its clock stops, gains the increment, and the other side's starts.
   * @param {Color} color
   * @param {number} now
   * @param {boolean} [goesOn] false when the game ended with this move (no clock starts)
   */
  moved(color, now, goesOn = true) {
    const left = this.running === color ? this.remaining(color, now) : this.left[color];
    this.running = null;
    this.left[color] = left + this.control.incrementMs;
    if (goesOn) this.start(color === 'white' ? 'black' : 'white', now);
  }

  /** The side whose time has run out, if any. @param {number} now @returns {Color | null} */
  flagged(now) {
    return this.running && this.remaining(this.running, now) <= 0 ? this.running : null;
  }

  /** Whether `color` is low on time. @param {Color} color @param {number} now */
  low(color, now) {
    return this.remaining(color, now) < Math.min(LOW_MS, this.control.initialMs / 10);
  }

  /** Whether `color` has under ten seconds left (CRITICAL_MS). @param {Color} color @param {number} now */
  critical(color, now) {
    return this.remaining(color, now) < CRITICAL_MS;
  }

  /**
   * What a saved game keeps: times as they stand, who was to run, and when.
   * @param {number} now this clock's time source
   * @param {number} wallNow the wall clock (Date.now()), which goes on while the page is closed
   * @returns {ClockState}
   */
  state(now, wallNow) {
    return { ...this.control, white: this.remaining('white', now), black: this.remaining('black', now), running: this.running, at: wallNow };
  }

  /**
   * A clock from a saved state, or null for a state that is not one. The running side's time
   * went on from the save (`at`) to `wallNow`, reloads and closed pages included; a clock
   * set back (wallNow before `at`) counts nothing rather than giving time back.
   * @param {unknown} s
   * @param {number} now this clock's time source
   * @param {number} wallNow the wall clock now (Date.now())
   */
  static restore(s, now, wallNow) {
    if (!s || typeof s !== 'object') return null;
    const o = /** @type {Record<string, unknown>} */ (s);
    const ok = (/** @type {unknown} */ x, /** @type {number} */ max) => typeof x === 'number' && Number.isFinite(x) && x >= 0 && x <= max;
    if (!ok(o.initialMs, MAX_INITIAL_MS) || !ok(o.incrementMs, MAX_INCREMENT_MS) || !ok(o.white, MAX_INITIAL_MS * 10) || !ok(o.black, MAX_INITIAL_MS * 10)) return null;
    const c = new Clock({ initialMs: /** @type {number} */ (o.initialMs), incrementMs: /** @type {number} */ (o.incrementMs) });
    c.left = { white: /** @type {number} */ (o.white), black: /** @type {number} */ (o.black) };
    if (o.running === 'white' || o.running === 'black') {
      // A state saved before the time of saving was kept (no `at`) resumes as it was.
      const away = typeof o.at === 'number' && Number.isFinite(o.at) && Number.isFinite(wallNow) ? Math.max(0, wallNow - o.at) : 0;
      c.left[o.running] = Math.max(0, c.left[o.running] - away);
      c.start(o.running, now);
    }
    return c;
  }
}

/**
 * A clock's time as players read it: "4:59", "0:09.4" under ten seconds, "1:02:03" past an hour.
 * @param {number} ms
 */
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t < 10_000) return `0:0${(Math.floor(t / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

/**
 * Watches a running clock for a fallen flag: `check` every 100 ms while `update(true)`; when
 * it says a flag fell, the watch stops and `fell` runs.
 */
export class FlagWatch {
  /** @param {() => boolean} check @param {() => void} fell */
  constructor(check, fell) {
    this.check = check;
    this.fell = fell;
    /** @type {ReturnType<typeof setInterval> | 0} */
    this.timer = 0;
  }

  /** @param {boolean} running */
  update(running) {
    if (running && !this.timer) {
      this.timer = setInterval(() => {
        if (!this.check()) return;
        this.update(false);
        this.fell();
      }, 100);
    } else if (!running && this.timer) {
      clearInterval(this.timer);
      this.timer = 0;
    }
  }
}

/**
 * Tells when a side's time goes under ten seconds (CRITICAL_MS), once as it crosses: a clock
 * first seen under it (a game started with less, or resumed with less at a reload) says
 * nothing, and time added by the increment that takes it back over lets it be told again.
 */
export class LowTimeAlarm {
  /** @type {WeakMap<Clock, Record<Color, boolean>>} each clock's sides over the line when last asked */
  #over = new WeakMap();

  /**
   * The sides whose time went under the line since the clock was last asked about.
   * @param {Clock} clock @param {number} now
   * @returns {Color[]}
   */
  crossed(clock, now) {
    const was = this.#over.get(clock);
    const over = { white: !clock.critical('white', now), black: !clock.critical('black', now) };
    this.#over.set(clock, over);
    return was ? /** @type {Color[]} */ (['white', 'black']).filter((c) => was[c] && !over[c]) : [];
  }
}
