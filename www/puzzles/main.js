// @ts-check
// The puzzles page: the tactics trainer (puzzles/trainer.js) on the project's board. The
// player plays the solver's moves on the board; a right one stays and the opponent's reply
// follows by itself after a pause, a wrong one is taken back. Hints, the solution, a retry,
// the next puzzle near the player's rating, a theme filter, and the record (puzzles/store.js)
// kept in localStorage. Open a given puzzle with puzzles.html#<id>.

import { t, translatePage, startLanguage, onLanguageChange, wireLanguageSelect, hasText } from '../shared/i18n.js';
import { loadWasm } from '../shared/wasm.js';
import { createBoard } from '../board/api.js';
import { followBoardSettings } from '../settings/settings.js';
import { colorName, squareDescription, refusalText } from '../game/texts.js';
import { Trainer, readPuzzleFile } from './trainer.js';
import { loadStats, saveStats, storedStats, storeKey } from './store.js';
import { hashText, shown } from '../shared/address.js';
import { normVariant } from '../shared/variant.js';
import { boardLayout } from '../game/board-config.js';

/** @import { Move, Color } from '../shared/wasm-types.js' */
/** @import { BoardApi, SquareInfo } from '../board/types.js' */
/** @import { Puzzle } from './trainer.js' */

/**
 * The page as the browser tests read it (they still play by clicking the board's squares).
 * @typedef {{
 *   ready: boolean,
 *   id(): string | null,
 *   pieces(): number[],
 *   orientation(): Color,
 *   busy(): boolean,
 *   cursor(): number,
 *   marks(): { selected: number, hint: string | null },
 *   status(): string,
 *   stats(): import('./store.js').Stats,
 *   canvas: HTMLCanvasElement,
 * }} PuzzlesTestHook
 */

/** Each game's puzzles, relative to the page (so the site works from any folder). */
const FILES = { italian: 'puzzles/italian.json', brazilian: 'puzzles/brazilian.json' };
/** The game last chosen, kept in this browser. */
const GAME_KEY = 'dama.puzzles.game';

/**
 * The game whose puzzles the page shows: the address's (?game=, or a puzzle id's prefix:
 * `br-` Brazilian, `it-` Italian), else the one last chosen, else Italian.
 * @returns {'italian' | 'brazilian'}
 */
function chosenGame() {
  const asked = new URLSearchParams(location.search).get('game');
  if (asked) return normVariant(asked);
  const id = hashText(location.hash);
  if (id.startsWith('br-')) return 'brazilian';
  if (id.startsWith('it-')) return 'italian';
  try {
    return normVariant(localStorage.getItem(GAME_KEY));
  } catch {
    return 'italian';
  }
}

/** Shows the other game's puzzles: the page again with it (its own trainer, record and board). @param {string} game @param {string} [hash] */
function switchGame(game, hash = '') {
  try {
    localStorage.setItem(GAME_KEY, normVariant(game));
  } catch {
    // Not kept: the address still says it.
  }
  const url = new URL(location.href);
  url.search = `?game=${normVariant(game)}`;
  url.hash = hash;
  location.assign(url.href);
}
// Long enough to see one's own move land before the answer comes, short enough not to wait.
const REPLY_DELAY_MS = 600;
// A wrong move stays on the board this long before it slides back.
const TAKE_BACK_MS = 450;
const SOLUTION_STEP_MS = 800;

/** @param {string} id */
const byId = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const ui = {
  board: byId('board'),
  status: byId('status'),
  live: byId('live'),
  hint: /** @type {HTMLButtonElement} */ (byId('pz-hint')),
  solution: /** @type {HTMLButtonElement} */ (byId('pz-solution')),
  retry: /** @type {HTMLButtonElement} */ (byId('pz-retry')),
  next: /** @type {HTMLButtonElement} */ (byId('pz-next')),
  title: byId('pz-title'),
  id: byId('pz-id'),
  rating: byId('pz-rating'),
  themes: byId('pz-themes'),
  theme: /** @type {HTMLSelectElement} */ (byId('pz-theme')),
  myRating: byId('pz-my-rating'),
  score: byId('pz-score'),
  streak: byId('pz-streak'),
  best: byId('pz-best'),
  analyse: /** @type {HTMLAnchorElement} */ (byId('pz-analyse')),
  link: /** @type {HTMLButtonElement} */ (byId('pz-link')),
  linkSaid: byId('pz-link-said'),
};

