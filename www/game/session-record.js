// @ts-check
// A session's record: every game has one, a tree of the core's (record.js) that holds its
// moves, what is written about them (variations, comments, NAGs) and its tags. A game that
// comes without one (a new game, a position, a pasted PDN, a game saved before every game had
// a record) gets one made from its moves and tags. Here the record is made, kept in step with
// the game's moves, written as the game's PDN and taken from another tab that saved the same
// game.

import { extend, mainline, recordGame, resultToken, setResult, treeFromPdn } from './record.js';
import { pdnDate, pdnNames } from './texts.js';

/** @typedef {import('./session.js').Session} Session */

/**
 * The tags the page writes into every game's PDN it makes, in this order (the Seven Tag
 * Roster's, Result after them). A record the page makes holds them empty until the game says
 * otherwise: the export fills an empty one (Site and the names depend on where and how the
 * game is shown, and a name the page makes up is no player's, see Session.tagPlayers).
 */
const PAGE_TAGS = ['Event', 'Site', 'Date', 'White', 'Black'];

/**
 * The record of a game that comes without one: its start, moves and result as the core writes
 * them, with the page's tags (empty) and the game's own `tags` over them, in the order the PDN
 * export always wrote them. Throws the core's reason if it cannot be made.
 * @param {any} wasm
 * @param {any} game the core's Game
 * @param {[string, string][] | null} tags
 * @returns {any} a GameTree, the caller's to free
 */
export function newRecord(wasm, game, tags) {
  // A Map, not an object: tag names are data, and "toString" or "__proto__" must be no
  // different from "Round" or "Annotator".
  const all = new Map(PAGE_TAGS.map((k) => [k, '']));
  for (const [k, v] of tags ?? []) all.set(k, v);
  const tree = treeFromPdn(wasm, game.pdnWithTags([...all]), game.variant());
  try {
    recordGame(tree, game);
  } catch (err) {
    tree.free();
    throw err;
  }
  return tree;
}

/**
 * Keeps the game's record in step with its moves (record.js's extend: a move after a
 * take-back becomes the main line, the line taken back stays as a variation). A record that
 * cannot take a move (the core's bounds: 100,000 moves, variations 64 deep) stays as it was,
 * saved where it is, and the game goes on in a new record holding its moves and tags: the
 * page saves a new record as a new game in the library (records.js), so nothing is lost.
 * @param {Session} s
 */
export function keepRecord(s) {
  if (!s.tree || !s.game) return;
  try {
    extend(s.tree, s.history().map((m) => m.text));
  } catch (err) {
    console.warn('the game record is full; the game goes on as a new record:', /** @type {Error} */ (err).message);
    const fresh = newRecord(s.wasm, s.game, s.tree.tags());
    s.tree.free();
    s.tree = fresh;
    s.nodeId = null;
  }
}

/**
 * The record kept in step, with the game's result: the game's once its moves are the whole
 * main line (a resignation, a loss on time or an agreed draw is no move: only the result
 * says it); a game taken back is unfinished.
 * @param {Session} s
 */
function settled(s) {
  keepRecord(s);
  const whole = mainline(s.tree).length === s.game.ply();
  setResult(s.tree, whole ? resultToken(s.game.result()) : '*');
}

/**
 * The record as saved to be resumed (snapshot.js): its tags as the record holds them, the
 * page's left empty.
 * @param {Session} s
 */
export function recordPdn(s) {
  if (!s.game || !s.tree) return '';
  settled(s);
  return s.tree.toPdn();
}

/**
 * The game as PDN (Session.pdn), the record's: the page's tags the game leaves empty are
 * filled as the export always filled them (Event "Dama game", Site, today's Date, the
 * players as the page names them), for this text only; `extra` sets tags in the record.
 * @param {Session} s
 * @param {Record<string, string>} extra
 * @param {string} site
 */
export function pdnOf(s, extra, site) {
  if (!s.game || !s.tree) return '';
  // The game's result over a Result asked for: the PDN says how the game stands.
  for (const [k, v] of Object.entries(extra)) s.tree.setTag(k, String(v));
  settled(s);
  const names = pdnNames(s);
  const fill = /** @type {Record<string, string>} */ ({ Event: 'Dama game', Site: site, Date: pdnDate(), White: names.white, Black: names.black });
  const empty = /** @type {[string, string][]} */ (s.tree.tags()).filter(([k, v]) => v === '' && PAGE_TAGS.includes(k)).map(([k]) => k);
  for (const k of empty) s.tree.setTag(k, fill[k]);
  try {
    return s.tree.toPdn();
  } finally {
    for (const k of empty) s.tree.setTag(k, '');
  }
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
