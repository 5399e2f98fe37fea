// @ts-check
// The game page's panels, drawn from the element's state: the players and their clocks, the
// status, the move list, the review bar, the buttons, the editor's box, the engine's data, and
// the choice between two captures. Nothing here changes the game.

import { t, setMessage } from '../shared/i18n.js';
import { playerNames, reviewText, moveNumber, refusalText } from '../game/texts.js';
import { renderTree, moveButton, numberSpan } from '../game/tree-view.js';
import { clockText } from '../game/clock.js';
import { canRematch } from '../game/rematch.js';
import { loadedEngine } from '../engine/loader.js';
import { tapOrClick } from '../shared/pointer.js';
import { $, $button, board, settings, numbersKey, colorName, other, announce } from './page.js';

/** @typedef {import('../game/options.js').Color} Color */
/** @typedef {import('../game/session.js').Move} Move */
/** @typedef {import('../game/texts.js').Result} Result */

// Several captures end on the same square: list them as buttons too (the board also lets
// the player tap a square on the wanted route).
/** @param {Move[]} moves */
export function showChoices(moves) {
  const box = $('choices');
  box.replaceChildren();
  box.hidden = !moves.length;
  if (!moves.length) return;
  const p = document.createElement('p');
  const name = (/** @type {number} */ sq) => board.squareName(sq); // "22", or "c3" in Brazilian
  setMessage(p, () => t(tapOrClick('chooseCapture', 'chooseCaptureClick'), { to: name(moves[0].to) }));
  box.append(p);
  moves.forEach((m, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `choice choice-${i % 4}`;
    const via = m.path.slice(0, -1).map(name).join(', ');
    setMessage(b, () => `${m.text}: ${t('takes', { squares: m.captured.map(name).join(', ') })}${via ? `, ${t('captureVia', { squares: via })}` : ''}`);
    b.addEventListener('click', () => board.choose(m));
    box.append(b);
  });
  announce(p.textContent);
}

// ---------------------------------------------------------------- rendering the panels

// The engine's background data, once some has arrived: "Endgame tables: up to 4 pieces ·
// Opening book".
export function renderEngineData() {
  const { tables, brazilianTables, book, brazilianBook } = loadedEngine()?.data ?? { tables: 0, brazilianTables: 0, book: false, brazilianBook: false };
  const parts = [];
  const el = $('engine-data');
  // Each game has its own tables and book.
  const brazilian = board.isReady && board.variant === 'brazilian';
  const pieces = brazilian ? brazilianTables : tables;
  if (pieces > 0) parts.push(t('dataTables', { n: pieces }));
  if (brazilian ? brazilianBook : book) parts.push(t('dataBook'));
  el.textContent = parts.join(' · ');
  el.hidden = !parts.length;
}

/** Draws every panel from the element's state (once the element is ready). */
export function render() {
  if (!board.isReady) return;
  renderGame();
  const result = board.result();
  renderPlayers(result);
  renderStatus(result);
  renderMoves();
  renderReview();
  renderButtons(result);
  renderEditor();
}

// What follows the game being played: the subtitle names it, and the short rules under the
// moves and the link to the full ones are its own.
function renderGame() {
  const brazilian = board.variant === 'brazilian';
  if (board.numbers !== settings[numbersKey()]) board.numbers = settings[numbersKey()];
  $('subtitle').textContent = t(brazilian ? 'gameBrazilian' : 'gameItalian');
  renderImportPlaceholder();
  renderEngineData();
  /** @type {NodeListOf<HTMLLIElement>} */ (document.querySelectorAll('#rules-summary li')).forEach((li, i) => {
    li.dataset.i18n = `${brazilian ? 'brRule' : 'rule'}${i + 1}`;
    li.textContent = t(li.dataset.i18n);
  });
  for (const a of document.querySelectorAll('a.rules-link')) a.setAttribute('href', brazilian ? 'www/rules.html#brazilian' : 'www/rules.html');
}

