// The page controller: owns the game (the wasm core's Game), the board, the engine worker and
// the panels, and keeps them in step. The board only shows and collects moves; the core
// decides what is legal; this file decides what happens next.

import { createBoard } from './board/api.js';
import { loadWasm } from './wasm.js';
import { EngineClient } from './engine-client.js';
import { t, translatePage } from './i18n.js';

const $ = (id) => document.getElementById(id);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Search time per level: short at the bottom so easy levels answer at once, a few seconds at
// the top. The engine's own level setting does the weakening; this only bounds the time.
const levelTime = (level) => 100 + 30 * level * level;
// A reply faster than this feels like the computer did not look at your move.
const MIN_REPLY_MS = 450;
const HINT = { level: 10, timeMs: 1200 };
const SETTINGS_KEY = 'dama.settings';
const GAME_KEY = 'dama.game';

const app = {
  wasm: null,
  game: null,
  board: null,
  engine: new EngineClient(),
  mode: 'computer', // or 'friend'
  human: 'white', // the human's colour against the computer
  level: 5,
  settings: { mode: 'computer', color: 'white', level: 5, numbers: true },
  review: null, // number of moves shown while looking back, or null
  search: 0, // id of the latest engine request; replies to older ones are dropped
  thinking: null, // 'move' | 'hint' | null
  hint: null,
  lastScore: null, // the computer's last evaluation, from its own side
  overlayClosed: false,
  ended: null, // how a game without a board result ended: {type: 'resign', color} | {type: 'draw'}
};

const colorName = (c) => t(c === 'white' ? 'white' : 'black');
const other = (c) => (c === 'white' ? 'black' : 'white');

// ---------------------------------------------------------------- start-up

async function main() {
  translatePage();
  loadSettings();
  try {
    app.wasm = await loadWasm();
  } catch (err) {
    $('loading').textContent = t('loadFailed');
    console.error(err);
    return;
  }
  $('loading').hidden = true;
  app.engine.start(); // load the worker's wasm now, not when the computer first moves

  app.board = createBoard($('board'), {
    coordinates: app.settings.numbers,
    animation: { enabled: !matchMedia('(prefers-reduced-motion: reduce)').matches },
    describe: describeSquare,
    events: {
      move: onUserMove,
      illegal: onIllegal,
      select: onSelect,
      ambiguous: onAmbiguous,
      announce,
    },
  });
  app.board.canvas.setAttribute('aria-label', t('boardLabel'));
  wireControls();

  const params = new URLSearchParams(location.search);
  if (params.has('fen') || params.has('mode')) {
    startFromParams(params);
    // The address set the game up once; a reload should continue it, not start again.
    history.replaceState(null, '', location.pathname + location.hash);
  } else if (!restoreGame()) {
    startGame({ mode: app.settings.mode, color: app.settings.color, level: app.settings.level });
  }
  exposeTestHook();
}

function startFromParams(params) {
  const mode = params.get('mode') === 'friend' ? 'friend' : 'computer';
  const level = clampLevel(params.get('level') ?? app.settings.level);
  let fen = params.get('fen');
  let problem = '';
  if (fen) {
    try {
      app.wasm.Game.fromFen(fen).free();
    } catch (err) {
      problem = t('badFen', { error: err.message });
      fen = null;
    }
  }
  // Against the computer from a set-up position, the human plays the side to move unless told.
  let color = params.get('color');
  if (!['white', 'black', 'random'].includes(color)) {
    color = fen ? (fen.trim()[0].toUpperCase() === 'B' ? 'black' : 'white') : app.settings.color;
  }
  startGame({ fen, mode, color, level });
  if (problem) showNotice(problem);
}

function clampLevel(x) {
  const n = Math.round(Number(x));
  return Number.isFinite(n) ? Math.min(10, Math.max(1, n)) : 5;
}

// ---------------------------------------------------------------- game flow

