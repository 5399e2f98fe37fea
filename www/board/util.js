// Board geometry shared by the board modules. Squares are numbered 1-32 as seen from White
// (RULES.md): 1 is a8, top-left; 32 is h1, bottom-right. Rows and columns here are 0-7 in
// board coordinates (row 0 = rank 8, col 0 = a-file), independent of orientation.

export const SQUARES = 32;

export function squareToRowCol(sq) {
  const row = (sq - 1) >> 2;
  // Even rows (1-4, 9-12, ...) start on the a-file; odd rows end on the h-file.
  const col = 2 * ((sq - 1) & 3) + (row & 1);
  return [row, col];
}

export function rowColToSquare(row, col) {
  if (row < 0 || row > 7 || col < 0 || col > 7) return 0;
  if (((row + col) & 1) !== 0) return 0; // light square: not a playing square
  return row * 4 + (col >> 1) + 1;
}

// Display cell (0-7 from the top-left of the canvas) for a board row/col. Black's view turns
// the board half a turn, so square 1 ends up bottom-right (Black's near-right dark square).
export function toDisplay(row, col, orientation) {
  return orientation === 'black' ? [7 - row, 7 - col] : [row, col];
}

export function fromDisplay(drow, dcol, orientation) {
  return orientation === 'black' ? [7 - drow, 7 - dcol] : [drow, dcol];
}

// Display cell of a playing square.
export function squareToDisplay(sq, orientation) {
  const [r, c] = squareToRowCol(sq);
  return toDisplay(r, c, orientation);
}

// Square under a point given in CSS pixels relative to the board's top-left corner; 0 if the
// point is off the board or on a light square.
export function squareAt(x, y, size, orientation) {
  if (x < 0 || y < 0 || x >= size || y >= size) return 0;
  const dcol = Math.floor((x * 8) / size);
  const drow = Math.floor((y * 8) / size);
  const [r, c] = fromDisplay(drow, dcol, orientation);
  return rowColToSquare(r, c);
}

// Centre of a square in CSS pixels, for drawing and for tests that click squares.
export function squareCenter(sq, size, orientation) {
  const [dr, dc] = squareToDisplay(sq, orientation);
  const cell = size / 8;
  return [(dc + 0.5) * cell, (dr + 0.5) * cell];
}

// The square file/rank name (a8 for 1), for screen-reader descriptions.
export function squareName(sq) {
  const [r, c] = squareToRowCol(sq);
  return 'abcdefgh'[c] + String(8 - r);
}

export const pieceColor = (p) => (p > 0 ? 'white' : p < 0 ? 'black' : null);
export const isKing = (p) => p === 2 || p === -2;
