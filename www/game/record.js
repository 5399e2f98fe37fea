// @ts-check
// The page's side of a game's record, the core's GameRecord: the tree of its moves, variations,
// comments, NAGs and tags, with a cursor on the move the game stands at (the core keeps the line
// played as the main line, a line taken back as a variation, and the result the game's). Here:
// the tags the page writes into every record it makes, the PDN it exports (those tags filled),
// and a copy of a game played into a record another tab saved. Knows no rules: the core checks
// every move.

/** @import { GameRecord, DamaRules } from '../shared/wasm-types.js' */
/** @typedef {import('./options.js').Variant} Variant */
/** @typedef {import('./snapshot.js').Ended} Ended */

/**
 * The tags the page writes into every game's PDN it makes, in this order (the Seven Tag
 * Roster's, Result after them). A record the page makes holds them empty until the game says
 * otherwise: the export fills an empty one (Site and the names depend on where and how the
 * game is shown, and a name the page makes up is no player's, see Session.tagPlayers).
 */
const PAGE_TAGS = ['Event', 'Site', 'Date', 'White', 'Black'];

/**
 * The page's tags (empty) with the game's own `tags` over them, in the order the PDN export
 * always wrote them.
 * @param {[string, string][] | null | undefined} tags
 * @returns {[string, string][]}
 */
function withPageTags(tags) {
  // A Map, not an object: tag names are data, and "toString" or "__proto__" must be no
  // different from "Round" or "Annotator".
  const all = new Map(PAGE_TAGS.map((k) => [k, '']));
  for (const [k, v] of tags ?? []) all.set(k, v);
  return [...all];
}

/**
 * A new game's record, from the start or `fen`, with the page's tags and the game's own `tags`.
 * Throws the core's reason for a bad FEN.
 * @param {DamaRules} wasm @param {Variant} variant @param {string | null | undefined} fen
 * @param {[string, string][] | null | undefined} tags
 * @returns {GameRecord} the caller's to free
 */
export function newRecord(wasm, variant, fen, tags) {
  return new wasm.GameRecord('game', variant, fen ?? null, withPageTags(tags));
}

/**
 * The record of a game played elsewhere (the line `game` stands at its main line, its ending
 * kept; its variations and comments left behind), with the page's tags and the game's own
 * `tags`.
 * @param {GameRecord} game @param {[string, string][] | null | undefined} tags
 * @returns {GameRecord} the caller's to free
 */
export function recordOfGame(game, tags) {
  return game.lineOnly(withPageTags(tags));
}

/**
 * The game as PDN: the page's tags the game leaves empty are filled as the export always
 * filled them (Event "Dama game", Site, today's Date, the players as the page names them), for
 * this text only; `extra` sets tags in the record (its Result stays the game's: the core's).
 * @param {GameRecord} record
 * @param {{white: string, black: string}} names
 * @param {Record<string, string>} extra
 * @param {string} site
 * @param {string} date
 */
export function exportPdn(record, names, extra, site, date) {
  for (const [k, v] of Object.entries(extra)) record.setTag(k, String(v));
  const fill = /** @type {Record<string, string>} */ ({ Event: 'Dama game', Site: site, Date: date, White: names.white, Black: names.black });
  const empty = record.tags().filter(([k, v]) => v === '' && PAGE_TAGS.includes(k)).map(([k]) => k);
  for (const k of empty) record.setTag(k, fill[k]);
  try {
    return record.toPdn();
  } finally {
    for (const k of empty) record.setTag(k, '');
  }
}

/**
 * The main line's moves, in order.
 * @param {GameRecord} record
 * @returns {string[]}
 */
export function mainline(record) {
  return record
    .nodes()
    .filter((n) => n.mainline && n.parent !== null)
    .map((n) => n.text);
}

/** The number of moves two lines share from their start. @param {string[]} a @param {string[]} b */
function shared(a, b) {
  let k = 0;
  while (k < a.length && k < b.length && a[k] === b[k]) k++;
  return k;
}

/**
 * The PDN result of a core's game result.
 * @param {{winner: string | null} | null | undefined} result
 */
export function resultToken(result) {
  if (!result) return '*';
  return result.winner === 'white' ? '1-0' : result.winner === 'black' ? '0-1' : '1/2-1/2';
}

/** Results the PDN writes in two ways (Brazilian files often count points). */
const SAME = /** @type {Record<string, string>} */ ({ '2-0': '1-0', '0-2': '0-1', '1-1': '1/2-1/2', '0-0': '*' });

/**
 * A resignation, a loss on time or a draw agreement is not a move: the core keeps it beside
 * the moves.
 * @param {{resign: (c: import('./options.js').Color) => void, loseOnTime: (c: import('./options.js').Color) => void, agreeDraw: () => void}} game
 *   the core's GameRecord
 * @param {Ended} ended
 */
export function applyEnded(game, ended) {
  if (ended.type === 'resign') game.resign(ended.color);
  else if (ended.type === 'time') game.loseOnTime(ended.color);
  else if (ended.type === 'draw') game.agreeDraw();
  else throw new Error(`unknown end of game ${JSON.stringify(ended)}`);
}

/**
 * A copy of a game played into its saved record when the record has moved on since the copy
 * was taken (another tab wrote it) and the two are still one game with the copy ahead: the
 * record's main line starts the copy's moves, so its comments, variations and review stay and
 * the copy's moves (and its ending) follow them. Returns that record (the caller frees it), or
 * null when they are two games (another game or start, lines that part, or a record that ended
 * where the copy did not): then the copy must be saved apart, never over the record.
 * @param {DamaRules} wasm
 * @param {string} recordPdn
 * @param {{variant: Variant, startFen: string, moves: string[], result: string, ended: Ended | null}} ours
 * @returns {GameRecord | null}
 */
export function mergeInto(wasm, recordPdn, ours) {
  let record;
  try {
    record = wasm.GameRecord.fromPdn('game', recordPdn, ours.variant);
  } catch {
    return null;
  }
  const theirs = mainline(record);
  const theirResult = SAME[record.pdnResult()] ?? record.pdnResult();
  const one =
    record.variant() === ours.variant &&
    record.startFen() === ours.startFen &&
    shared(theirs, ours.moves) === theirs.length &&
    (theirResult === '*' || (theirs.length === ours.moves.length && theirResult === ours.result));
  if (one) {
    try {
      // From the start along the copy's moves: the record's line followed, the rest added.
      record.goto(0);
      for (const m of ours.moves) record.play(m);
      if (ours.ended) applyEnded(record, ours.ended);
      return record;
    } catch {
      // A record too full to take the copy's moves: saved apart.
    }
  }
  record.free();
  return null;
}
