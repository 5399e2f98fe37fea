// <dama-board>: the whole game in one element. It owns a game (the wasm core's Game), the
// canvas board and the computer's moves (through the page's one shared engine worker), and
// reports what happens with DOM events. The full app page uses it too, with its panels
// around it talking to it through the same methods and events an embedding page gets.
//
//   <script type="module" src="www/dama-board.js"></script>
//   <dama-board mode="computer" side="white" level="5" numbers></dama-board>
//
// Attributes: variant (italian | brazilian: the game played; a PDN's GameType chooses it for
// that game), mode (computer | two-players | watch | view), side (white | black | random), level
// (1-10), level-white / level-black (watch mode: one side's level), delay (watch mode: ms
// between moves), fen, pdn, numbers, readonly, controls (a status line and buttons under the
// board), sound, orientation, ply (view mode: the move to show first, or "end"), lang (en | it |
// pt-BR).
// Events (bubbling, composed): move, gameover, change, notice, illegal, ambiguous, ready,
// newgamerequest (cancelable). Methods: see the class. docs/EMBED.md has the details.

import { createBoard } from './board/api.js';
import { readTheme } from './board/theme.js';
import { loadWasm } from './wasm.js';
import { sharedEngine } from './engine-client.js';
import { t, getLanguage, onLanguageChange, localizeRefusal } from './i18n.js';
import { playSound } from './sound.js';
import { CSS } from './dama-board.css.js';

// Search time per level: short at the bottom so easy levels answer at once, a few seconds at
// the top. The engine's own level setting does the weakening; this only bounds the time.
const levelTime = (level) => 100 + 30 * level * level;
// A reply faster than this feels like the computer did not look at your move.
const MIN_REPLY_MS = 450;
// Computer against computer: the pause between moves, so a person can follow the game.
const WATCH_DELAY_MS = 600;
const HINT = { level: 10, timeMs: 1200 };
const START_FEN = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const other = (c) => (c === 'white' ? 'black' : 'white');

// The game: 'brazilian' (also its PDN GameType, 26), else 'italian'.
export function normVariant(v) {
  const s = String(v ?? '').trim().toLowerCase();
  return ['brazilian', 'brasileira', 'brasileiro', 'brazil', 'br', '26'].includes(s) ? 'brazilian' : 'italian';
}

export function normMode(m) {
  const s = String(m ?? '').trim().toLowerCase();
  if (['two-players', 'friend', 'two', '2', 'human', 'humans'].includes(s)) return 'two-players';
  if (s === 'view' || s === 'viewer') return 'view';
  if (['watch', 'computer-vs-computer', 'cvc', 'auto', 'demo'].includes(s)) return 'watch';
  return 'computer';
}

function normSide(s) {
  const v = String(s ?? '').trim().toLowerCase();
  return ['white', 'black', 'random'].includes(v) ? v : null;
}

export function clampLevel(x, fallback = 5) {
  const n = Math.round(Number(x));
  return x !== null && x !== '' && Number.isFinite(n) ? Math.min(10, Math.max(1, n)) : fallback;
}

// A boolean attribute or URL parameter: present means on, unless it says otherwise.
export function flag(v) {
  if (v === null || v === undefined) return false;
  return !['false', '0', 'no', 'off'].includes(String(v).trim().toLowerCase());
}

const sideToMove = (fen) => (String(fen).trim()[0]?.toUpperCase() === 'B' ? 'black' : 'white');

