// The full game page: the <dama-board> element (which owns the game, the board and the
// computer) with the page's panels around it. The panels only read the element's state and
// call its methods; they re-render on its `change` event.

import './dama-board.js';
import { normMode, normVariant, clampLevel, looksLikeFen } from './dama-board.js';
import { t, translatePage, setLanguage, getLanguage, onLanguageChange, fillLanguageSelect } from './i18n.js';
import { registerServiceWorker } from './sw-register.js';
import { sharedEngine } from './engine-client.js';

const $ = (id) => document.getElementById(id);
const SETTINGS_KEY = 'dama.settings';
const GAME_KEY = 'dama.game';
const GAME_VERSION = 2;
const MAX_FILE = 1 << 20; // a PDN file of a single game is a few kB

const board = $('board');
// The New game dialog's last choices (variant: 'italian' | 'brazilian') and the toggles. The
// square numbers are each game's own choice: on for Italian, whose moves are written with
// them; off for Brazilian, whose board has files and ranks on its edges instead.
const settings = { variant: 'italian', mode: 'computer', color: 'white', level: 5, numbers: true, numbersBrazilian: false, sound: false };
const numbersKey = () => (board.variant === 'brazilian' ? 'numbersBrazilian' : 'numbers');
let restoring = true; // no saving while the saved game is being read
let pageNotice = '';

const colorName = (c) => t(c === 'white' ? 'white' : 'black');
const other = (c) => (c === 'white' ? 'black' : 'white');

// ---------------------------------------------------------------- start-up

async function main() {
  loadSettings();
  setLanguage(getLanguage());
  translatePage();
  fillLanguageSelect($('lang'));
  $('lang').value = getLanguage();
  board.toggleAttribute('numbers', settings[numbersKey()]);
  board.toggleAttribute('sound', settings.sound);
  wireControls();
  wireBoard();
  wireGames();
  wireEditor();
  onLanguageChange(() => {
    translatePage();
    render();
    renderEngineData();
    syncNewGameForm();
  });
  sharedEngine().addEventListener('data', renderEngineData);

  await board.whenReady();
  const params = new URLSearchParams(location.search);
  if (['fen', 'mode', 'pdn', 'variant'].some((k) => params.has(k))) {
    startFromParams(params);
    // The address set the game up once; a reload should continue it, not start again.
    history.replaceState(null, '', location.pathname + location.hash);
  } else if (!restoreGame()) {
    newGame(defaultGame());
  }
  restoring = false;
  saveGame();
  render();
  exposeTestHook();
  registerServiceWorker({ onUpdate: showUpdate });
}

// A new game with the New game dialog's last choices.
const defaultGame = () => ({ variant: settings.variant, mode: settings.mode, side: settings.color, level: settings.level });

function startFromParams(params) {
  const fen = params.get('fen');
  const pdn = params.get('pdn');
  const opts = {
    // The game the FEN is written for (a PDN's GameType, when it has one, says it itself).
    variant: normVariant(params.get('variant') ?? settings.variant),
    mode: normMode(params.get('mode') ?? settings.mode),
    side: params.get('side') ?? params.get('color') ?? (fen || pdn ? undefined : settings.color),
    level: clampLevel(params.get('level') ?? settings.level),
    fen,
    pdn,
  };
  if (opts.side === undefined) opts.side = null; // the side to move of the set-up position
  // Watching the computer play itself: ?delay=ms between moves (0 for tests).
  if (params.has('delay')) board.setAttribute('delay', params.get('delay'));
  try {
    board.newGame(opts);
  } catch (err) {
    newGame({ ...opts, fen: null, pdn: null });
    showNotice(t('badFen', { error: err.message }));
  }
}

function newGame(opts) {
  board.newGame(opts);
}

// ---------------------------------------------------------------- the board's events

function wireBoard() {
  board.addEventListener('change', () => {
    if (!restoring) saveGame();
    render();
  });
  board.addEventListener('notice', (e) => showNotice(e.detail.text));
  board.addEventListener('ambiguous', (e) => showChoices(e.detail.moves));
  board.addEventListener('newgamerequest', (e) => {
    e.preventDefault(); // the page asks how, with its dialog
    openNewGame();
  });
  board.addEventListener('move', () => {
    if (pageNotice) showNotice('');
  });
}

