// @ts-check
// The analysis board page: a game tree (analysis/model.js) on the project's board, the
// engine's best lines of the position shown (analysis worker, live as the search deepens),
// an evaluation bar, the game review (every position searched, moves judged, a graph), and
// "learn from your mistakes". Opened from the game page with the game or position in the
// address's fragment (#pdn=..., #fen=..., &ply=N, &review=1, &id=<saved game>), or empty.
// The game page is never touched: this page has its own tree, worker and storage key.

import { t, translatePage, startLanguage, getLanguage, onLanguageChange, wireLanguageSelect, setMessage, textOf } from './i18n.js';
import { loadWasm } from './wasm.js';
import { createBoard } from './board/api.js';
import { followBoardSettings } from './settings.js';
import { engineWanted, rememberEngine } from './analysis/engine-choice.js';
import { AnalysisModel } from './analysis/model.js';
import { AnalysisClient } from './analysis/client.js';
import { EvalBar } from './analysis/evalbar.js';
import { drawGraph, plyAt } from './analysis/graph.js';
import { judgeMoves, counts, forWhite, sideOf } from './analysis/review.js';
import { writeReview, readReview } from './analysis/annotate.js';
import { humanText, withHumanText } from './analysis/comment.js';
import { readGames, showPicker } from './games-picker.js';
import { lessonsFor } from './analysis/learn.js';
import { LearnView } from './analysis/learn-view.js';
import { renderTree } from './game/tree-view.js';
import { moveLabel, moveAnnouncement, squareDescription } from './game/texts.js';
import { Library, newId, revOf } from './library.js';
import { refusedParams, is } from './address.js';
import { mainline, treeFromPdn as recordTree } from './game/record.js';

/** @import { DamaRules, Move, TreeNode, Variant } from '../types/dama-wasm.js' */
/** @import { LinesReply } from '../types/analysis.js' */
/** @import { Reviewed, MoveReview } from './analysis/review.js' */
/** @typedef {'white' | 'black'} Color */

/** How a move changed a known result, in words (review.js). */
const RESULT_CHANGES = { winToDraw: () => t('anWinToDraw'), winToLoss: () => t('anWinToLoss'), drawToLoss: () => t('anDrawToLoss') };
/** The moves of each engine line shown. */
const PV_SHOWN = 10;
/** A PDN in the address beyond this is refused (a long game with comments is a few kB). */
const MAX_ADDRESS_PDN = 256 * 1024;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** @param {string} id */
const $button = (id) => /** @type {HTMLButtonElement} */ ($(id));

/** @type {DamaRules} */
let wasm;
/** @type {AnalysisModel} */
let model;
/** @type {ReturnType<typeof createBoard>} */
let board;
const client = new AnalysisClient();
/** @type {EvalBar} */
let bar;
/** @type {Color} */
let orientation = 'white';

/** The engine's lines of the position shown, or null (none yet for it). */
const engine = {
  on: false,
  /** @type {LinesReply | null} */
  lines: null,
  /** The node the lines are for. */
  node: -1,
};

/** The review: the main line's positions judged, by ply. */
const review = {
  /** @type {(Reviewed | undefined)[]} */
  positions: [],
  /** @type {MoveReview[]} */
  moves: [],
  running: false,
  /** Whether each main-line position has a single legal move (never judged). @type {boolean[]} */
  forced: [],
  /** How long the last review took, in ms. */
  timeMs: 0,
  /** The main line's moves when it was reviewed (a review of another line is not shown). */
  /** @type {string[]} */
  line: [],
};

/** "Learn from your mistakes" (made with the board). @type {LearnView} */
let learn;

/** The error shown ('' for none), kept as words to make. @type {import('./i18n.js').Message} */
let errorShown = '';

/** A PDN of several games in the address, to list in the picker, or null. */
let addressGames = /** @type {string | null} */ (null);
/** The PDN text being read (for the tests: settles once its game is open or its games listed). */
let opening = Promise.resolve();

/** The saved game this analysis belongs to (its review is written back into it). */
let libraryId = /** @type {string | null} */ (null);
/** The revision of it this analysis may write over (see readSavedRev). */
let savedRev = /** @type {number | null} */ (null);

main().catch((err) => showError(String(err?.message ?? err)));

