// Types of the element's helpers (www/element/): what they may use of the <dama-board> that
// holds them. Types only (nothing runs): the JS files import them by JSDoc,
// `/** @import { ElementHost } from './types.js' */`.

import type { DamaBoardReads } from './reads.js';
import type { GameOptions, Move } from '../game/session.js';
import type { Color } from '../game/options.js';
import type { Message } from '../shared/i18n.js';

/** Who made a move, as the `move` event says it. */
export type MoveBy = 'human' | 'computer' | 'script';

/**
 * The element as its helpers (puzzle-mode.js, premoves.js) see it: what a page reads of it,
 * two of its commands, and the private steps they share with it.
 */
export interface ElementHost {
  /** The element as a page reads it: its session, its board, its language, its square names. */
  reads: DamaBoardReads;
  /** The element's public newGame(). */
  newGame(o: GameOptions): void;
  /** The element's public play(), for a script's move. */
  play(move: string): Move;
  /** Shows a notice in the bar and tells the page (a `notice` event). */
  notice(message: Message): void;
  /** Says `text` to a screen reader. */
  announce(text: string): void;
  /** Sends an event (bubbling, composed); false when a listener cancelled it. */
  emit(name: string, detail: object): boolean;
  /** A move was played: its sound, words and `move` event, then what follows it. */
  moved(m: Move, color: Color, by: MoveBy): void;
  /** Shows the session as it stands: the board, the chrome, a `change` event. */
  sync(): void;
}
