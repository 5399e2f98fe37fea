// @ts-check
// The player's board settings, kept in this browser: the board's theme, the piece set,
// whether a move may be queued while the computer thinks (premoves), and the most threads the
// computer may search on (0: all the device has; fewer saves battery). Every page with a board
// reads them and follows a change at once, made in this tab or another one (the storage
// event). The stored value is checked field by field: a field that is not one of ours is
// ignored (its default stands), never an error. The dialog that changes them: dialog.js.

import { readTheme } from '../board/theme.js';
import { FRAMES, THEME_NAMES, PIECE_SETS, DEFAULT_THEME, DEFAULT_PIECES, themeName, pieceSetName } from '../board/themes.js';
import { MAX_THREADS, engineThreads } from '../engine/threads.js';

/** @import { PieceSet } from '../board/types.js' */
/** @typedef {{ theme: string, pieces: PieceSet, premoves: boolean, threads: number }} BoardSettings */

/** The key's version changes with the value's shape; another version's value is not read. */
export const SETTINGS_KEY = 'dama.board.v1';
/** A stored text longer than this is not ours (ours is under 100 characters). */
export const MAX_SETTINGS_TEXT = 1000;

/** @type {Readonly<BoardSettings>} */
export const DEFAULT_SETTINGS = Object.freeze({ theme: DEFAULT_THEME, pieces: DEFAULT_PIECES, premoves: true, threads: 0 });
/** @param {unknown} v @returns {v is number} a threads setting: 0 (all) to the engine's MAX_THREADS */
const isThreads = (v) => Number.isInteger(v) && /** @type {number} */ (v) >= 0 && /** @type {number} */ (v) <= MAX_THREADS;

/**
 * The settings in a stored text: each field that is one of ours, the default for the rest.
 * @param {string | null | undefined} text
 * @returns {BoardSettings}
 */
export function parseBoardSettings(text) {
  const out = { ...DEFAULT_SETTINGS };
  if (typeof text !== 'string' || text.length > MAX_SETTINGS_TEXT) return out;
  /** @type {unknown} */
  let v;
  try {
    v = JSON.parse(text);
  } catch {
    return out;
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) return out;
  const { theme, pieces, premoves, threads } = /** @type {Record<string, unknown>} */ (v);
  out.theme = themeName(theme) ?? out.theme;
  out.pieces = pieceSetName(pieces) ?? out.pieces;
  if (typeof premoves === 'boolean') out.premoves = premoves;
  if (isThreads(threads)) out.threads = threads;
  return out;
}

/**
 * The settings with `change` applied; throws, naming the value, for one that is not a
 * setting's (then nothing is changed).
 * @param {BoardSettings} settings
 * @param {Partial<Record<keyof BoardSettings, unknown>>} change
 * @returns {BoardSettings}
 */
export function changeSettings(settings, change) {
  const out = { ...settings };
  for (const [key, value] of Object.entries(change)) {
    if (key === 'theme') {
      const name = themeName(value);
      if (!name) throw new RangeError(`no board theme is called ${JSON.stringify(value)} (there are ${THEME_NAMES.join(', ')})`);
      out.theme = name;
    } else if (key === 'pieces') {
      const name = pieceSetName(value);
      if (!name) throw new RangeError(`no piece set is called ${JSON.stringify(value)} (there are ${PIECE_SETS.join(', ')})`);
      out.pieces = name;
    } else if (key === 'premoves') {
      if (typeof value !== 'boolean') throw new TypeError(`premoves is true or false, not ${JSON.stringify(value)}`);
      out.premoves = value;
    } else if (key === 'threads') {
      if (!isThreads(value)) throw new RangeError(`threads is a whole number 0-${MAX_THREADS}, not ${JSON.stringify(value)}`);
      out.threads = value;
    } else {
      throw new RangeError(`${JSON.stringify(key)} is not a board setting`);
    }
  }
  return out;
}

/** This browser's shared storage, or null where there is none or it is refused (a sandbox). */
function storage() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** @returns {BoardSettings} */
function readStored() {
  try {
    return parseBoardSettings(storage()?.getItem(SETTINGS_KEY));
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** @type {BoardSettings | null} read once, then kept up to date */
let current = null;
/** @type {Set<(s: BoardSettings) => void>} */
const listeners = new Set();
let listening = false;

/** The settings now (a copy). @returns {BoardSettings} */
export function boardSettings() {
  current ??= readStored();
  return { ...current };
}

/**
 * The threads a new engine worker is to search on: what the device has, within the player's
 * choice (engine/threads.js). The pages hand it to the engine's clients, which ask it at each
 * worker they start.
 */
export const searchThreads = () => engineThreads(boardSettings().threads);

/**
 * Changes some settings, keeps them in this browser and tells every board of the page (the
 * other tabs hear of it by the storage event). Throws for a value that is not a setting's;
 * storage that refuses the write (full, private mode) keeps the change for this page only.
 * @param {Partial<Record<keyof BoardSettings, unknown>>} change
 * @returns {BoardSettings}
 */
export function saveBoardSettings(change) {
  const next = changeSettings(boardSettings(), change);
  try {
    storage()?.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Not kept, but this page still follows the choice.
  }
  current = next;
  notify();
  return { ...next };
}

function notify() {
  const s = boardSettings();
  for (const fn of listeners) fn({ ...s });
}

/**
 * Calls `fn` with the new settings whenever they change, here or in another tab.
 * @param {(s: BoardSettings) => void} fn
 * @returns {() => void} stops it
 */
export function onBoardSettingsChange(fn) {
  listeners.add(fn);
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('storage', (e) => {
      // key null: the whole storage was cleared.
      if (e.key !== SETTINGS_KEY && e.key !== null) return;
      current = readStored();
      notify();
    });
  }
  return () => void listeners.delete(fn);
}

/**
 * The page's frame around the board (style.css's --frame1 and --frame2) in the theme's wood,
 * stone or black.
 * @param {BoardSettings} s
 */
export function applyFrame(s) {
  const [a, b] = FRAMES[s.theme] ?? FRAMES[DEFAULT_THEME];
  const root = document.documentElement.style;
  root.setProperty('--frame1', a);
  root.setProperty('--frame2', b);
}

/**
 * Makes a canvas board (board/api.js) show the player's theme and pieces now and after every
 * change; `element` is where a host's CSS custom properties are read (theme.js).
 * @param {{ set(config: object): void }} board
 * @param {Element} element
 * @returns {() => void} stops following
 */
export function followBoardSettings(board, element) {
  const apply = (/** @type {BoardSettings} */ s) => {
    board.set({ theme: readTheme(element, s.theme), pieceSet: s.pieces });
    applyFrame(s);
  };
  apply(boardSettings());
  return onBoardSettingsChange(apply);
}