async function main() {
  wireLanguageSelect(/** @type {HTMLSelectElement} */ ($('lang')));
  onLanguageChange(() => {
    translatePage();
    if (board) render(); // once the page is built
  });
  // The page's words load beside the core (the HTML's English shows until they arrive).
  [wasm] = await Promise.all([loadWasm(), startLanguage({ part: 'analysis' })]);
  bar = new EvalBar($('evalbar'));
  const params = new URLSearchParams(location.hash.slice(1) || location.search.slice(1));
  libraryId = params.get('id');
  model = new AnalysisModel(wasm, openTree(params));
  // Values not understood are named and ignored (the PDN and the FEN are the core's to refuse).
  const refused = refusedParams(params, { variant: is.oneOf(['italian', 'brazilian']), ply: is.whole(0, 100_000), review: is.oneOf(['0', '1']), id: (v) => v.length > 0 && v.length <= 100 });
  if (refused.some((r) => r.name === 'id')) libraryId = null;
  const before = errorShown;
  if (refused.length) showError(() => [textOf(before), ...refused.map((r) => t('addressIgnored', r))].filter(Boolean).join(' '));
  const ply = Number(params.get('ply'));
  if (Number.isInteger(ply) && ply > 0) {
    const n = model.mainlineAt(Math.min(ply, model.mainline().length));
    if (n) model.goto(n.id);
  }
  readSaved();
  await readSavedRev();
  board = createBoard($('board'), {
    variant: model.variant,
    orientation,
    // Square numbers are how Italian moves are written; a Brazilian board has its files and
    // ranks on its edges instead (both at once wrote numbers over the rank labels).
    coordinates: model.variant === 'italian',
    events: {
      move: (m) => onBoardMove(m),
      announce: (text) => say(text),
    },
    describe: (sq, piece, o) => squareDescription(squareName(sq), piece, o, getLanguage()),
  });
  followBoardSettings(board, $('board')); // the player's theme and pieces (the game page's dialog)
  learn = new LearnView({ model: () => model, board, client, review, render, say, firstMover });
  wire();
  render();
  if (params.get('review') === '1' && model.mainline().length) startReview();
  else setEngine(engineWanted());
  exposeTestHook();
  // Once playable: the offline copy's downloads must not slow the page's own.
  import('./sw-register.js').then((m) => m.registerServiceWorker());
  if (addressGames) opening = openGames(addressGames);
}

/**
 * The tree the address names: a PDN, a FEN, or the start of a game.
 * @param {URLSearchParams} params
 */
function openTree(params) {
  const variant = /** @type {Variant} */ (params.get('variant') === 'brazilian' ? 'brazilian' : 'italian');
  const pdn = params.get('pdn');
  const fen = params.get('fen');
  try {
    if (pdn) {
      if (pdn.length > MAX_ADDRESS_PDN) throw new Error(t('anTooLong', { n: MAX_ADDRESS_PDN }));
      const file = wasm.PdnFile.parse(pdn, variant);
      try {
        if (!file.count()) throw new Error(t('anNoGame'));
        if (file.count() === 1) return file.tree(0);
        addressGames = pdn; // several: the picker lists them once the page is built
      } finally {
        file.free();
      }
    } else if (fen) return new wasm.GameTree(variant, fen);
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    showError(() => t('anOpenFailed', { error }));
  }
  return new wasm.GameTree(variant, null);
}

/** @param {number} sq */
function squareName(sq) {
  const g = wasm.Game.fromFen(model.currentNode.fen, model.variant);
  try {
    return g.squareName(sq);
  } finally {
    g.free();
  }
}

// ---------------------------------------------------------------- showing

function render() {
  const node = model.currentNode;
  const g = model.gameAt(node.id);
  let legal;
  /** @type {Move | null} */
  let last = null;
  try {
    legal = g.result() ? [] : g.legalMoves();
    if (node.parent !== null) {
      const parent = wasm.Game.fromFen(/** @type {TreeNode} */ (model.node(node.parent)).fen, model.variant);
      try {
        last = parent.legalMoves().find((m) => m.text === node.text) ?? null;
      } finally {
        parent.free();
      }
    }
    board.set({
      variant: model.variant,
      coordinates: model.variant === 'italian',
      orientation,
      pieces: g.board(),
      lastMove: last,
      hint: null,
      viewOnly: false,
      movable: { color: legal.length ? g.turn() : null, moves: legal },
    });
    renderStatus(g);
  } finally {
    g.free();
  }
  bar.flip(orientation);
  renderLines();
  renderMoves();
  renderReview();
  learn.render();
  $('an-game').textContent = model.variant === 'brazilian' ? t('gameBrazilian') : t('gameItalian');
  $button('an-prev').disabled = $button('an-first').disabled = node.parent === null;
  $button('an-next').disabled = $button('an-last').disabled = !node.children.length;
  $button('an-delete').disabled = node.parent === null;
  $button('an-promote').disabled = node.mainline;
  const comment = /** @type {HTMLTextAreaElement} */ ($('an-comment'));
  // The player's words only: the review's evaluation and note stay in the comment, unseen.
  if (document.activeElement !== comment) comment.value = humanText(node.comment);
}

