// @ts-check
// The tactics trainer's model, with no DOM: which puzzle is open, the move expected next, what a
// move the player tries means (right, wrong, illegal), the opponent's answers, hints, the
// solution, and the player's score, streaks and rating. The page (www/puzzles/main.js) shows it;
// the Node tests drive it with the real wasm core.
//
// A puzzle's `line` alternates: the solver's move (the side to move in the FEN), the
// opponent's reply, the solver's next move..., ending with a solver move.

import { normVariant, VARIANTS } from '../shared/variant.js';

/** @import { DamaRules, GameRecord, Move, Color, Variant } from '../shared/wasm-types.js' */
/** @import { Stats } from './store.js' */

/**
 * One puzzle as the file lists it.
 * @typedef {{ id: string, fen: string, line: string[], themes: string[], rating: number }} Puzzle
 */
/** A game's puzzles, as readPuzzleFile reads them. @typedef {{ variant: Variant, puzzles: Puzzle[] }} PuzzleFile */

/**
 * What a tried move did. 'correct': it was the line's move (`done` when it ended the line);
 * 'wrong': a legal move that is not the solution (nothing changed); 'illegal': not a legal
 * move (nothing changed); 'ignored': not the solver's turn, or the puzzle is over.
 * @typedef {{ kind: 'correct', move: Move, done: boolean } | { kind: 'wrong' | 'illegal' | 'ignored', text: string }} TryResult
 */

/** The first rating of a new player, and the bounds it stays within. */
export const START_RATING = 1500;
const MIN_RATING = 100;
const MAX_RATING = 3000;

/**
 * The Elo expectation and update: a win against a puzzle rated above you gains more. The
 * factor is larger for the first puzzles, so a new player's rating finds its level quickly.
 * @param {number} rating the player's
 * @param {number} puzzleRating
 * @param {boolean} won
 * @param {number} tried puzzles finished before this one
 * @returns {number} the new rating (rounded)
 */
export function updatedRating(rating, puzzleRating, won, tried) {
  const expected = 1 / (1 + 10 ** ((puzzleRating - rating) / 400));
  const k = tried < 20 ? 40 : 20;
  const next = Math.round(rating + k * ((won ? 1 : 0) - expected));
  return Math.min(MAX_RATING, Math.max(MIN_RATING, next));
}

/**
 * The legal move a line's text names: the core's own text, or (a capture) every square of its
 * route written out, "23x14x5", as a file may name it to tell two captures apart.
 * @param {Move[]} moves
 * @param {string} text
 * @returns {Move | undefined}
 */
export function findMove(moves, text) {
  const t = String(text).trim();
  return moves.find((m) => m.text === t) ?? moves.find((m) => [m.from, ...m.path].join(m.capture ? 'x' : '-') === t);
}

/** @param {Color} c @returns {Color} */
const other = (c) => (c === 'white' ? 'black' : 'white');

/**
 * What a puzzle wins, for its title: the game; else pieces; else a king (a man crowned, no
 * piece won); else material (a man given for a king).
 * @typedef {{ kind: 'win' } | { kind: 'pieces', n: number } | { kind: 'crown' } | { kind: 'material' }} Goal
 */

/**
 * A puzzle's goal, from its themes ('win': the engine sees a forced win) and the boards before
 * and after its line: the pieces won are the opponent's losses less the solver's.
 * @param {string[]} themes
 * @param {ArrayLike<number>} before the cells at the puzzle's start (a cell's sign is its colour)
 * @param {ArrayLike<number>} after the cells once the line is played
 * @param {Color} solver
 * @returns {Goal}
 */
export function puzzleGoal(themes, before, after, solver) {
  if (themes.includes('win')) return { kind: 'win' };
  const mine = solver === 'white' ? 1 : -1;
  const count = (/** @type {ArrayLike<number>} */ cells, /** @type {number} */ side) => Array.from(cells).filter((c) => Math.sign(c) === side).length;
  const lost = (/** @type {number} */ side) => count(before, side) - count(after, side);
  const n = lost(-mine) - lost(mine);
  if (n >= 1) return { kind: 'pieces', n };
  return { kind: themes.includes('promotion') ? 'crown' : 'material' };
}