// PDN or FEN? A FEN starts with the side to move and a colon; anything else is taken as PDN.
export const looksLikeFen = (text) => /^\s*\ufeff?[WB]\s*:/i.test(text) && !/^\s*\[/.test(text);

// A FEN from the board editor's cells (index i = square i+1; 1/2 white man/king, -1/-2 black).
export function piecesToFen(pieces, turn) {
  const list = (sign) =>
    [...pieces].flatMap((p, i) => (Math.sign(p) === sign ? [`${Math.abs(p) === 2 ? 'K' : ''}${i + 1}`] : [])).join(',');
  return `${turn === 'black' ? 'B' : 'W'}:W${list(1)}:B${list(-1)}`;
}

const pdnDate = (d = new Date()) =>
  `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;

let wasm = null;

export class DamaBoard extends HTMLElement {
  static observedAttributes = ['variant', 'mode', 'side', 'level', 'fen', 'pdn', 'numbers', 'readonly', 'controls', 'orientation', 'ply', 'lang', 'sound', 'level-white', 'level-black', 'delay'];

  #engine = sharedEngine();
  #game = null;
  #board = null;
  #ui = {};
  #mode = 'computer';
  #variant = 'italian'; // the game being played (the core game's own variant())
  #sideOption = 'white'; // as asked: white, black or random
  #human = 'white'; // the human's colour against the computer
  #level = 5;
  #levels = { white: null, black: null }; // watch mode: a side's own level, or null for #level
  #review = null; // ply shown while looking back, or null for the live game
  #search = 0; // id of the latest engine request; replies to older ones are dropped
  #thinking = null; // 'move' | 'hint' | null
  #hint = null;
  #lastScore = null; // the computer's last evaluation, from its own side
  #overlayClosed = false;
  #ended = null; // a result that is not on the board: {type: 'resign', color} | {type: 'draw'}
  #tags = null; // tags of an imported PDN game, kept for export
  #notice = '';
  #editing = null; // {pieces, turn} while setting up a position
  #lastOptions = {};
  #pendingOptions = null; // newGame() before the wasm was loaded
  #restartQueued = false;
  #ready = false;
  #readyPromise;
  #readyResolve;
  #announceTimer = 0;
  #unlisten = null;

  editTool = 1; // what a tap puts on a square in the editor: 1/2 white man/king, -1/-2 black, 0 empty

  constructor() {
    super();
    this.#readyPromise = new Promise((r) => (this.#readyResolve = r));
    const root = this.attachShadow({ mode: 'open' });
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
    root.innerHTML = `
      <div class="wrap" part="wrap">
        <div class="stage" part="stage">
          <div class="board" part="board"></div>
          <p class="loading" part="loading"></p>
          <div class="overlay" part="overlay" hidden>
            <div class="card" role="dialog" aria-labelledby="overlay-title">
              <h2 id="overlay-title"></h2>
              <p id="overlay-reason"></p>
              <div class="buttons">
                <button type="button" class="primary" data-act="new"></button>
                <button type="button" data-act="close"></button>
              </div>
            </div>
          </div>
        </div>
        <div class="bar" part="bar" hidden>
          <div class="status" aria-live="off"></div>
          <div class="nav" hidden>
            <button type="button" data-act="first">«</button>
            <button type="button" data-act="prev">‹</button>
            <span class="ply"></span>
            <button type="button" data-act="next">›</button>
            <button type="button" data-act="last">»</button>
          </div>
          <div class="tools">
            <button type="button" data-act="new" class="primary"></button>
            <button type="button" data-act="undo"></button>
            <button type="button" data-act="flip"></button>
          </div>
        </div>
        <div class="live sr-only" aria-live="polite" aria-atomic="true"></div>
      </div>`;
    const $ = (s) => root.querySelector(s);
    this.#ui = {
      board: $('.board'),
      loading: $('.loading'),
      overlay: $('.overlay'),
      title: $('#overlay-title'),
      reason: $('#overlay-reason'),
      bar: $('.bar'),
      status: $('.status'),
      nav: $('.nav'),
      ply: $('.ply'),
      tools: $('.tools'),
      live: $('.live'),
    };
    root.addEventListener('click', (e) => {
      const act = e.target.closest?.('button[data-act]')?.dataset.act;
      if (act) this.#action(act);
    });
    this.#ui.loading.textContent = t('loading', {}, this.lang);
  }

  // ------------------------------------------------------------ life cycle

  connectedCallback() {
    this.#unlisten ??= onLanguageChange(() => this.#render());
    if (this.#board) {
      this.#sync();
      this.#maybeComputerMove();
      return;
    }
    this.#init();
  }

  disconnectedCallback() {
    this.#cancelThinking();
    this.#unlisten?.();
    this.#unlisten = null;
  }

  async #init() {
    if (this.#initStarted) return;
    this.#initStarted = true;
    try {
      wasm ??= await loadWasm();
    } catch (err) {
      this.#ui.loading.textContent = t('loadFailed', {}, this.lang);
      console.error(err);
      return;
    }
    this.#ui.loading.hidden = true;
    this.#board = createBoard(this.#ui.board, {
      variant: normVariant(this.getAttribute('variant')),
      coordinates: flag(this.getAttribute('numbers')),
      animation: { enabled: !matchMedia('(prefers-reduced-motion: reduce)').matches },
      describe: (sq, piece, opts) => this.#describeSquare(sq, piece, opts),
      theme: readTheme(this),
      events: {
        move: (m) => this.#onUserMove(m),
        illegal: (from, to) => this.#onIllegal(from, to),
        select: (sq, moves) => this.#onSelect(sq, moves),
        ambiguous: (moves) => this.#emit('ambiguous', { moves }),
        announce: (text) => this.#announce(text),
        square: (sq) => this.#onEditSquare(sq),
      },
    });
    this.#board.canvas.addEventListener('keydown', (e) => this.#onKey(e));
    // Colours can change with the host's media queries or classes: read them on resize too.
    new ResizeObserver(() => this.refreshTheme()).observe(this);
    let started = false;
    if (this.#pendingOptions) {
      try {
        this.newGame(this.#pendingOptions);
        started = true;
      } catch (err) {
        this.#setNotice(err.message);
      }
      this.#pendingOptions = null;
    }
    if (!started) this.#startFromAttributes();
    // Load the engine's wasm now, not when the computer first has to move.
    if (this.#mode === 'computer' || this.#mode === 'watch') this.#engine.start();
    this.#ready = true;
    this.#readyResolve();
    this.#emit('ready', {});
  }

  #initStarted = false;

  attributeChangedCallback(name, old, value) {
    if (!this.#board || old === value) return;
    switch (name) {
      case 'numbers':
        this.#board.set({ coordinates: flag(value) });
        this.#sync();
        break;
      case 'level':
        this.#level = clampLevel(value, this.#level);
        this.#sync();
        break;
      case 'level-white':
      case 'level-black':
        this.#levels[name.slice(6)] = clampLevel(value, null);
        this.#sync();
        break;
      case 'orientation':
        if (value === 'white' || value === 'black') this.#board.set({ orientation: value });
        this.#sync();
        break;
      case 'variant':
      case 'mode':
      case 'side':
      case 'fen':
      case 'pdn':
      case 'ply':
        // Several attributes set one after another restart the game once.
        if (!this.#restartQueued) {
          this.#restartQueued = true;
          queueMicrotask(() => {
            this.#restartQueued = false;
            this.#startFromAttributes();
          });
        }
        break;
      default:
        this.#sync();
    }
  }

  #startFromAttributes() {
    const opts = {
      variant: this.getAttribute('variant'),
      mode: this.getAttribute('mode'),
      side: this.getAttribute('side'),
      level: this.getAttribute('level'),
      levelWhite: this.getAttribute('level-white'),
      levelBlack: this.getAttribute('level-black'),
      fen: this.getAttribute('fen') || null,
      pdn: this.getAttribute('pdn') || null,
      orientation: this.getAttribute('orientation'),
      ply: this.getAttribute('ply'),
    };
    try {
      this.newGame(opts);
    } catch (err) {
      // A bad fen or pdn attribute: say so, and show the start position rather than nothing.
      this.newGame({ ...opts, fen: null, pdn: null });
      this.#setNotice(t('badPosition', { error: err.message }, this.lang));
    }
  }

  // ------------------------------------------------------------ public API

  get isReady() {
    return this.#ready;
  }

  whenReady() {
    return this.#readyPromise;
  }

  get mode() {
    return this.#mode;
  }

  // The game being played: 'italian' or 'brazilian' (an imported PDN can change it).
  get variant() {
    return this.#variant;
  }

  // The name of square n (1-32) in this game's notation: "22" in Italian, "c3" in Brazilian.
  squareName(n) {
    if (!this.#game) return String(n);
    try {
      return this.#game.squareName(n);
    } catch {
      return String(n);
    }
  }

  // The human's colour against the computer (random already decided).
  get side() {
    return this.#human;
  }

  get level() {
    return this.#level;
  }

  set level(v) {
    this.#level = clampLevel(v, this.#level);
    this.#sync();
  }

  // The level the computer plays `color` at (watch mode can give each side its own).
  levelFor(color) {
    return (this.#mode === 'watch' && this.#levels[color]) || this.#level;
  }

  // Watch mode: the pause between moves in ms (attribute delay, default 600).
  get delay() {
    const v = this.getAttribute('delay');
    const n = Number(v);
    return v !== null && v.trim() !== '' && Number.isFinite(n) && n >= 0 ? Math.min(n, 60000) : WATCH_DELAY_MS;
  }

  set delay(ms) {
    this.setAttribute('delay', String(ms));
  }

  get thinking() {
    return this.#thinking;
  }

  get reviewing() {
    return this.#review;
  }

  get orientation() {
    return this.#board?.state.orientation ?? 'white';
  }

  get numbers() {
    return !!this.#board?.state.coordinates;
  }

  set numbers(on) {
    this.toggleAttribute('numbers', !!on);
  }

  get readonly() {
    return this.hasAttribute('readonly');
  }

  get hintMove() {
    return this.#hint;
  }

  get lastScore() {
    return this.#lastScore;
  }

  get ended() {
    return this.#ended;
  }

  get editing() {
    return !!this.#editing;
  }

  get notice() {
    return this.#notice;
  }

  // The canvas, for tests and for pages that want to focus it.
  get canvas() {
    return this.#board?.canvas ?? null;
  }

  get animating() {
    return !!this.#board?.isAnimating();
  }

  fen() {
    return this.#game?.fen() ?? '';
  }

  startFen() {
    return this.#game?.startFen() ?? START_FEN;
  }

  // The game in PDN (GameType 22, or 26 for Brazilian) with Event, Site, Date, White, Black and
  // Result tags; `tags` ({Event: ..., White: ...}) overrides any of them.
  pdn(tags = {}) {
    if (!this.#game) return '';
    const names = this.#playerNames();
    const base = {
      Event: t('pdnEvent', {}, 'en'),
      Site: typeof location !== 'undefined' && location.host ? location.host : '?',
      Date: pdnDate(),
      White: names.white,
      Black: names.black,
    };
    // A Map, not an object: tag names are data, and "toString" or "__proto__" must be no
    // different from "Round" or "Annotator". Every imported tag is kept (the core writes its own
    // GameType, Result, SetUp and FEN), then `tags` override.
    const all = new Map(Object.entries(base));
    for (const [k, v] of this.#tags ?? []) all.set(k, v);
    for (const [k, v] of Object.entries(tags)) all.set(k, v);
    return this.#game.pdnWithTags([...all].map(([k, v]) => [k, String(v)]));
  }

  history() {
    return this.#game ? this.#game.history() : [];
  }

  turn() {
    return this.#game?.turn() ?? 'white';
  }

  result() {
    return this.#game?.result() ?? null;
  }

  legalMoves() {
    return this.#game ? this.#game.legalMoves() : [];
  }

  // Cells of the position shown (index i = square i+1).
  pieces() {
    return this.#board ? Int8Array.from(this.#board.state.pieces) : new Int8Array(32);
  }

  canRedo() {
    return !!this.#game?.canRedo() && !this.readonly && this.#mode !== 'view' && this.#mode !== 'watch';
  }

  // Something of the player's own to take back: against the computer, its opening move alone
  // does not count (undoing it would only make it play again).
  canUndo() {
    if (!this.#game || this.readonly || this.#mode === 'view' || this.#mode === 'watch' || this.#editing) return false;
    const n = this.#game.ply();
    if (this.#ended) return true;
    if (this.#mode === 'computer' && n === 1 && sideToMove(this.#game.startFen()) !== this.#human) return false;
    return n > 0;
  }

  humanToMove() {
    const g = this.#game;
    return (
      !!g &&
      !this.#editing &&
      !this.readonly &&
      !g.result() &&
      this.#review === null &&
      this.#thinking !== 'move' &&
      (this.#mode === 'two-players' || (this.#mode === 'computer' && g.turn() === this.#human))
    );
  }

  // What the page saves to resume the game after a reload.
  snapshot() {
    if (!this.#game) return null;
    return {
      variant: this.#variant,
      startFen: this.#game.startFen(),
      moves: this.#game.history().map((m) => m.text),
      mode: this.#mode,
      side: this.#human,
      level: this.#level,
      levelWhite: this.#levels.white,
      levelBlack: this.#levels.black,
      orientation: this.orientation,
      ended: this.#ended,
      tags: this.#tags,
    };
  }

  // A new game. Options: variant, mode, side, level (default: as now), fen or pdn (default: the
  // start position), and for restoring a saved game moves, ended, orientation, tags. A PDN's
  // GameType chooses the variant of its game (none: `variant`); a FEN is read in `variant`'s
  // numbering. Throws an Error with the reason for a bad fen, pdn or move, and then nothing has
  // changed.
  newGame(options = {}) {
    if (!this.#board) {
      this.#pendingOptions = options;
      return;
    }
    const o = options ?? {};
    const mode = o.mode != null ? normMode(o.mode) : this.#mode;
    const level = clampLevel(o.level, this.#level);
    // Per-side levels: from the options, else the attributes; null means `level`.
    const levels = {
      white: clampLevel(o.levelWhite !== undefined ? o.levelWhite : this.getAttribute('level-white'), null),
      black: clampLevel(o.levelBlack !== undefined ? o.levelBlack : this.getAttribute('level-black'), null),
    };
    const { Game } = wasm;
    let game;
    let ended = o.ended ?? null;
    let tags = o.tags ?? null;
    if (o.pdn) {
      // The file's GameType says which game it is; a PDN without one is read as the game
      // asked for (or being played), so a Brazilian board takes "1. c3-d4 f6-g5" as it is.
      const variant = o.variant != null ? normVariant(o.variant) : this.#variant;
      const typed = /\[\s*GameType\s/i.test(o.pdn) || variant === 'italian';
      game = Game.fromPdn(typed ? o.pdn : `[GameType "26"]\n${o.pdn}`);
      try {
        tags = Game.pdnTags(o.pdn);
      } catch {
        tags = null;
      }
      ended ??= endedFromTags(game, tags);
    } else {
      const variant = o.variant != null ? normVariant(o.variant) : this.#variant;
      game = o.fen ? Game.fromFen(o.fen, variant) : new Game(variant);
    }
    try {
      for (const m of o.moves ?? []) game.play(m);
      if (ended) applyEnded(game, ended);
    } catch (err) {
      game.free();
      throw err;
    }
    let side = normSide(o.side) ?? (o.side === undefined && this.#lastOptions.side ? this.#lastOptions.side : null);
    if (!side) side = o.fen || o.pdn ? sideToMove(game.startFen()) : 'white';

    this.#cancelThinking();
    this.#game?.free();
    this.#game = game;
    this.#variant = game.variant();
    this.#lastOptions = { variant: this.#variant, mode, side, level, fen: o.fen ?? null, pdn: o.pdn ?? null };
    this.#mode = mode;
    this.#sideOption = side;
    this.#level = level;
    this.#levels = levels;
    this.#human = side === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : side;
    this.#hint = null;
    this.#lastScore = null;
    this.#overlayClosed = false;
    this.#ended = ended;
    this.#tags = tags;
    this.#editing = null;
    this.#notice = '';
    let ply = null;
    if (mode === 'view') {
      const want = o.ply ?? this.getAttribute('ply');
      ply = want === 'end' ? game.ply() : Math.min(game.ply(), Math.max(0, Number.parseInt(want, 10) || 0));
    }
    this.#review = ply;
    const hist = game.history();
    const orientation = o.orientation === 'white' || o.orientation === 'black' ? o.orientation : mode === 'computer' ? this.#human : 'white';
    this.#board.set({ variant: this.#variant, orientation, editing: false, lastMove: hist[hist.length - 1] ?? null, hint: null });
    this.#emit('ambiguous', { moves: [] });
    this.#board.setPieces(ply === null ? game.board() : game.boardAt(ply), { animate: false });
    if (ply !== null) this.#board.set({ viewOnly: true, movable: { color: null, moves: [] }, lastMove: ply ? hist[ply - 1] : null });
    this.#board.cancel();
    this.#sync();
    this.#maybeComputerMove();
  }

  // A position (FEN, in the current game's numbering) or a game (PDN, whose GameType says which
  // game it is), keeping the mode, side and level; throws on bad input and then the current
  // game is untouched.
  load(text) {
    const s = String(text ?? '').trim();
    if (!s) throw new Error(t('nothingToLoad', {}, this.lang));
    const base = { variant: this.#variant, mode: this.#mode, side: this.#sideOption, level: this.#level };
    if (looksLikeFen(s)) this.newGame({ ...base, fen: s });
    else this.newGame({ ...base, pdn: s });
  }

  undo() {
    const g = this.#game;
    if (!this.canUndo()) return;
    this.#review = null;
    this.#cancelThinking();
    if (this.#ended) {
      // A resignation or an agreed draw is taken back first, like a move.
      g.undo();
      this.#ended = null;
    } else {
      // Against the computer, go back to the player's previous turn: one move if the computer
      // was still thinking about its answer, two otherwise.
      do {
        if (!g.undo()) break;
      } while (this.#mode === 'computer' && g.turn() !== this.#human && g.ply());
    }
    this.#hint = null;
    this.#overlayClosed = false;
    this.#notice = '';
    this.#emit('ambiguous', { moves: [] });
    this.#board.cancel();
    this.#board.setPieces(g.board());
    this.#sync();
    this.#maybeComputerMove();
  }

  // The core keeps the undone moves until a different move is played.
  redo() {
    const g = this.#game;
    if (!this.canRedo()) return;
    this.#review = null;
    this.#cancelThinking();
    const played = [];
    do {
      const m = g.redo();
      if (!m) break;
      played.push(m);
    } while (this.#mode === 'computer' && g.turn() !== this.#human && g.canRedo() && !g.result());
    this.#notice = '';
    this.#board.cancel();
    if (played.length === 1) this.#board.playMove(played[0], g.board());
    else this.#board.setPieces(g.board());
    if (played.length) this.#announceMove(played[played.length - 1], other(g.turn()));
    this.#afterMove(false);
  }

  flip() {
    if (!this.#board) return;
    this.#board.flip();
    this.#sync();
  }

  async hint() {
    if (!this.humanToMove() || this.#thinking) return;
    const id = ++this.#search;
    this.#thinking = 'hint';
    this.#sync();
    let res;
    try {
      res = await this.#engine.search(this, this.#searchRequest(HINT.level, HINT.timeMs));
    } catch (err) {
      if (id !== this.#search) return;
      this.#thinking = null;
      this.#setNotice(t('engineFailed', { error: err.message }, this.lang));
      return;
    }
    if (id !== this.#search || !res) return;
    this.#thinking = null;
    this.#hint = this.#game.legalMoves().find((m) => m.text === res.move) ?? null;
    if (this.#hint) this.#announce(t('hintShown', { move: this.#hint.text }, this.lang));
    this.#sync();
  }

  // The human resigns against the computer; between two players, the side to move does.
  resign() {
    const g = this.#game;
    if (!g || g.result() || this.#mode === 'view' || this.#mode === 'watch') return;
    this.#cancelThinking();
    const color = this.#mode === 'computer' ? this.#human : g.turn();
    this.#ended = { type: 'resign', color };
    applyEnded(g, this.#ended);
    this.#afterMove(true);
  }

  // Against the computer it accepts when its own last evaluation says it is not better;
  // between two players the draw is agreed. Returns whether the game ended in a draw.
  offerDraw() {
    const g = this.#game;
    if (!g || g.result() || this.#mode === 'view' || this.#mode === 'watch') return false;
    if (this.#mode === 'computer') {
      const accept = this.#lastScore !== null && this.#lastScore !== undefined && this.#lastScore <= 0;
      if (!accept) {
        this.#setNotice(t('drawDeclined', {}, this.lang));
        return false;
      }
    }
    this.#cancelThinking();
    this.#ended = { type: 'draw' };
    applyEnded(g, this.#ended);
    this.#afterMove(true);
    return true;
  }

  // Look at the position after `ply` moves, read-only; null (or the current ply outside view
  // mode) goes back to the game.
  review(ply) {
    const g = this.#game;
    if (!g) return;
    const n = g.ply();
    if (ply === null || ply === undefined || (ply >= n && this.#mode !== 'view')) return this.exitReview();
    ply = Math.max(0, Math.min(n, ply));
    this.#review = ply;
    const hist = g.history();
    this.#board.set({ viewOnly: true, movable: { color: null, moves: [] }, lastMove: ply ? hist[ply - 1] : null, hint: null });
    this.#board.setPieces(g.boardAt(ply));
    this.#emit('ambiguous', { moves: [] });
    this.#sync();
  }

  exitReview() {
    if (this.#review === null || this.#mode === 'view') return;
    this.#review = null;
    this.#board.setPieces(this.#game.board());
    this.#sync();
    this.#maybeComputerMove(); // watching pauses while looking back
  }

  // Pick one of several captures that end on the same square (see the `ambiguous` event).
  choose(move) {
    this.#board?.choose(move);
  }

  closeOverlay() {
    this.#overlayClosed = true;
    this.#sync();
  }

  // ---- board editor: set up a position, then newGame({fen: editorFen()}) to play it.

  edit({ pieces, turn } = {}) {
    if (!this.#board) return;
    this.#cancelThinking();
    this.#editing = {
      pieces: Int8Array.from(pieces ?? this.#board.state.pieces),
      turn: turn ?? this.turn(),
    };
    this.#board.set({ editing: true, viewOnly: true, movable: { color: null, moves: [] }, lastMove: null, hint: null });
    this.#board.setPieces(this.#editing.pieces, { animate: false });
    this.#sync();
  }

  get editorTurn() {
    return this.#editing?.turn ?? null;
  }

  set editorTurn(turn) {
    if (!this.#editing) return;
    this.#editing.turn = turn === 'black' ? 'black' : 'white';
    this.#sync();
  }

  setEditorPieces(pieces) {
    if (!this.#editing) return;
    this.#editing.pieces = Int8Array.from(pieces);
    this.#board.setPieces(this.#editing.pieces, { animate: false });
    this.#sync();
  }

  editorFen() {
    return this.#editing ? piecesToFen(this.#editing.pieces, this.#editing.turn) : '';
  }

  // Leave the editor without playing the position: back to the game as it was.
  cancelEdit() {
    if (!this.#editing) return;
    this.#editing = null;
    this.#board.set({ editing: false, viewOnly: false });
    const hist = this.#game.history();
    this.#board.set({ lastMove: hist[hist.length - 1] ?? null });
    this.#board.setPieces(this.#review === null ? this.#game.board() : this.#game.boardAt(this.#review), { animate: false });
    this.#sync();
    this.#maybeComputerMove();
  }

  // Re-read the --dama-* colours (the element also does on resize).
  refreshTheme() {
    this.#board?.set({ theme: readTheme(this) });
  }

  // Texts for the current state in the page's language, for status lines.
  statusText() {
    const g = this.#game;
    if (!g) return t('loading', {}, this.lang);
    const L = this.lang;
    if (this.#editing) return t('editing', {}, L);
    const result = g.result();
    if (result && (this.#mode !== 'view' || this.#review === g.ply())) return this.endTexts(result).join(' ');
    if (this.#mode === 'view') return ''; // the move shown is named beside the arrows
    if (this.#mode === 'watch') return t(this.#thinking === 'move' ? 'watchThinking' : 'toMove', { color: colorName(g.turn(), L) }, L);
    if (this.#thinking === 'move') return t('computerThinking', {}, L);
    if (this.#thinking === 'hint') return t('hintThinking', {}, L);
    const turn = g.turn();
    let text = this.#mode === 'computer' && turn === this.#human ? t('yourTurn', {}, L) : t('toMove', { color: colorName(turn, L) }, L);
    const humanTurn = this.humanToMove();
    if (humanTurn && !g.ply() && !this.#hint) text += ' ' + t('firstMoveTip', {}, L);
    if (humanTurn && this.#board.state.movable.moves.some((m) => m.captured.length)) {
      text += ' ' + (this.#mode === 'computer' ? t('mustCapture', {}, L) : t('mustCaptureColor', { color: colorName(turn, L) }, L));
    }
    if (this.#hint) text += ' ' + t('hintShown', { move: this.#hint.text }, L);
    return text;
  }

  // [title, reason] of a finished game, from the human's side against the computer.
  endTexts(result = this.result()) {
    if (!result) return ['', ''];
    const L = this.lang;
    const winner = result.winner;
    const loser = winner ? other(winner) : null;
    let title;
    if (!winner) title = t('draw', {}, L);
    else if (this.#mode === 'computer') title = winner === this.#human ? t('youWin', {}, L) : t('youLose', {}, L);
    else title = t('winnerWins', { color: colorName(winner, L) }, L);
    const reasons = {
      'no-moves': 'reasonNoMoves',
      repetition: 'reasonRepetition',
      // The limit is the game's: 40 moves each in Italian, 20 in Brazilian.
      'king-moves': this.#variant === 'brazilian' ? 'reasonKingMovesBrazilian' : 'reasonKingMoves',
      'three-kings': 'reasonThreeKings',
      resignation: 'reasonResignation',
      agreement: 'reasonAgreement',
    };
    const reason = reasons[result.reason] ? t(reasons[result.reason], { loser: loser ? colorName(loser, L) : '' }, L) : result.message || '';
    return [title, reason];
  }

  get lang() {
    const own = this.getAttribute('lang');
    return own || getLanguage();
  }

  // ------------------------------------------------------------ game flow

  #playerNames() {
    if (this.#mode === 'computer') {
      const cpu = `Dama (level ${this.#level})`;
      return this.#human === 'white' ? { white: 'Player', black: cpu } : { white: cpu, black: 'Player' };
    }
    if (this.#mode === 'watch') {
      return { white: `Dama (level ${this.levelFor('white')})`, black: `Dama (level ${this.levelFor('black')})` };
    }
    return { white: 'White', black: 'Black' };
  }

  #onUserMove(move) {
    this.#notice = '';
    const mover = this.#game.turn();
    let played;
    try {
      played = this.#game.play(move.text);
    } catch (err) {
      // The board only offers the core's own moves, so this is not expected; stay consistent.
      this.#board.setPieces(this.#game.board(), { animate: false });
      this.#setNotice(sentence(err.message));
      return;
    }
    if (this.#thinking === 'hint') this.#cancelThinking();
    this.#announceMove(played, mover);
    this.#moved(played, mover, 'human');
    this.#afterMove(true);
  }

  #moved(m, color, by) {
    if (flag(this.getAttribute('sound'))) playSound(m.captured.length ? 'capture' : 'move', m.promotes);
    this.#emit('move', {
      move: m.text,
      from: m.from,
      to: m.to,
      path: [...m.path],
      captured: [...m.captured],
      promotes: m.promotes,
      color,
      by,
      fen: this.#game.fen(),
      ply: this.#game.ply(),
    });
  }

  #afterMove(fresh) {
    this.#hint = null;
    this.#sync();
    const result = this.#game.result();
    if (result) {
      this.#announce(this.endTexts(result).join(' '));
      if (fresh) {
        if (flag(this.getAttribute('sound'))) playSound('end');
        this.#emit('gameover', { winner: result.winner, reason: result.reason, message: result.message });
      }
    } else {
      this.#maybeComputerMove();
    }
  }

  // The computer's turn: against a human, or both sides in watch mode.
  #computerToMove() {
    const g = this.#game;
    if (!g || !this.isConnected || this.#editing || g.result()) return false;
    if (this.#mode === 'watch') return this.#review === null;
    return this.#mode === 'computer' && g.turn() !== this.#human;
  }

  async #maybeComputerMove() {
    const g = this.#game;
    if (!this.#computerToMove()) return;
    if (this.#thinking === 'move') return;
    const id = ++this.#search;
    this.#thinking = 'move';
    this.#sync();
    const started = performance.now();
    const watch = this.#mode === 'watch';
    const level = watch ? this.levelFor(g.turn()) : this.#level;
    let res;
    try {
      res = await this.#engine.search(this, this.#searchRequest(level, levelTime(level)));
    } catch (err) {
      if (id !== this.#search) return;
      this.#thinking = null;
      this.#setNotice(t('engineFailed', { error: err.message }, this.lang));
      return;
    }
    if (id !== this.#search || !res) return;
    // Watching, the pause is the delay (0: as fast as the engine goes, for tests and demos).
    const pause = watch ? this.delay : MIN_REPLY_MS;
    if (pause > 0) {
      await sleep(Math.max(0, pause - (performance.now() - started)));
      // Let the previous move finish moving before the answer starts.
      while (this.#board.isAnimating() && id === this.#search) await sleep(30);
    }
    if (id !== this.#search) return;
    this.#thinking = null;
    this.#lastScore = res.score;
    const mover = g.turn();
    let move;
    try {
      move = g.play(res.move);
    } catch (err) {
      this.#setNotice(t('engineFailed', { error: err.message }, this.lang));
      return;
    }
    if (this.#review === null) this.#board.playMove(move, g.board());
    this.#announceMove(move, mover);
    this.#moved(move, mover, 'computer');
    this.#afterMove(true);
  }

  #searchRequest(level, timeMs) {
    return {
      variant: this.#variant,
      startFen: this.#game.startFen(),
      moves: this.#game.history().map((m) => m.text),
      level,
      timeMs,
      seed: (Math.random() * 2 ** 31) | 0,
    };
  }

  // Stop this board's search; a reply already on its way is ignored by id.
  #cancelThinking() {
    this.#search++;
    this.#engine.cancel(this);
    this.#thinking = null;
  }

  #onIllegal(from, to) {
    const why = this.#game.whyIllegal(from, to);
    // The core words the rule broken in English; the page's language gets its own words.
    const text = why ? localizeRefusal(why, this.lang, sentence) : t('illegal', {}, this.lang);
    this.#emit('illegal', { from, to, reason: text });
    this.#setNotice(text);
    this.#announce(text);
  }

  #onSelect(sq, moves) {
    if (moves.length) {
      if (this.#notice) this.#setNotice('');
      return;
    }
    const mustCapture = this.#game.legalMoves().some((m) => m.captured.length);
    this.#setNotice(t(mustCapture ? 'selectedMustCapture' : 'selectedNoMoves', {}, this.lang));
  }

  #onEditSquare(sq) {
    if (!this.#editing) return;
    const cells = this.#editing.pieces;
    const tool = Number(this.editTool) || 0;
    cells[sq - 1] = cells[sq - 1] === tool ? 0 : tool;
    this.#board.setPieces(cells, { animate: false });
    this.#sync();
  }

  #onKey(e) {
    // While looking back, the arrow keys on the board step through the moves.
    if (this.#review === null || this.#editing) return;
    if (e.key === 'PageUp' || (e.key === 'ArrowLeft' && e.altKey)) this.review(this.#review - 1);
    else if (e.key === 'PageDown' || (e.key === 'ArrowRight' && e.altKey)) this.review(this.#review + 1);
    else return;
    e.preventDefault();
    e.stopPropagation();
  }

  #action(act) {
    switch (act) {
      case 'new': {
        const go = this.#emit('newgamerequest', { options: { ...this.#lastOptions } }, true);
        if (go) this.newGame(this.#lastOptions);
        break;
      }
      case 'close':
        this.closeOverlay();
        break;
      case 'undo':
        this.undo();
        break;
      case 'flip':
        this.flip();
        break;
      case 'first':
        this.review(0);
        break;
      case 'prev':
        this.review((this.#review ?? this.#game.ply()) - 1);
        break;
      case 'next':
        this.review((this.#review ?? 0) + 1);
        break;
      case 'last':
        this.review(this.#game.ply());
        break;
    }
  }

  // ------------------------------------------------------------ showing it

  #sync() {
    const g = this.#game;
    if (!g || !this.#board) return;
    if (this.#review === null && !this.#editing) {
      const hist = g.history();
      const humanTurn = this.humanToMove();
      this.#board.set({
        pieces: g.board(),
        lastMove: hist[hist.length - 1] ?? null,
        viewOnly: false,
        editing: false,
        movable: { color: humanTurn ? g.turn() : null, moves: humanTurn ? g.legalMoves() : [] },
        hint: this.#hint,
      });
    }
    this.refreshTheme();
    this.#render();
    this.#emit('change', {});
  }

  #render() {
    const g = this.#game;
    const ui = this.#ui;
    const L = this.lang;
    if (!g) return;
    this.#board.canvas.setAttribute('aria-label', t('boardLabel', {}, L));
    const result = g.result();
    const showOverlay = !!result && !this.#overlayClosed && this.#review === null && this.#mode !== 'view' && !this.#editing;
    ui.overlay.hidden = !showOverlay;
    if (showOverlay) {
      const [title, reason] = this.endTexts(result);
      ui.title.textContent = title;
      ui.reason.textContent = reason;
    }
    for (const b of this.shadowRoot.querySelectorAll('[data-act="new"]')) b.textContent = t('newGame', {}, L);
    this.shadowRoot.querySelector('.card [data-act="close"]').textContent = t('viewBoard', {}, L);
    const view = this.#mode === 'view';
    const controls = flag(this.getAttribute('controls'));
    const nav = view && g.ply() > 0;
    ui.bar.hidden = !(controls || nav);
    const statusText = controls ? this.#notice || this.statusText() : '';
    ui.status.hidden = !statusText;
    ui.tools.hidden = !controls || view;
    ui.nav.hidden = !nav;
    if (controls) {
      ui.status.textContent = statusText;
      ui.status.classList.toggle('notice', !!this.#notice);
      const [undoB, flipB] = [ui.tools.querySelector('[data-act="undo"]'), ui.tools.querySelector('[data-act="flip"]')];
      undoB.textContent = t('undo', {}, L);
      undoB.disabled = !this.canUndo();
      flipB.textContent = t('flip', {}, L);
    }
    if (nav) {
      const p = this.#review ?? g.ply();
      ui.ply.textContent = this.#reviewText();
      const labels = { first: 'firstMove', prev: 'prevMove', next: 'nextMove', last: 'lastMove' };
      for (const [act, key] of Object.entries(labels)) {
        const b = ui.nav.querySelector(`[data-act="${act}"]`);
        b.setAttribute('aria-label', t(key, {}, L));
        b.title = t(key, {}, L);
        b.disabled = act === 'first' || act === 'prev' ? p === 0 : p >= g.ply();
      }
    }
  }

  #reviewText() {
    const p = this.#review ?? 0;
    if (!p) return t('reviewingStart', {}, this.lang);
    const hist = this.#game.history();
    const firstBlack = sideToMove(this.#game.startFen()) === 'black';
    const number = Math.floor((p - 1 + (firstBlack ? 1 : 0)) / 2) + 1;
    return t('reviewing', { move: `${number}. ${hist[p - 1].text}` }, this.lang);
  }

  #setNotice(text) {
    this.#notice = text;
    this.#emit('notice', { text });
    this.#render();
  }

  #describeSquare(sq, piece, { selected, destination }) {
    const L = this.lang;
    const names = { 1: 'whiteMan', 2: 'whiteKing', '-1': 'blackMan', '-2': 'blackKing' };
    let s = t('squareDescription', { n: this.squareName(sq), piece: t(names[piece] ?? 'squareEmpty', {}, L) }, L);
    if (selected) s += t('selectedSuffix', {}, L);
    if (destination) s += t('destinationSuffix', {}, L);
    return s;
  }

  #announce(text) {
    // Empty first, then set: a live region repeats a text only if it changes.
    const el = this.#ui.live;
    el.textContent = '';
    clearTimeout(this.#announceTimer);
    this.#announceTimer = setTimeout(() => (el.textContent = text), 30);
  }

  // "White 22-18", "Black captures 13x22".
  #announceMove(m, color) {
    const L = this.lang;
    let s = t(m.captured.length ? 'announceCapture' : 'announceMove', { color: colorName(color, L), move: m.text }, L);
    if (m.promotes) s += t('announcePromotes', {}, L);
    this.#announce(s);
  }

  #emit(name, detail, cancelable = false) {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable }));
  }
}

function colorName(c, lang) {
  return t(c === 'white' ? 'white' : 'black', {}, lang);
}

// The core words its reasons as clauses ("men move forward only"); show them as sentences.
function sentence(s) {
  const text = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(text) ? text : text + '.';
}

// A resignation or a draw agreement is not a move: it is kept beside the moves.
function applyEnded(game, ended) {
  if (ended.type === 'resign') game.resign(ended.color);
  else if (ended.type === 'draw') game.agreeDraw();
  else throw new Error(`unknown end of game ${JSON.stringify(ended)}`);
}

// A PDN game whose Result tag says it ended though the board does not: the loser resigned, or
// the players agreed a draw.
function endedFromTags(game, tags) {
  if (game.result() || !tags) return null;
  const r = tags.find(([k]) => k.toLowerCase() === 'result')?.[1]?.trim();
  if (r === '1-0' || r === '2-0') return { type: 'resign', color: 'black' };
  if (r === '0-1' || r === '0-2') return { type: 'resign', color: 'white' };
  if (r === '1/2-1/2' || r === '1-1') return { type: 'draw' };
  return null;
}

if (!customElements.get('dama-board')) customElements.define('dama-board', DamaBoard);