/** @param {import('../types/dama-wasm.js').Game} g */
function renderStatus(g) {
  const node = model.currentNode;
  const result = g.result();
  const where = node.parent === null ? t('anStartPosition') : moveLabel(node.ply, firstMover(), node.text);
  const turn = g.turn() === 'white' ? t('white') : t('black');
  $('an-status').textContent = result ? `${where} · ${result.message}` : `${where} · ${t('anToMove', { side: turn })}`;
}

/** The side to move at the start of the tree. */
function firstMover() {
  return sideOf(model.root.fen);
}

/** The side to move at node `id`. @param {number} id */
function sideAt(id) {
  return sideOf(/** @type {TreeNode} */ (model.node(id)).fen);
}

/**
 * A score for White in words: "White wins in 7", "Black is ahead by 1.20", "Equal".
 * @param {{score: number, known: {win: boolean, moves: number | null} | null}} e
 */
function evalWords(e) {
  if (e.known) {
    const side = e.known.win ? t('white') : t('black');
    return e.known.moves !== null ? t('anWinsIn', { side, n: e.known.moves }) : t('anWins', { side });
  }
  if (Math.abs(e.score) < 10) return t('anLevel');
  return t('anBetter', { side: e.score > 0 ? t('white') : t('black'), n: (Math.abs(e.score) / 100).toFixed(2) });
}

/** @param {{score: number, known: {win: boolean, moves: number | null} | null}} e for White */
function evalShort(e) {
  if (e.known) return `${e.known.win ? '+' : '−'}#${e.known.moves ?? ''}`;
  return `${e.score >= 0 ? '+' : '−'}${(Math.abs(e.score) / 100).toFixed(2)}`;
}

function renderLines() {
  const list = $('an-pv');
  list.replaceChildren();
  const fresh = engine.lines && engine.node === model.current ? engine.lines : null;
  const engineBtn = $button('an-engine');
  engineBtn.textContent = engine.on ? t('anStop') : t('anStart');
  engineBtn.setAttribute('aria-pressed', String(engine.on));
  if (!fresh) {
    // Without lines of its own, a reviewed position shows what the review found.
    const node = model.currentNode;
    const r = node.mainline && reviewShown() ? review.positions[node.ply] : undefined;
    if (r && r.score !== null) {
      const e = { score: r.score, known: r.known ?? null };
      bar.show(e, evalWords(e));
    } else bar.clear();
    $('an-depth').textContent = engine.on ? t('anThinking') : '';
    return;
  }
  const mover = sideAt(model.current);
  const best = fresh.lines[0];
  if (best) {
    const e = forWhite(best, mover);
    bar.show(e, evalWords(e));
  } else bar.clear();
  $('an-depth').textContent = fresh.settled ? t('anDepthSettled', { depth: fresh.depth }) : t('anDepth', { depth: fresh.depth });
  for (const l of fresh.lines) {
    const li = document.createElement('li');
    const score = Object.assign(document.createElement('span'), { className: 'score', textContent: evalShort(forWhite(l, mover)) });
    li.append(score);
    // The start of each line: enough to read, short enough to take in at a glance.
    l.pv.slice(0, PV_SHOWN).forEach((text, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pv-move';
      b.textContent = i === 0 || (i % 2 === 0) ? moveLabel(model.currentNode.ply + i + 1, firstMover(), text) : text;
      b.title = t('anPlayLine');
      b.addEventListener('click', () => {
        model.playLine(l.pv.slice(0, i + 1));
        positionChanged();
      });
      li.append(b);
    });
    list.append(li);
  }
}