/** The puzzles' ids name their game: `it-012`, `br-005`. */
const ID_PREFIX = { italian: 'it-', brazilian: 'br-' };

/**
 * The game puzzle `id` is of, by its prefix; null for an id with neither.
 * @param {string} id
 * @returns {Variant | null}
 */
export function puzzleGame(id) {
  return VARIANTS.find((v) => id.startsWith(ID_PREFIX[v])) ?? null;
}

/**
 * A puzzle's file, checked: its shape, the puzzles with the fields the trainer needs. A puzzle
 * missing one is left out rather than failing the page.
 * @param {unknown} data the parsed JSON
 * @returns {PuzzleFile}
 */
export function readPuzzleFile(data) {
  const d = /** @type {Record<string, unknown>} */ (data && typeof data === 'object' ? data : {});
  if (d.format !== 1 || !Array.isArray(d.puzzles)) throw new Error('not a puzzle file (format 1)');
  const variant = normVariant(d.variant); // a file naming none: the first files were Italian
  /** @type {Puzzle[]} */
  const puzzles = [];
  const ids = new Set();
  for (const p of /** @type {Record<string, unknown>[]} */ (d.puzzles)) {
    if (!p || typeof p !== 'object') continue;
    const { id, fen, line, themes, rating } = p;
    if (typeof id !== 'string' || !id || ids.has(id) || typeof fen !== 'string') continue;
    if (!Array.isArray(line) || line.length % 2 !== 1 || !line.every((m) => typeof m === 'string')) continue;
    ids.add(id);
    puzzles.push({
      id,
      fen,
      line: /** @type {string[]} */ (line),
      themes: Array.isArray(themes) ? themes.filter((x) => typeof x === 'string') : [],
      rating: typeof rating === 'number' && Number.isFinite(rating) ? rating : START_RATING,
    });
  }
  return { variant, puzzles };
}

/**
 * One attempt at one puzzle: the game from its position, how far along the line it is, and
 * whether the player needed help. The page plays the opponent's replies with reply() after a
 * pause, so the player sees them come.
 */
export class Attempt {
  /** @type {GameRecord} */
  game;
  /** The line's moves played so far. */
  index = 0;
  /** 0 no hint yet, 1 the piece was shown, 2 the move was shown. */
  hintLevel = 0;
  /** A wrong move was tried. */
  mistake = false;
  /** The solution was asked for. */
  revealed = false;

  /**
   * @param {DamaRules} wasm
   * @param {Puzzle} puzzle
   * @param {Variant} variant
   */
  constructor(wasm, puzzle, variant) {
    this.wasm = wasm;
    this.puzzle = puzzle;
    this.variant = variant;
    if (!puzzle.line.length) throw new Error(`puzzle ${puzzle.id}: no moves`);
    this.game = new wasm.GameRecord('game', variant, puzzle.fen); // throws for a bad FEN
    /** @type {Color} */
    this.solver = this.game.turn();
    // Every move of the line must be legal where it stands: a broken puzzle is refused here,
    // not halfway through.
    /** @type {string[]} the line in the core's own texts */
    this.line = [];
    const before = this.game.board();
    for (const text of puzzle.line) {
      const m = findMove(this.game.legalMoves(), text);
      if (!m) {
        this.game.free();
        throw new Error(`puzzle ${puzzle.id}: ${text} is not legal at move ${this.line.length + 1}`);
      }
      this.game.play(m.text);
      this.line.push(m.text);
    }
    /** What the line wins, for the title. */
    this.goal = puzzleGoal(puzzle.themes, before, this.game.board(), this.solver);
    this.restart();
  }

  /** Back to the puzzle's position (Retry); the hints and mistakes are remembered. */
  restart() {
    this.game.free();
    this.game = new this.wasm.GameRecord('game', this.variant, this.puzzle.fen);
    this.index = 0;
  }

  /** @returns {Color} */
  get opponent() {
    return other(this.solver);
  }

