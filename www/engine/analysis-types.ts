// The analysis worker's messages (www/engine/analysis.worker.js <-> www/analysis/client.js).
// Types only: imported by JSDoc.

import type { AnalysisLine, Explore, Variant } from '../shared/wasm-types.js';
import type { DataReply, ThreadsReply } from './types.js';

export type { AnalysisLine };

/** A line as the worker sends it: with the known result its score stands for (scoreResult). */
export interface WorkerLine extends AnalysisLine {
  known: { win: boolean; moves: number | null } | null;
}

/** The position to work on: the game from its start, so repetitions count. */
interface Position {
  id: number;
  variant: Variant;
  startFen: string;
  moves: string[];
}

/** Analyse the position after `moves`: `lines` best lines (1-5), deeper until `maxDepth`, settled or stopped. */
export interface AnalyseRequest extends Position {
  type: 'analyse';
  lines: number;
  maxDepth?: number;
}

/** Search every position of the game for `timeMs` (10-10000) each, from the one after `from` moves (default 0); with `depth`, to that depth each whatever the time (the browser tests' verdicts, the same on any machine). */
export interface ReviewRequest extends Position {
  type: 'review';
  timeMs: number;
  depth?: number;
  from?: number;
}

/** What the book and the tables say of the position after `moves` (searches nothing; leaves the job under way running). */
export interface ExploreRequest extends Position {
  type: 'explore';
}

export type AnalysisRequest = AnalyseRequest | ReviewRequest | ExploreRequest | { type: 'stop' };

/** The answer to an explore request: `explore` null, with `error`, when the position could not be had. */
export interface ExploredReply {
  type: 'explored';
  id: number;
  explore: Explore | null;
  error?: string;
}

/** A depth finished: every line searched to `depth`, best first. */
export interface LinesReply {
  type: 'lines';
  id: number;
  depth: number;
  nodes: number;
  lines: WorkerLine[];
  settled: boolean;
}

/** One position of a review: the best line from it, or (the game over there) who won. */
export interface ReviewedReply {
  type: 'reviewed';
  id: number;
  ply: number;
  total: number;
  line: WorkerLine | null;
  over?: 'white' | 'black' | 'draw';
  /** The position has a single legal move (a move from it is never judged). */
  forced: boolean;
}

export type AnalysisReply =
  | { type: 'ready'; threads: number }
  /** Said every 2 s while a job is worked on, so the page tells a slow search from a dead worker. */
  | { type: 'alive' }
  | DataReply
  | ThreadsReply
  | LinesReply
  | ReviewedReply
  | ExploredReply
  | { type: 'done'; id: number }
  | { type: 'error'; id: number; error: string };
