// @ts-check
// The element's puzzle mode (`<dama-board puzzle="it-012">`): the puzzle's position as a
// remote game with the solver to move, the player's moves judged against its line (the line's
// move is played, any other taken back), the opponent's replies played after a pause by the
// element's own play(), and the outcome said in the bar and sent as a `puzzle` event. The
// puzzle's file and the attempt at it: puzzle.js, loaded with the first puzzle.

import { t } from '../shared/i18n.js';
import { loadWasm } from '../shared/wasm.js';

/** @import { ElementHost } from './types.js' */
/** @import { Attempt } from '../puzzles/trainer.js' */
/** @typedef {import('../game/session.js').Move} Move */

/** The pause before a puzzle's reply, so the player sees it come (ms). */
const PUZZLE_REPLY_MS = 500;

export class PuzzleMode {
  /** The puzzle being solved, or null. @type {Attempt | null} */
  attempt = null;
  /** Bumped at each puzzle started or left: a load or a reply for an older one is dropped. */
  #run = 0;

  /** @param {ElementHost} host */
  constructor(host) {
    this.host = host;
  }

  /** Leaves the puzzle under way, and drops whatever was on its way for it. */
  leave() {
    this.attempt = null;
    this.#run++;
  }

  /**
   * The puzzle `id`: its position with the solver to move (remote mode: the replies are the
   * element's own, by play()); a puzzle that cannot be had is said, the board left as it was.
   * @param {string} id
   */
  async start(id) {
    const { host } = this;
    const lang = () => host.reads.lang;
    const run = this.#run;
    try {
      const [{ loadPuzzle, Attempt }, wasm] = await Promise.all([import('./puzzle.js'), loadWasm()]);
      const { puzzle, variant } = await loadPuzzle(id);
      if (run !== this.#run) return;
      const attempt = new Attempt(wasm, puzzle, variant);
      host.newGame({ variant, fen: puzzle.fen, mode: 'remote', side: attempt.solver, pdn: null, orientation: attempt.solver });
      // After newGame, which ends any puzzle under way.
      this.attempt = attempt;
      const side = attempt.solver;
      host.notice(() => t('elPuzzleTask', { side: t(side, {}, lang()) }, lang()));
      host.emit('puzzle', { id: puzzle.id, result: 'started', solver: side });
    } catch (err) {
      if (run !== this.#run) return;
      const error = /** @type {Error} */ (err).message;
      host.notice(() => t('elPuzzleFailed', { error }, lang()));
    }
  }

  /**
   * The player's move in a puzzle: the line's move is played and answered after a pause, any
   * other taken back. Returns whether the puzzle took the move (else it is an ordinary move).
   * @param {Move} move
   */
  move(move) {
    const { attempt, host } = this;
    const { session: s, ground } = host.reads;
    if (!attempt || !s?.record || !ground) return false;
    const lang = () => host.reads.lang;
    const r = attempt.tryMove(move.text);
    const id = attempt.puzzle.id;
    if (r.kind !== 'correct') {
      // The board had made the move: back to the puzzle's position, the moves offered again.
      ground.setPieces(s.record.board(), { animate: true });
      host.sync();
      host.notice(() => t('elPuzzleWrong', { move: r.text }, lang()));
      host.emit('puzzle', { id, result: 'wrong', move: r.text });
      return true;
    }
    const mover = s.record.turn();
    const played = s.play(move.text);
    host.moved(played, mover, 'human');
    const solved = () => {
      host.notice(() => t('elPuzzleSolved', {}, lang()));
      host.emit('puzzle', { id, result: 'solved' });
    };
    if (attempt.done) {
      solved();
      return true;
    }
    const run = this.#run;
    setTimeout(() => {
      if (run !== this.#run || this.attempt !== attempt) return;
      const reply = attempt.advance();
      if (reply) host.play(reply.text);
      if (attempt.done) solved();
    }, PUZZLE_REPLY_MS);
    return true;
  }
}
