// @ts-check
// Setting up a position (the editor): the cells being set up and the side to move, a square
// tapped with a piece, and the position written as a FEN. The core judges the position: a man
// on the row where it would have been crowned is refused as soon as it is put there, and a
// position that cannot be played when it is written.

/** @typedef {import('./options.js').Color} Color */
/** @typedef {import('./options.js').Variant} Variant */
/** @typedef {{pieces: Int8Array, turn: Color}} Editing */

/**
 * A tap on square `sq` puts `tool` there (or empties it if it already holds it). A man on the
 * row where it would have been crowned is no position that can arise: refused at once, the
 * square left as it was; returns the core's reason, else null.
 * @param {import('../shared/wasm-types.js').DamaRules} wasm the loaded wasm module
 * @param {Editing} editing
 * @param {Variant} variant
 * @param {number} sq
 * @param {number} tool
 * @returns {string | null}
 */
export function putPiece(wasm, editing, variant, sq, tool) {
  const cells = editing.pieces;
  const was = cells[sq - 1];
  cells[sq - 1] = was === tool ? 0 : tool;
  if (Math.abs(cells[sq - 1]) !== 1) return null;
  const alone = new Int8Array(32);
  alone[sq - 1] = cells[sq - 1];
  try {
    // The man alone on the board: any refusal is then about his square.
    wasm.GameRecord.fromBoard('game', alone, editing.turn, variant).free();
  } catch (err) {
    const why = /** @type {Error} */ (err).message;
    if (/crowned/.test(why)) {
      cells[sq - 1] = was;
      return why;
    }
  }
  return null;
}

/**
 * The position set up as a FEN, written by the core; throws with the core's reason for a
 * position that cannot be played (none, a man on its crowning row, a game already over).
 * @param {import('../shared/wasm-types.js').DamaRules} wasm
 * @param {Editing} editing
 * @param {Variant} variant
 */
export function editedFen(wasm, editing, variant) {
  const g = wasm.GameRecord.fromBoard('game', editing.pieces, editing.turn, variant);
  try {
    return g.fen();
  } finally {
    g.free();
  }
}
