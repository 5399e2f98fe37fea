// @ts-check
// "Learn from your mistakes": one side's mistakes and blunders of a reviewed game, replayed one
// at a time from the position before each. The player's try is right when it is the engine's
// better move, wrong when it is the move of the game, and otherwise judged by a search of the
// position after it: right if the review would not mark it (review.js: neither the fall in
// winning chances nor, where a side is far ahead, the material given away).
// No DOM: the page shows the state and asks the engine.

/** @import { MoveReview } from './review.js' */
/** @typedef {'try' | 'checking' | 'good' | 'shown'} LessonState */

/**
 * The moves worth a lesson: `side`'s mistakes and blunders with a better move to find.
 * @param {MoveReview[]} moves
 * @param {'white' | 'black'} side
 */
export const lessonsFor = (moves, side) => moves.filter((m) => m.mover === side && (m.judgement === 'mistake' || m.judgement === 'blunder') && !!m.best);

export class Lessons {
  /** @param {MoveReview[]} items from lessonsFor */
  constructor(items) {
    this.items = items;
    this.index = 0;
    /** @type {LessonState} */
    this.state = 'try';
    /** The hint has shown the piece to move (the next shows the move). */
    this.hinted = false;
  }

  get current() {
    return this.items[this.index];
  }

  /** The last lesson is the one shown. */
  get last() {
    return this.index + 1 >= this.items.length;
  }

  /**
   * The player tries `text`: 'good', 'wrong', or 'check' (the engine must judge it: then
   * call `judged` with the move judged). Ignored (null) unless a try is expected.
   * @param {string} text
   * @returns {'good' | 'wrong' | 'check' | null}
   */
  try(text) {
    if (this.state !== 'try') return null;
    const m = this.current;
    if (text === m.best) {
      this.state = 'good';
      return 'good';
    }
    if (text === m.move) return 'wrong';
    this.state = 'checking';
    return 'check';
  }

  /**
   * The engine's judgement of the move being checked (null: it could not be judged, taken as
   * wrong). Returns whether it was right.
   * @param {MoveReview | null} move
   */
  judged(move) {
    if (this.state !== 'checking') return false;
    const good = move !== null && move.judgement === null;
    this.state = good ? 'good' : 'try';
    return good;
  }

  /** The answer is shown: nothing left to try. */
  show() {
    this.state = 'shown';
  }

  /** On to the next lesson; false after the last. */
  next() {
    if (this.last) return false;
    this.index++;
    this.state = 'try';
    this.hinted = false;
    return true;
  }
}