function startGame({ fen = null, moves = [], mode, color, level, orientation = null, ended = null }) {
  cancelThinking();
  const { Game } = app.wasm;
  const game = fen ? Game.fromFen(fen) : new Game();
  for (const m of moves) game.play(m);
  app.game?.free();
  app.game = game;
  app.engine.newGame(); // forget the last game's positions
  app.mode = mode;
  app.level = level;
  app.human = color === 'random' ? (Math.random() < 0.5 ? 'white' : 'black') : color;
  app.review = null;
  app.hint = null;
  app.lastScore = null;
  app.overlayClosed = false;
  app.ended = null;
  if (ended) applyEnded(ended);
  clearNotice();
  onAmbiguous([]);
  const hist = game.history();
  app.board.set({
    orientation: orientation ?? (mode === 'computer' ? app.human : 'white'),
    lastMove: hist[hist.length - 1] ?? null,
    hint: null,
  });
  app.board.setPieces(game.board(), { animate: false });
  app.board.cancel();
  sync();
  maybeComputerMove();
}

function onUserMove(move) {
  clearNotice();
  const mover = app.game.turn();
  let played;
  try {
    played = app.game.play(move.text);
  } catch (err) {
    // The board only offers the core's own moves, so this is not expected; stay consistent.
    showNotice(sentence(err.message));
    app.board.setPieces(app.game.board(), { animate: false });
    sync();
    return;
  }
  if (app.thinking === 'hint') cancelThinking();
  announceMove(played, mover);
  afterMove();
}

function afterMove() {
  app.hint = null;
  sync();
  const result = app.game.result();
  if (result) announce(endTexts(result).join(' '));
  else maybeComputerMove();
}

async function maybeComputerMove() {
  const g = app.game;
  if (app.mode !== 'computer' || g.result() || g.turn() === app.human) return;
  const id = ++app.search;
  app.thinking = 'move';
  sync();
  const started = performance.now();
  let res;
  try {
    res = await app.engine.search(searchRequest(app.level, levelTime(app.level)));
  } catch (err) {
    if (id !== app.search) return;
    app.thinking = null;
    showNotice(t('engineFailed', { error: err.message }));
    sync();
    return;
  }
  if (id !== app.search || !res) return;
  await sleep(Math.max(0, MIN_REPLY_MS - (performance.now() - started)));
  // Let the player's own move finish moving before the answer starts.
  while (app.board.isAnimating() && id === app.search) await sleep(30);
  if (id !== app.search) return;
  app.thinking = null;
  app.lastScore = res.score;
  const mover = g.turn();
  let move;
  try {
    move = g.play(res.move);
  } catch (err) {
    showNotice(t('engineFailed', { error: err.message }));
    sync();
    return;
  }
  if (app.review === null) app.board.playMove(move, g.board());
  announceMove(move, mover);
  afterMove();
}

function searchRequest(level, timeMs) {
  return {
    startFen: app.game.startFen(),
    moves: app.game.history().map((m) => m.text),
    level,
    timeMs,
    seed: (Math.random() * 2 ** 31) | 0,
  };
}

// Stop any search; its reply, if one is already on its way, is ignored by id.
function cancelThinking() {
  app.search++;
  app.engine.cancel();
  app.thinking = null;
}

// Something of the player's own to take back: against the computer, its opening move alone
// does not count (undoing it would only make it play again).
function canUndo() {
  const n = app.game.history().length;
  if (app.ended) return true;
  if (app.mode === 'computer' && n === 1 && app.game.startFen()[0] !== app.human[0].toUpperCase()) return false;
  return n > 0;
}

function undo() {
  const g = app.game;
  if (!canUndo()) return;
  app.review = null;
  cancelThinking();
  if (app.ended) {
    // A resignation or an agreed draw is taken back first, like a move.
    g.undo();
    app.ended = null;
  } else {
    // Against the computer, go back to the player's previous turn: one move if the computer
    // was still thinking about its answer, two otherwise.
    do {
      if (!g.undo()) break;
    } while (app.mode === 'computer' && g.turn() !== app.human && g.history().length);
  }
  app.hint = null;
  app.overlayClosed = false;
  clearNotice();
  onAmbiguous([]);
  app.board.cancel();
  app.board.setPieces(g.board());
  sync();
  maybeComputerMove();
}

