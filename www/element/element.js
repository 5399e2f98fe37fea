// @ts-check
// <dama-board>: a draughts game in one element. It shows a session (game/session.js) on the
// canvas board, lets the computer driver (game/computer.js) play through the page's shared
// engine worker, and reports what happens with DOM events. The site's pages import this file
// (element/element.js); other sites import www/dama-board.js, which loads it.
//
//   <dama-board mode="computer" side="white" level="5" numbers></dama-board>
//
// Attributes: game/options.js; reads: reads.js; all of it: docs/EMBED.md. Events
// (bubbling, composed): move, gameover, change, notice, illegal, ambiguous, premove, ready,
// newgamerequest, drawoffer, puzzle, lowtime. This file is the element's life and its
// commands; beside it: chrome.js and css.js (its shadow chrome), analysis.js (the `analysis`
// attribute), puzzle-mode.js (the `puzzle` attribute), premoves.js, script-move.js
// (play({from, to})).

import { createBoard } from '../board/api.js';
import { readTheme } from '../board/theme.js';
import { ENGINE_NEEDS, loadWasm } from '../shared/wasm.js';
import { lazyEngine } from '../engine/loader.js';
import { t, onLanguageChange, loadLanguage, textOf } from '../shared/i18n.js';
import { CSS } from './css.js';
import { DamaBoardReads, WATCH_DELAY_MS } from './reads.js';
import { CHROME, chromeParts, renderChrome, navPly, keyPly, announce } from './chrome.js';
import { Premoves } from './premoves.js';
import { scriptMoveText } from './script-move.js';
import { ATTRIBUTES, OPTIONS, readOptions, flag, clampLevel, delayMs, other } from '../game/options.js';
import { normVariant } from '../shared/variant.js';
import { Session } from '../game/session.js';
import { Computer } from '../game/computer.js';
import { FlagWatch, LowTimeAlarm } from '../game/clock.js';
import { rematchOptions } from '../game/rematch.js';
import { boardConfig, boardLayout } from '../game/board-config.js';
import { boardSettings, onBoardSettingsChange, searchThreads } from '../settings/settings.js';
import { themeName, pieceSetName } from '../board/themes.js';
import { sentence, moveAnnouncement, squareDescription, refusalText } from '../game/texts.js';

// The sounds (shared/sound.js) load when sound is first switched on: no part of a playable board
// for the many who play without.
const soundModule = () => import('../shared/sound.js');
/** @param {Parameters<typeof import('../shared/sound.js').playSound>} args */
const playSound = (...args) => void soundModule().then((m) => m.playSound(...args), () => {});

/** @typedef {import('../game/session.js').Move} Move */
/** @typedef {import('../game/session.js').GameOptions} GameOptions */
/** @typedef {import('../game/options.js').Color} Color */
/** @typedef {import('../shared/i18n.js').Message} Message */
/** @import { ElementHost } from './types.js' */
/** @import { DamaRules, PdnFile } from '../shared/wasm-types.js' */

/** The rules' wasm module, loaded once for every board. @type {DamaRules | null} */
let wasm = null;

export class DamaBoard extends DamaBoardReads {
  static observedAttributes = ATTRIBUTES;

  #engine = lazyEngine(searchThreads);
  /** @type {Computer | null} */
  #cpu = null;
  #flags = new FlagWatch(() => this.#clockTick(), () => (this.#cpu?.cancel(), this.#afterMove(true)));
  #lowTime = new LowTimeAlarm();
  /** The shadow chrome's parts (chrome.js). @type {Record<string, HTMLElement>} */
  #ui = {};
  #overlayClosed = false;
  /** @type {Message} kept as words to make, so a switch of language words it again */
  #notice = '';
  /** What the stage says until the game shows: 'loading', or 'loadFailed'. */
  #loadingKey = 'loading';
  /** @type {GameOptions | null} newGame() before the wasm was loaded */
  #pending = null;
  #restartQueued = false;
  #initStarted = false;
  /** @type {(() => void) | null} */
  #unlisten = null;
  /** @type {(() => void) | null} stops following the player's board settings */
  #unfollow = null;
  /** @type {() => void} */
  #readyResolve = () => {};
  /** @type {Promise<void>} */
  #readyPromise = new Promise((r) => (this.#readyResolve = r));

