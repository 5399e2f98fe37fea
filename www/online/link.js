// @ts-check
// The page's WebSocket to a game (docs/SERVER.md's protocol): hello with the version it has, so
// that a reconnection gets exactly the events it missed; the page's moves numbered by an ack
// counter and sent again, with the same number, until acknowledged (the server never plays one
// twice); pings every 2.5 s, whose round trip is the lag the clocks and the server's credit use;
// a link silent for 9 s taken as dead, closed and made again by itself, every few seconds until
// it holds. What arrives goes to the page's controller (game.js), which tells the link the
// version it has reached (seen). No DOM: the socket and the timers are given, so tests drive it.
// The lobby (seeks.js) uses the same link, greeted with its subscribe instead of a hello.

import { LIMITS } from './limits.js';

/** @import { ClientMsg, ServerMsg } from './protocol.ts' */
/** @typedef {{readyState: number, send(data: string): void, close(code?: number, reason?: string): void, onopen: any, onmessage: any, onclose: any, onerror: any}} SocketLike */
/** @typedef {'connecting' | 'open' | 'down' | 'stopped'} LinkState */
/**
 * @typedef {{url: string, game: string, name?: string | null, socket?: (url: string) => SocketLike,
 *   now?: () => number, message: (msg: ServerMsg) => void, state?: (state: LinkState) => void,
 *   greet?: () => ClientMsg}} LinkOptions
 * `greet`: the first message on each socket instead of the game's hello (the lobby's subscribe).
 */

/** After a link is lost, the next try waits this long (then RETRY_MS between tries). */
const FIRST_RETRY_MS = 500;
export const RETRY_MS = 3000;
/** How often the link looks at its timers (dead link, moves to send again). */
const TICK_MS = 250;

export class Link {
  /** @type {SocketLike | null} */
  #ws = null;
  /** @type {ReturnType<typeof setInterval> | 0} */
  #tick = 0;
  /** @type {ReturnType<typeof setTimeout> | 0} */
  #retry = 0;
  #heard = 0;
  #pinged = 0;
  #pingN = 0;
  /** @type {Map<number, number>} each ping's number and when it left */
  #pings = new Map();
  /** @type {{text: string, ack: number, v: number, sent: number}[]} the page's moves not yet acknowledged */
  #pending = [];
  #tries = 0;

  /** @param {LinkOptions} o */
  constructor(o) {
    this.o = o;
    /** The game (or challenge) the hello names; the controller sets the game's id once it is known. */
    this.game = o.game;
    /** The last version of the game the page has. */
    this.v = 0;
    /** The page's move counter: the last ack given to a move. */
    this.ack = 0;
    /** @type {number | null} the last round trip measured, in ms */
    this.lag = null;
    /** @type {LinkState} */
    this.state = 'connecting';
    this.now = o.now ?? (() => performance.now());
  }

  /** Opens the link (and keeps it open until stop()). */
  start() {
    this.#connect();
    this.#tick ||= setInterval(() => this.#onTick(), TICK_MS);
  }