function renderMoves() {
  const list = $('an-moves');
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.key : undefined;
  list.replaceChildren();
  const judged = new Map(reviewShown() ? review.moves.map((m) => [m.ply, m.judgement]) : []);
  renderTree(list, model.nodes, {
    first: firstMover(),
    shown: model.current,
    onClick: (n) => {
      model.goto(n.id);
      positionChanged();
    },
    mark: (n) => (n.mainline ? judged.get(n.ply) ?? '' : ''),
  });
  $('an-moves-empty').hidden = model.nodes.length > 1;
  if (focused !== undefined) /** @type {HTMLElement | null} */ (list.querySelector(`button[data-key="${focused}"]`))?.focus();
  const cur = /** @type {HTMLElement | null} */ (list.querySelector('.current'));
  if (cur && (cur.offsetTop < list.scrollTop || cur.offsetTop > list.scrollTop + list.clientHeight - cur.offsetHeight)) {
    list.scrollTop = cur.offsetTop - list.clientHeight / 2;
  }
}

/** The review belongs to the main line as it is now. */
function reviewShown() {
  const main = model.mainline().map((n) => n.text);
  return review.line.length > 0 && main.length === review.line.length && main.every((m, i) => m === review.line[i]);
}

function renderReview() {
  const shown = reviewShown() || review.running;
  const done = review.positions.filter(Boolean).length;
  $('an-progress-row').hidden = !review.running;
  const progress = /** @type {HTMLProgressElement} */ ($('an-progress'));
  progress.max = Math.max(1, review.line.length + 1);
  progress.value = done;
  $button('an-review').disabled = review.running || !model.mainline().length;
  $('graph-box').hidden = !shown;
  const main = model.mainline();
  const ply = model.currentNode.mainline ? model.currentNode.ply : null;
  if (shown) drawGraph(/** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('graph'))), review.positions.slice(0, main.length + 1), review.moves, ply);
  const summary = $('an-summary');
  summary.hidden = !reviewShown() || review.running;
  if (summary.hidden) return;
  const c = counts(review.moves);
  for (const kind of /** @type {const} */ (['inaccuracy', 'mistake', 'blunder'])) {
    for (const side of /** @type {const} */ (['white', 'black'])) {
      /** @type {HTMLElement} */ (summary.querySelector(`tr.${kind} td[data-side="${side}"]`)).textContent = String(c[side][kind]);
    }
  }
  const list = $('an-errors');
  list.replaceChildren();
  for (const m of review.moves) {
    if (!m.judgement) continue;
    const li = document.createElement('li');
    li.className = m.judgement;
    const b = document.createElement('button');
    b.type = 'button';
    const words = [moveLabel(m.ply, firstMover(), m.move), t(`an_${m.judgement}`), m.change ? RESULT_CHANGES[m.change]() : '', m.best ? t('anBestWas', { move: m.best }) : ''];
    b.textContent = words.filter(Boolean).join(' · ');
    b.addEventListener('click', () => {
      const n = model.mainlineAt(m.ply);
      if (n) model.goto(n.id);
      positionChanged();
    });
    li.append(b);
    list.append(li);
  }
  const learnSide = /** @type {HTMLSelectElement} */ ($('an-learn-side'));
  // The side with the errors to learn from, unless the player chose.
  if (!learnSide.dataset.chosen) {
    const errors = (/** @type {Color} */ side) => c[side].mistake + c[side].blunder;
    learnSide.value = errors('black') > errors('white') ? 'black' : 'white';
  }
  $button('an-learn').disabled = !lessonsFor(review.moves, /** @type {Color} */ (learnSide.value)).length;
}

// ---------------------------------------------------------------- moving

/** @param {Move} m */
function onBoardMove(m) {
  if (learn.on) return void learn.try(m);
  try {
    model.play(m.text);
  } catch (err) {
    showError(/** @type {Error} */ (err).message);
    return;
  }
  positionChanged();
}

/** The position shown changed: its lines are unknown until the engine says. */
function positionChanged() {
  showError('');
  engine.lines = null;
  if (engine.on) startEngine();
  render();
  const n = model.currentNode;
  if (n.parent !== null) {
    const m = { text: n.text, captured: n.text.includes('x') ? [0] : [], promotes: false };
    say(moveAnnouncement(m, sideAt(/** @type {number} */ (n.parent)), getLanguage()));
  }
}

// ---------------------------------------------------------------- engine