// The core keeps the undone moves until a different move is played.
function redo() {
  const g = app.game;
  if (!g.canRedo()) return;
  app.review = null;
  cancelThinking();
  const played = [];
  do {
    const m = g.redo();
    if (!m) break;
    played.push(m);
  } while (app.mode === 'computer' && g.turn() !== app.human && g.canRedo() && !g.result());
  clearNotice();
  app.board.cancel();
  if (played.length === 1) app.board.playMove(played[0], g.board());
  else app.board.setPieces(g.board());
  if (played.length) announceMove(played[played.length - 1], other(g.turn()));
  afterMove();
}

// A resignation or a draw agreement is not a move: it is kept beside the moves so a saved
// game can be restored with it.
function applyEnded(ended) {
  if (ended.type === 'resign') app.game.resign(ended.color);
  else app.game.agreeDraw();
  app.ended = ended;
}

async function hint() {
  if (!humanToMove() || app.thinking) return;
  const id = ++app.search;
  app.thinking = 'hint';
  sync();
  let res;
  try {
    res = await app.engine.search(searchRequest(HINT.level, HINT.timeMs));
  } catch (err) {
    if (id !== app.search) return;
    app.thinking = null;
    showNotice(t('engineFailed', { error: err.message }));
    sync();
    return;
  }
  if (id !== app.search || !res) return;
  app.thinking = null;
  app.hint = app.game.legalMoves().find((m) => m.text === res.move) ?? null;
  if (app.hint) announce(t('hintShown', { move: app.hint.text }));
  sync();
}

function resign() {
  if (app.game.result()) return;
  cancelThinking();
  const color = app.mode === 'computer' ? app.human : app.game.turn();
  applyEnded({ type: 'resign', color });
  afterMove();
}

function offerDraw() {
  if (app.game.result()) return;
  if (app.mode === 'computer') {
    // The computer accepts when its own last evaluation says it is not better.
    const accept = app.lastScore !== null && app.lastScore !== undefined && app.lastScore <= 0;
    if (!accept) {
      showNotice(t('drawDeclined'));
      return;
    }
  }
  cancelThinking();
  applyEnded({ type: 'draw' });
  afterMove();
}

function humanToMove() {
  const g = app.game;
  return !!g && !g.result() && app.review === null && app.thinking !== 'move' && (app.mode === 'friend' || g.turn() === app.human);
}

// ---------------------------------------------------------------- looking back

function showReview(ply) {
  const hist = app.game.history();
  if (ply >= hist.length) return exitReview();
  if (ply < 0) ply = 0;
  app.review = ply;
  const pieces = app.game.boardAt(ply);
  app.board.set({ viewOnly: true, movable: { color: null, moves: [] }, lastMove: ply ? hist[ply - 1] : null, hint: null });
  app.board.setPieces(pieces);
  onAmbiguous([]);
  sync();
}

function exitReview() {
  if (app.review === null) return;
  app.review = null;
  app.board.setPieces(app.game.board());
  sync();
}

// ---------------------------------------------------------------- board callbacks

function onIllegal(from, to) {
  const why = app.game.whyIllegal(from, to);
  const text = why ? sentence(why) : t('illegal');
  showNotice(text);
  announce(text);
}

// The core words its reasons as clauses ("men move forward only"); show them as sentences.
function sentence(s) {
  const text = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(text) ? text : text + '.';
}

function onSelect(sq, moves) {
  if (moves.length) {
    clearNotice();
    return;
  }
  const mustCapture = app.game.legalMoves().some((m) => m.captured.length);
  showNotice(t(mustCapture ? 'selectedMustCapture' : 'selectedNoMoves'));
}

// Several captures end on the same square: list them as buttons too (the board also lets
// the player tap a square on the wanted route).
function onAmbiguous(moves) {
  const box = $('choices');
  box.replaceChildren();
  box.hidden = !moves.length;
  if (!moves.length) return;
  const p = document.createElement('p');
  p.textContent = t('chooseCapture', { to: moves[0].to });
  box.append(p);
  moves.forEach((m, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `choice choice-${i % 4}`;
    const via = m.path.slice(0, -1).join(', ');
    b.textContent = `${m.text}: ${t('takes', { squares: m.captured.join(', ') })}${via ? `, ${t('captureVia', { squares: via })}` : ''}`;
    b.addEventListener('click', () => app.board.choose(m));
    box.append(b);
  });
  announce(p.textContent);
}

