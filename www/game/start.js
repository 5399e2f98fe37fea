// @ts-check
// The start of a session's game (Session.newGame): the core's record of the game the options
// describe (the one given, else one made from a FEN or a PDN, a saved game's moves played on
// top and the end it had), and the clocks it starts with. The session takes what these make.

import { applyEnded, newRecord, recordOfGame } from './record.js';
import { Clock } from './clock.js';

/** @import { GameRecord, DamaRules } from '../shared/wasm-types.js' */
/** @typedef {import('./session.js').GameOptions} GameOptions */

/**
 * The record of the game the options describe: the options' own (`record`, the caller's to free
 * if this throws), else one made from a PDN (its main line and tags: a game pasted or typed),
 * a FEN or the start, with the page's tags and the options' own. The options' moves are played
 * on top and their ending applied. Throws an Error with the reason for a bad fen, pdn or move,
 * having freed what it made.
 * @param {DamaRules} wasm the loaded wasm module
 * @param {GameOptions} o
 * @param {import('./options.js').Variant} variant the game asked for
 * @returns {GameRecord}
 */
export function recordFrom(wasm, o, variant) {
  if (o.record) return o.record;
  let record;
  if (o.pdn) {
    // The file's GameType says which game it is; a PDN without one is one of the game asked
    // for, so a Brazilian board takes "1. c3-d4 f6-g5" as it is.
    const read = wasm.GameRecord.fromPdn('game', o.pdn, variant);
    try {
      record = recordOfGame(read, read.tags());
    } finally {
      read.free();
    }
  } else {
    record = newRecord(wasm, variant, o.fen, o.tags);
  }
  try {
    for (const m of o.moves ?? []) record.play(m);
    if (o.ended) applyEnded(record, o.ended);
    return record;
  } catch (err) {
    record.free();
    throw err;
  }
}

/**
 * The clocks of a new game people play: a saved game's come back as they were (`clockState`),
 * else the time control's, if it has one.
 * @param {GameOptions} o
 * @param {GameRecord} record the game's record, as recordFrom made it
 * @param {() => number} now the time now, in ms
 * @returns {Clock | null}
 */
export function clockFor(o, record, now) {
  const clock = o.clockState ? Clock.restore(o.clockState, now(), o.wallNow ?? Date.now()) : o.clock ? new Clock(o.clock) : null;
  // As on the playing sites, the clocks start with the first move (White's first move is
  // on no clock), so a game set up and left alone loses no time.
  if (clock && !o.clockState && record.ply() > 0) clock.start(/** @type {import('./options.js').Color} */ (record.turn()), now());
  if (clock && record.result()) clock.stop(now());
  return clock;
}