/** The Games and positions dialog's example text is of the game played (once its dialog is in the page: dialogs.js). */
export function renderImportPlaceholder() {
  const pdnIn = /** @type {HTMLTextAreaElement | null} */ (document.getElementById('pdn-in'));
  if (!pdnIn) return;
  pdnIn.dataset.i18nPlaceholder = board.variant === 'brazilian' ? 'importPlaceholderBrazilian' : 'importPlaceholder';
  pdnIn.placeholder = t(pdnIn.dataset.i18nPlaceholder);
}

/** @param {Result | null} result */
function renderPlayers(result) {
  /** @type {Color} */
  const bottom = board.orientation;
  const pieces = board.pieces();
  const turn = board.editing ? board.editorTurn : board.turn();
  for (const [id, color] of /** @type {[string, Color][]} */ ([['player-bottom', bottom], ['player-top', other(bottom)]])) {
    const el = $(id);
    const n = pieces.filter((p) => (color === 'white' ? p > 0 : p < 0)).length;
    // The session's names: an imported game's players, else You / Computer or the colours.
    const name = board.editing || !board.session ? colorName(color) : playerNames(board.session)[color];
    /** @type {Element} */ (el.querySelector('.disc')).className = `disc ${color}`;
    /** @type {Element} */ (el.querySelector('.name')).textContent = name;
    /** @type {Element} */ (el.querySelector('.count')).textContent = t('pieces', { n });
    el.classList.toggle('to-move', !result && turn === color);
    el.classList.toggle('thinking', board.thinking === 'move' && turn === color);
    renderClock(/** @type {HTMLElement} */ (el.querySelector('.clock')), color);
  }
}

/**
 * A player's clock: hidden without a time control, lit while running, red when low, and
 * under ten seconds ringed and pulsing (style.css).
 * @param {HTMLElement} el
 * @param {Color} color
 */
export function renderClock(el, color) {
  const c = board.session?.clock;
  el.hidden = !c || board.editing;
  if (!c) return;
  const now = performance.now();
  el.textContent = clockText(c.remaining(color, now));
  el.setAttribute('aria-label', `${t('clockLabel', { color: colorName(color) })}: ${el.textContent}`);
  el.classList.toggle('running', c.running === color);
  el.classList.toggle('low', c.low(color, now));
  el.classList.toggle('critical', c.critical(color, now));
}

// The clocks' faces change every tenth of a second while one runs; nothing else is redrawn.
export const tickClocks = () => setInterval(() => {
  if (!board.session?.clock?.running) return;
  for (const [id, color] of /** @type {[string, Color][]} */ ([['player-bottom', board.orientation], ['player-top', board.orientation === 'white' ? 'black' : 'white']])) {
    renderClock(/** @type {HTMLElement} */ ($(id).querySelector('.clock')), color);
  }
}, 100);

/** @param {Result | null} result */
function renderStatus(result) {
  const el = $('status');
  el.className = 'status';
  if (result && !board.editing) el.classList.add('over');
  else if (board.thinking) el.classList.add('busy');
  el.textContent = board.paused ? `${board.statusText()} ${t('watchPaused')}` : board.statusText();
}