/** @param {boolean} on */
function setEngine(on) {
  engine.on = on;
  if (on) startEngine();
  else client.stop();
  renderLines();
}

function startEngine() {
  if (review.running) return;
  const node = model.current;
  engine.node = node;
  engine.lines = null;
  client.analyse(
    {
      variant: model.variant,
      startFen: model.root.fen,
      moves: model.movesTo(node),
      lines: Number(/** @type {HTMLSelectElement} */ ($('an-lines')).value) || 1,
    },
    {
      onLines: (r) => {
        if (node !== model.current) return;
        const before = engine.lines?.lines[0];
        engine.lines = r;
        renderLines();
        // A listener hears the evaluation once it is worth saying, not at every depth.
        if (!before && r.lines[0] && r.depth >= 8) say(evalWords(forWhite(r.lines[0], sideAt(node))));
      },
      onDone: () => {
        if (node === model.current && engine.on) {
          engine.on = false;
          renderLines();
        }
      },
      onError: (e) => {
        engine.on = false;
        renderLines();
        showError(stopped(e));
      },
    },
  );
}

/**
 * Why the analysis stopped, in words: the worker's reason, or that no worker answers (a slow
 * or replaced one never gets here: see analysis/client.js).
 * @param {string | null} error
 */
const stopped = (error) => (error === null ? () => t('anEngineGone') : () => t('anAnalysisFailed', { error }));

// ---------------------------------------------------------------- review

function startReview() {
  const main = model.mainline();
  if (!main.length) return;
  client.stop();
  review.running = true;
  review.line = main.map((n) => n.text);
  review.positions = [];
  review.moves = [];
  review.forced = [];
  const timeMs = Number(/** @type {HTMLSelectElement} */ ($('an-review-time')).value) || 200;
  const started = performance.now();
  client.review(
    { variant: model.variant, startFen: model.root.fen, moves: review.line, timeMs },
    {
      onReviewed: (r) => {
        const mover = r.ply === 0 ? firstMover() : sideAt(/** @type {TreeNode} */ (model.mainlineAt(r.ply)).id);
        review.positions[r.ply] = r.line
          ? { ...forWhite(r.line, mover), best: r.line.move, pv: r.line.pv }
          : { score: null, over: r.over ?? 'draw', best: null, pv: [] };
        review.forced[r.ply] = r.forced;
        review.moves = judgeMoves(review.positions, review.line, firstMover(), review.forced);
        renderReview();
      },
      onDone: () => {
        review.running = false;
        review.timeMs = performance.now() - started;
        writeReview(model, review.positions, review.moves);
        saveToLibrary(true);
        say(t('anReviewDone'));
        render();
        if (engine.on) startEngine();
      },
      onError: (e) => {
        review.running = false;
        showError(stopped(e));
        render();
      },
    },
  );
  render();
}

function cancelReview() {
  client.stop();
  review.running = false;
  review.line = [];
  review.positions = [];
  review.moves = [];
  render();
  if (engine.on) startEngine();
}

/** The review kept in the game's comments, if it has one. */
function readSaved() {
  const r = readReview(model);
  if (!r) return;
  review.line = r.line;
  review.positions = r.positions;
  review.forced = r.forced;
  review.moves = r.moves;
}

// ---------------------------------------------------------------- saving

/**
 * Writes the tree into the saved game it came from (with its review), or, asked, into a new
 * saved game. The saved game is written over only while it is as this analysis found it (its
 * revision unchanged, or its main line this one's if it was not saved yet when the analysis
 * opened): a game that has moved on since (played on, resigned, reviewed in another tab) is
 * left as it is, and the analysis is saved as a new game, which the page says.
 * @param {boolean} onlyIfSaved
 */