// Several captures end on the same square: list them as buttons too (the board also lets
// the player tap a square on the wanted route).
function showChoices(moves) {
  const box = $('choices');
  box.replaceChildren();
  box.hidden = !moves.length;
  if (!moves.length) return;
  const p = document.createElement('p');
  const name = (sq) => board.squareName(sq); // "22", or "c3" in Brazilian
  p.textContent = t('chooseCapture', { to: name(moves[0].to) });
  box.append(p);
  moves.forEach((m, i) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = `choice choice-${i % 4}`;
    const via = m.path.slice(0, -1).map(name).join(', ');
    b.textContent = `${m.text}: ${t('takes', { squares: m.captured.map(name).join(', ') })}${via ? `, ${t('captureVia', { squares: via })}` : ''}`;
    b.addEventListener('click', () => board.choose(m));
    box.append(b);
  });
  announce(p.textContent);
}

// ---------------------------------------------------------------- rendering the panels

// The engine's background data, once some has arrived: "Endgame tables: up to 4 pieces ·
// Opening book".
function renderEngineData() {
  const { tables, book } = sharedEngine().data;
  const parts = [];
  // The book and the tables are Italian: a Brazilian game plays without them.
  const el = $('engine-data');
  if (board.isReady && board.variant === 'brazilian') {
    el.hidden = true;
    return;
  }
  if (tables > 0) parts.push(t('dataTables', { n: tables }));
  if (book) parts.push(t('dataBook'));
  el.textContent = parts.join(' · ');
  el.hidden = !parts.length;
}

function render() {
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
  const pdnIn = $('pdn-in');
  pdnIn.dataset.i18nPlaceholder = brazilian ? 'importPlaceholderBrazilian' : 'importPlaceholder';
  pdnIn.placeholder = t(pdnIn.dataset.i18nPlaceholder);
  renderEngineData();
  document.querySelectorAll('#rules-summary li').forEach((li, i) => {
    li.dataset.i18n = `${brazilian ? 'brRule' : 'rule'}${i + 1}`;
    li.textContent = t(li.dataset.i18n);
  });
  for (const a of document.querySelectorAll('a.rules-link')) a.setAttribute('href', brazilian ? 'www/rules.html#brazilian' : 'www/rules.html');
}

function renderPlayers(result) {
  const bottom = board.orientation;
  const pieces = board.pieces();
  const turn = board.editing ? board.editorTurn : board.turn();
  for (const [id, color] of [['player-bottom', bottom], ['player-top', other(bottom)]]) {
    const el = $(id);
    const n = pieces.filter((p) => (color === 'white' ? p > 0 : p < 0)).length;
    let name = colorName(color);
    if (board.mode === 'computer' && !board.editing) name = color === board.side ? t('you') : t('computerLevel', { level: board.level });
    if (board.mode === 'watch' && !board.editing) name = `${colorName(color)} · ${t('computerLevel', { level: board.levelFor(color) })}`;
    el.querySelector('.disc').className = `disc ${color}`;
    el.querySelector('.name').textContent = name;
    el.querySelector('.count').textContent = n === 1 ? t('piece1') : t('pieces', { n });
    el.classList.toggle('to-move', !result && turn === color);
    el.classList.toggle('thinking', board.thinking === 'move' && turn === color);
  }
}

function renderStatus(result) {
  const el = $('status');
  el.className = 'status';
  if (result && !board.editing) el.classList.add('over');
  else if (board.thinking) el.classList.add('busy');
  el.textContent = board.statusText();
}

function renderMoves() {
  const list = $('moves');
  const hist = board.history();
  const firstBlack = board.startFen().trim()[0].toUpperCase() === 'B';
  const current = board.reviewing ?? hist.length;
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
      b.addEventListener('click', () => board.review(ply));
      li.append(b);
    }
    list.append(li);
  }
  const empty = $('moves-empty');
  empty.hidden = hist.length > 0;
  empty.textContent = board.turn() === 'black' && !hist.length ? t('noMovesYetBlack') : t('noMovesYet');
  if (focusedPly !== undefined) list.querySelector(`button[data-ply="${focusedPly}"]`)?.focus();
  // Keep the latest (or reviewed) move visible without scrolling the page itself.
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
  const ply = board.reviewing;
  box.hidden = ply === null || board.editing;
  if (box.hidden) return;
  const hist = board.history();
  $('review-text').textContent = ply ? t('reviewing', { move: `${Math.ceil(ply / 2)}. ${hist[ply - 1].text}` }) : t('reviewingStart');
  $('btn-prev').disabled = ply === 0;
}

