// The global the game page (main.js) sets for the browser tests (tests/browser/), which wait on
// it. The other pages type theirs where they set them.

import type { DamaBoard } from '../element/element.js';
import type { EngineClient } from '../engine/client.js';
import type { Color } from '../game/options.js';
import type { Variant } from '../shared/variant.js';
import type { Result } from '../game/texts.js';

/** A read-only view of the game page; the tests still play by clicking the canvas. */
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
    /** The game page is ready (set once the first game is on the board). */
    __dama?: DamaTestHook;
  }
}
