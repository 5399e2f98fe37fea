// Types of the board (www/board/): its state, the configuration a page passes to
// createBoard() and board.set(), the callbacks, the animations. Types only (nothing runs):
// the JS files import them by JSDoc, `/** @import { BoardState } from './types.js' */`.

import type { Color, Move } from '../shared/wasm-types.js';

export type { Color, Move };

/** A piece code: 1/2 a white man/king, -1/-2 a black one, 0 none. */
export type Piece = number;

/** A point or a size pair in CSS pixels, or a [row, col] pair of cells. */
export type Pair = [number, number];

/** The callbacks a page gives the board (all optional). */
export interface BoardEvents {
  /** The player made `move` (one of `movable.moves`). */
  move?: (move: Move) => void;
  /** The player asked for a move from `from` to `to` that is not legal. */
  illegal?: (from: number, to: number) => void;
  /** A piece was selected; `moves` are its legal moves. */
  select?: (square: number, moves: Move[]) => void;
  /** Several captures end on the same square: the ones left to choose from ([] when over). */
  ambiguous?: (moves: Move[]) => void;
  /** Text for screen readers. */
  announce?: (text: string) => void;
  /** A tap on a square while editing. */
  square?: (square: number) => void;
  /** A premove was queued, or dropped (null). */
  premove?: (premove: Premove | null) => void;
}

/** Who may move, and how. */
export interface Movable {
  color: Color | null;
  moves: Move[];
}

/** Animation switch and durations in ms: a quiet move, each capture hop, a fade. */
export interface AnimationTiming {
  enabled: boolean;
  quiet: number;
  hop: number;
  fade: number;
}

/** A piece's colours (render.js). */
export interface PiecePalette {
  hi: string;
  lo: string;
  side: string;
  edge: string;
  groove: string;
}

/** The board's colours: render.js defaultTheme's shape. */
export interface Theme {
  light: string;
  lightGrain: string;
  dark: string;
  darkGrain: string;
  number: string;
  lastMove: string;
  lastPath: string;
  captured: string;
  selected: string;
  dest: string;
  mustCapture: string;
  hint: string;
  choice: string[];
  cursor: string;
  white: PiecePalette;
  black: PiecePalette;
  crown: string;
  crownEdge: string;
  /** A queued move (a premove): its two squares. */
  premove: string;
  /** Line width of a piece's outline, as a part of its radius. */
  outline: number;
  /** A ring on Black's pieces, so the sides differ by shape, not colour only ('' for none). */
  mark: string;
}

/** How pieces are drawn: turned wooden discs, or flat ones with a crown mark on the kings. */
export type PieceSet = 'discs' | 'flat';

/** A move queued while the other side thinks: two squares, not checked (the page decides). */
export interface Premove {
  from: number;
  to: number;
}

/** Whose pieces may be queued as a premove now (null: nobody's). */
export interface Premovable {
  color: Color | null;
}

/** What the keyboard cursor's square description is told about the square. */
export interface SquareInfo {
  selected: boolean;
  destination: boolean;
}

/** Describes a square for screen readers, in the page's language. */
export type Describe = (square: number, piece: Piece, info: SquareInfo) => string;

/** Several captures end on the same square: the player picks one by its landing squares. */
export interface Pending {
  from: number;
  to: number;
  /** The captures still in the running. */
  moves: Move[];
  /** The squares tapped so far. */
  steps: number[];
}

/** A press on a piece that may become a drag (drag.js). */
export interface Drag {
  orig: number;
  piece: Piece;
  /** Where the press was, in CSS pixels from the board's corner. */
  start: Pair;
  pos: Pair;
  /** The pointer travelled far enough for a real drag. */
  started: boolean;
  /** The piece was already selected before the press. */
  wasSelected: boolean;
}

/** A piece sliding along squares over [t0, t1] ms. */
export interface SlideItem {
  kind: 'slide';
  piece: Piece;
  points: number[];
  t0: number;
  t1: number;
  to: number;
  /** A capture: the piece hops. */
  hop?: boolean;
}

/** A piece fading out (dir -1) or in (dir 1) on a square over [t0, t1] ms. */
export interface FadeItem {
  kind: 'fade';
  piece: Piece;
  sq: number;
  dir: -1 | 1;
  t0: number;
  t1: number;
}

/** An animation (anim.js): plain data, started at `start` (performance.now()). */
export interface Anim {
  start: number;
  duration: number;
  items: (SlideItem | FadeItem)[];
  mirrored: boolean;
}

/** What to draw at one time of an animation (anim.js frame()). */
export interface AnimFrame {
  done: boolean;
  moving: { piece: Piece; row: number; col: number; lift: number }[];
  hidden: Set<number>;
  fading: { piece: Piece; sq: number; alpha: number }[];
}

/** The board's whole state (state.js): the public part, then the board's own bookkeeping. */
export interface BoardState {
  orientation: Color;
  /** The mirrored layout (util.js): 1 = b8, 29 = a1, a dark square at each player's near left. */
  mirrored: boolean;
  /** Index i = square i+1. */
  pieces: Int8Array;
  lastMove: Move | null;
  hint: Move | null;
  coordinates: boolean;
  /** Files a-h and ranks 1-8 along the edges. */
  edgeLabels: boolean;
  viewOnly: boolean;
  editing: boolean;
  theme: Theme | null;
  pieceSet: PieceSet;
  movable: Movable;
  premovable: Premovable;
  premove: Premove | null;
  animation: AnimationTiming;
  events: BoardEvents;
  describe: Describe | null;

  selected: number;
  pending: Pending | null;
  cursor: number;
  cursorCol: number | null;
  keyboard: boolean;
  drag: Drag | null;
  anim: Anim | null;
  size: number;
  dpr: number;
}

/** The nested parts of the state a configuration merges key by key. */
export type NestedKey = 'movable' | 'animation' | 'events' | 'premovable';

/**
 * A partial configuration for createBoard() and board.set(): any state key; the nested
 * objects merge key by key, and `pieces` may be any list of piece codes.
 */
export type BoardConfig = Partial<Omit<BoardState, NestedKey | 'pieces'>> & {
  pieces?: ArrayLike<number>;
  movable?: Partial<Movable>;
  premovable?: Partial<Premovable>;
  animation?: Partial<AnimationTiming>;
  events?: BoardEvents;
};

/** What createBoard() returns (api.js). */
export type BoardApi = ReturnType<typeof import('./api.js').createBoard>;
