// @ts-check
// What a game keeps to be resumed (the tab's own storage, a saved game's record), and the
// check that reads it back. A value from storage may be from an older version, damaged or
// written by hand, so every field is checked against its bound and a value that is not a game
// is refused whole, with the field named; the core then checks the moves and the PDN.
//
// Every format ever written is read: without `variant` (before Brazilian draughts: Italian),
// without `pdn` (before every game had a record: the record is made again from the moves and
// `tags`), with `pdn` for an imported or reopened game only, and now with `pdn` for every game
// (tests/unit/fixtures holds what the page stored before the core kept the record's cursor).

import { normMode, normVariant, clampLevel, looksLikeFen } from './options.js';
import { applyEnded, newRecord } from './record.js';

/** @import { GameRecord, DamaRules } from '../shared/wasm-types.js' */

/** @typedef {import('./options.js').Color} Color */
/** @typedef {import('./options.js').Mode} Mode */
/** @typedef {import('./options.js').Variant} Variant */
/** @typedef {{type: 'resign', color: Color} | {type: 'time', color: Color} | {type: 'draw'}} Ended */
/**
 * A game as saved: the start and the moves played (the game), its record's PDN (comments and
 * variations; the moves are the start of its main line; null in an older snapshot, or one whose
 * record was too long to keep) and tags, who plays, the clocks and how it ended if not on the
 * board.
 * @typedef {{variant: Variant, startFen: string, moves: string[], mode: Mode, side: Color, level: number,
 *   levelWhite: number | null, levelBlack: number | null, ended: Ended | null, tags: [string, string][] | null,
 *   clock: unknown, pdn: string | null, orientation: Color | null}} Snapshot
 */

/** Bounds of a saved game: those of the core's game trees and move text, and the library's PDN. */
export const MAX_MOVES = 100_000;
export const MAX_MOVE_TEXT = 60;
export const MAX_TAGS = 1000;
export const MAX_SNAPSHOT_PDN = 1 << 20;

const COLORS = ['white', 'black'];

/**
 * Reads a saved game back, or throws an Error naming what is wrong with it.
 * @param {unknown} raw
 * @returns {Snapshot}
 */
export function readSnapshot(raw) {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new Error('not a saved game');
  const s = /** @type {Record<string, unknown>} */ (raw);
  if (typeof s.startFen !== 'string' || s.startFen.length > 200 || !looksLikeFen(s.startFen)) throw new Error('no start position');
  const moves = s.moves;
  if (!Array.isArray(moves) || moves.length > MAX_MOVES || !moves.every((m) => typeof m === 'string' && m.length <= MAX_MOVE_TEXT)) throw new Error('bad move list');
  const pdn = s.pdn ?? null;
  if (pdn !== null && (typeof pdn !== 'string' || pdn.length > MAX_SNAPSHOT_PDN)) throw new Error('bad game record');
  const tags = s.tags ?? null;
  const goodTags = Array.isArray(tags) && tags.length <= MAX_TAGS && tags.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string'));
  return {
    variant: normVariant(s.variant), // none: saved before Brazilian draughts
    startFen: s.startFen,
    moves: /** @type {string[]} */ (moves),
    mode: normMode(s.mode),
    side: COLORS.includes(/** @type {string} */ (s.side)) ? /** @type {Color} */ (s.side) : 'white',
    level: /** @type {number} */ (clampLevel(s.level)),
    levelWhite: /** @type {number | null} */ (clampLevel(s.levelWhite, null)),
    levelBlack: /** @type {number | null} */ (clampLevel(s.levelBlack, null)),
    ended: readEnded(s.ended),
    tags: goodTags ? /** @type {[string, string][]} */ (tags) : null,
    clock: s.clock ?? null,
    pdn: pdn || null,
    orientation: COLORS.includes(/** @type {string} */ (s.orientation)) ? /** @type {Color} */ (s.orientation) : null,
  };
}

/**
 * A resignation, a loss on time or an agreed draw, or null for anything else.
 * @param {unknown} e
 * @returns {Ended | null}
 */
function readEnded(e) {
  if (!e || typeof e !== 'object') return null;
  const o = /** @type {Record<string, unknown>} */ (e);
  if (o.type === 'draw') return { type: 'draw' };
  if ((o.type === 'resign' || o.type === 'time') && COLORS.includes(/** @type {string} */ (o.color))) return { type: o.type, color: /** @type {Color} */ (o.color) };
  return null;
}

/**
 * What a session saves to resume its game: the game, its record, who plays and the clocks.
 * @param {import('./session.js').Session} s
 */
export function snapshotOf(s) {
  if (!s.record) return null;
  // A record too long to be read back would lose the whole game: then the moves and tags
  // alone are kept, as before every game had a record.
  const pdn = s.recordPdn();
  return {
    variant: s.variant,
    startFen: s.record.startFen(),
    moves: s.history().map((m) => m.text),
    mode: s.mode,
    side: s.human,
    level: s.level,
    levelWhite: s.levels.white,
    levelBlack: s.levels.black,
    ended: s.ended,
    tags: s.tags,
    clock: s.clock?.state(s.now(), Date.now()) ?? null,
    // The game's record with its comments and variations.
    pdn: pdn.length <= MAX_SNAPSHOT_PDN ? pdn : null,
  };
}

/**
 * The record a snapshot resumes: its record read by the core and gone along the moves played
 * (those taken back stay after them, to play again), else one made of its moves and tags (a
 * snapshot from before every game had a record, or whose record could not be kept); the
 * ending it had on top. Throws the core's reason for a record or moves it cannot read, and
 * for a record of another game.
 * @param {DamaRules} wasm
 * @param {Snapshot} s
 * @returns {GameRecord} the caller's to free
 */
export function resumeRecord(wasm, s) {
  const record = s.pdn ? wasm.GameRecord.fromPdn('game', s.pdn, s.variant) : newRecord(wasm, s.variant, s.startFen, s.tags);
  try {
    if (record.variant() !== s.variant || record.startFen() !== s.startFen) throw new Error("the game's record is of another game");
    record.goto(0);
    for (const m of s.moves) record.play(m);
    if (s.ended) applyEnded(record, s.ended);
    return record;
  } catch (err) {
    record.free();
    // A record too full to take the moves: the game goes on in a record of its own.
    if (s.pdn && /** @type {Error} */ (err).name === 'RecordFullError') return resumeRecord(wasm, { ...s, pdn: null });
    throw err;
  }
}

/**
 * Session.newGame's options that resume a snapshot, its record read by the core (the caller
 * frees it if newGame refuses it); throws the core's reason for a record it cannot read.
 * @param {DamaRules} wasm
 * @param {Snapshot} s
 * @param {number} wallNow the wall clock now (the running clock's time went on till then)
 * @returns {import('./session.js').GameOptions}
 */
export function resumeOptions(wasm, s, wallNow) {
  return {
    variant: s.variant,
    // What the New game button repeats: a game from this start.
    fen: s.startFen,
    mode: s.mode,
    side: s.side,
    level: s.level,
    levelWhite: s.levelWhite,
    levelBlack: s.levelBlack,
    record: resumeRecord(wasm, s),
    clockState: s.clock,
    wallNow,
  };
}
