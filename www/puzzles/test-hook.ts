// The global the puzzles page (main.js) sets for the browser tests (tests/browser/), which wait
// on it. Types only: nothing here runs.

import type { Color } from '../shared/wasm-types.js';
import type { Stats } from './store.js';

/** The page as the browser tests read it (they still play by clicking the board's squares). */
export interface PuzzlesTestHook {
  ready: boolean;
  id(): string | null;
  pieces(): number[];
  orientation(): Color;
  busy(): boolean;
  cursor(): number;
  marks(): { selected: number; hint: string | null };
  status(): string;
  stats(): Stats;
  canvas: HTMLCanvasElement;
}
