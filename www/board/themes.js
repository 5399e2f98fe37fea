// @ts-check
// The board's named looks: colour themes and piece sets. A page picks one by name (the
// player's choice, or a <dama-board theme="..."> attribute); a host's CSS custom properties
// can still change single colours on top (theme.js). Plain data, no DOM.

/** @import { PieceSet, Theme } from './types.js' */

/** Highlights every theme but the high-contrast one shares. */
const MARKS = {
  lastMove: 'rgba(255, 215, 80, 0.42)',
  lastPath: 'rgba(255, 215, 80, 0.22)',
  captured: 'rgba(200, 60, 40, 0.22)',
  selected: 'rgba(120, 210, 255, 0.50)',
  dest: 'rgba(255, 250, 215, 0.72)',
  // Orange in every theme: the texts call it "an orange ring".
  mustCapture: '#ff8a1f',
  hint: 'rgba(40, 110, 235, 0.80)',
  choice: ['rgba(235, 80, 60, 0.85)', 'rgba(40, 110, 235, 0.85)', 'rgba(160, 70, 200, 0.85)', 'rgba(230, 150, 20, 0.85)'],
  cursor: '#ffffff',
  premove: 'rgba(215, 60, 150, 0.55)',
  crown: '#e0aa2e',
  crownEdge: '#8a5a00',
  outline: 0.04,
  mark: '',
};

const CREAM_MEN = { hi: '#fffaf0', lo: '#dccba4', side: '#b39d72', edge: 'rgba(70, 50, 25, 0.55)', groove: 'rgba(120, 90, 50, 0.30)' };
const EBONY_MEN = { hi: '#5a4c44', lo: '#1c1613', side: '#0c0908', edge: 'rgba(0, 0, 0, 0.8)', groove: 'rgba(255, 255, 255, 0.13)' };

/** @type {Record<string, Theme>} */
export const THEMES = {
  // Green felt and maple in a wooden frame: the board the site has always had.
  classic: {
    ...MARKS,
    light: '#ead6ae',
    lightGrain: 'rgba(150, 105, 55, 0.07)',
    dark: '#4f7f4a',
    darkGrain: 'rgba(0, 0, 0, 0.06)',
    number: 'rgba(255, 255, 240, 0.62)',
    white: CREAM_MEN,
    black: EBONY_MEN,
  },
  // A club board: walnut and tan.
  wood: {
    ...MARKS,
    light: '#f0d9b5',
    lightGrain: 'rgba(150, 100, 40, 0.10)',
    dark: '#a0693b',
    darkGrain: 'rgba(60, 25, 0, 0.10)',
    number: 'rgba(255, 248, 232, 0.85)',
    white: CREAM_MEN,
    black: EBONY_MEN,
  },
  // Grey-white and blue-grey stone.
  marble: {
    ...MARKS,
    light: '#eceef0',
    lightGrain: 'rgba(90, 100, 110, 0.08)',
    dark: '#6d8397',
    darkGrain: 'rgba(0, 10, 30, 0.10)',
    number: 'rgba(255, 255, 255, 0.85)',
    white: { hi: '#ffffff', lo: '#dfe3e6', side: '#b4bcc4', edge: 'rgba(40, 50, 60, 0.6)', groove: 'rgba(80, 90, 100, 0.3)' },
    black: { hi: '#59606b', lo: '#1d2127', side: '#0b0d10', edge: 'rgba(0, 0, 0, 0.8)', groove: 'rgba(255, 255, 255, 0.13)' },
  },
  // For low vision: white and mid-grey squares (5.7:1), yellow numbers (5.4:1 on the grey),
  // white and black pieces with heavy outlines (each at least 3:1 against the grey), and a
  // white ring on Black's pieces, so the two sides differ in shape too.
  contrast: {
    ...MARKS,
    light: '#ffffff',
    lightGrain: 'rgba(0, 0, 0, 0)',
    dark: '#666666',
    darkGrain: 'rgba(0, 0, 0, 0)',
    number: '#ffff00',
    lastMove: 'rgba(0, 190, 255, 0.55)',
    lastPath: 'rgba(0, 190, 255, 0.30)',
    selected: 'rgba(0, 255, 120, 0.60)',
    dest: '#ffff00',
    premove: 'rgba(255, 0, 200, 0.60)',
    cursor: '#ffff00',
    white: { hi: '#ffffff', lo: '#f2f2f2', side: '#c8c8c8', edge: '#000000', groove: 'rgba(0, 0, 0, 0.35)' },
    black: { hi: '#262626', lo: '#000000', side: '#000000', edge: '#ffffff', groove: 'rgba(255, 255, 255, 0)' },
    crown: '#ffd400',
    crownEdge: '#000000',
    outline: 0.09,
    mark: '#ffffff',
  },
};

/** The frame around the board on the site's pages (style.css's --frame1 and --frame2). */
/** @type {Record<string, [string, string]>} */
export const FRAMES = {
  classic: ['#7b4a27', '#4e2c14'],
  wood: ['#3f2816', '#24160b'],
  marble: ['#a3adb6', '#5f6b75'],
  contrast: ['#000000', '#000000'],
};

export const THEME_NAMES = /** @type {readonly string[]} */ (Object.freeze(Object.keys(THEMES)));
/** @type {readonly PieceSet[]} */
export const PIECE_SETS = Object.freeze(['discs', 'flat']);
export const DEFAULT_THEME = 'classic';
/** @type {PieceSet} */
export const DEFAULT_PIECES = 'discs';

/**
 * The theme's name if `name` is one (any case, spaces around), else null.
 * @param {unknown} name
 * @returns {string | null}
 */
export function themeName(name) {
  const s = typeof name === 'string' ? name.trim().toLowerCase() : '';
  return Object.hasOwn(THEMES, s) ? s : null;
}

/**
 * The piece set's name if `name` is one, else null.
 * @param {unknown} name
 * @returns {PieceSet | null}
 */
export function pieceSetName(name) {
  const s = typeof name === 'string' ? name.trim().toLowerCase() : '';
  return PIECE_SETS.find((p) => p === s) ?? null;
}

/**
 * A copy of the named theme (the classic one for a name that is none), safe to change.
 * @param {unknown} name
 * @returns {Theme}
 */
export function namedTheme(name) {
  const th = THEMES[themeName(name) ?? DEFAULT_THEME];
  return { ...th, white: { ...th.white }, black: { ...th.black }, choice: [...th.choice] };
}