/** @type {Trainer | null} */
let trainer = null;
/** @type {BoardApi | null} */
let ground = null;
/** The status line, as a function of the language, so a switch rewords it. */
let status = () => t('loading');
/** A reply, a take-back or the solution is on its way: the board takes no move meanwhile. */
let busy = false;
/** Pending timer; bumping `epoch` makes an old one do nothing (Next or Retry meanwhile). */
let timer = 0;
let epoch = 0;
/** The last move shown on the board (the board keeps it highlighted). @type {Move | null} */
let lastMove = null;

// ------------------------------------------------------------------ texts

/** A theme's name in the page's language; a theme the tables do not know shows as written. */
function themeName(/** @type {string} */ theme) {
  const key = 'pzTheme' + theme.replace(/(^|[-_\s]+)(\w)/g, (_, _sep, c) => c.toUpperCase());
  return hasText(key) ? t(key) : theme;
}

/** "+12", "−8", "±0". */
const signed = (/** @type {number} */ n) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0');

/**
 * @param {() => string} fn the text, in the language of the moment
 * @param {'' | 'solved' | 'wrong'} [kind] coloured to match
 */
function setStatus(fn, kind = '') {
  status = fn;
  ui.status.textContent = fn();
  ui.status.classList.toggle('solved', kind === 'solved');
  ui.status.classList.toggle('wrong', kind === 'wrong');
}

/** What a screen reader hears for a square under the keyboard cursor. */
function describeSquare(/** @type {number} */ sq, /** @type {number} */ piece, /** @type {SquareInfo} */ info) {
  return squareDescription(String(sq), piece, info);
}

// ------------------------------------------------------------------ showing

function render() {
  renderInfo();
  renderStats();
  renderButtons();
  ui.status.textContent = status();
}

function renderInfo() {
  const a = trainer?.attempt;
  // What the puzzle is, as a title; the id, which players share, under it.
  ui.title.textContent = a ? task(a) : '';
  ui.id.textContent = a ? t('pzPuzzleTitle', { id: a.puzzle.id }) : '';
  ui.rating.textContent = a ? t('pzPuzzleRating', { rating: a.puzzle.rating }) : '';
  ui.themes.replaceChildren(
    ...(a?.puzzle.themes ?? []).map((th) => {
      const li = document.createElement('li');
      li.textContent = themeName(th);
      return li;
    }),
  );
  if (!trainer) return;
  const chosen = trainer.stats.theme ?? '';
  const options = [['', t('pzAllThemes')], ...trainer.themes().map((th) => [th, themeName(th)])];
  ui.theme.replaceChildren(
    ...options.map(([value, label]) => {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = label;
      return o;
    }),
  );
  ui.theme.value = options.some(([v]) => v === chosen) ? chosen : '';
}

function renderStats() {
  if (!trainer) return;
  const s = trainer.stats;
  const delta = trainer.counted ? ` (${signed(trainer.ratingDelta)})` : '';
  ui.myRating.textContent = `${s.rating}${delta}`;
  // Numbers only, the same in every language.
  ui.score.textContent = s.tried ? `${s.solved}/${s.tried} (${Math.round((100 * s.solved) / s.tried)}%)` : '0/0';
  ui.streak.textContent = String(s.streak);
  ui.best.textContent = String(s.best);
}

function renderButtons() {
  const a = trainer?.attempt;
  ui.hint.disabled = !a || busy || !a.solverToMove;
  ui.solution.disabled = !a || busy || a.done;
  ui.retry.disabled = !a || busy || a.index === 0;
  ui.next.disabled = !trainer;
  // Once the line is played out, the puzzle and its solution on the analysis board.
  ui.analyse.hidden = !a?.done;
  // And a link to the puzzle itself (its id in the fragment), for a friend to solve.
  ui.link.hidden = !a?.done;
  if (!a?.done) ui.linkSaid.textContent = '';
  if (a?.done && trainer) ui.analyse.href = `analysis.html#${new URLSearchParams({ variant: trainer.variant, pdn: solutionPdn(trainer, a.puzzle) })}`;
}

/**
 * A puzzle and its solution line as PDN, written by the core.
 * @param {Trainer} tr
 * @param {{fen: string, line: string[]}} puzzle
 */
function solutionPdn(tr, puzzle) {
  const tree = new tr.wasm.GameTree(tr.variant, puzzle.fen);
  try {
    let id = 0;
    for (const m of puzzle.line) id = tree.play(id, m);
    return tree.toPdn();
  } finally {
    tree.free();
  }
}