function describeSquare(sq, piece, { selected, destination }) {
  const names = { 1: 'whiteMan', 2: 'whiteKing', '-1': 'blackMan', '-2': 'blackKing' };
  let s = t('squareDescription', { n: sq, piece: t(names[piece] ?? 'squareEmpty') });
  if (selected) s += t('selectedSuffix');
  if (destination) s += t('destinationSuffix');
  return s;
}

// ---------------------------------------------------------------- rendering the panels

function sync() {
  const g = app.game;
  const result = g.result();
  const reviewing = app.review !== null;
  const turn = g.turn();
  const humanTurn = humanToMove();
  if (!reviewing) {
    const hist = g.history();
    app.board.set({
      pieces: g.board(),
      lastMove: hist[hist.length - 1] ?? null,
      viewOnly: false,
      movable: { color: humanTurn ? turn : null, moves: humanTurn ? g.legalMoves() : [] },
      hint: app.hint,
    });
  }
  renderPlayers(turn, result);
  renderStatus(turn, result, humanTurn);
  renderMoves();
  renderReview();
  renderButtons(result, humanTurn);
  renderOverlay(result);
  saveGame();
}

function renderPlayers(turn, result) {
  const bottom = app.board.state.orientation;
  const pieces = app.board.state.pieces;
  for (const [id, color] of [['player-bottom', bottom], ['player-top', other(bottom)]]) {
    const el = $(id);
    const n = pieces.filter((p) => (color === 'white' ? p > 0 : p < 0)).length;
    let name = colorName(color);
    if (app.mode === 'computer') name = color === app.human ? t('you') : t('computerLevel', { level: app.level });
    el.querySelector('.disc').className = `disc ${color}`;
    el.querySelector('.name').textContent = name;
    el.querySelector('.count').textContent = n === 1 ? t('piece1') : t('pieces', { n });
    el.classList.toggle('to-move', !result && turn === color);
    el.classList.toggle('thinking', app.thinking === 'move' && turn === color);
  }
}

function renderStatus(turn, result, humanTurn) {
  const g = app.game;
  const el = $('status');
  el.className = 'status';
  let text;
  if (result) {
    text = endTexts(result).join(' ');
    el.classList.add('over');
  } else if (app.thinking === 'move') {
    text = t('computerThinking');
    el.classList.add('busy');
  } else if (app.thinking === 'hint') {
    text = t('hintThinking');
    el.classList.add('busy');
  } else {
    text = app.mode === 'computer' ? t('yourTurn') : t('toMove', { color: colorName(turn) });
    // A newcomer's first look at the page: say how to move.
    if (humanTurn && !g.history().length && !app.hint) text += ' ' + t('firstMoveTip');
    if (humanTurn && app.board.state.movable.moves.some((m) => m.captured.length)) {
      text += ' ' + (app.mode === 'computer' ? t('mustCapture') : t('mustCaptureColor', { color: colorName(turn) }));
    }
    if (app.hint) text += ' ' + t('hintShown', { move: app.hint.text });
  }
  el.textContent = text;
}

