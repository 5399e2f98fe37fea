// @ts-check
// A session's record (an imported or reopened game's tree of the core's, record.js): kept in
// step with the game's moves, written as the game's PDN, and taken from another tab that saved
// the same game. Without a record the game's PDN is its moves and tags, written by the core.

import { extend, mainline, recordGame, resultToken, setResult } from './record.js';
import { pdnDate, pdnNames } from './texts.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * Keeps the game's record in step with its moves. A tree that cannot take a move (the core's
 * bounds) stays as it was, and the game goes on as a new game object, so the page saves it as
 * a new record and the old one keeps its comments and variations.
 * @param {Session} s
 */
export function keepRecord(s) {
  if (!s.tree || !s.game) return;
  const moves = s.history().map((m) => m.text);
  try {
    extend(s.tree, moves);
  } catch (err) {
    console.warn('the game record is full; the game goes on as a new record:', /** @type {Error} */ (err).message);
    const g = s.wasm.Game.fromFen(s.game.startFen(), s.variant);
    for (const m of moves) g.play(m);
    // The tags stay with the game, held by the session from now on.
    s.ownTags = s.tree.tags();
    s.tree.free();
    s.tree = null;
    s.game.free();
    s.game = g;
  }
}

/**
 * The game as PDN (Session.pdn): its record's, or the core's of its moves and tags.
 * @param {Session} s
 * @param {Record<string, string>} extra
 * @param {string} site
 */
export function pdnOf(s, extra, site) {
  if (!s.game) return '';
  keepRecord(s);
  if (s.tree) {
    // The record's result is the game's once its moves are the whole main line (a
    // resignation is no move: only the result says it); a game taken back is unfinished.
    const whole = mainline(s.tree).length === s.game.ply();
    setResult(s.tree, whole ? resultToken(s.game.result()) : '*');
    for (const [k, v] of Object.entries(extra)) s.tree.setTag(k, String(v));
    return s.tree.toPdn();
  }
  const names = pdnNames(s);
  // A Map, not an object: tag names are data, and "toString" or "__proto__" must be no
  // different from "Round" or "Annotator".
  const all = new Map(Object.entries({ Event: 'Dama game', Site: site, Date: pdnDate(), White: names.white, Black: names.black }));
  for (const [k, v] of s.tags ?? []) all.set(k, v);
  for (const [k, v] of Object.entries(extra)) all.set(k, v);
  return s.game.pdnWithTags([...all].map(([k, v]) => [k, String(v)]));
}

/**
 * Takes `tree` as the game's record (Session.adoptRecord); throws, changing nothing, for
 * another game's.
 * @param {Session} s
 * @param {any} tree
 */
export function takeRecord(s, tree) {
  if (!s.game) throw new Error("the game's record is of another game");
  recordGame(tree, s.game);
  if (s.tree !== tree) s.tree?.free();
  s.tree = tree;
  s.nodeId = null;
}
