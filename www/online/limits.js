// @ts-check
// The protocol's bounds and timings the page follows, as the server states them in
// protocol.ts's LIMITS (generated from crates/dama-server/src/protocol.rs; a .ts file the
// browser cannot load, so they are written again here and tests/unit/online.test.mjs checks
// that both say the same).

export const LIMITS = Object.freeze({
  /** The longest name a player without an account is known by. */
  NAME_MAX_CHARS: 20,
  /** How often the page pings (the server closes a socket silent for IDLE_CLOSE_MS). */
  PING_INTERVAL_MS: 2500,
  /** No message for this long: the link is dead, and the page connects again. */
  DEAD_LINK_MS: 9000,
  /** A move not acknowledged within this is sent again (the same ack: never played twice). */
  RESEND_MOVE_MS: 1500,
  /** The server closes a socket that sends nothing for this long. */
  IDLE_CLOSE_MS: 20000,
});