async function saveToLibrary(onlyIfSaved) {
  if (onlyIfSaved && !libraryId) return;
  const out = $('an-saved');
  try {
    const lib = await Library.open();
    const tags = new Map(model.tree.tags());
    const result = model.tree.result();
    const line = model.mainline().map((n) => n.text);
    /** @param {import('./library.js').GameRecord | undefined} old */
    const fields = (old) => ({
      ...(old ?? {}),
      pdn: model.pdn(),
      white: old?.white ?? tags.get('White') ?? '?',
      black: old?.black ?? tags.get('Black') ?? '?',
      result,
      variant: model.variant,
      plies: line.length,
      date: old?.date ?? new Date().toISOString().slice(0, 10),
      event: old?.event ?? tags.get('Event') ?? '',
      updated: Date.now(),
      finished: old?.finished ?? result !== '*',
      snapshot: old?.snapshot ? { ...old.snapshot, pdn: model.pdn() } : null,
    });
    let apart = false;
    let written = libraryId
      ? await lib.save(libraryId, (old) => {
          if (!old) return onlyIfSaved ? null : fields(undefined);
          const same = savedRev !== null ? revOf(old) === savedRev : sameLine(old.pdn, line);
          if (same) return fields(old);
          apart = true;
          return null;
        })
      : null;
    if (!written && (apart || !onlyIfSaved)) {
      const id = newId();
      written = await lib.save(id, () => ({ ...fields(undefined), finished: result !== '*', snapshot: null }));
      libraryId = id;
    }
    if (!written) return;
    savedRev = revOf(written);
    const key = apart ? 'anSavedApart' : 'anSaved';
    setMessage(out, () => t(key));
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    setMessage(out, () => t('librarySaveFailed', { error }));
  }
}

/**
 * Whether a saved game's main line is `line` (the game as this analysis opened it).
 * @param {string} pdn
 * @param {string[]} line
 */
function sameLine(pdn, line) {
  try {
    const tree = recordTree(wasm, pdn, model.variant);
    try {
      const theirs = mainline(tree);
      return theirs.length === line.length && theirs.every((m, i) => m === line[i]);
    } finally {
      tree.free();
    }
  } catch {
    return false;
  }
}

/**
 * The revision of the saved game this analysis is a copy of, read when it opens: only that
 * revision may be written over. Null when the game was not (yet) saved as this analysis has it.
 */
async function readSavedRev() {
  if (!libraryId) return;
  try {
    const old = await (await Library.open()).get(libraryId);
    const line = model.mainline().map((n) => n.text);
    if (old && sameLine(old.pdn, line)) savedRev = revOf(old);
  } catch {
    // No saved games here: nothing to write back to.
  }
}

// ---------------------------------------------------------------- wiring

