// @ts-check
// The game's options as the element's attributes, the frame's address and the app's address
// write them: one table of names and aliases, and the functions that read each value. No DOM.

/** @typedef {import('../shared/variant.js').Variant} Variant */
/** @typedef {'computer' | 'two-players' | 'watch' | 'view' | 'remote'} Mode */
/** @typedef {'white' | 'black'} Color */

export const START_FEN = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

/**
 * Every option: its attribute (and address parameter) name, its key in newGame's options, the
 * older or friendlier names also read from an address, and whether it is an on/off flag.
 * @type {{attr: string, key: string, aliases?: string[], flag?: boolean, restarts?: boolean}[]}
 */
export const OPTIONS = [
  { attr: 'variant', key: 'variant', aliases: ['game'], restarts: true },
  { attr: 'mode', key: 'mode', restarts: true },
  { attr: 'side', key: 'side', aliases: ['color'], restarts: true },
  { attr: 'level', key: 'level' },
  { attr: 'level-white', key: 'levelWhite' },
  { attr: 'level-black', key: 'levelBlack' },
  { attr: 'delay', key: 'delay' },
  { attr: 'fen', key: 'fen', restarts: true },
  { attr: 'pdn', key: 'pdn', restarts: true },
  { attr: 'orientation', key: 'orientation' },
  { attr: 'ply', key: 'ply', restarts: true },
  { attr: 'lang', key: 'lang' },
  { attr: 'numbers', key: 'numbers', flag: true },
  { attr: 'readonly', key: 'readonly', flag: true },
  { attr: 'sound', key: 'sound', flag: true },
  { attr: 'controls', key: 'controls', flag: true },
  // The evaluation bar and the best line under the board (element/analysis.js).
  { attr: 'analysis', key: 'analysis', flag: true },
  // One of the site's puzzles by its id (it-012, br-005): element/puzzle.js.
  { attr: 'puzzle', key: 'puzzle', restarts: true },
  // The board's look (board/themes.js); without them, the player's own choice.
  { attr: 'theme', key: 'theme' },
  { attr: 'pieces', key: 'pieces' },
];

/** The attributes the element watches. */
export const ATTRIBUTES = OPTIONS.map((o) => o.attr);

/**
 * The value of each option from a reader of names (an element's getAttribute, an address's
 * URLSearchParams.get), aliases included; null where absent.
 * @param {(name: string) => string | null} get
 * @returns {Record<string, string | null>}
 */
export function readOptions(get) {
  /** @type {Record<string, string | null>} */
  const out = {};
  for (const o of OPTIONS) {
    let v = get(o.attr);
    for (const a of o.aliases ?? []) if (v === null) v = get(a);
    out[o.key] = v;
  }
  return out;
}

// The games' names are shared/variant.js's; read here too by the modules that read the options.
export { normVariant } from '../shared/variant.js';

/**
 * @param {unknown} m
 * @returns {Mode}
 */
export function normMode(m) {
  const s = String(m ?? '').trim().toLowerCase();
  if (['two-players', 'friend', 'two', '2', 'human', 'humans'].includes(s)) return 'two-players';
  if (s === 'view' || s === 'viewer') return 'view';
  // The player moves `side`; the other side's moves come from the page (play(), or a frame's
  // postMessage): an opponent on the page's own server.
  if (['remote', 'online', 'server'].includes(s)) return 'remote';
  // Analysis: both sides move from the board, the engine's bar and line under it.
  if (s === 'analysis') return 'two-players';
  if (['watch', 'computer-vs-computer', 'cvc', 'auto', 'demo'].includes(s)) return 'watch';
  return 'computer';
}

/**
 * @param {unknown} s
 * @returns {Color | 'random' | null}
 */
export function normSide(s) {
  const v = String(s ?? '').trim().toLowerCase();
  return v === 'white' || v === 'black' || v === 'random' ? v : null;
}

/**
 * A level 1-10 from any input; `fallback` (5 unless given) for none or junk.
 * @template [F=number]
 * @param {unknown} x
 * @param {F} [fallback]
 * @returns {number | F}
 */
export function clampLevel(x, fallback = /** @type {F} */ (/** @type {unknown} */ (5))) {
  const n = Math.round(Number(x));
  return x !== null && x !== undefined && x !== '' && Number.isFinite(n) ? Math.min(10, Math.max(1, n)) : fallback;
}

/**
 * A boolean attribute or address parameter: present means on, unless it says otherwise.
 * @param {unknown} v
 */
export function flag(v) {
  if (v === null || v === undefined) return false;
  return !['false', '0', 'no', 'off'].includes(String(v).trim().toLowerCase());
}

/**
 * Watch mode's pause between moves in ms: 0-60000, else `fallback`.
 * @param {unknown} v
 * @param {number} fallback
 */
export function delayMs(v, fallback) {
  const n = Number(v);
  return v !== null && v !== undefined && String(v).trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.min(n, 60000) : fallback;
}

/**
 * The side to move of a FEN ("B:..." is Black).
 * @param {string} fen
 * @returns {Color}
 */
export const sideToMove = (fen) => (String(fen).trim()[0]?.toUpperCase() === 'B' ? 'black' : 'white');

/**
 * PDN or FEN? A FEN starts with the side to move and a colon; anything else is taken as PDN.
 * @param {string} text
 */
export const looksLikeFen = (text) => /^\s*\ufeff?[WB]\s*:/i.test(text) && !/^\s*\[/.test(text);

/** @param {Color} c @returns {Color} */
export const other = (c) => (c === 'white' ? 'black' : 'white');
