// @ts-check
// A game session, with no DOM: the game's one record (the core's GameRecord: its moves, what is
// written about them, variations, comments, NAGs, its tags, and the live game at its cursor,
// with its result and endings, legal moves and draws; playing, taking back and replaying move
// the cursor, and the core keeps the line played as the main line), and what the page adds
// around it: who plays which side (mode, side, levels), looking back at earlier moves, the hint
// and the computer's last score, the clocks, the editor's position. What the core knows (the
// result, a resignation, the FEN, the PDN, a variation's position) is asked of the core, never
// rebuilt or copied here. The element (element/element.js) shows a session; the computer
// driver (computer.js) plays its computer's moves; Node tests drive it directly. Beside it:
// start.js makes a new game's record and clocks, record.js the page's tags and PDN,
// editing.js sets up a position, snapshot.js saves and resumes a game.

import { normMode, normVariant, normSide, clampLevel, looksLikeFen, sideToMove, other, START_FEN } from './options.js';
import { readSnapshot, snapshotOf, resumeOptions } from './snapshot.js';
import { DEFAULT_VARIANT } from '../shared/variant.js';
import { applyEnded, exportPdn } from './record.js';
import { pdnDate, pdnNames } from './texts.js';
import { recordFrom, clockFor } from './start.js';
import { putPiece, editedFen } from './editing.js';

/** @import { GameRecord, DamaRules } from '../shared/wasm-types.js' */
/** @typedef {import('./options.js').Color} Color */
/** @typedef {import('./options.js').Mode} Mode */
/** @typedef {import('./options.js').Variant} Variant */
/** @typedef {import('../shared/wasm-types.js').Move} Move a move as the core gives it */
/**
 * What newGame takes. record: the game's record, its cursor the game (a saved or opened game);
 * else fen or pdn: the game (else the start position), with moves played on top and ended, a
 * resignation or agreed draw, applied after them. fen and pdn are also what the New game
 * button repeats.
 * @typedef {{variant?: string | null, mode?: string | null, side?: string | null, level?: unknown,
 *   levelWhite?: unknown, levelBlack?: unknown, fen?: string | null, pdn?: string | null,
 *   moves?: string[], ended?: Ended | null, orientation?: string | null, ply?: string | number | null,
 *   tags?: [string, string][] | null, record?: GameRecord | null, clock?: import('./clock.js').TimeControl | null,
 *   clockState?: unknown, wallNow?: number}} GameOptions
 */
/** @typedef {import('./snapshot.js').Ended} Ended */
/** @typedef {import('../shared/wasm-types.js').TreeNode} TreeNode a node of a game's record, as the core's GameRecord.nodes() gives it */
/** @typedef {import('./editing.js').Editing} Editing */

export class Session {
  /** @param {DamaRules} wasm the loaded wasm module (www/pkg/dama_rules.js or dama_wasm.js) */
  constructor(wasm) {
    this.wasm = wasm;
    /**
     * @type {GameRecord | null} the game's record ('game': the line played is the main line),
     * null only before the first game. The page saves one library record per record
     * (records.js), so a record is replaced only by a new game's, another tab's copy of it
     * (adoptRecord) or, when full, one of its line alone (play).
     */
    this.record = null;
    /** @type {Mode} */
    this.mode = 'computer';
    /** @type {Color | 'random'} the side as asked */
    this.sideOption = 'white';
    /** @type {Color} the human's colour against the computer (random decided) */
    this.human = 'white';
    this.level = 5;
    /** @type {{white: number | null, black: number | null}} watch mode: a side's own level */
    this.levels = { white: null, black: null };
    /** @type {number | null} ply shown while looking back, or null for the live game */
    this.reviewing = null;
    /** @type {'move' | 'hint' | null} set by the computer driver */
    this.thinking = null;
    /** Watching the computer play itself, stopped between moves: no search is started. */
    this.paused = false;
    /** @type {Move | null} */
    this.hint = null;
    /** @type {number | null} the computer's last evaluation, from its own side */
    this.lastScore = null;
    /** @type {Editing | null} while setting up a position */
    this.editing = null;
    /** @type {number | null} the record's move being looked at off the game's line (then `reviewing` is its ply) */
    this.nodeId = null;
    /** @type {GameOptions} what the New game button repeats */
    this.lastOptions = {};
    /** @type {import('./clock.js').Clock | null} the game's clocks, if it has a time control */
    this.clock = null;
    /** The time now, in ms (tests give their own). */
    this.now = () => performance.now();
  }