/** The board: the puzzle's position, and the solver's legal moves when it is theirs to play. */
function syncBoard() {
  const a = trainer?.attempt;
  if (!ground || !a) return;
  const live = !busy && a.solverToMove;
  ground.set({ lastMove, movable: { color: live ? a.solver : null, moves: live ? a.legalMoves() : [] } });
}

// ------------------------------------------------------------------ playing

/** Runs `fn` after `ms` unless something newer happened meanwhile. */
function later(/** @type {() => void} */ fn, /** @type {number} */ ms) {
  const mine = epoch;
  clearTimeout(timer);
  timer = window.setTimeout(() => {
    if (mine === epoch) fn();
  }, ms);
}

function cancelPending() {
  epoch++;
  clearTimeout(timer);
  busy = false;
}

/**
 * The puzzle's title: the side to play and what the line wins ("White to play and win a
 * piece").
 * @param {import('./trainer.js').Attempt} a
 */
function task(a) {
  const color = colorName(a.solver);
  const goal = a.goal;
  if (goal.kind === 'win') return t('pzTitleWin', { color });
  if (goal.kind === 'pieces') return goal.n === 1 ? t('pzTitlePiece', { color }) : t('pzTitlePieces', { color, n: goal.n });
  if (goal.kind === 'crown') return t('pzTitleCrown', { color });
  return t('pzTitleMaterial', { color });
}

/**
 * Opens a puzzle (by id or as picked) on the board.
 * @param {Puzzle} puzzle
 * @param {() => string} [note] said before the task (a replay, an unknown id)
 * @param {boolean} [fallback] a broken puzzle may be replaced by another (once, not in a loop)
 */
function open(puzzle, note, fallback = true) {
  if (!trainer || !ground) return;
  cancelPending();
  let a;
  try {
    a = trainer.open(puzzle);
  } catch (err) {
    // A broken puzzle in the file: say so, and offer another rather than nothing.
    console.warn(err);
    const other = fallback ? trainer.pick(trainer.stats.theme) : null;
    if (other && other.puzzle !== puzzle) return open(other.puzzle, () => t('pzBroken', { id: puzzle.id }), false);
    setStatus(() => t('pzBroken', { id: puzzle.id }));
    return render();
  }
  lastMove = null;
  ground.cancel();
  ground.set({ orientation: a.solver, hint: null, selected: 0 });
  ground.setPieces(a.board(), { animate: false });
  syncBoard();
  if (location.hash !== `#${puzzle.id}`) history.replaceState(null, '', `#${encodeURIComponent(puzzle.id)}`);
  setStatus(() => (note ? note() + ' ' : '') + task(a) + '.');
  render();
}

/** The next puzzle near the player's rating, of the theme chosen. */
function next() {
  if (!trainer) return;
  const p = trainer.pick(trainer.stats.theme);
  if (p) open(p.puzzle, p.replay ? () => t('pzAllSolved') : undefined);
}

/** The board reports a move the player made (one of the legal moves it was given). @param {Move} move */
function onMove(move) {
  if (!trainer?.attempt || !ground) return;
  const a = trainer.attempt;
  const first = !trainer.outcome;
  const r = trainer.play(move.text);
  if (r.kind === 'correct') {
    lastMove = r.move;
    if (r.done) return finished();
    busy = true;
    setStatus(() => t('pzGoodMove'));
    syncBoard();
    render();
    later(reply, REPLY_DELAY_MS);
    return;
  }
  // Refused: the board shows the move a moment, then the position again.
  const text = r.text;
  busy = true;
  // Nothing to play meanwhile (the wrong move stays highlighted until it goes back).
  ground.set({ movable: { color: null, moves: [] } });
  // The first mistake is the one that costs the puzzle: say so once.
  const lost = first && trainer.outcome === 'lost';
  setStatus(() => t('pzWrong', { move: text }) + (lost ? ' ' + t('pzCountsFailed') : ''), 'wrong');
  render();
  later(() => {
    busy = false;
    ground?.setPieces(a.board());
    syncBoard();
    render();
  }, TAKE_BACK_MS);
}

/** The opponent's reply, on the board and in words. */
function reply() {
  if (!trainer?.attempt || !ground) return;
  const a = trainer.attempt;
  const m = trainer.reply();
  busy = false;
  if (!m) return render();
  lastMove = m;
  ground.playMove(m, a.board());
  const by = a.opponent;
  setStatus(() => t('pzReplied', { color: colorName(by), move: m.text }) + ' ' + t('pzYourMove'));
  syncBoard();
  render();
}