  /** The line has been played to its end. */
  get done() {
    return this.index >= this.line.length;
  }

  /** It is the solver's move (not the opponent's reply, not over). */
  get solverToMove() {
    return !this.done && this.index % 2 === 0;
  }

  /** The opponent's reply is due. */
  get replyDue() {
    return !this.done && this.index % 2 === 1;
  }

  /** The move expected next (the solver's or the reply), or null when over. */
  expected() {
    return this.done ? null : /** @type {Move} */ (findMove(this.game.legalMoves(), this.line[this.index]));
  }

  /** The legal moves the board may offer: the solver's, only on the solver's turn. */
  legalMoves() {
    return this.solverToMove ? this.game.legalMoves() : [];
  }

  /** @returns {Int8Array} */
  board() {
    return this.game.board();
  }

  /**
   * The player tries `text`. Only the line's move is played; any other changes nothing.
   * @param {string} text
   * @returns {TryResult}
   */
  tryMove(text) {
    if (!this.solverToMove) return { kind: 'ignored', text };
    const m = findMove(this.game.legalMoves(), text);
    if (!m) return { kind: 'illegal', text };
    if (m.text !== this.line[this.index]) {
      this.mistake = true;
      return { kind: 'wrong', text: m.text };
    }
    const played = this.game.play(m.text);
    this.index++;
    return { kind: 'correct', move: played, done: this.done };
  }

  /**
   * Plays the next move of the line, whoever's it is (the opponent's reply, or a move of the
   * solution shown); null when the line is over.
   * @returns {Move | null}
   */
  advance() {
    if (this.done) return null;
    const played = this.game.play(this.line[this.index]);
    this.index++;
    return played;
  }

  /**
   * The next hint: first the square of the piece to move, then the move itself.
   * @returns {{ level: 1 | 2, move: Move } | null} null when it is not the solver's move
   */
  hint() {
    const m = this.solverToMove ? this.expected() : null;
    if (!m) return null;
    this.hintLevel = Math.min(2, this.hintLevel + 1);
    return { level: /** @type {1 | 2} */ (this.hintLevel), move: m };
  }

  /** The solution was shown: the rest of the line is for the page to play, with advance(). */
  reveal() {
    this.revealed = true;
  }

  /** The player was helped to the answer, or missed it: the puzzle does not count as won. */
  get failed() {
    return this.mistake || this.revealed || this.hintLevel >= 2;
  }

  free() {
    this.game.free();
  }
}

/**
 * The trainer: the puzzles, the open attempt, and the player's record. The record is `stats`
 * (store.js's shape); `save` is called whenever it changes, and `load`, if given, reads the
 * record as stored now: another tab may have recorded results since, and a result is added
 * to the latest record, never to an older copy (which would take the rating back in time).
 */
export class Trainer {
  /** @type {Attempt | null} */
  attempt = null;
  /**
   * The open puzzle's outcome, once known: 'won' (solved with no mistake and without the move
   * being shown) or 'lost'. Set once per opening; a retry does not count again.
   * @type {'won' | 'lost' | null}
   */
  outcome = null;
  /** The rating change the outcome made. */
  ratingDelta = 0;
  /** The outcome went into the record (a first attempt), rather than being practice. */
  counted = false;

  /**
   * @param {DamaRules} wasm
   * @param {PuzzleFile} file readPuzzleFile's answer
   * @param {{ stats: Stats, save?: (stats: Stats) => void, load?: () => Stats | null, random?: () => number }} options
   */
  constructor(wasm, file, { stats, save = () => {}, load = () => null, random = Math.random }) {
    this.wasm = wasm;
    this.variant = file.variant;
    this.puzzles = file.puzzles;
    this.stats = stats;
    this.save = save;
    this.load = load;
    this.random = random;
  }

  /** Every theme of the file, in the order first met. */
  themes() {
    return [...new Set(this.puzzles.flatMap((p) => p.themes))];
  }

  /** @param {string} id */
  byId(id) {
    return this.puzzles.find((p) => p.id === id) ?? null;
  }