  /** The game's; before the first game, the default one (what a first newGame() with no variant plays). */
  get variant() {
    return /** @type {Variant} */ (this.record?.variant() ?? DEFAULT_VARIANT);
  }

  /**
   * A new game; throws an Error with the reason for a bad fen, pdn or move, and then nothing
   * has changed.
   * @param {GameOptions} [o]
   */
  newGame(o = {}) {
    const mode = o.mode != null ? normMode(o.mode) : this.mode;
    const level = /** @type {number} */ (clampLevel(o.level, this.level));
    const variant = o.variant != null ? normVariant(o.variant) : this.variant;
    const record = recordFrom(this.wasm, o, variant);
    const asked = normSide(o.side);
    let side = asked ?? (o.side === undefined ? /** @type {Color | 'random' | null} */ (this.lastOptions.side ?? null) : null);
    if (!side) side = o.fen || o.pdn ? sideToMove(record.startFen()) : 'white';
    this.cancelled();
    if (this.record !== record) this.record?.free();
    this.record = record;
    this.lastOptions = { variant: record.variant(), mode, side, level, fen: o.fen ?? null, pdn: o.pdn ?? null, clock: o.clock ?? null };
    this.mode = mode;
    this.sideOption = side;
    this.level = level;
    this.levels = {
      white: /** @type {number | null} */ (clampLevel(o.levelWhite, null)),
      black: /** @type {number | null} */ (clampLevel(o.levelBlack, null)),
    };
    this.human = side === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : side;
    this.hint = null;
    this.lastScore = null;
    this.editing = null;
    this.reviewing = null;
    this.nodeId = null;
    this.paused = false;
    // Clocks for games people play (a saved game's clocks come back as they were).
    this.clock = null;
    if (mode === 'computer' || mode === 'two-players' || mode === 'remote') this.clock = clockFor(o, record, () => this.now());
    if (mode === 'view') {
      const want = o.ply;
      const n = record.ply();
      this.reviewing = want === 'end' ? n : Math.min(n, Math.max(0, Number.parseInt(String(want ?? 0), 10) || 0));
    }
  }

  /**
   * A position (FEN, in the current game's numbering) or a game (PDN) keeping the mode, side
   * and level. An imported game between named players is shown as theirs: its names, its
   * result, and two players at the board (it can be continued against the computer later).
   * @param {string} text
   */
  load(text) {
    const s = String(text ?? '').trim();
    if (!s) throw new Error('nothing to load');
    const base = { variant: this.variant, mode: this.mode, side: this.sideOption, level: this.level };
    if (looksLikeFen(s)) this.newGame({ ...base, fen: s });
    else this.newGame({ ...base, mode: 'two-players', pdn: s });
  }

  /**
   * Opens game `index` of a PDN file (the core's PdnFile): its moves, tags, result and
   * variations. Throws (changing nothing) for a game whose moves are illegal.
   * @param {import('../shared/wasm-types.js').PdnFile} file
   * @param {number} index
   */
  openFromFile(file, index) {
    const record = file.record(index, 'game');
    try {
      this.newGame({ mode: 'two-players', side: 'white', pdn: record.toPdn(), record });
    } catch (err) {
      record.free();
      throw err;
    }
  }