/** The line was played to its end by the player. */
function finished() {
  if (!trainer) return;
  const tr = trainer;
  syncBoard();
  /** @type {() => string} */
  let words;
  if (tr.outcome === 'won' && tr.counted) words = () => `${t('pzSolved')} ${t('pzRatingNow', { rating: tr.stats.rating, delta: signed(tr.ratingDelta) })}`;
  // Solved, but not at the first try: one sentence says both.
  else if (tr.outcome === 'lost') words = () => t('pzSolvedFailed');
  else words = () => `${t('pzSolved')} ${t('pzPractice')}`;
  setStatus(words, 'solved');
  render();
}

/** The piece to move, then the move. */
function hint() {
  if (!trainer?.attempt || !ground || busy) return;
  const first = !trainer.outcome;
  const h = trainer.hint();
  if (!h) return;
  if (h.level === 1) {
    ground.set({ selected: h.move.from, hint: null });
    setStatus(() => t('pzHintPiece', { square: h.move.from }));
  } else {
    ground.set({ selected: 0, hint: h.move });
    const lost = first && trainer.outcome === 'lost';
    setStatus(() => t('pzHintMove', { move: h.move.text }) + (lost ? ' ' + t('pzCountsFailed') : ''));
  }
  render();
}

/** Plays the rest of the line, one move at a time, and names it. */
function showSolution() {
  if (!trainer?.attempt || !ground) return;
  const a = trainer.attempt;
  cancelPending();
  if (a.done) return;
  trainer.reveal();
  ground.set({ hint: null, selected: 0 });
  ground.cancel();
  // A wrong move being taken back: back to the position first.
  ground.setPieces(a.board(), { animate: false });
  busy = true;
  const line = a.line.join(' ');
  setStatus(() => t('pzShowingSolution', { line }));
  syncBoard();
  render();
  const step = () => {
    const m = trainer?.advance();
    if (!m || !ground) return;
    lastMove = m;
    ground.playMove(m, a.board());
    if (a.done) {
      busy = false;
      setStatus(() => t('pzSolutionWas', { line }));
      syncBoard();
      render();
    } else {
      later(step, SOLUTION_STEP_MS);
    }
  };
  later(step, 250);
}

/** Back to the puzzle's position. */
function retry() {
  if (!trainer?.attempt || !ground) return;
  cancelPending();
  trainer.retry();
  const a = trainer.attempt;
  lastMove = null;
  ground.cancel();
  ground.set({ hint: null, selected: 0 });
  ground.setPieces(a.board());
  syncBoard();
  setStatus(() => task(a) + '.');
  render();
}

/** The player asked for a move that is not legal: the core's reason, in words. */
function onIllegal(/** @type {number} */ from, /** @type {number} */ to) {
  if (busy) return;
  const why = trainer?.attempt?.game.whyIllegal(from, to);
  setStatus(() => refusalText(why));
}

/** Copies the address of the puzzle shown: opened, it shows the same puzzle to solve. */
async function copyPuzzleLink() {
  const p = trainer?.attempt?.puzzle;
  if (!p) return;
  const url = new URL(location.href);
  url.hash = encodeURIComponent(p.id);
  try {
    await navigator.clipboard.writeText(url.href);
    ui.linkSaid.textContent = t('copied');
  } catch {
    ui.linkSaid.textContent = url.href;
  }
}

/** Opens the puzzle the address names (#id), else the next one. */
function openFromHash() {
  if (!trainer) return;
  // An address may hold anything (a bad escape, a huge text): what is not a puzzle is named
  // and another puzzle opened.
  const id = hashText(location.hash);
  if (id && id === trainer.attempt?.puzzle.id) return;
  // A puzzle of the other game (a shared link): that game's page.
  const other = trainer.variant === 'italian' ? 'br-' : 'it-';
  if (id.startsWith(other)) return switchGame(other === 'br-' ? 'brazilian' : 'italian', `#${encodeURIComponent(id)}`);
  const p = id ? trainer.byId(id) : null;
  if (p) return open(p);
  if (!id) return next();
  const pick = trainer.pick(trainer.stats.theme);
  if (pick) open(pick.puzzle, () => t('pzNotFound', { id: shown(id) }));
}

// ------------------------------------------------------------------ start