function renderButtons(result) {
  const editing = board.editing;
  const humanTurn = board.humanToMove();
  const computer = board.mode === 'computer';
  $('controls').hidden = editing;
  $('btn-undo').disabled = !board.canUndo();
  $('btn-redo').disabled = !board.canRedo();
  $('btn-hint').disabled = !humanTurn || !!board.thinking;
  const watch = board.mode === 'watch';
  $('btn-resign').disabled = !!result || watch;
  $('btn-draw').disabled = !!result || watch || (computer && !humanTurn);
  if (!$('btn-draw').classList.contains('armed')) $('btn-draw').textContent = t(computer ? 'offerDraw' : 'agreeDraw');
  $('btn-numbers').setAttribute('aria-pressed', String(board.numbers));
  $('btn-sound').setAttribute('aria-pressed', String(settings.sound));
}

function renderEditor() {
  const box = $('editor');
  box.hidden = !board.editing;
  if (box.hidden) return;
  const turn = board.editorTurn;
  for (const r of box.querySelectorAll('input[name="turn"]')) r.checked = r.value === turn;
  $('editor-fen').textContent = board.editorFen();
}

// ---------------------------------------------------------------- notices and speech

function showNotice(text) {
  pageNotice = text;
  const el = $('notice');
  el.textContent = text;
  el.hidden = !text;
}

let announceTimer = 0;
function announce(text) {
  // Empty first, then set: a live region repeats a text only if it changes.
  const el = $('live');
  el.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => (el.textContent = text), 30);
}

function showUpdate(apply) {
  $('update-text').textContent = t('updateReady');
  $('update').hidden = false;
  $('update-reload').onclick = apply;
}

// ---------------------------------------------------------------- controls

function wireControls() {
  $('btn-new').addEventListener('click', openNewGame);
  $('btn-undo').addEventListener('click', () => {
    showNotice('');
    board.undo();
  });
  $('btn-redo').addEventListener('click', () => board.redo());
  $('btn-hint').addEventListener('click', () => board.hint());
  $('btn-flip').addEventListener('click', () => board.flip());
  $('btn-numbers').addEventListener('click', () => {
    settings[numbersKey()] = !board.numbers;
    board.numbers = settings[numbersKey()];
    saveSettings();
  });
  $('btn-sound').addEventListener('click', () => {
    settings.sound = !settings.sound;
    board.toggleAttribute('sound', settings.sound);
    saveSettings();
    render();
  });
  confirmButton($('btn-resign'), 'confirmResign', () => board.resign());
  $('btn-draw').addEventListener('click', () => {
    if (board.mode === 'computer') board.offerDraw();
  });
  confirmButton($('btn-draw'), 'confirmDraw', () => board.offerDraw(), () => board.mode !== 'computer');
  $('btn-prev').addEventListener('click', () => board.review((board.reviewing ?? board.history().length) - 1));
  $('btn-next').addEventListener('click', () => board.review((board.reviewing ?? 0) + 1));
  $('btn-back').addEventListener('click', () => board.exitReview());
  $('lang').addEventListener('change', (e) => setLanguage(e.target.value, { persist: true }));

  const dialog = $('new-game');
  const form = dialog.querySelector('form');
  const syncForm = () => {
    const mode = form.elements.mode.value;
    // The side is only asked against the computer; the level also when watching it play itself.
    for (const fs of form.querySelectorAll('.computer-only')) fs.disabled = mode !== 'computer';
    for (const fs of form.querySelectorAll('.computer-level')) fs.disabled = mode === 'two-players';
    $('level-out').textContent = form.elements.level.value;
    // The levels' strengths were measured in Italian games.
    $('level-elo').textContent = levelStrength(clampLevel(form.elements.level.value));
    $('level-elo').hidden = form.elements.variant.value === 'brazilian';
  };
  form.addEventListener('input', syncForm);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'start') return;
    settings.variant = normVariant(form.elements.variant.value);
    settings.mode = form.elements.mode.value;
    settings.color = form.elements.color.value;
    settings.level = clampLevel(form.elements.level.value);
    saveSettings();
    showNotice('');
    newGame(defaultGame());
  });
  syncNewGameForm = syncForm;

  // Arrow keys step through the moves while looking back (the board uses them otherwise).
  document.addEventListener('keydown', (e) => {
    if (board.reviewing === null || e.target.closest?.('input, textarea, select, dialog, dama-board')) return;
    if (e.key === 'ArrowLeft') board.review(board.reviewing - 1);
    else if (e.key === 'ArrowRight') board.review(board.reviewing + 1);
    else if (e.key === 'Escape') board.exitReview();
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
      render();
      return;
    }
    button.textContent = t(confirmKey);
    button.classList.add('armed');
    armed = setTimeout(() => {
      armed = 0;
      button.classList.remove('armed');
      translatePage(button.parentElement);
      render();
    }, 3000);
  });
}