  /** Closes the link for good. */
  stop() {
    clearInterval(this.#tick);
    clearTimeout(this.#retry);
    this.#tick = 0;
    this.#set('stopped');
    this.#drop(1000, 'done');
  }

  /** The controller has applied the events up to version `v`. @param {number} v */
  seen(v) {
    this.v = Math.max(this.v, v);
  }

  /**
   * A message for the server, if the link is open (else dropped: a command is the player's to
   * repeat; a move goes through move()). Returns whether it was sent.
   * @param {ClientMsg} msg
   */
  send(msg) {
    const ws = this.#ws;
    if (!ws || ws.readyState !== 1 || this.state !== 'open') return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  /**
   * A move of the page's player, chosen on version `v`: numbered, sent, and sent again until
   * the server acknowledges or refuses it. Returns its ack.
   * @param {string} text @param {number} v
   */
  move(text, v) {
    const ack = ++this.ack;
    const m = { text, ack, v, sent: this.now() };
    this.#pending.push(m);
    this.#sendMove(m);
    return ack;
  }

  /** The moves sent and not yet acknowledged. */
  get unacknowledged() {
    return this.#pending.map((m) => m.text);
  }

  /** @param {{text: string, ack: number, v: number, sent: number}} m */
  #sendMove(m) {
    m.sent = this.now();
    this.send({ t: 'move', text: m.text, ack: m.ack, v: m.v, ...(this.lag !== null ? { lag: Math.round(this.lag) } : {}) });
  }

  #connect() {
    clearTimeout(this.#retry);
    this.#retry = 0;
    this.#set('connecting');
    let ws;
    try {
      ws = (this.o.socket ?? ((u) => /** @type {SocketLike} */ (new WebSocket(u))))(this.o.url);
    } catch {
      return this.#lost();
    }
    this.#ws = ws;
    this.#heard = this.now();
    ws.onopen = () => {
      if (this.#ws !== ws) return;
      this.#set('open');
      this.#heard = this.now();
      const name = this.o.name;
      this.send(this.o.greet?.() ?? { t: 'hello', game: this.game, v: this.v, ...(name ? { name } : {}) });
      this.#ping();
    };
    ws.onmessage = (/** @type {{data: unknown}} */ e) => {
      if (this.#ws !== ws) return;
      this.#heard = this.now();
      let msg;
      try {
        msg = /** @type {ServerMsg} */ (JSON.parse(String(e.data)));
      } catch {
        return;
      }
      this.#onMessage(msg);
    };
    ws.onclose = () => {
      if (this.#ws === ws) this.#lost();
    };
    ws.onerror = () => {};
  }

  /** @param {ServerMsg} msg */
  #onMessage(msg) {
    if (msg.t === 'pong') {
      const at = this.#pings.get(msg.n);
      if (at !== undefined) this.lag = this.now() - at;
      this.#pings.clear();
      return;
    }
    if (msg.t === 'welcome') {
      this.#tries = 0;
      this.game = msg.game;
      // Moves the server played already (acked before the link fell) are done; the others go
      // again, on the same numbers.
      this.#pending = this.#pending.filter((m) => m.ack > msg.ack);
      this.ack = Math.max(this.ack, msg.ack);
      this.o.message(msg);
      for (const m of this.#pending) this.#sendMove(m);
      return;
    }
    if (msg.t === 'ack' || (msg.t === 'refused' && msg.ack !== null)) {
      const ack = msg.ack;
      this.#pending = this.#pending.filter((m) => m.ack !== ack);
    }
    this.o.message(msg);
  }

  #ping() {
    this.#pinged = this.now();
    const n = ++this.#pingN;
    this.#pings.set(n, this.#pinged);
    this.send({ t: 'ping', n });
  }

  #onTick() {
    if (this.state !== 'open') return;
    const now = this.now();
    if (now - this.#heard > LIMITS.DEAD_LINK_MS) return void this.#drop(4000, 'no answer');
    if (now - this.#pinged >= LIMITS.PING_INTERVAL_MS) this.#ping();
    for (const m of this.#pending) if (now - m.sent >= LIMITS.RESEND_MOVE_MS) this.#sendMove(m);
  }

  /** Closes the socket (if any) and, unless stopped, tries again. @param {number} code @param {string} reason */
  #drop(code, reason) {
    const ws = this.#ws;
    this.#ws = null;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close(code, reason);
      } catch {
        // Already closed.
      }
    }
    if (this.state !== 'stopped') this.#lost();
  }

  /** The link is down: say so, and try again (soon the first time, then every RETRY_MS). */
  #lost() {
    this.#ws = null;
    if (this.state === 'stopped') return;
    this.#set('down');
    this.#pings.clear();
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => this.#connect(), this.#tries++ ? RETRY_MS : FIRST_RETRY_MS);
  }

  /** @param {LinkState} state */
  #set(state) {
    if (this.state === state) return;
    this.state = state;
    this.o.state?.(state);
  }
}