function renderMoves() {
  const list = $('moves');
  const hist = board.history();
  const first = board.session?.firstToMove() ?? 'white';
  const current = board.reviewing ?? hist.length;
  // Every game has its record; the list shows it as a tree once it says more than the moves
  // (variations, a line taken back and replaced, comments, NAGs), else the game's moves.
  const nodes = board.session?.treeNodes() ?? [];
  const tree = nodes.some((n) => !n.mainline || n.comment || n.preComment || n.nags.length || n.glyph) ? nodes : null;
  // Rebuilding the list must not throw away keyboard focus on a move.
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.key : undefined;
  list.replaceChildren();
  if (tree) {
    const s = /** @type {import('../game/session.js').Session} */ (board.session);
    const shown = s.node?.id ?? tree.find((n) => n.mainline && n.ply === current)?.id;
    renderTree(list, tree, { first, shown, onClick: (n) => board.viewNode(n.id) });
  }
  else {
    const cells = first === 'black' ? [null, ...hist] : hist;
    for (let i = 0; i < cells.length; i += 2) {
      const li = document.createElement('li');
      li.append(numberSpan(moveNumber(i + 1, 'white')));
      for (const j of [i, i + 1]) {
        if (j >= cells.length) break;
        const m = cells[j];
        const ply = first === 'black' ? j : j + 1; // moves played once this one is on the board
        if (!m) {
          li.append(dots());
          continue;
        }
        const b = moveButton(m.text, `p${ply}`, ply === current, () => board.review(ply));
        b.dataset.ply = String(ply);
        li.append(b);
      }
      list.append(li);
    }
  }
  const empty = $('moves-empty');
  empty.hidden = hist.length > 0 || !!tree?.some((n) => n.comment || n.preComment);
  empty.textContent = board.turn() === 'black' && !hist.length ? t('noMovesYetBlack') : t('noMovesYet');
  if (focused !== undefined) /** @type {HTMLElement | null} */ (list.querySelector(`button[data-key="${focused}"]`))?.focus();
  // Keep the latest (or reviewed) move visible without scrolling the page itself.
  const cur = /** @type {HTMLElement | null} */ (list.querySelector('.current'));
  if (cur) {
    const top = cur.offsetTop; // .moves is positioned, so this is within the list
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

const dots = () => Object.assign(document.createElement('span'), { className: 'move none', textContent: '…' });

function renderReview() {
  const box = $('review');
  const ply = board.reviewing;
  box.hidden = ply === null || board.editing;
  if (box.hidden) return;
  $('review-text').textContent = board.session ? reviewText(board.session, /** @type {number} */ (ply)) : '';
  $button('btn-prev').disabled = ply === 0;
  // Any move of a game can be played on from, against the computer or between two players.
  /** @type {HTMLElement} */ (box.querySelector('.continue')).hidden = board.mode === 'watch' || board.readonly;
}

/** @param {Result | null} result */
function renderButtons(result) {
  const editing = board.editing;
  const humanTurn = board.humanToMove();
  const computer = board.mode === 'computer';
  $('controls').hidden = editing;
  $button('btn-undo').disabled = !board.canUndo();
  $button('btn-redo').disabled = !board.canRedo();
  $button('btn-hint').disabled = !humanTurn || !!board.thinking;
  const watch = board.mode === 'watch';
  // Watching, nothing is the player's to take back, ask for, offer or resign: Pause instead.
  for (const id of ['btn-undo', 'btn-redo', 'btn-hint', 'btn-draw', 'btn-resign']) $(id).hidden = watch;
  // A game by link has no way to carry a draw offer to the friend: none is offered.
  if (board.mode === 'remote') $('btn-draw').hidden = true;
  // At the end, Rematch takes Resign's place (game/rematch.js says when there is one).
  const rematch = canRematch(board.session);
  $('btn-rematch').hidden = !rematch;
  if (rematch) $('btn-resign').hidden = true;
  $('btn-pause').hidden = !watch;
  $('btn-pause').setAttribute('aria-pressed', String(board.paused));
  $button('btn-resign').disabled = !!result || watch;
  $button('btn-draw').disabled = !!result || watch || (computer && !humanTurn);
  if (!$('btn-draw').classList.contains('armed')) $('btn-draw').textContent = t(computer ? 'offerDraw' : 'agreeDraw');
  $('btn-numbers').setAttribute('aria-pressed', String(board.numbers));
  $('btn-sound').setAttribute('aria-pressed', String(settings.sound));
  $button('btn-review-game').disabled = !board.history().length;
}

function renderEditor() {
  // In the page once Games and positions has been opened (dialogs.js): the editor opens from it.
  const box = document.getElementById('editor');
  if (!box) return;
  box.hidden = !board.editing;
  if (box.hidden) return;
  const turn = board.editorTurn;
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll('input[name="turn"]'))) r.checked = r.value === turn;
  // The core writes the FEN, or says why the position cannot be played (and it cannot).
  let playable = true;
  try {
    $('editor-fen').textContent = /** @type {import('../game/session.js').Session} */ (board.session).editorFen();
  } catch (err) {
    $('editor-fen').textContent = refusalText(/** @type {Error} */ (err).message);
    playable = false;
  }
  $button('editor-play').disabled = !playable;
}