let syncNewGameForm = () => {};

/**
 * Each level's strength in Elo above level 1, from a ladder of matches between neighbouring
 * levels (`dama match --a level=N+1 --b level=N --time 200`; the README has the table).
 */
const LEVEL_ELO = [0, 230, 440, 700, 910, 1120, 1350, 1540, 1650, 1690];

/**
 * The strength of a level in words.
 * @param {number} level 1-10
 * @returns {string}
 */
function levelStrength(level) {
  const elo = LEVEL_ELO[level - 1] ?? 0;
  return level === 1 ? t('levelEloBase') : t('levelElo', { elo: `+${elo}` });
}

function openNewGame() {
  const dialog = $('new-game');
  const form = dialog.querySelector('form');
  form.elements.variant.value = settings.variant;
  form.elements.mode.value = ['computer', 'watch'].includes(settings.mode) ? settings.mode : 'two-players';
  form.elements.color.value = settings.color;
  form.elements.level.value = settings.level;
  syncNewGameForm();
  dialog.returnValue = '';
  dialog.showModal();
}

// ---------------------------------------------------------------- games and positions

function wireGames() {
  const dialog = $('games');
  const message = (text, bad = false) => {
    const el = $('games-message');
    el.textContent = text;
    el.hidden = !text;
    el.classList.toggle('bad', bad);
    if (text) el.scrollIntoView({ block: 'nearest' });
  };
  $('btn-games').addEventListener('click', () => {
    $('pdn-out').value = board.pdn();
    $('fen-field').value = board.fen();
    message('');
    dialog.showModal();
  });
  const copy = async (text) => {
    try {
      await navigator.clipboard.writeText(text);
      message(t('copied'));
    } catch {
      message(t('copyFailed'), true);
    }
  };
  $('pdn-copy').addEventListener('click', () => copy($('pdn-out').value));
  $('fen-copy').addEventListener('click', () => copy($('fen-field').value));
  $('pdn-download').addEventListener('click', () => {
    const blob = new Blob([$('pdn-out').value], { type: 'application/x-pdn' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    const d = new Date();
    a.download = `dama-${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}.pdn`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  });
  // Opening replaces the game only when the text is good; otherwise the game stays as it was.
  const open = (text) => {
    try {
      board.load(text);
    } catch (err) {
      message(t('importFailed', { error: err.message }), true);
      return false;
    }
    showNotice('');
    message(t('imported'));
    $('pdn-out').value = board.pdn();
    $('fen-field').value = board.fen();
    return true;
  };
  $('pdn-open').addEventListener('click', () => {
    if (open($('pdn-in').value)) dialog.close();
  });
  $('fen-set').addEventListener('click', () => {
    const fen = $('fen-field').value.trim();
    if (!looksLikeFen(fen)) {
      message(t('importFailed', { error: fen ? 'bad FEN' : t('nothingToLoad') }), true);
      return;
    }
    if (open(fen)) dialog.close();
  });
  $('pdn-file').addEventListener('change', async (e) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > MAX_FILE) {
      message(t('fileTooBig', { size: file.size }), true);
      return;
    }
    const text = await file.text();
    $('pdn-in').value = text;
    if (open(text)) dialog.close();
  });
  $('open-editor').addEventListener('click', () => {
    dialog.close();
    openEditor();
  });
}

// ---------------------------------------------------------------- board editor

function openEditor() {
  showNotice('');
  board.edit();
  board.editTool = Number($('editor').querySelector('input[name="tool"]:checked').value);
  $('editor-error').hidden = true;
  render();
}