function wire() {
  $('an-engine').addEventListener('click', () => {
    setEngine(!engine.on);
    rememberEngine(engine.on);
  });
  $('an-lines').addEventListener('change', () => engine.on && startEngine());
  $('an-first').addEventListener('click', () => go(() => model.first()));
  $('an-prev').addEventListener('click', () => go(() => model.prev()));
  $('an-next').addEventListener('click', () => go(() => model.next()));
  $('an-last').addEventListener('click', () => go(() => model.last()));
  $('an-flip').addEventListener('click', () => {
    orientation = orientation === 'white' ? 'black' : 'white';
    render();
  });
  $('an-review').addEventListener('click', startReview);
  $('an-review-cancel').addEventListener('click', cancelReview);
  $('an-learn').addEventListener('click', () => {
    if (!learn.start(/** @type {Color} */ (/** @type {HTMLSelectElement} */ ($('an-learn-side')).value))) return;
    setEngine(false);
    learn.showLesson();
  });
  $('an-learn-side').addEventListener('change', (e) => {
    /** @type {HTMLElement} */ (e.target).dataset.chosen = '1';
    renderReview();
  });
  $('an-learn-hint').addEventListener('click', () => learn.hint());
  $('an-learn-show').addEventListener('click', () => learn.showBest());
  $('an-learn-next').addEventListener('click', () => learn.next());
  $('an-learn-stop').addEventListener('click', () => learn.stop());
  $('an-delete').addEventListener('click', () => {
    model.delete(model.current);
    positionChanged();
  });
  $('an-promote').addEventListener('click', () => {
    model.promote(model.current);
    render();
  });
  $('an-comment').addEventListener('change', (e) => {
    try {
      model.setComment(model.current, withHumanText(model.currentNode.comment, /** @type {HTMLTextAreaElement} */ (e.target).value));
      renderMoves();
    } catch (err) {
      showError(/** @type {Error} */ (err).message);
    }
  });
  $('graph').addEventListener('click', (e) => {
    const n = model.mainlineAt(plyAt(/** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('graph'))), e.clientX, model.mainline().length));
    if (n) go(() => model.goto(n.id));
  });
  $('an-open').addEventListener('click', openInput);
  $('an-copy-fen').addEventListener('click', () => copy(model.currentNode.fen));
  $('an-copy-pdn').addEventListener('click', () => copy(model.pdn()));
  $('an-download').addEventListener('click', () => {
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([model.pdn()], { type: 'application/x-pdn' }));
    a.download = 'analysis.pdn';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  });
  $('an-save').addEventListener('click', () => saveToLibrary(false));
  // The keys of the sites: from anywhere on the page but a text field, a list or the board
  // (whose arrow keys move its cursor).
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || /** @type {Element} */ (e.target).closest?.('input, textarea, select, .board-canvas')) return;
    /** @type {Record<string, () => void>} */
    const keys = {
      ArrowLeft: () => model.prev(),
      ArrowRight: () => model.next(),
      ArrowUp: () => model.sibling(-1),
      ArrowDown: () => model.sibling(1),
      Home: () => model.first(),
      End: () => model.last(),
    };
    const f = keys[e.key];
    if (!f) return;
    e.preventDefault();
    go(f);
  });
}

/** @param {() => void} f a move through the tree */
function go(f) {
  const before = model.current;
  f();
  if (learn.on) learn.stop();
  if (model.current !== before) positionChanged();
}

function openInput() {
  const text = /** @type {HTMLTextAreaElement} */ ($('an-input')).value.trim();
  if (!text) return;
  if (!(/^[WB]:/i.test(text) || (!/[\d]+[.]/.test(text) && /^[WB]/i.test(text)))) return void (opening = openGames(text));
  try {
    showTree(new wasm.GameTree(model.variant, text));
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    showError(() => t('anOpenFailed', { error }));
  }
}

/**
 * A PDN text's games: one opens at once, several are listed in the picker as on the game page
 * (the board unchanged until one is chosen). A text that cannot be read is refused in words.
 * @param {string} text
 */
async function openGames(text) {
  let games;
  try {
    games = await readGames(text, model.variant);
    if (!games.length) throw new Error(t('anNoGame'));
    if (games.length === 1) return void openGame(games[0].text);
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    return void showError(() => t('anOpenFailed', { error }));
  }
  showError(''); // what was said of an earlier text is not about these games
  await showPicker(games, openGame);
}

/**
 * Opens a game from its own text; throws the core's reason, and then nothing has changed.
 * @param {string} text
 */
function openGame(text) {
  const file = wasm.PdnFile.parse(text, model.variant);
  try {
    showTree(file.tree(0));
  } finally {
    file.free();
  }
}

/**
 * Shows another game or position: the last one's review, saved game and lines are left, and
 * so is what the page said of it (saved, copied, an error).
 * @param {import('../types/dama-wasm.js').GameTree} tree
 */
function showTree(tree) {
  client.stop();
  model.free();
  model = new AnalysisModel(wasm, tree);
  libraryId = null;
  savedRev = null;
  review.line = [];
  review.positions = [];
  review.moves = [];
  review.running = false;
  learn.lessons = null;
  setMessage($('an-saved'), '');
  readSaved();
  positionChanged();
}

/** @param {string} text */
async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    setMessage($('an-saved'), () => t('copied'));
  } catch {
    /** @type {HTMLTextAreaElement} */ ($('an-input')).value = text;
  }
}

/** @param {import('./i18n.js').Message} message a function of the language is worded again at a switch */
function showError(message) {
  errorShown = message;
  const el = document.getElementById('an-error');
  if (el) el.hidden = !setMessage(el, message);
}

/** @param {string} text for a screen reader */
function say(text) {
  const el = $('an-say');
  el.textContent = '';
  // A change a moment later is announced even when the text is the same as before.
  setTimeout(() => {
    el.textContent = text;
  }, 30);
}

// For the browser tests: the state as data.
function exposeTestHook() {
  /** @type {any} */ (window).__analysis = {
    model: () => model,
    lines: () => (engine.lines && engine.node === model.current ? engine.lines : null),
    engineOn: () => engine.on,
    review: () => ({ running: review.running, positions: review.positions, moves: review.moves, timeMs: review.timeMs }),
    learn: () => (learn.lessons ? { state: learn.lessons.state, index: learn.lessons.index, items: learn.lessons.items.length } : null),
    pdn: () => model.pdn(),
    squareCenter: (/** @type {number} */ sq) => board.squareCenter(sq),
    restarts: () => client.restarts,
    opening: () => opening,
    numbers: () => board.state.coordinates,
  };
}
