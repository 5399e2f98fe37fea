// Types of the wasm core's JS glues (written by wasm-pack from crates/dama-wasm; `make build`
// asks for no .d.ts, and a generated one would type every plain object the core returns as
// `any`): the engine's, www/pkg/dama_wasm.js (DamaWasm: every declaration below), and the
// pages' rules, www/pkg/dama_rules.js (DamaRules: the same without the engine's). Types only:
// imported by JSDoc, `/** @import { Move } from '../types/dama-wasm.js' */`; www/wasm.js hands
// out the modules with these types.
//
// Kept in step with both glues by types/wasm-check.ts (`make lint-js`, once `make build` has
// run): every class, method and function here must exist there with the same parameters, and
// the other way round. Plain objects' shapes follow crates/dama-wasm/src/lib.rs.
//
// The types are also checked when the core is called: an argument of another JS type (a
// number for a string, a string for a number, a String object, a plain object for an array) is
// a TypeError naming it ("Game.play: text must be a string, not number"), and a number out of
// its range a RangeError; a Game argument that is not a live Game is an Error.

/** A game's rules and board numbering. */
export type Variant = 'italian' | 'brazilian';

/** A side. */
export type Color = 'white' | 'black';

/**
 * A board's cells: index i = square i+1 in the game's numbering; 1/2 a white man/king,
 * -1/-2 a black one, 0 empty.
 */
export type Cells = Int8Array;

/** A legal or played move, as every call into the core returns it (squares numbered 1-32). */
export interface Move {
  from: number;
  to: number;
  /** The landing squares in order; the last one is `to`. */
  path: number[];
  /** The squares of the pieces taken, in jump order (empty for a quiet move). */
  captured: number[];
  /** The move in the game's notation ("22-18", "c3xe5"). */
  text: string;
  capture: boolean;
  /** The piece moved is a king. */
  king: boolean;
  /** A man reaches the crowning row. */
  promotes: boolean;
}

/** How a game ended: `Game.result()`. */
export interface GameResult {
  /** null for a draw. */
  winner: Color | null;
  /** "no-moves", "repetition", "king-moves", "three-kings", "agreement", "resignation", ... */
  reason: string;
  /** The core's own words, in English. */
  message: string;
}

/** `Engine.search()`'s answer. */
export interface SearchResult {
  /** The move's text in the game's notation. */
  move: string;
  score: number;
  depth: number;
  nodes: number;
  /** The principal variation, as move texts. */
  pv: string[];
  timeMs: number;
}

/** One line of `Engine.analyse()`'s answer. */
export interface AnalysisLine {
  /** The line's first move, in the game's notation. */
  move: string;
  /** For the side to move. */
  score: number;
  /** The depth this line was searched to. */
  depth: number;
  /** The score in words: "+0.35", "win in 7", "loss (tables)". */
  text: string;
  /** The line's moves, the first included. */
  pv: string[];
}

/** `Engine.analyse()`'s answer. */
export interface Analysis {
  /** The least depth of the lines. */
  depth: number;
  /** False when the time ran out first: the line cut short keeps the depth it finished, those below it are left out. */
  complete: boolean;
  /** A deeper search cannot change the lines. */
  settled: boolean;
  nodes: number;
  timeMs: number;
  /** Best first. */
  lines: AnalysisLine[];
}

/** `scoreResult()`'s answer: a known win or loss, with its length in moves when counted. */
export interface ScoreResult {
  win: boolean;
  moves: number | null;
}

/** `benchSearch()`'s answer. */
export interface BenchResult {
  nodes: number;
  timeMs: number;
  /** 16 hex digits. */
  checksum: string;
}

/** A PDN tag: [name, value]. */
export type PdnTag = [string, string];

/** A game: position, moves played, undo/redo, result. */
export declare class Game {
  /** The start position of `variant` (no default: the caller names the game); throws for another name. */
  constructor(variant: Variant);
  free(): void;
  static fromFen(fen: string, variant: Variant): Game;
  /**
   * A game from a board editor's cells with `turn` to move; throws `Error` for a position that
   * cannot arise or is already over, `RangeError` for a cell other than -2..2 or not 32 cells.
   */
  static fromBoard(cells: Cells | number[], turn: Color, variant: Variant): Game;
  static fromPdn(text: string): Game;
  static pdnTags(text: string): PdnTag[];
  variant(): Variant;
  squareName(n: number): string;
  fen(): string;
  startFen(): string;
  pdn(): string;
  pdnWithTags(tags: PdnTag[]): string;
  turn(): Color;
  board(): Cells;
  boardAt(ply: number): Cells;
  ply(): number;
  legalMoves(): Move[];
  /** Plays a move given by its text; throws `Error` with the reason for an illegal one. */
  play(text: string): Move;
  playIndex(index: number): Move;
  undo(): Move | undefined;
  redo(): Move | undefined;
  canRedo(): boolean;
  history(): Move[];
  /** undefined while the game goes on. */
  result(): GameResult | undefined;
  resign(color: Color): void;
  /** `color`'s clock ran out: it loses (reason `time`); undo() takes it back. */
  loseOnTime(color: Color): void;
  agreeDraw(): void;
  /** undefined if a legal move goes from `from` to `to`, else the reason in plain words. */
  whyIllegal(from: number, to: number): string | undefined;
}