function wireEditor() {
  const box = $('editor');
  box.addEventListener('change', (e) => {
    if (e.target.name === 'tool') board.editTool = Number(e.target.value);
    if (e.target.name === 'turn') board.editorTurn = e.target.value;
  });
  $('editor-clear').addEventListener('click', () => board.setEditorPieces(new Int8Array(32)));
  $('editor-start').addEventListener('click', () => {
    const p = new Int8Array(32);
    p.fill(-1, 0, 12);
    p.fill(1, 20, 32);
    board.setEditorPieces(p);
    board.editorTurn = 'white';
  });
  $('editor-cancel').addEventListener('click', () => board.cancelEdit());
  $('editor-play').addEventListener('click', () => {
    const fen = board.editorFen();
    const err = $('editor-error');
    try {
      // The core checks the position and says what is impossible about it.
      board.newGame({ fen, mode: board.mode, level: board.level, side: board.mode === 'computer' ? board.editorTurn : undefined });
    } catch (e) {
      err.textContent = t('editorRefused', { error: e.message });
      err.hidden = false;
      return;
    }
    err.hidden = true;
  });
}

// ---------------------------------------------------------------- persistence

function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || 'null');
    if (s && typeof s === 'object') {
      if (['italian', 'brazilian'].includes(s.variant)) settings.variant = s.variant;
      if (['computer', 'two-players', 'friend', 'watch'].includes(s.mode)) settings.mode = normMode(s.mode);
      if (['white', 'black', 'random'].includes(s.color)) settings.color = s.color;
      settings.level = clampLevel(s.level ?? 5);
      if (typeof s.numbers === 'boolean') settings.numbers = s.numbers;
      if (typeof s.numbersBrazilian === 'boolean') settings.numbersBrazilian = s.numbersBrazilian;
      if (typeof s.sound === 'boolean') settings.sound = s.sound;
    }
  } catch {
    // Storage can be unavailable (private mode) or hold junk; defaults are fine.
  }
}

function saveSettings() {
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  } catch {
    /* see loadSettings */
  }
}

// The game in progress survives a reload (a phone reloads tabs often).
function saveGame() {
  const snap = board.snapshot();
  if (!snap || board.editing) return;
  try {
    localStorage.setItem(GAME_KEY, JSON.stringify({ v: GAME_VERSION, ...snap }));
  } catch {
    /* see loadSettings */
  }
}

// A saved game that cannot be read (corrupt, from an unknown version, moves that are no
// longer legal) is dropped with a notice; the page always comes up with a game. A game saved
// before there was a choice of game has no variant: it is Italian.
function restoreGame() {
  let raw = null;
  try {
    raw = localStorage.getItem(GAME_KEY);
  } catch {
    return false;
  }
  if (raw === null) return false;
  try {
    const s = JSON.parse(raw);
    if (!s || typeof s !== 'object') throw new Error('not a saved game');
    // Version 1 (before the element) had the same fields under other names.
    if (s.v === 1) Object.assign(s, { v: 2, side: s.human, mode: normMode(s.mode) });
    if (s.v !== GAME_VERSION) throw new Error(`saved game version ${s.v}`);
    if (typeof s.startFen !== 'string' || !looksLikeFen(s.startFen)) throw new Error('no start position');
    if (!Array.isArray(s.moves) || !s.moves.every((m) => typeof m === 'string')) throw new Error('bad move list');
    const ended = s.ended && (s.ended.type === 'draw' || (s.ended.type === 'resign' && ['white', 'black'].includes(s.ended.color))) ? s.ended : null;
    const tags = Array.isArray(s.tags) && s.tags.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'string')) ? s.tags : null;
    board.newGame({
      variant: s.variant === 'brazilian' ? 'brazilian' : 'italian',
      fen: s.startFen,
      moves: s.moves,
      mode: normMode(s.mode),
      side: ['white', 'black'].includes(s.side) ? s.side : 'white',
      level: clampLevel(s.level),
      levelWhite: clampLevel(s.levelWhite, null),
      levelBlack: clampLevel(s.levelBlack, null),
      orientation: s.orientation,
      ended,
      tags,
    });
    return true;
  } catch (err) {
    console.warn('saved game ignored:', err?.message ?? err);
    try {
      localStorage.removeItem(GAME_KEY);
    } catch {
      /* see loadSettings */
    }
    newGame(defaultGame());
    showNotice(t('savedGameIgnored'));
    return true;
  }
}

// ---------------------------------------------------------------- tests

// A read-only view for the browser tests; they still play by clicking the canvas.
function exposeTestHook() {
  window.__dama = {
    ready: true,
    board,
    variant: () => board.variant,
    fen: () => board.fen(),
    turn: () => board.turn(),
    history: () => board.history().map((m) => m.text),
    result: () => board.result() ?? null,
    thinking: () => board.thinking,
    animating: () => board.animating,
    orientation: () => board.orientation,
    legalMoves: () => board.legalMoves().map((m) => m.text),
    engine: sharedEngine(),
  };
}

main();
