// @ts-check
// The start of a session's game (Session.newGame): the core's game made from the options (a
// FEN or a PDN, a saved game's moves played on top and the end it had) with its record (the
// one given, checked against it, else one made from it), and the clocks it starts with. The
// session takes what these make.

import { applyEnded } from './snapshot.js';
import { recordGame } from './record.js';
import { newRecord } from './session-record.js';
import { Clock } from './clock.js';

/** @typedef {import('./session.js').GameOptions} GameOptions */

/**
 * The core's game the options describe and its record: the options' own (`tree`, the
 * caller's to free if this throws), else one made from the game with a PDN's tags (else the
 * options' own). Throws an Error with the reason for a bad fen, pdn, move or record, having
 * freed what it made.
 * @param {any} wasm the loaded wasm module
 * @param {GameOptions} o
 * @param {import('./options.js').Variant} variant the game asked for
 * @returns {{game: any, tree: any}}
 */
export function gameFrom(wasm, o, variant) {
  const { Game } = wasm;
  let game;
  let tags = o.tags ?? null;
  if (o.pdn) {
    // The file's GameType says which game it is; a PDN without one is read as the game
    // asked for, so a Brazilian board takes "1. c3-d4 f6-g5" as it is.
    const typed = /\[\s*GameType\s/i.test(o.pdn) || variant === 'italian';
    const text = typed ? o.pdn : `[GameType "26"]\n${o.pdn}`;
    game = Game.fromPdn(text);
    try {
      tags = Game.pdnTags(text);
    } catch {
      tags = null;
    }
  } else {
    game = o.fen ? Game.fromFen(o.fen, variant) : new Game(variant);
  }
  try {
    for (const m of o.moves ?? []) game.play(m);
    if (o.ended) applyEnded(game, o.ended);
    // A record kept beside the moves must be of this game: the moves start its main line.
    if (o.tree) recordGame(o.tree, game);
    return { game, tree: o.tree ?? newRecord(wasm, game, tags) };
  } catch (err) {
    game.free();
    throw err;
  }
}

/**
 * The clocks of a new game people play: a saved game's come back as they were (`clockState`),
 * else the time control's, if it has one.
 * @param {GameOptions} o
 * @param {any} game the core's game, as gameFrom made it
 * @param {() => number} now the time now, in ms
 * @returns {Clock | null}
 */
export function clockFor(o, game, now) {
  const clock = o.clockState ? Clock.restore(o.clockState, now(), o.wallNow ?? Date.now()) : o.clock ? new Clock(o.clock) : null;
  // As on the playing sites, the clocks start with the first move (White's first move is
  // on no clock), so a game set up and left alone loses no time.
  if (clock && !o.clockState && game.ply() > 0) clock.start(game.turn(), now());
  if (clock && game.result()) clock.stop(now());
  return clock;
}