function renderMoves() {
  const list = $('moves');
  const hist = app.game.history();
  const firstBlack = app.game.startFen().trim()[0].toUpperCase() === 'B';
  const current = app.review ?? hist.length;
  // Rebuilding the list must not throw away keyboard focus on a move.
  const focusedPly = list.contains(document.activeElement) ? document.activeElement.dataset.ply : undefined;
  list.replaceChildren();
  const cells = firstBlack ? [null, ...hist] : hist;
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement('li');
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${i / 2 + 1}.`;
    li.append(num);
    for (const j of [i, i + 1]) {
      if (j >= cells.length) break;
      const m = cells[j];
      if (!m) {
        const dots = document.createElement('span');
        dots.className = 'move none';
        dots.textContent = '…';
        li.append(dots);
        continue;
      }
      const ply = firstBlack ? j : j + 1; // moves played once this one is on the board
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'move';
      b.textContent = m.text;
      b.dataset.ply = ply;
      if (ply === current) b.classList.add('current');
      b.addEventListener('click', () => showReview(ply));
      li.append(b);
    }
    list.append(li);
  }
  const empty = $('moves-empty');
  empty.hidden = hist.length > 0;
  empty.textContent = app.game.turn() === 'black' && !hist.length ? t('noMovesYetBlack') : t('noMovesYet');
  // Keep the latest (or reviewed) move visible without scrolling the page itself.
  if (focusedPly !== undefined) list.querySelector(`button[data-ply="${focusedPly}"]`)?.focus();
  const cur = list.querySelector('.current');
  if (cur) {
    const top = cur.offsetTop; // .moves is positioned, so this is within the list
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
}

function renderReview() {
  const box = $('review');
  box.hidden = app.review === null;
  if (app.review === null) return;
  const hist = app.game.history();
  const ply = app.review;
  $('review-text').textContent = ply ? t('reviewing', { move: `${Math.ceil(ply / 2)}. ${hist[ply - 1].text}` }) : t('reviewingStart');
  $('btn-prev').disabled = ply === 0;
}

function renderButtons(result, humanTurn) {
  $('btn-undo').disabled = !canUndo();
  $('btn-redo').disabled = !app.game.canRedo();
  $('btn-hint').disabled = !humanTurn || !!app.thinking;
  $('btn-resign').disabled = !!result;
  $('btn-draw').disabled = !!result || (app.mode === 'computer' && !humanTurn);
  $('btn-draw').textContent = t(app.mode === 'computer' ? 'offerDraw' : 'agreeDraw');
  $('btn-numbers').setAttribute('aria-pressed', String(app.board.state.coordinates));
}

function endTexts(result) {
  const winner = result.winner;
  const loser = winner ? other(winner) : null;
  let title;
  if (!winner) title = t('draw');
  else if (app.mode === 'computer') title = winner === app.human ? t('youWin') : t('youLose');
  else title = t('winnerWins', { color: colorName(winner) });
  const reasons = {
    'no-moves': 'reasonNoMoves',
    repetition: 'reasonRepetition',
    'king-moves': 'reasonKingMoves',
    resignation: 'reasonResignation',
    agreement: 'reasonAgreement',
  };
  // The resigning side is the loser; for no-moves too.
  const reason = reasons[result.reason] ? t(reasons[result.reason], { loser: loser ? colorName(loser) : '' }) : result.message || '';
  return [title, reason];
}

function renderOverlay(result) {
  const el = $('overlay');
  const show = !!result && !app.overlayClosed && app.review === null;
  el.hidden = !show;
  if (!show) return;
  const [title, reason] = endTexts(result);
  $('overlay-title').textContent = title;
  $('overlay-reason').textContent = reason;
}

// ---------------------------------------------------------------- notices and speech

function showNotice(text) {
  const el = $('notice');
  el.textContent = text;
  el.hidden = !text;
}

function clearNotice() {
  showNotice('');
}

let announceTimer = 0;
function announce(text) {
  // Empty first, then set: a live region repeats a text only if it changes.
  const el = $('live');
  el.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => (el.textContent = text), 30);
}

// "White 22-18", "Black captures 13x22".
function announceMove(m, color) {
  let s = t(m.captured.length ? 'announceCapture' : 'announceMove', { color: colorName(color), move: m.text });
  if (m.promotes) s += t('announcePromotes');
  announce(s);
}

// ---------------------------------------------------------------- controls

function wireControls() {
  $('btn-new').addEventListener('click', openNewGame);
  $('overlay-new').addEventListener('click', openNewGame);
  $('overlay-close').addEventListener('click', () => {
    app.overlayClosed = true;
    sync();
  });
  $('btn-undo').addEventListener('click', undo);
  $('btn-redo').addEventListener('click', redo);
  $('btn-hint').addEventListener('click', hint);
  $('btn-flip').addEventListener('click', () => {
    app.board.flip();
    sync();
  });
  $('btn-numbers').addEventListener('click', () => {
    app.settings.numbers = !app.board.state.coordinates;
    app.board.set({ coordinates: app.settings.numbers });
    saveSettings();
    sync();
  });
  confirmButton($('btn-resign'), 'confirmResign', resign);
  $('btn-draw').addEventListener('click', () => {
    if (app.mode === 'computer') offerDraw();
  });
  confirmButton($('btn-draw'), 'confirmDraw', offerDraw, () => app.mode === 'friend');
  $('btn-prev').addEventListener('click', () => showReview((app.review ?? app.game.history().length) - 1));
  $('btn-next').addEventListener('click', () => showReview((app.review ?? 0) + 1));
  $('btn-back').addEventListener('click', exitReview);

  const dialog = $('new-game');
  const form = dialog.querySelector('form');
  const syncForm = () => {
    const friend = form.elements.mode.value === 'friend';
    for (const fs of form.querySelectorAll('.computer-only')) fs.disabled = friend;
    $('level-out').textContent = form.elements.level.value;
  };
  form.addEventListener('input', syncForm);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'start') return;
    app.settings.mode = form.elements.mode.value;
    app.settings.color = form.elements.color.value;
    app.settings.level = clampLevel(form.elements.level.value);
    saveSettings();
    startGame({ mode: app.settings.mode, color: app.settings.color, level: app.settings.level });
  });
  syncNewGameForm = syncForm;

  // Arrow keys step through the moves while looking back (the board uses them otherwise).
  document.addEventListener('keydown', (e) => {
    if (app.review === null || e.target.closest?.('input, dialog, canvas')) return;
    if (e.key === 'ArrowLeft') showReview(app.review - 1);
    else if (e.key === 'ArrowRight') showReview(app.review + 1);
    else if (e.key === 'Escape') exitReview();
    else return;
    e.preventDefault();
  });
}

// Destructive buttons ask once more in place instead of a pop-up: a second press within a
// few seconds confirms.
function confirmButton(button, confirmKey, action, when = () => true) {
  let armed = 0;
  button.addEventListener('click', () => {
    if (!when()) return;
    if (armed) {
      clearTimeout(armed);
      armed = 0;
      button.classList.remove('armed');
      action();
      return;
    }
    const label = button.textContent;
    button.textContent = t(confirmKey);
    button.classList.add('armed');
    armed = setTimeout(() => {
      armed = 0;
      button.classList.remove('armed');
      button.textContent = label;
    }, 3000);
  });
}

let syncNewGameForm = () => {};

function openNewGame() {
  const dialog = $('new-game');
  const form = dialog.querySelector('form');
  form.elements.mode.value = app.settings.mode;
  form.elements.color.value = app.settings.color;
  form.elements.level.value = app.settings.level;
  syncNewGameForm();
  dialog.returnValue = '';
  dialog.showModal();
}

// ---------------------------------------------------------------- persistence

function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || 'null');
    if (s) app.settings = { ...app.settings, ...s, level: clampLevel(s.level ?? 5) };
  } catch {
    // Storage can be unavailable (private mode); defaults are fine.
  }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(app.settings));
  } catch {
    /* see loadSettings */
  }
}

// The game in progress survives a reload (a phone reloads tabs often).
function saveGame() {
  try {
    localStorage.setItem(
      GAME_KEY,
      JSON.stringify({
        v: 1,
        startFen: app.game.startFen(),
        moves: app.game.history().map((m) => m.text),
        mode: app.mode,
        human: app.human,
        level: app.level,
        orientation: app.board.state.orientation,
        ended: app.ended,
      }),
    );
  } catch {
    /* see loadSettings */
  }
}

function restoreGame() {
  try {
    const s = JSON.parse(localStorage.getItem(GAME_KEY) || 'null');
    if (!s || s.v !== 1) return false;
    startGame({ fen: s.startFen, moves: s.moves, mode: s.mode, color: s.human, level: clampLevel(s.level), orientation: s.orientation, ended: s.ended });
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- tests

// A read-only view for the browser tests; they still play by clicking the canvas.
function exposeTestHook() {
  window.__dama = {
    ready: true,
    fen: () => app.game.fen(),
    turn: () => app.game.turn(),
    history: () => app.game.history().map((m) => m.text),
    result: () => app.game.result() ?? null,
    thinking: () => app.thinking,
    animating: () => app.board.isAnimating(),
    orientation: () => app.board.state.orientation,
    legalMoves: () => app.game.legalMoves().map((m) => m.text),
  };
}

main();