  /** What a tap puts on a square in the editor: 1/2 white man/king, -1/-2 black, 0 empty. */
  editTool = 1;

  /**
   * The evaluation bar and best line (the `analysis` attribute, or mode="analysis"): its
   * module loaded when first switched on, no part of a playable board.
   * @type {import('./analysis.js').ElementAnalysis | null}
   */
  #analysis = null;
  /** @type {Promise<void> | null} */
  #analysisLoad = null;
  /** What the helpers below may use of the element (element/types.ts). @type {ElementHost} */
  #host = {
    reads: this,
    newGame: (o) => this.newGame(o),
    play: (move) => this.play(move),
    notice: (message) => this.#setNotice(message),
    announce: (text) => this.#announce(text),
    emit: (name, detail) => this.#emit(name, detail),
    moved: (m, color, by) => this.#moved(m, color, by),
    sync: () => this.#sync(),
  };
  /** The puzzle being solved (the `puzzle` attribute). */
  // Its module loaded when a puzzle is first asked for (no part of a playable board).
  /** @type {import('./puzzle-mode.js').PuzzleMode | null} */
  #puzzles = null;
  /** Bumped at each puzzle asked for or left: a module arriving for an older ask starts nothing. */
  #puzzleAsk = 0;
  /** The moves queued while the other side is to move. */
  #premoves = new Premoves(this.#host);

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
    root.innerHTML = CHROME;
    this.#ui = chromeParts(root);
    root.addEventListener('click', (e) => {
      const act = /** @type {HTMLElement} */ (e.target).closest?.('button[data-act]');
      if (act instanceof HTMLElement && act.dataset.act) this.#action(act.dataset.act);
    });
    this.#renderLoading();
  }

  connectedCallback() {
    this.#unlisten ??= onLanguageChange(() => this.#rewordAll());
    // The player's theme, pieces and premoves, changed in this tab or another: at once.
    this.#unfollow ??= onBoardSettingsChange(() => this.#sync());
    if (!this.ground) return void this.#init();
    this.#sync();
    this.#cpu?.maybeMove();
  }

  disconnectedCallback() {
    this.#analysis?.close();
    this.#cpu?.cancel();
    this.#flags.update(false);
    this.#unlisten?.();
    this.#unlisten = null;
    this.#unfollow?.();
    this.#unfollow = null;
  }

  async #init() {
    if (this.#initStarted) return;
    this.#initStarted = true;
    try {
      wasm ??= await loadWasm();
    } catch (err) {
      this.#loadingKey = 'loadFailed';
      this.#renderLoading();
      console.error(err);
      return;
    }
    // The board's own words before it shows anything: its language's table (the page's, which
    // the page is loading too, unless a lang attribute says another). Read after the wasm, so
    // a lang attribute the host sets once this module has run is the one loaded.
    await this.#loadWords();
    this.#ui.loading.hidden = true;
    const s = (this.session = new Session(wasm));
    this.#cpu = this.#makeComputer(s);
    this.ground = this.#makeBoard();
    this.ground.canvas.addEventListener('keydown', (/** @type {KeyboardEvent} */ e) => this.#onKey(e));
    // Colours can change with the host's media queries or classes: read them on resize too.
    new ResizeObserver(() => this.refreshTheme()).observe(this);
    const pending = this.#pending;
    this.#pending = null;
    this.#startFromAttributes(pending);
    // Load the engine's wasm now, not when the computer first has to move.
    if (s.mode === 'computer' || s.mode === 'watch') this.#engine.start();
    this.#readyResolve();
    this.#emit('ready', {});
  }

  /**
   * The computer's driver of the session: its moves and hints shown, its failures said.
   * @param {Session} s
   */
  #makeComputer(s) {
    return new Computer(s, this.#engine, this, {
      changed: () => this.#sync(),
      played: (m, mover) => {
        // Taken before the board learns it is the player's turn (it then drops any premove).
        const premove = this.#premoves.queued();
        if (s.reviewing === null && s.record) this.ground?.playMove(m, s.record.board());
        this.#moved(m, mover, 'computer');
        this.#premoves.play(premove);
      },
      failed: (msg) =>
        this.#setNotice(() =>
          msg === ENGINE_NEEDS ? t('engineNeedsSimd', {}, this.lang) : t('engineFailed', { error: msg }, this.lang),
        ),
      hinted: (m) => {
        if (m) this.#announce(t('hintShown', { move: m.text }, this.lang));
        this.#sync();
      },
      delay: () => delayMs(this.getAttribute('delay'), WATCH_DELAY_MS),
      busy: () => !!this.ground?.isAnimating(),
      active: () => this.isConnected,
    });
  }

  /** The canvas board in the shadow chrome, its events the element's. */
  #makeBoard() {
    return createBoard(this.#ui.board, {
      ...boardLayout(normVariant(this.getAttribute('variant'))),
      coordinates: flag(this.getAttribute('numbers')),
      animation: { enabled: !matchMedia('(prefers-reduced-motion: reduce)').matches },
      describe: (sq, piece, o) => squareDescription(this.squareName(sq), piece, o, this.lang),
      theme: readTheme(this, this.boardTheme),
      pieceSet: this.pieceSet,
      events: {
        move: (/** @type {Move} */ m) => this.#onUserMove(m),
        illegal: (/** @type {number} */ from, /** @type {number} */ to) => this.#onIllegal(from, to),
        select: (/** @type {number} */ _sq, /** @type {Move[]} */ moves) => this.#onSelect(moves),
        ambiguous: (/** @type {Move[]} */ moves) => this.#emit('ambiguous', { moves }),
        announce: (/** @type {string} */ text) => this.#announce(text),
        square: (/** @type {number} */ sq) => this.#onEditSquare(sq),
        premove: (/** @type {{from: number, to: number} | null} */ p) => this.#premoves.changed(p),
      },
    });
  }

  /** @param {string} name @param {string | null} old @param {string | null} value */
  attributeChangedCallback(name, old, value) {
    if (name === 'lang' && old !== value) void this.#loadWords().then(() => this.#rewordAll());
    if (name === 'sound' && flag(value)) void soundModule().catch(() => {}); // here before the first sound
    const s = this.session;
    if (!this.ground || !s || old === value) return;
    if (OPTIONS.find((o) => o.attr === name)?.restarts) {
      // Several attributes set one after another restart the game once.
      if (!this.#restartQueued) {
        this.#restartQueued = true;
        queueMicrotask(() => {
          this.#restartQueued = false;
          this.#startFromAttributes();
        });
      }
      return;
    }
    if (name === 'numbers') this.ground.set({ coordinates: flag(value) });
    else if (name === 'level') s.level = /** @type {number} */ (clampLevel(value, s.level));
    else if (name === 'level-white' || name === 'level-black') s.levels[name === 'level-white' ? 'white' : 'black'] = /** @type {number | null} */ (clampLevel(value, null));
    else if (name === 'orientation' && (value === 'white' || value === 'black')) this.ground.set({ orientation: value });
    this.#sync();
  }

  /** Starts puzzle `id` once its module is here, unless another ask came meanwhile. @param {string} id @param {number} ask */
  async #startPuzzle(id, ask) {
    try {
      const { PuzzleMode } = await import('./puzzle-mode.js');
      this.#puzzles ??= new PuzzleMode(this.#host);
    } catch (err) {
      if (ask === this.#puzzleAsk) this.#setNotice(/** @type {Error} */ (err).message);
      return;
    }
    if (ask === this.#puzzleAsk) void this.#puzzles.start(id);
  }

  /** @param {GameOptions | null} [asked] newGame's options given before the wasm had loaded */
  #startFromAttributes(asked = null) {
    const opts = asked ?? readOptions((n) => this.getAttribute(n));
    const puzzle = this.getAttribute('puzzle')?.trim();
    this.#puzzles?.leave();
    const ask = ++this.#puzzleAsk;
    if (puzzle && !asked) return void this.#startPuzzle(puzzle, ask);
    try {
      this.newGame(opts);
    } catch (err) {
      // A bad fen or pdn attribute: say so, and show the start position rather than nothing.
      this.newGame({ ...opts, fen: null, pdn: null });
      const error = /** @type {Error} */ (err).message;
      this.#setNotice(() => t('badPosition', { error }, this.lang));
    }
  }

  // ------------------------------------------------------------ commands (reads: reads.js)

  whenReady() { return this.#readyPromise; }
  /** The notice shown in the bar ('' for none), in the board's language. */
  get notice() { return textOf(this.#notice); }
  /**
   * A new game (see Session.newGame); throws on bad input and then nothing has changed.
   * @param {GameOptions} [o]
   */
  newGame(o = {}) {
    if (!this.session || !this.ground) return void (this.#pending = o);
    // A game the page starts ends the puzzle under way (a puzzle's start sets its own after this).
    if (this.#puzzles) this.#puzzles.attempt = null;
    const attr = (/** @type {string} */ n) => this.getAttribute(n);
    const levels = { levelWhite: o.levelWhite !== undefined ? o.levelWhite : attr('level-white'), levelBlack: o.levelBlack !== undefined ? o.levelBlack : attr('level-black') };
    const ply = this.session.mode === 'view' || o.mode === 'view' ? (o.ply ?? attr('ply')) : o.ply;
    this.#run((s) => s.newGame({ ...o, ...levels, ply }), 'fresh', o.orientation);
  }
  /**
   * Resumes a saved game (Session.restore: its moves, record, players and clocks); throws,
   * changing nothing, for a value that is not one.
   * @param {unknown} snap
   */
  restore(snap) {
    if (!this.session || !this.ground) throw new Error('the board is not ready');
    const o = /** @type {{orientation?: unknown} | null} */ (snap && typeof snap === 'object' ? snap : null)?.orientation;
    this.#run((s) => void s.restore(snap), 'fresh', typeof o === 'string' ? o : null);
  }
  /** Opens game `index` of a PDN file (the core's PdnFile); throws for one that cannot be. @param {PdnFile} file @param {number} index */
  openFromFile(file, index) { this.#run((s) => s.openFromFile(file, index), 'fresh', 'white'); }
  /** Plays on from move `ply` (default: the one shown). @param {'computer' | 'two-players'} mode @param {number | null} [ply] */
  continueFrom(mode, ply) { this.#run((s) => s.continueFrom(mode, ply), 'fresh'); }
  /**
   * At the end of a game, the same opponent, game and clock again with the colours swapped
   * (game/rematch.js): a new game, the one that ended kept as it was. Returns whether one
   * started (none before the end, nor for a game not played here).
   */
  rematch() {
    const o = rematchOptions(this.session, this.orientation);
    if (!o) return false;
    this.newGame(o);
    return true;
  }
  /** A FEN or a PDN (see Session.load); throws on bad input and then nothing has changed. @param {string} text */
  load(text) {
    if (!String(text ?? '').trim()) throw new Error(t('nothingToLoad', {}, this.lang));
    this.#run((s) => s.load(text), 'fresh');
  }
  undo() { this.#run((s) => s.undo(), 'pieces'); }
  redo() {
    const { session: s, ground } = this;
    const played = s?.redo() ?? [];
    const g = s?.record;
    if (!played.length || !g || !ground) return;
    this.#cpu?.cancel();
    ground.cancel();
    if (played.length === 1) ground.playMove(played[0], g.board());
    else ground.setPieces(g.board());
    this.#announce(moveAnnouncement(played[played.length - 1], other(g.turn()), this.lang));
    this.#afterMove(false);
  }
  flip() { this.ground?.flip(); this.#sync(); }
  hint() { return this.#cpu?.hint(); }
  /** Watching the computer play itself, stopped between moves (a new game is not). */
  get paused() { return !!this.session?.paused; }
  /** Paused, no search is started and a reply on its way is dropped; resumed, the game goes on. */
  set paused(on) {
    const s = this.session;
    if (!s || s.mode !== 'watch' || s.paused === !!on) return;
    s.paused = !!on;
    if (s.paused) this.#cpu?.cancel();
    this.#sync();
    this.#cpu?.maybeMove();
  }
  /**
   * The player resigns (between two players at the board, the side to move). In remote mode
   * the page may resign for the opponent (`'white'` or `'black'`: it resigned on the server).
   * @param {Color} [color]
   */
  resign(color) { this.#run((s) => s.resign(color ?? null), 'ended'); }
  /**
   * Returns whether the game ended in a draw (the computer accepts when it is not better). In
   * remote mode the offer goes to the page as a `drawoffer` event and the game goes on until
   * the page calls agreeDraw().
   */
  offerDraw() {
    const ok = this.#run((s) => s.offerDraw(), 'ended');
    const s = this.session;
    const going = !!s?.record && !s.record.result();
    if (!ok && going && s?.mode === 'computer') this.#setNotice(() => t('drawDeclined', {}, this.lang));
    if (!ok && going && s?.mode === 'remote') {
      this.#emit('drawoffer', { color: s.human });
      this.#setNotice(() => t('drawOffered', {}, this.lang));
    }
    return ok;
  }
  /** Ends the game drawn by agreement (remote mode: the opponent accepted on the server; between two players at the board). Returns whether it did. */
  agreeDraw() {
    const s = this.session;
    if (!s?.record || s.record.result() || (s.mode !== 'remote' && s.mode !== 'two-players')) return false;
    return this.#run((x) => (x.cancelled(), x.record?.agreeDraw(), true), 'ended');
  }
  /**
   * Plays a move for the side to move, as a script (a club's server, a friend's move in remote
   * mode): `move` is the move's text in the game's notation ("22-18", "c3xe5", a capture's
   * whole path where two share both ends) or `{from, to}` in the game's numbering (1-32 or
   * "c3"). Returns the move played, as the `move` event says it (`by: 'script'`). Throws,
   * changing nothing, with the rule's reason for a move that is not legal, and for a board
   * not ready, a game over, a game being set up, reviewed or only viewed.
   * @param {string | {from: number | string, to: number | string}} move
   */
  play(move) {
    const s = this.session;
    if (!s?.record || !this.ground) throw new Error(t('playNotReady', {}, this.lang));
    if (s.record.result()) throw new Error(t('playOver', {}, this.lang));
    if (s.editing || s.reviewing !== null || s.mode === 'view' || s.mode === 'watch' || s.thinking === 'move') throw new Error(t('playNotNow', {}, this.lang));
    const text = typeof move === 'string' ? move : scriptMoveText(s, move, this.lang);
    const premove = this.#premoves.queued();
    const mover = s.record.turn();
    /** @type {Move} */
    let m;
    try {
      m = s.play(String(text).trim());
    } catch (err) {
      throw new Error(sentence(/** @type {Error} */ (err).message), { cause: err });
    }
    this.#cpu?.cancel();
    this.ground.cancel();
    this.ground.playMove(m, s.record.board());
    this.#moved(m, mover, 'script');
    this.#premoves.play(premove);
    return m;
  }

  /** Look at the position after `ply` moves; null goes back to the game. @param {number | null} ply */
  review(ply) {
    const was = this.session?.reviewing;
    if (this.session?.record && this.session.review(ply) !== was) this.#after(true);
  }
  exitReview() { if (this.session?.mode !== 'view') this.review(null); }
  /** Looks at a move of an imported game's tree (a variation's too). @param {number} id */
  viewNode(id) { this.#run((s) => s.viewNode(id), 'pieces'); }
  /** @param {Move} move one of several captures that end on the same square */
  choose(move) { this.ground?.choose(move); }
  closeOverlay() { this.#overlayClosed = true; this.#sync(); }
  /** Set up a position, then playEdited() to play it. @param {{pieces?: ArrayLike<number>, turn?: Color}} [o] */
  edit(o = {}) { this.#run((s) => s.edit(o), 'still'); }
  /** @param {ArrayLike<number>} pieces */
  setEditorPieces(pieces) { this.#run((s) => (s.editing ? void (s.editing.pieces = Int8Array.from(pieces)) : false), 'still'); }
  get editorTurn() { return this.session?.editing?.turn ?? null; }
  set editorTurn(turn) { this.#run((s) => (s.editing ? void (s.editing.turn = turn === 'black' ? 'black' : 'white') : false), 'still'); }
  /** Plays the edited position; throws the core's reason when it cannot be played. */
  playEdited() { this.#run((s) => s.playEdited(), 'fresh'); }
  cancelEdit() { this.#run((s) => (s.editing ? void s.cancelEdit() : false), 'still'); }

  /**
   * Runs a command on the session, then shows its outcome: 'fresh' (a new game), 'pieces' (the
   * position changed: slide to it), 'still' (the editor: no sliding), 'ended' (a resignation or
   * draw). A command returning false did nothing; one that throws changed nothing.
   * @template T
   * @param {(s: Session) => T} fn
   * @param {'fresh' | 'pieces' | 'still' | 'ended'} kind
   * @param {string | null} [orientation]
   */
  #run(fn, kind, orientation = null) {
    const s = this.session;
    if (!s || !this.ground) return false;
    const ok = fn(s);
    if (ok === false) return false;
    this.#cpu?.cancel();
    if (kind === 'ended') this.#afterMove(true);
    else if (kind !== 'fresh') this.#after(kind === 'pieces');
    else {
      const side = orientation === 'white' || orientation === 'black' ? orientation : s.mode === 'computer' || s.mode === 'remote' ? s.human : 'white';
      this.ground.set({ ...boardLayout(s.variant), orientation: side, editing: false, hint: null });
      this.#after(false);
    }
    return ok ?? true;
  }

  /** The theme shown: the theme attribute's if it names one (board/themes.js), else the player's. */
  get boardTheme() { return themeName(this.getAttribute('theme')) ?? boardSettings().theme; }
  /** The piece set shown: the pieces attribute's if it names one, else the player's. */
  get pieceSet() { return pieceSetName(this.getAttribute('pieces')) ?? boardSettings().pieces; }
  refreshTheme() { this.ground?.set({ theme: readTheme(this, this.boardTheme), pieceSet: this.pieceSet }); }

  // ------------------------------------------------------------ game flow

  /** After a command: drop any half-made move, show the session's position (sliding to it if `animate`). */
  #after(animate = true) {
    const ground = this.ground;
    if (!ground) return;
    this.#notice = '';
    this.#overlayClosed = false;
    ground.cancel();
    this.#emit('ambiguous', { moves: [] });
    if (this.session) ground.setPieces(this.session.board(), { animate });
    this.#sync();
    this.#cpu?.maybeMove();
  }

  /** @param {Move} move */
  #onUserMove(move) {
    const s = /** @type {Session} */ (this.session);
    this.#notice = '';
    if (this.#puzzles?.move(move)) return;
    const g = s.record;
    if (!g) return;
    const mover = g.turn();
    let played;
    try {
      played = s.play(move.text);
    } catch (err) {
      // The board only offers the core's own moves, so this is not expected; stay consistent.
      this.ground?.setPieces(g.board(), { animate: false });
      this.#setNotice(sentence(/** @type {Error} */ (err).message));
      return;
    }
    if (s.thinking === 'hint') this.#cpu?.cancel();
    this.#moved(played, mover, 'human');
  }

  /** @param {Move} m @param {Color} color @param {'human' | 'computer' | 'script'} by */
  #moved(m, color, by) {
    const g = this.session?.record;
    if (!g) return;
    if (flag(this.getAttribute('sound'))) playSound(m.captured.length ? 'capture' : 'move', m.promotes);
    this.#announce(moveAnnouncement(m, color, this.lang));
    const { from, to, promotes } = m;
    this.#emit('move', { move: m.text, from, to, path: [...m.path], captured: [...m.captured], promotes, color, by, fen: g.fen(), ply: g.ply() });
    this.#afterMove(true);
  }

  /** @param {boolean} fresh a new event, not a redo */
  #afterMove(fresh) {
    const s = /** @type {Session} */ (this.session);
    s.hint = null;
    this.#sync();
    const result = s.record?.result();
    if (!result) return void this.#cpu?.maybeMove();
    this.#announce(this.endTexts(result).join(' '));
    if (!fresh) return;
    if (flag(this.getAttribute('sound'))) playSound('end');
    this.#emit('gameover', { winner: result.winner, reason: result.reason, message: result.message });
  }

  /**
   * Every tenth of a second while a clock runs: a side's time going under ten seconds is told
   * (the `lowtime` event) and, for a side a person plays, heard when sounds are on. Returns
   * whether a flag fell.
   */
  #clockTick() {
    const s = this.session;
    if (!s?.clock) return false;
    for (const color of this.#lowTime.crossed(s.clock, s.now())) {
      if (flag(this.getAttribute('sound')) && s.personPlays(color)) playSound('low');
      this.#emit('lowtime', { color });
    }
    return s.checkFlag();
  }

  /** @param {number} from @param {number} to */
  #onIllegal(from, to) {
    const why = this.session?.record?.whyIllegal(from, to);
    const text = refusalText(why, this.lang);
    this.#emit('illegal', { from, to, reason: text });
    this.#setNotice(() => refusalText(why, this.lang));
    this.#announce(text);
  }

  /** @param {Move[]} moves */
  #onSelect(moves) {
    if (moves.length) return void (this.#notice && this.#setNotice(''));
    const key = this.legalMoves().some((m) => m.captured.length) ? 'selectedMustCapture' : 'selectedNoMoves';
    this.#setNotice(() => t(key, {}, this.lang));
  }

  /** @param {number} sq */
  #onEditSquare(sq) {
    /** @type {string | null} */
    let why = null;
    this.#run((s) => void (why = s.editSquare(sq, Number(this.editTool) || 0)), 'still');
    // A man where he would have been crowned is refused with the rule (the square unchanged).
    const refused = why;
    if (refused) this.#setNotice(refusalText(refused, this.lang));
  }

  /** @param {KeyboardEvent} e While looking back, keys on the board step through the moves. */
  #onKey(e) {
    const ply = this.session && !this.editing ? keyPly(e, this.session) : null;
    if (ply === null) return;
    this.review(ply);
    e.preventDefault();
    e.stopPropagation();
  }

  /** @param {string} act a button of the chrome */
  #action(act) {
    const s = this.session;
    if (!s) return;
    const ply = navPly(act, s);
    if (ply !== null) this.review(ply);
    else if (act === 'new') {
      // A puzzle's New game is the puzzle again.
      if (this.#puzzles?.attempt) return void this.#startFromAttributes();
      if (this.#emit('newgamerequest', { options: { ...s.lastOptions } }, true)) this.newGame(s.lastOptions);
    } else if (act === 'rematch') this.rematch();
    else if (act === 'close') this.closeOverlay();
    else if (act === 'undo') this.undo();
    else if (act === 'flip') this.flip();
  }

  // ------------------------------------------------------------ showing it

  #sync() {
    const s = this.session;
    if (!s?.record || !this.ground) return;
    s.readonly = this.readonly;
    s.syncClock();
    this.#flags.update(!!s.clock?.running && this.isConnected);
    const queued = this.#premoves.queued();
    this.ground.set(boardConfig(s, { premoves: boardSettings().premoves }));
    this.#premoves.synced(queued);
    this.refreshTheme();
    this.#render();
    this.#showAnalysis();
    this.#emit('change', {});
  }

  // The position shown analysed, when asked for (its module and worker only then).
  #showAnalysis() {
    const on = this.isConnected && (flag(this.getAttribute('analysis')) || this.getAttribute('mode')?.trim().toLowerCase() === 'analysis');
    if (this.#analysis) return void this.#analysis.update(on, this.session);
    if (!on || this.#analysisLoad) return;
    this.#analysisLoad = import('./analysis.js').then(
      ({ ElementAnalysis }) => {
        this.#analysis = new ElementAnalysis(/** @type {ShadowRoot} */ (this.shadowRoot), () => this.lang);
        this.#showAnalysis();
      },
      (err) => {
        this.#analysisLoad = null; // asked again by the next change
        this.#setNotice(err.message);
      },
    );
  }

  #render() {
    const s = this.session;
    if (!s?.record) return;
    this.ground?.canvas.setAttribute('aria-label', t('boardLabel', {}, this.lang));
    const o = { controls: flag(this.getAttribute('controls')), notice: textOf(this.#notice), overlayClosed: this.#overlayClosed, lang: this.lang };
    renderChrome(/** @type {ShadowRoot} */ (this.shadowRoot), this.#ui, s, o);
  }

  #renderLoading() { this.#ui.loading.textContent = t(this.#loadingKey, {}, this.lang); }

  /** Every text of the element again, in its language of the moment. */
  #rewordAll() {
    this.#renderLoading();
    this.#render();
  }

  /** Loads the table of the element's language; without it, its texts are the page's. */
  #loadWords() {
    return loadLanguage(this.lang).then(
      () => {},
      (err) => console.error(err),
    );
  }

  /**
   * Shows a notice in the bar and tells the page: `text`, its words now, and `message()`, its
   * words in the element's language of the moment (a page showing it words it again after a
   * switch of language).
   * @param {Message} message
   */
  #setNotice(message) {
    this.#notice = message;
    this.#emit('notice', { text: textOf(message), message: () => textOf(message) });
    this.#render();
  }

  /** @param {string} text */
  #announce(text) { announce(this.#ui.live, text); }

  /** @param {string} name @param {object} detail @param {boolean} [cancelable] */
  #emit(name, detail, cancelable = false) {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
  }
}

if (!customElements.get('dama-board')) customElements.define('dama-board', DamaBoard);
