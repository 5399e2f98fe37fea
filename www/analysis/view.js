// @ts-check
// The analysis page's panels, drawn from its state: the board at the position shown, the
// status, the engine's lines and the bar, the move tree, the review (its progress, graph,
// counts and list of errors) and the buttons. A move clicked in a panel is shown through the
// handler main.js gives (onPositionChange).

import { t } from '../shared/i18n.js';
import { drawGraph } from './graph.js';
import { counts, forWhite } from './review.js';
import { humanText } from './comment.js';
import { lessonsFor } from './learn.js';
import { renderTree } from '../game/tree-view.js';
import { moveLabel } from '../game/texts.js';
import { boardLayout } from '../game/board-config.js';
import { $, $button, page, engine, review, firstMover, sideAt, client } from './page.js';
import { explorerHooks } from './explorer/hooks.js';

/** @import { Move, TreeNode } from '../shared/wasm-types.js' */
/** @typedef {import('./page.js').Color} Color */

/** How a move changed a known result, in words (review.js). */
const RESULT_CHANGES = { winToDraw: () => t('anWinToDraw'), winToLoss: () => t('anWinToLoss'), drawToLoss: () => t('anDrawToLoss') };
/** The moves of each engine line shown. */
const PV_SHOWN = 10;

/** What follows a move clicked in a panel (the controller's: the engine, the page, the words). */
let positionChanged = () => {};
/** @param {() => void} f */
export function onPositionChange(f) {
  positionChanged = f;
}

export function render() {
  const { model, board, orientation } = page;
  const node = model.currentNode;
  const g = model.gameAt(node.id);
  let legal;
  /** @type {Move | null} */
  let last = null;
  try {
    legal = g.result() ? [] : g.legalMoves();
    if (node.parent !== null) {
      const parent = new page.wasm.GameRecord('analysis', model.variant, /** @type {TreeNode} */ (model.node(node.parent)).fen);
      try {
        last = parent.legalMoves().find((m) => m.text === node.text) ?? null;
      } finally {
        parent.free();
      }
    }
    board.set({
      ...boardLayout(model.variant),
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
  page.bar.flip(orientation);
  renderLines();
  renderMoves();
  renderReview();
  page.learn.render();
  explorerHooks.refresh();
  $('an-game').textContent = model.variant === 'brazilian' ? t('gameBrazilian') : t('gameItalian');
  $button('an-prev').disabled = $button('an-first').disabled = node.parent === null;
  $button('an-next').disabled = $button('an-last').disabled = !node.children.length;
  $button('an-delete').disabled = node.parent === null;
  $button('an-promote').disabled = node.mainline;
  const comment = /** @type {HTMLTextAreaElement} */ ($('an-comment'));
  // The player's words only: the review's evaluation and note stay in the comment, unseen.
  if (document.activeElement !== comment) comment.value = humanText(node.comment);
}

/** @param {import('../shared/wasm-types.js').GameRecord} g */
function renderStatus(g) {
  const node = page.model.currentNode;
  const result = g.result();
  const where = node.parent === null ? t('anStartPosition') : moveLabel(node.ply, firstMover(), node.text);
  const turn = g.turn() === 'white' ? t('white') : t('black');
  $('an-status').textContent = result ? `${where} · ${result.message}` : `${where} · ${t('anToMove', { side: turn })}`;
}

/**
 * A score for White in words: "White wins in 7", "Black is ahead by 1.20", "Equal".
 * @param {{score: number, known: {win: boolean, moves: number | null} | null}} e
 */
export function evalWords(e) {
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

export function renderLines() {
  const { model, bar } = page;
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
    // Else what the endgame tables say of it (the explorer asked them).
    const tb = explorerHooks.tablesValue();
    if (r && r.score !== null) {
      const e = { score: r.score, known: r.known ?? null };
      bar.show(e, evalWords(e));
    } else if (tb) bar.show(tb, explorerHooks.tablesWords(tb.result, tb.plies));
    else bar.clear();
    $('an-depth').textContent = engine.on ? t('anThinking') : '';
    return;
  }
  const mover = sideAt(model.current);
  const best = fresh.lines[0];
  if (best) {
    const e = forWhite(best, mover);
    bar.show(e, evalWords(e));
  } else bar.clear();
  const depth = fresh.settled ? t('anDepthSettled', { depth: fresh.depth }) : t('anDepth', { depth: fresh.depth });
  $('an-depth').textContent = `${depth} · ${t('anThreads', { n: client.threads })}`;
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
        page.model.playLine(l.pv.slice(0, i + 1));
        positionChanged();
      });
      li.append(b);
    });
    list.append(li);
  }
}

export function renderMoves() {
  const { model } = page;
  const list = $('an-moves');
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.key : undefined;
  list.replaceChildren();
  const judged = new Map(reviewShown() ? review.moves.map((m) => [m.ply, m.judgement]) : []);
  renderTree(list, model.nodes, {
    first: firstMover(),
    shown: model.current,
    onClick: (n) => {
      page.model.goto(n.id);
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
  const main = page.model.mainline().map((n) => n.text);
  return review.line.length > 0 && main.length === review.line.length && main.every((m, i) => m === review.line[i]);
}

export function renderReview() {
  const { model } = page;
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
  renderErrors();
  const learnSide = /** @type {HTMLSelectElement} */ ($('an-learn-side'));
  // The side with the errors to learn from, unless the player chose.
  if (!learnSide.dataset.chosen) {
    const errors = (/** @type {Color} */ side) => c[side].mistake + c[side].blunder;
    learnSide.value = errors('black') > errors('white') ? 'black' : 'white';
  }
  $button('an-learn').disabled = !lessonsFor(review.moves, /** @type {Color} */ (learnSide.value)).length;
}

/** The review's list of errors: each one a button to its position. */
function renderErrors() {
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
      const n = page.model.mainlineAt(m.ply);
      if (n) page.model.goto(n.id);
      positionChanged();
    });
    li.append(b);
    list.append(li);
  }
}