  /**
   * Keeps the game up to move `ply` (default: the move shown) and plays on from there,
   * against the computer (playing the side not to move) or between two players. The
   * players' names and result of an imported game no longer apply.
   * @param {Mode} mode
   * @param {number | null} [ply]
   */
  continueFrom(mode, ply = this.reviewing) {
    const record = /** @type {GameRecord} */ (this.record);
    const n = ply ?? record.ply();
    // From a variation's move: its own line, as the record replays it.
    const line = this.nodeId === null ? this.history().slice(0, n) : this.#atNode(this.nodeId, (g) => g.history());
    const moves = line.map((m) => m.text);
    const start = record.startFen();
    const turnAt = /** @type {Color} */ ((moves.length + (sideToMove(start) === 'black' ? 1 : 0)) % 2 ? 'black' : 'white');
    const keep = (this.tags ?? []).filter(([k]) => !/^(white|black|result|whiteelo|blackelo)$/i.test(k));
    this.newGame({ variant: this.variant, mode, side: turnAt, level: this.level, fen: start, moves, tags: keep.length ? keep : null });
  }

  /**
   * The game's tags, its record's (the page's own, which the PDN export fills, empty).
   * @returns {[string, string][] | null}
   */
  get tags() {
    return this.record ? this.record.tags() : null;
  }

  /** The record's move looked at off the game's line, as the record has it now, or null. @returns {TreeNode | null} */
  get node() {
    return this.nodeId === null ? null : this.treeNodes().find((x) => x.id === this.nodeId) ?? null;
  }

  /** The players named by the game's tags (an imported game's; "?" and "" are no name). */
  tagPlayers() {
    const tags = this.tags;
    /** @param {string} name */
    const tag = (name) => {
      const v = tags?.find(([k]) => k.toLowerCase() === name)?.[1]?.trim();
      return v && v !== '?' && v !== '-' ? v : null;
    };
    return { white: tag('white'), black: tag('black') };
  }

  /** @param {Color} color */
  levelFor(color) {
    return (this.mode === 'watch' && this.levels[color]) || this.level;
  }

  /** @returns {Move[]} */
  history() {
    return this.record ? this.record.history() : [];
  }

  /** @returns {Move[]} */
  legalMoves() {
    return this.record ? this.record.legalMoves() : [];
  }

  /** Who moved first: the start position's side to move. */
  firstToMove() {
    return sideToMove(this.record?.startFen() ?? START_FEN);
  }

  /** @param {Color} color */
  piecesOf(color) {
    const cells = this.record ? this.record.board() : [];
    let n = 0;
    for (const c of cells) if (color === 'white' ? c > 0 : c < 0) n++;
    return n;
  }

  /**
   * The resignation or agreed draw that ended the game, as the core records it.
   * @returns {Ended | null}
   */
  get ended() {
    const r = this.record?.result();
    if (r?.reason === 'resignation' && r.winner) return { type: 'resign', color: other(r.winner) };
    if (r?.reason === 'time' && r.winner) return { type: 'time', color: other(r.winner) };
    if (r?.reason === 'agreement') return { type: 'draw' };
    return null;
  }

  /** The side whose moves come from a person now (null: nobody can move). */
  humanToMove() {
    const g = this.record;
    return (
      !!g &&
      !this.editing &&
      !this.readonly &&
      !g.result() &&
      this.reviewing === null &&
      this.thinking !== 'move' &&
      (this.mode === 'two-players' || ((this.mode === 'computer' || this.mode === 'remote') && g.turn() === this.human))
    );
  }

  /** Whether a person plays `color` here (both sides between two players, none watching). @param {Color} color */
  personPlays(color) {
    return this.mode === 'two-players' || ((this.mode === 'computer' || this.mode === 'remote') && color === this.human);
  }

  /** In remote mode, the page's turn to supply a move (the opponent's, through play()). */
  remoteToMove() {
    const g = this.record;
    return !!g && this.mode === 'remote' && !this.editing && !g.result() && g.turn() !== this.human;
  }

  /** Set by the element from its readonly attribute. */
  readonly = false;

  /** The computer's turn: against a person, or both sides in watch mode. */
  computerToMove() {
    const g = this.record;
    if (!g || this.editing || g.result()) return false;
    if (this.mode === 'watch') return this.reviewing === null && !this.paused;
    return this.mode === 'computer' && g.turn() !== this.human;
  }

