// The engine worker's messages (engine.worker.js <-> client.js, beside this file). Types only:
// imported by JSDoc, `/** @import { WorkerReply } from './types.js' */`.

import type { SearchResult, Variant } from '../shared/wasm-types.js';

export type { SearchResult };

/** What a search is asked: the game from its start, so the engine sees the whole history. */
export interface SearchParams {
  /** The game: the start FEN's numbering and the moves' texts are its. */
  variant: Variant;
  /** The start position in the game's own numbering. */
  startFen: string;
  /** The moves played since, as texts. */
  moves: string[];
  /** 1-10. */
  level: number;
  /** About how long to think, in ms. */
  timeMs: number;
  /** Varies the choice among equally good moves (taken as a 32-bit unsigned number). */
  seed: number;
}

/** A request to the worker, before the client gives it an id. */
export interface SearchMessage extends SearchParams {
  type: 'search';
}

/** A request as the worker receives it. */
export type WorkerRequest = SearchMessage & { id: number };

/** The worker has loaded the wasm and takes requests. */
export interface ReadyReply {
  type: 'ready';
  /** The threads the worker's engine searches on (1 without the threaded build). */
  threads: number;
}

/** A helper thread died: the worker's engines search on this many threads from now on. */
export interface ThreadsReply {
  type: 'threads';
  threads: number;
}

/** What the worker has loaded in the background. */
export interface DataReply {
  type: 'data';
  /** Italian endgame tables complete up to this many pieces (0: none). */
  tables: number;
  /** Brazilian endgame tables complete up to this many pieces (0: none; fetched from the first Brazilian search on). */
  brazilianTables: number;
  /** The Italian opening book. */
  book: boolean;
  /** The Brazilian opening book (fetched from the first Brazilian search on). */
  brazilianBook: boolean;
  /** Downloaded tables found damaged, dropped, and not downloaded again (said once: more-tables.js). */
  lost?: { game: 'italian' | 'brazilian'; pieces: number; reason: string }[];
}

/** The answer to request `id`. */
export type ResultReply =
  | { type?: undefined; id: number; ok: true; result: SearchResult }
  | { type?: undefined; id: number; ok: false; error: string };

export type WorkerReply = ReadyReply | DataReply | ThreadsReply | ResultReply;

/** What the worker has loaded, as EngineClient keeps it (`data` events carry a copy). */
export interface EngineData {
  tables: number;
  brazilianTables: number;
  book: boolean;
  brazilianBook: boolean;
}
