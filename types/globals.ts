// Globals the pages set for the browser tests (tests/browser/), which wait on them.

import type { DamaBoard } from '../www/element/element.js';
import type { EngineClient } from '../www/engine/client.js';
import type { Color, Variant } from '../www/game/options.js';
import type { Result } from '../www/game/texts.js';

/** app.js: a read-only view of the game page; the tests still play by clicking the canvas. */
export interface DamaTestHook {
  ready: boolean;
  board: DamaBoard;
  variant(): Variant;
  fen(): string;
  turn(): Color;
  /** The moves played, as text. */
  history(): string[];
  result(): Result | null;
  thinking(): 'move' | 'hint' | null;
  animating(): boolean;
  orientation(): Color;
  /** The legal moves, as text. */
  legalMoves(): string[];
  /** The page's engine, once loaded (after the board is playable); null before. */
  readonly engine: EngineClient | null;
  /** Resolves once the library saves asked so far are written. */
  saved(): Promise<void>;
}

declare global {
  interface Window {
    /** rules.js: the diagrams are drawn. */
    __rulesReady?: boolean;
    /** app.js: the game page is ready (set once the first game is on the board). */
    __dama?: DamaTestHook;
  }
}
