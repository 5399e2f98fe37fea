// @ts-check
// The board's whole state in one plain object, like chessground's: the public part is set
// through config.js, the rest is the board's own bookkeeping. Nothing here knows the rules:
// the legal moves come from the game (the wasm core) through `movable.moves`.

/** @import { BoardState } from './types.js' */

/** @returns {BoardState} */
export function defaults() {
  return {
    // What to show.
    orientation: 'white', // which side is at the bottom
    // The layout (util.js): a dark square at the near right, 1 = a8 (false), or the mirror, a
    // dark square at the near left, 1 = b8, 29 = a1 (true). The page says which its game is.
    mirrored: false,
    pieces: new Int8Array(32), // index i = square i+1; 1/2 white man/king, -1/-2 black
    lastMove: null, // a move object {from, to, path, captured}, kept highlighted
    hint: null, // a move object drawn as an arrow
    coordinates: false, // square numbers 1-32 on the playing squares
    // Files a-h and ranks 1-8 along the edges (a game whose moves are written c3-d4 shows them).
    edgeLabels: false,
    viewOnly: false, // reviewing an old position: no input at all
    editing: false, // setting up a position: a tap on a square is reported as events.square(sq)
    theme: null, // colours (themes.js's shape); null for the classic ones
    pieceSet: 'discs', // how pieces are drawn (pieces.js): 'discs' or 'flat'
    // Who may move, and how: the legal moves of the side to move, as the core lists them.
    movable: { color: null, moves: [] },
    // Whose pieces may be queued as a premove while the other side thinks (null: nobody's),
    // and the premove queued: two squares the board does not check; the page plays it or
    // drops it when the turn comes.
    premovable: { color: null },
    premove: null,
    animation: { enabled: true, quiet: 200, hop: 190, fade: 240 },
    // Callbacks: move(move), illegal(from, to), select(square, movesFromIt),
    // ambiguous(moves) when a landing square is shared, announce(text) for screen readers,
    // square(sq) for taps while editing, premove({from, to} | null) when one is queued or dropped.
    events: {},
    // Square description for the keyboard cursor; set by the page for its language.
    describe: null,

    // Internal.
    selected: 0, // selected square, 0 for none
    pending: null, // {from, to, moves, steps}: several captures end on the same square
    cursor: 0, // keyboard cursor square
    cursorCol: null, // screen column the arrow keys try to keep to when going up or down
    keyboard: false, // the cursor is drawn only while the keyboard is in use
    drag: null, // see drag.js
    anim: null, // see anim.js
    size: 0, // board size in CSS pixels
    dpr: 1,
  };
}
