// @ts-check
// "Learn from your mistakes" on the analysis board: the lesson's words and buttons
// (#an-learn-box), the player's tries on the board (a move the review would not mark is
// right, see learn.js), the hint and the answer. The lessons' state is learn.js's; the page
// hands this what it needs of its own.

import { t } from '../shared/i18n.js';
import { Lessons, lessonsFor } from './learn.js';
import { judgeMoves, forWhite } from './review.js';
import { moveLabel } from '../game/texts.js';

/** @import { Move } from '../shared/wasm-types.js' */
/** @import { AnalysisModel } from './model.js' */
/** @import { AnalysisClient } from './client.js' */
/** @import { Reviewed, MoveReview } from './review.js' */
/**
 * What the page gives: its model (another when another game opens), board and worker, the
 * review of the game, and its own rendering and voice.
 * @typedef {object} LearnPage
 * @property {() => AnalysisModel} model
 * @property {ReturnType<typeof import('../board/api.js').createBoard>} board
 * @property {AnalysisClient} client
 * @property {{positions: (Reviewed | undefined)[], line: string[], moves: MoveReview[]}} review
 * @property {() => void} render the whole page, the board at the position shown
 * @property {(text: string) => void} say for a screen reader
 * @property {() => 'white' | 'black'} firstMover
 */

/** The time a try of the player's is searched, in ms. */
const TRY_MS = 600;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

export class LearnView {
  /** @param {LearnPage} page */
  constructor(page) {
    this.page = page;
    /** The lessons while they are on, else null. @type {Lessons | null} */
    this.lessons = null;
  }

  /** The lessons are on. */
  get on() {
    return this.lessons !== null;
  }

  /**
   * Starts the lessons of `side`'s mistakes and blunders; false when there are none.
   * @param {'white' | 'black'} side
   */
  start(side) {
    const items = lessonsFor(this.page.review.moves, side);
    if (!items.length) return false;
    this.lessons = new Lessons(items);
    return true;
  }

  /** The board at the position before the lesson's mistake. */
  showLesson() {
    if (!this.lessons) return;
    const model = this.page.model();
    const n = model.mainlineAt(this.lessons.current.ply - 1);
    if (n) model.goto(n.id);
    this.page.render();
  }

  render() {
    const learn = this.lessons;
    const box = $('an-learn-box');
    box.hidden = !learn;
    if (!learn) return;
    const m = learn.current;
    const side = m.mover === 'white' ? t('white') : t('black');
    const texts = {
      try: t('anLearnTry', { side, move: moveLabel(m.ply, this.page.firstMover(), m.move), n: learn.index + 1, of: learn.items.length }),
      checking: t('anLearnChecking'),
      good: t('anLearnGood'),
      shown: t('anLearnShown', { move: m.best ?? '' }),
    };
    $('an-learn-text').textContent = texts[learn.state];
    box.classList.toggle('good', learn.state === 'good');
    $('an-learn-next').textContent = learn.last ? t('anLearnFinish') : t('anNextMistake');
  }

  /**
   * The player's try at the position where the mistake was made.
   * @param {Move} mv
   */
  try(mv) {
    const lessons = this.lessons;
    if (!lessons) return;
    const outcome = lessons.try(mv.text);
    if (outcome === 'good') return void this.good(mv.text);
    if (outcome === 'wrong') return void this.wrong();
    if (outcome !== 'check') return;
    this.render();
    const { model, client, review } = this.page;
    const m = lessons.current;
    const before = /** @type {Reviewed} */ (review.positions[m.ply - 1]);
    const moves = [...review.line.slice(0, m.ply - 1), mv.text];
    client.review(
      { variant: model().variant, startFen: model().root.fen, moves, timeMs: TRY_MS, from: moves.length },
      {
        onReviewed: (r) => {
          if (this.lessons !== lessons) return;
          const mover = m.mover === 'white' ? 'black' : 'white';
          const after = r.line ? { ...forWhite(r.line, mover), best: null, pv: [] } : { score: null, over: r.over ?? 'draw', best: null, pv: [] };
          const [judged] = judgeMoves([before, after], [mv.text], m.mover);
          if (lessons.judged(judged ?? null)) this.good(mv.text);
          else this.wrong();
        },
        onError: () => {
          if (this.lessons === lessons && !lessons.judged(null)) this.wrong();
        },
      },
    );
  }

  /** @param {string} text the move found */
  good(text) {
    const g = this.page.model().gameAt();
    try {
      const m = g.legalMoves().find((x) => x.text === text);
      if (m) this.page.board.set({ hint: m });
    } finally {
      g.free();
    }
    this.render();
    this.page.say(t('anLearnGood'));
  }

  wrong() {
    this.page.render(); // the move is taken back: the board shows the position again
    $('an-learn-text').textContent = t('anLearnWrong');
    this.page.say(t('anLearnWrong'));
  }

  /** The first press shows the piece to move, the second the whole move. */
  hint() {
    const learn = this.lessons;
    if (!learn) return;
    const g = this.page.model().gameAt();
    try {
      const best = g.legalMoves().find((x) => x.text === learn.current.best);
      if (!best) return;
      this.page.board.set(learn.hinted ? { hint: best } : { hint: { ...best, to: best.from, path: [best.from], captured: [] } });
      learn.hinted = true;
    } finally {
      g.free();
    }
  }

  /** The answer: the best move shown on the board. */
  showBest() {
    if (!this.lessons) return;
    this.lessons.show();
    this.lessons.hinted = true;
    this.hint();
    this.render();
  }

  /** On to the next lesson, or the end after the last. */
  next() {
    if (!this.lessons?.next()) return void this.stop();
    this.showLesson();
  }

  stop() {
    this.lessons = null;
    this.page.render();
  }
}