/** One game of a PDN file, as the picker lists it ('' for a missing tag). */
export interface PdnSummary {
  index: number;
  white: string;
  black: string;
  event: string;
  site: string;
  date: string;
  round: string;
  result: string;
  variant: Variant;
  /** Moves of the main line. */
  plies: number;
  /** Why the game cannot be opened (an illegal move), or null. */
  error: string | null;
}

/** A move of a game tree (the root, id 0, is the start position). */
export interface TreeNode {
  id: number;
  parent: number | null;
  ply: number;
  text: string;
  /** The position after the move. */
  fen: string;
  comment: string | null;
  preComment: string | null;
  nags: number[];
  glyph: string;
  /** The first is the main continuation, the others its variations. */
  children: number[];
  mainline: boolean;
  depth: number;
}

/** Every game of a PDN text (up to 8 MiB, 10,000 games), each read on demand. */
export declare class PdnFile {
  private constructor();
  free(): void;
  /** `variant`: the game of a game without a GameType tag. */
  static parse(text: string, variant: Variant): PdnFile;
  count(): number;
  summary(index: number): PdnSummary;
  tree(index: number): GameTree;
  /** Game `index`'s own text, to open it alone. */
  gameText(index: number): string;
}

/** A game with its comments, annotations and variations. */
export declare class GameTree {
  constructor(variant: Variant, fen?: string | null);
  free(): void;
  toPdn(): string;
  variant(): Variant;
  nodes(): TreeNode[];
  play(id: number, text: string): number;
  setComment(id: number, text?: string | null): void;
  setPreComment(id: number, text?: string | null): void;
  setGlyph(id: number, glyph?: string | null): void;
  setNags(id: number, nags: number[] | Float64Array): void;
  delete(id: number): void;
  promote(id: number): boolean;
  game(id: number): Game;
  tags(): PdnTag[];
  setTag(name: string, value?: string | null): void;
  result(): string;
  setResult(result: string): void;
}

/** The engine, with a transposition table that persists across searches of one game. */
export declare class Engine {
  /** A table of `tt_megabytes` (1-512). */
  constructor(tt_megabytes: number);
  free(): void;
  /** Installs evaluation weights; returns the game they are for. */
  loadEval(bytes: Uint8Array | number[]): string;
  /** Adds the endgame tables of one file; returns the number of positions it holds. */
  loadTables(bytes: Uint8Array | number[]): number;
  newGame(): void;
  search(game: Game, level: number, time_ms: number, seed: number): SearchResult;
  /** The `lines` (1-5) best moves, each searched to `depth` (1-120) within `time_ms` for all. */
  analyse(game: Game, depth: number, time_ms: number, lines: number): Analysis;
  /** The largest piece count up to which every endgame table is loaded (0 if none). */
  tablePieces(): number;
}

export declare function benchSearch(tt_mb: number): BenchResult;
export declare function bookPositions(): number;
export declare function installBook(bytes: Uint8Array | number[]): number;
export declare function perft(fen: string, depth: number): number;
/** Milliseconds to give one move with this much on the clock and this increment (the engine's time management). */
export declare function moveBudget(remainingMs: number, incrementMs: number): number;
export declare function start(): void;
/** A score in words ("+1.25", "win in 7"), for the side to move. */
export declare function scoreText(score: number): string;
/** A known win or loss the score stands for, or null for an evaluation. */
export declare function scoreResult(score: number): ScoreResult | null;

/** What the init functions resolve to: the wasm instance's exports. */
export interface InitOutput {
  readonly memory: WebAssembly.Memory;
}

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export declare function initSync(module: { module: BufferSource | WebAssembly.Module }): InitOutput;

/** Fetches and instantiates dama_wasm_bg.wasm (next to the glue unless told otherwise). */
declare function init(module_or_path?: { module_or_path: InitInput | Promise<InitInput> }): Promise<InitOutput>;
export default init;

/** The engine's glue module (www/pkg/dama_wasm.js) as `import()` gives it: the workers'. */
export type DamaWasm = typeof import('./dama-wasm.js');

/** What only the engine's build has (crates/dama-wasm's `engine` feature). */
export type EngineOnly = 'Engine' | 'benchSearch' | 'bookPositions' | 'installBook' | 'perft' | 'scoreText' | 'scoreResult';

/** The rules' glue module (www/pkg/dama_rules.js): the pages' and the PDN reader's. */
export type DamaRules = Omit<DamaWasm, EngineOnly>;
