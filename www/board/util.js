// @ts-check
// Board geometry shared by the board modules. Squares are numbered 1-32 as seen from White,
// the top-left playing square first. Rows and columns here are 0-7 in board coordinates
// (row 0 = rank 8, col 0 = a-file), independent of orientation.
//
// Two layouts, as the games put the board down (RULES.md); the page says which (`mirrored`):
//   not mirrored: a dark square at each player's near right; 1 = a8, 32 = h1 (a1 is light).
//   mirrored:     a dark square at each player's near left;  1 = b8, 29 = a1, 32 = g1.
// Every function that places a square takes `mirrored` last, and needs it.

/** @import { Color, Pair, Piece } from './types.js' */

export const SQUARES = 32;

// Column parity of the playing squares in even rows (0, 2, ...): rows 0, 2, 4, 6 start on the
// a-file, or on the b-file when mirrored.
const shift = (/** @type {boolean} */ mirrored) => (mirrored ? 1 : 0);

/** @param {number} sq @param {boolean} mirrored @returns {Pair} */
export function squareToRowCol(sq, mirrored) {
  const row = (sq - 1) >> 2;
  const col = 2 * ((sq - 1) & 3) + ((row & 1) ^ shift(mirrored));
  return [row, col];
}

// Whether a board cell is one of the 32 playing (dark) squares.
/** @param {number} row @param {number} col @param {boolean} mirrored */
export function isPlaying(row, col, mirrored) {
  return ((row + col) & 1) === shift(mirrored);
}

/** @param {number} row @param {number} col @param {boolean} mirrored @returns {number} 0 for none */
export function rowColToSquare(row, col, mirrored) {
  if (row < 0 || row > 7 || col < 0 || col > 7) return 0;
  if (!isPlaying(row, col, mirrored)) return 0; // light square: not a playing square
  return row * 4 + (col >> 1) + 1;
}

// Display cell (0-7 from the top-left of the canvas) for a board row/col. Black's view turns
// the board half a turn, so Black's near corner ends up bottom-right: square 1 (a8), or
// square 4 (h8) bottom-left when mirrored. A half turn keeps the colour parity, so both
// layouts keep their dark corner on the player's own side.
/** @param {number} row @param {number} col @param {Color} orientation @returns {Pair} */
export function toDisplay(row, col, orientation) {
  return orientation === 'black' ? [7 - row, 7 - col] : [row, col];
}

/** @param {number} drow @param {number} dcol @param {Color} orientation @returns {Pair} */
export function fromDisplay(drow, dcol, orientation) {
  return orientation === 'black' ? [7 - drow, 7 - dcol] : [drow, dcol];
}

// Display cell of a playing square.
/** @param {number} sq @param {Color} orientation @param {boolean} mirrored @returns {Pair} */
export function squareToDisplay(sq, orientation, mirrored) {
  const [r, c] = squareToRowCol(sq, mirrored);
  return toDisplay(r, c, orientation);
}

// Square under a point given in CSS pixels relative to the board's top-left corner; 0 if the
// point is off the board or on a light square.
/**
 * @param {number} x @param {number} y @param {number} size @param {Color} orientation
 * @param {boolean} mirrored
 * @returns {number}
 */
export function squareAt(x, y, size, orientation, mirrored) {
  if (x < 0 || y < 0 || x >= size || y >= size) return 0;
  const dcol = Math.floor((x * 8) / size);
  const drow = Math.floor((y * 8) / size);
  const [r, c] = fromDisplay(drow, dcol, orientation);
  return rowColToSquare(r, c, mirrored);
}

// Centre of a square in CSS pixels, for drawing and for tests that click squares.
/** @param {number} sq @param {number} size @param {Color} orientation @param {boolean} mirrored @returns {Pair} */
export function squareCenter(sq, size, orientation, mirrored) {
  const [dr, dc] = squareToDisplay(sq, orientation, mirrored);
  const cell = size / 8;
  return [(dc + 0.5) * cell, (dr + 0.5) * cell];
}

export const fileName = (/** @type {number} */ col) => 'abcdefgh'[col];
export const rankName = (/** @type {number} */ row) => String(8 - row);

// The square's file/rank name (a8 for square 1, b8 when mirrored): screen-reader
// descriptions, and Brazilian move text.
/** @param {number} sq @param {boolean} mirrored */
export function squareName(sq, mirrored) {
  const [r, c] = squareToRowCol(sq, mirrored);
  return fileName(c) + rankName(r);
}

// The square named by "c3" (any case), 0 if the name is not a playing square of the layout.
/** @param {unknown} name @param {boolean} mirrored @returns {number} */
export function squareFromName(name, mirrored) {
  const m = /^([a-h])([1-8])$/i.exec(String(name).trim());
  if (!m) return 0;
  return rowColToSquare(8 - Number(m[2]), m[1].toLowerCase().charCodeAt(0) - 97, mirrored);
}

/** @type {(p: Piece) => Color | null} */
export const pieceColor = (p) => (p > 0 ? 'white' : p < 0 ? 'black' : null);
export const isKing = (/** @type {Piece} */ p) => p === 2 || p === -2;