async function main() {
  wireLanguageSelect(/** @type {HTMLSelectElement} */ (byId('lang')));
  onLanguageChange(() => {
    translatePage(); // the page's title too
    ground?.canvas.setAttribute('aria-label', t('boardLabel'));
    render();
  });
  // The page's words, beside the core and the puzzles (the HTML's English shows until they
  // arrive): the three downloads at once.
  const words = startLanguage({ part: 'puzzles' });
  const core = loadWasm();
  core.catch(() => {}); // reported below, once the puzzles' fetch is answered

  const game = chosenGame();
  const FILE = FILES[game];
  const gameSelect = /** @type {HTMLSelectElement} */ (byId('pz-game'));
  gameSelect.value = game;
  gameSelect.addEventListener('change', () => switchGame(gameSelect.value));
  let wasm, data;
  try {
    const res = await fetch(FILE);
    if (!res.ok) throw new Error(`${FILE}: HTTP ${res.status}`);
    [wasm, data] = await Promise.all([core, res.json(), words]);
  } catch (err) {
    console.warn(err);
    setStatus(() => t('pzLoadFailed'));
    return;
  }
  let file;
  try {
    file = readPuzzleFile(data);
  } catch (err) {
    console.warn(err);
    setStatus(() => t('pzLoadFailed'));
    return;
  }
  const variant = file.variant;
  trainer = new Trainer(wasm, file, { stats: loadStats(variant), save: (s) => saveStats(variant, s), load: () => storedStats(variant) });
  if (trainer.stats.theme && !trainer.themes().includes(trainer.stats.theme)) trainer.stats.theme = null;

  ground = createBoard(ui.board, {
    ...boardLayout(variant),
    // The Italian texts name squares by number ("Black replied 14x21", the hints): show them;
    // a Brazilian board has its files and ranks on its edges ("c3xe5").
    coordinates: variant === 'italian',
    animation: { enabled: !matchMedia('(prefers-reduced-motion: reduce)').matches },
    describe: describeSquare,
    events: {
      move: onMove,
      illegal: onIllegal,
      announce: (text) => (ui.live.textContent = text),
    },
  });
  ground.canvas.setAttribute('aria-label', t('boardLabel'));
  followBoardSettings(ground, ui.board); // the player's theme and pieces (the game page's dialog)

  ui.hint.addEventListener('click', hint);
  ui.solution.addEventListener('click', showSolution);
  ui.retry.addEventListener('click', retry);
  ui.next.addEventListener('click', next);
  ui.link.addEventListener('click', copyPuzzleLink);
  ui.theme.addEventListener('change', () => {
    if (!trainer) return;
    // Onto the record as stored now: another tab's results since this one read it stay.
    trainer.stats = { ...(storedStats(variant) ?? trainer.stats), theme: ui.theme.value || null };
    saveStats(variant, trainer.stats);
    // The open puzzle stays if it has the theme; else one that has it.
    const th = trainer.stats.theme;
    if (!th || trainer.attempt?.puzzle.themes.includes(th)) return render();
    next();
  });
  window.addEventListener('hashchange', openFromHash);
  // Another tab recorded a result: show the record as it now stands (this tab's theme kept).
  window.addEventListener('storage', (e) => {
    const latest = e.key === storeKey(variant) ? storedStats(variant) : null;
    if (!latest || !trainer) return;
    trainer.stats = { ...latest, theme: trainer.stats.theme };
    render();
  });

  if (!trainer.puzzles.length) return setStatus(() => t('pzLoadFailed'));
  openFromHash();

  /** @type {PuzzlesTestHook} */
  const hook = {
    ready: true,
    id: () => trainer?.attempt?.puzzle.id ?? null,
    pieces: () => [...(ground?.state.pieces ?? [])],
    orientation: () => ground?.state.orientation ?? 'white',
    busy: () => busy || !!ground?.isAnimating(),
    cursor: () => ground?.state.cursor ?? 0,
    marks: () => ({ selected: ground?.state.selected ?? 0, hint: ground?.state.hint?.text ?? null }),
    status: () => ui.status.textContent ?? '',
    stats: () => structuredClone(trainer?.stats ?? loadStats(variant)),
    canvas: ground.canvas,
  };
  /** @type {Window & { __puzzles?: PuzzlesTestHook }} */ (window).__puzzles = hook;
  // A shared link to a puzzle may be the first page of the site someone opens: from here on
  // it works offline too. Registered once playable, as the other pages do.
  // Loaded once playable: not part of the first load.
  import('../offline/sw-register.js').then((m) => m.registerServiceWorker());
}

main();