  /**
   * A move (a person's, the computer's or a remote opponent's), as text; returns the core's
   * move, or throws its refusal, and then nothing has changed. The mover's clock gains the
   * increment and the other side's starts, unless the game is over.
   * @param {string} text
   * @returns {Move}
   */
  play(text) {
    const record = /** @type {GameRecord} */ (this.record);
    const mover = /** @type {Color} */ (record.turn());
    const m = this.#playOn(record, text);
    this.hint = null;
    this.clock?.moved(mover, this.now(), !this.record?.result());
    return m;
  }

  /**
   * Plays `text` in `record`. A record that cannot hold the move (the core's bounds: 100,000
   * moves, variations 64 deep) stays as it was, saved where it is, and the game goes on in a
   * record of its line and tags alone: the page saves a new record as a new game in the
   * library (records.js), so nothing is lost.
   * @param {GameRecord} record @param {string} text
   * @returns {Move}
   */
  #playOn(record, text) {
    try {
      return record.play(text);
    } catch (err) {
      if (/** @type {Error} */ (err).name !== 'RecordFullError') throw err;
      const fresh = record.lineOnly();
      let m;
      try {
        m = fresh.play(text);
      } catch (again) {
        fresh.free();
        throw again;
      }
      console.warn('the game record is full; the game goes on as a new record:', /** @type {Error} */ (err).message);
      record.free();
      this.record = fresh;
      this.nodeId = null;
      return m;
    }
  }

  /**
   * Whether a flag fell: the side whose clock ran out loses (the core's result, reason `time`).
   * @returns {boolean} true if the game ended now
   */
  checkFlag() {
    const record = this.record;
    const color = this.clock?.flagged(this.now());
    if (!color || !record || record.result()) return false;
    this.cancelled();
    record.loseOnTime(color);
    this.clock?.stop(this.now());
    return true;
  }

  /** The computer's search time: its level's own (`levelMs`), within what its clock allows. @param {number} levelMs */
  searchTime(levelMs) {
    const c = this.clock;
    if (!c || !this.record) return levelMs;
    const color = /** @type {Color} */ (this.record.turn());
    return Math.max(1, Math.min(levelMs, this.wasm.moveBudget(c.remaining(color, this.now()), c.control.incrementMs)));
  }

  /** Runs the clock of the side to move, or stops both when the game is over or looked back at. */
  syncClock() {
    const c = this.clock;
    const g = this.record;
    if (!c || !g) return;
    const stop = !!g.result() || this.reviewing !== null || !!this.editing || g.ply() === 0;
    const turn = /** @type {Color} */ (g.turn());
    if (stop) c.stop(this.now());
    else if (c.running !== turn) c.start(turn, this.now());
  }

  // Against an opponent elsewhere (remote), a move is not taken back on one side alone.
  canRedo() {
    return !!this.record?.canRedo() && !this.readonly && this.mode !== 'view' && this.mode !== 'watch' && this.mode !== 'remote';
  }

  // Something of the player's own to take back during the game: against the computer, its
  // opening move alone does not count (undoing it would only make it play again). A game over
  // has nothing to take back: its result is final (the core's record refuses it too).
  canUndo() {
    if (!this.record || this.readonly || this.mode === 'view' || this.mode === 'watch' || this.mode === 'remote' || this.editing) return false;
    if (!this.record.canUndo()) return false;
    return !(this.mode === 'computer' && this.record.ply() === 1 && this.firstToMove() !== this.human);
  }

  /**
   * Takes back the player's last move (and the computer's answer); false if nothing was. The
   * record keeps the moves taken back: redone, they are its main line again; after another
   * move, a variation (the core's GameRecord). Never past the end of a game.
   */
  undo() {
    const g = this.record;
    if (!g || !this.canUndo()) return false;
    this.reviewing = null;
    this.cancelled();
    // Against the computer, back to the player's previous turn: one move if the computer
    // was still thinking about its answer, two otherwise.
    do {
      if (!g.undo()) break;
    } while (this.mode === 'computer' && g.turn() !== this.human && g.ply());
    this.hint = null;
    return true;
  }

  /**
   * Plays again what was taken back (the record's main line after the move shown): against
   * the computer, up to the player's next turn. Returns the moves replayed.
   * @returns {Move[]}
   */
  redo() {
    const g = this.record;
    if (!g || !this.canRedo()) return [];
    this.reviewing = null;
    this.cancelled();
    const played = [];
    do {
      const m = g.redo();
      if (!m) break;
      played.push(m);
    } while (this.mode === 'computer' && g.turn() !== this.human && g.canRedo() && !g.result());
    this.hint = null;
    return played;
  }

  /**
   * The player resigns against the computer or a remote opponent; between two players, the
   * side to move does. In remote mode the page may name the side (the opponent resigned on
   * its server).
   * @param {Color | null} [color]
   */
  resign(color = null) {
    const g = this.record;
    if (!g || g.result() || this.mode === 'view' || this.mode === 'watch') return false;
    this.cancelled();
    const side = this.mode === 'remote' && (color === 'white' || color === 'black') ? color : this.mode === 'computer' || this.mode === 'remote' ? this.human : g.turn();
    g.resign(side);
    return true;
  }

  /**
   * Against the computer it accepts when its own last evaluation says it is not better;
   * between two players the draw is agreed. Returns whether the game ended in a draw.
   */
  offerDraw() {
    const g = this.record;
    if (!g || g.result() || this.mode === 'view' || this.mode === 'watch') return false;
    if (this.mode === 'computer' && !(this.lastScore !== null && this.lastScore <= 0)) return false;
    // Against a remote opponent the offer goes to the page (the element's drawoffer event),
    // which ends the game with agreeDraw() once the other side accepts.
    if (this.mode === 'remote') return false;
    this.cancelled();
    g.agreeDraw();
    return true;
  }

  /**
   * Look at the position after `ply` moves; null (or the last move outside view mode) goes
   * back to the game. Returns the ply shown, or null for the live game.
   * @param {number | null} ply
   */
  review(ply) {
    this.nodeId = null;
    const n = this.record?.ply() ?? 0;
    if (ply === null || ply === undefined || (ply >= n && this.mode !== 'view')) {
      if (this.mode !== 'view') this.reviewing = null;
      return this.reviewing;
    }
    this.reviewing = Math.max(0, Math.min(n, Math.trunc(ply)));
    this.hint = null;
    return this.reviewing;
  }

  /** The cells shown: the position reviewed, else the game's. */
  board() {
    if (!this.record) return new Int8Array(32);
    if (this.editing) return this.editing.pieces;
    if (this.nodeId !== null) return this.#atNode(this.nodeId, (g) => g.board());
    return this.reviewing === null ? this.record.board() : this.record.boardAt(this.reviewing);
  }

  /** The move that led to what is shown (for the board's highlight). */
  lastMoveShown() {
    if (this.nodeId !== null) return this.#atNode(this.nodeId, (g) => g.history().at(-1) ?? null);
    const hist = this.history();
    const p = this.reviewing ?? hist.length;
    return p ? hist[p - 1] ?? null : null;
  }

  /**
   * Sets up a position from the cells given (default: those shown).
   * @param {{pieces?: ArrayLike<number>, turn?: Color}} [o]
   */
  edit({ pieces, turn } = {}) {
    this.cancelled();
    this.editing = { pieces: Int8Array.from(pieces ?? this.board()), turn: turn ?? /** @type {Color | undefined} */ (this.record?.turn()) ?? 'white' };
  }

  /**
   * A tap on square `sq` in the editor puts `tool` there (or empties it if it already holds it);
   * a man on his crowning row is refused at once (editing.js). Returns the core's reason, else null.
   * @param {number} sq
   * @param {number} tool
   * @returns {string | null}
   */
  editSquare(sq, tool) {
    if (!this.editing || sq < 1 || sq > 32) return null;
    return putPiece(this.wasm, this.editing, this.variant, sq, tool);
  }

  /**
   * The editor's position as a FEN, written by the core; throws with the core's reason for a
   * position that cannot be played (none, a man on its crowning row, a game already over).
   */
  editorFen() {
    return this.editing ? editedFen(this.wasm, this.editing, this.variant) : '';
  }

  /**
   * Plays the edited position; throws (staying in the editor) when the core refuses it.
   */
  playEdited() {
    const fen = this.editorFen();
    const turn = /** @type {Color} */ (this.editing?.turn ?? 'white');
    this.newGame({ fen, variant: this.variant, mode: this.mode, level: this.level, side: this.mode === 'computer' ? turn : undefined });
  }

  cancelEdit() {
    this.editing = null;
  }

  /** Forgets what the computer was doing (the driver checks this with its request id). */
  cancelled() {
    this.thinking = null;
  }

  /**
   * What the engine needs to search the game as it stands.
   * @param {number} level
   * @param {number} timeMs
   */
  searchRequest(level, timeMs) {
    return {
      variant: this.variant,
      startFen: /** @type {GameRecord} */ (this.record).startFen(),
      moves: this.history().map((m) => m.text),
      level,
      timeMs,
      seed: (Math.random() * 2 ** 31) | 0,
    };
  }

  /**
   * The game as PDN, its record's, written by the core: the moves with their variations and
   * comments, the game's result, and its tags, Event, Site, Date, White and Black filled as
   * the page names them where the game says nothing; `extra` sets any tag (in the record).
   * @param {Record<string, string>} [extra]
   * @param {string} [site]
   */
  pdn(extra = {}, site = '?') {
    return this.record ? exportPdn(this.record, pdnNames(this), extra, site, pdnDate()) : '';
  }

  /** The record's nodes (none before the first game). @returns {TreeNode[]} */
  treeNodes() {
    return this.record ? this.record.nodes() : [];
  }

  /** The game's record as PDN, as it is saved to be resumed (snapshot.js): the page's tags left empty. */
  recordPdn() {
    return this.record ? this.record.toPdn() : '';
  }

  /**
   * Looks at a move of the record: a main-line move is the game's own (review), a
   * variation's is shown read-only from its position.
   * @param {number} id
   */
  viewNode(id) {
    const n = this.treeNodes().find((x) => x.id === id);
    if (!n) return;
    // The main line up to the game's move is the game itself; past it (moves taken back) and
    // in variations, a move is shown read-only from its position.
    if (n.mainline && n.ply <= /** @type {GameRecord} */ (this.record).ply()) return void this.review(n.ply);
    this.reviewing = n.ply;
    this.nodeId = n.id;
    this.hint = null;
  }

  /**
   * What `fn` reads of the game at the record's move `id`, replayed by the record.
   * @template T
   * @param {number} id
   * @param {(g: GameRecord) => T} fn
   */
  #atNode(id, fn) {
    const g = /** @type {GameRecord} */ (this.record).gameAt(id);
    try {
      return fn(g);
    } finally {
      g.free();
    }
  }

  /** What the page saves to resume the game after a reload (snapshot.js). */
  snapshot() {
    return snapshotOf(this);
  }

  /**
   * Takes `record` as the game's record: the same game's record as saved by another tab, with
   * what it added (a review, comments), standing at this game's moves (record.js's
   * mergeInto); this game's ending is kept. Throws, changing nothing, for another game's.
   * @param {GameRecord} record
   */
  adoptRecord(record) {
    const now = this.record;
    const ours = this.history().map((m) => m.text);
    const theirs = record.history().map((m) => m.text);
    if (!now || record.variant() !== now.variant() || record.startFen() !== now.startFen() || theirs.join(' ') !== ours.join(' ')) {
      throw new Error("the game's record is of another game");
    }
    const ended = this.ended;
    if (ended && !record.result()) applyEnded(record, ended);
    if (now !== record) now.free();
    this.record = record;
    this.nodeId = null;
  }

  /**
   * Resumes a saved game (a snapshot read back from storage, of any age): its moves, record,
   * players, levels and clocks, the time spent while the page was closed counted on the
   * running clock (a flag that fell meanwhile is a loss on time now). Throws, changing
   * nothing, for a value that is not a saved game.
   * @param {unknown} raw
   * @param {number} [wallNow] the wall clock now, in ms (Date.now())
   */
  restore(raw, wallNow = Date.now()) {
    const o = resumeOptions(this.wasm, readSnapshot(raw), wallNow);
    try {
      this.newGame(o);
    } catch (err) {
      o.record?.free();
      throw err;
    }
    this.checkFlag();
  }
}