  /**
   * The next puzzle to offer: one not solved yet (never tried first, then the ones failed), of
   * the theme chosen (null: any), among the few nearest the player's rating (the nearest if
   * `random` returns 0), never the one open. When every such puzzle is solved, the nearest of
   * them all, to play again.
   * @param {string | null} theme
   * @returns {{ puzzle: Puzzle, replay: boolean } | null} null: no puzzle has the theme
   */
  pick(theme = null) {
    const current = this.attempt?.puzzle.id;
    const pool = this.puzzles.filter((p) => !theme || p.themes.includes(theme));
    if (!pool.length) return null;
    const others = pool.length > 1 ? pool.filter((p) => p.id !== current) : pool;
    const fresh = others.filter((p) => this.stats.results[p.id] !== 'won');
    // Never tried comes before failed: a failed puzzle comes back, but after the new ones.
    const untried = fresh.filter((p) => !(p.id in this.stats.results));
    const from = untried.length ? untried : fresh.length ? fresh : others;
    const r = this.stats.rating;
    const near = [...from].sort((a, b) => Math.abs(a.rating - r) - Math.abs(b.rating - r) || a.rating - b.rating).slice(0, 3);
    const i = Math.min(near.length - 1, Math.floor(this.random() * near.length));
    return { puzzle: near[i], replay: !fresh.length };
  }

  /**
   * Opens a puzzle; throws (and keeps the one open) when its line is not legal.
   * @param {Puzzle | string} which a puzzle or its id
   */
  open(which) {
    const puzzle = typeof which === 'string' ? this.byId(which) : which;
    if (!puzzle) throw new Error(`no puzzle ${which}`);
    const next = new Attempt(this.wasm, puzzle, this.variant);
    this.attempt?.free();
    this.attempt = next;
    this.outcome = null;
    this.ratingDelta = 0;
    this.counted = false;
    return next;
  }

  /**
   * The player tries a move; a wrong one loses the puzzle (once), a last right one wins it.
   * @param {string} text
   * @returns {TryResult}
   */
  play(text) {
    const a = this.attempt;
    if (!a) return { kind: 'ignored', text };
    const r = a.tryMove(text);
    if (r.kind === 'wrong') this.#record(false);
    else if (r.kind === 'correct' && r.done) this.#record(!a.failed);
    return r;
  }

  /** The opponent's reply, when due. @returns {Move | null} */
  reply() {
    return this.attempt?.replyDue ? this.attempt.advance() : null;
  }

  /** The next hint; the second gives the move away, and the puzzle is then lost. */
  hint() {
    const h = this.attempt?.hint() ?? null;
    if (h?.level === 2) this.#record(false);
    return h;
  }

  /** The solution is asked for: the puzzle is lost; the page then plays the line with advance(). */
  reveal() {
    if (!this.attempt || this.attempt.done) return;
    this.attempt.reveal();
    this.#record(false);
  }

  /** The next move of the solution being shown. @returns {Move | null} */
  advance() {
    return this.attempt?.advance() ?? null;
  }

  /** Back to the start of the open puzzle; what was recorded stays. */
  retry() {
    this.attempt?.restart();
  }

  /** @param {boolean} won */
  #record(won) {
    const a = this.attempt;
    if (!a || this.outcome) return;
    // This tab's theme is its own choice; the rest is the latest record's.
    const latest = this.load();
    if (latest) this.stats = { ...latest, theme: this.stats.theme };
    const s = this.stats;
    // Only a puzzle's first attempt counts: one failed and met again, or solved and played
    // again, is practice (else failing, seeing the solution and coming back would pay).
    this.outcome = won ? 'won' : 'lost';
    if (a.puzzle.id in s.results) return;
    const before = s.rating;
    s.rating = updatedRating(s.rating, a.puzzle.rating, won, s.tried);
    s.tried++;
    if (won) {
      s.solved++;
      s.streak++;
      s.best = Math.max(s.best, s.streak);
    } else {
      s.streak = 0;
    }
    s.results[a.puzzle.id] = this.outcome;
    this.counted = true;
    this.ratingDelta = s.rating - before;
    this.save(s);
  }
}
