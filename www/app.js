// @ts-check
// The full game page: the <dama-board> element (which owns the game, the board and the
// computer) with the page's panels around it. The panels only read the element's state and
// call its methods; they re-render on its `change` event.

import './dama-board.js';
import { normMode, normVariant, clampLevel, looksLikeFen, readOptions } from './game/options.js';
import { t, translatePage, startLanguage, onLanguageChange, wireLanguageSelect, setMessage } from './i18n.js';
import { refusedParams, is } from './address.js';
import { loadedEngine, whenEngineLoaded } from './engine-loader.js';
import { playerNames, reviewText, moveNumber, refusalText } from './game/texts.js';
import { renderTree, moveButton, numberSpan } from './game/tree-view.js';
import { parseControl, clockText, CONTROLS } from './game/clock.js';
import { openGamesFile, wireLibrary, saveToLibrary, setLibraryId, libraryId, libraryRev, whenSaved } from './app-records.js';
import { download } from './download.js';
import { disclosure } from './menu.js';
import { wireSettings } from './settings-dialog.js';

/** @typedef {import('./game/options.js').Color} Color */
/** @typedef {import('./game/session.js').Move} Move */
/** @typedef {import('./game/texts.js').Result} Result */
/** @typedef {import('./game/session.js').TreeNode} TreeNode */
/** @typedef {import('./i18n.js').Message} Message */

/** The page's element with this id (index.html has each one the page asks for). */
const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
/** The same, for a button, a text field (input or textarea) and a dialog. */
const $button = (/** @type {string} */ id) => /** @type {HTMLButtonElement} */ ($(id));
const $text = (/** @type {string} */ id) => /** @type {HTMLInputElement | HTMLTextAreaElement} */ ($(id));
const $dialog = (/** @type {string} */ id) => /** @type {HTMLDialogElement} */ ($(id));

const SETTINGS_KEY = 'dama.settings';
const GAME_KEY = 'dama.game';
const GAME_VERSION = 2;

const board = /** @type {import('./dama-board.js').DamaBoard} */ ($('board'));
// The New game dialog's last choices (variant: 'italian' | 'brazilian') and the toggles. The
// square numbers are each game's own choice: on for Italian, whose moves are written with
// them; off for Brazilian, whose board has files and ranks on its edges instead.
const settings = { variant: 'italian', mode: 'computer', color: 'white', level: 5, numbers: true, numbersBrazilian: false, sound: false, clock: '' };
const numbersKey = () => (board.variant === 'brazilian' ? 'numbersBrazilian' : 'numbers');
let restoring = true; // no saving while the saved game is being read
let pageNotice = '';

const colorName = (/** @type {Color} */ c) => t(c === 'white' ? 'white' : 'black');
/** @param {Color} c @returns {Color} */
const other = (c) => (c === 'white' ? 'black' : 'white');

// ---------------------------------------------------------------- start-up

async function main() {
  loadSettings();
  wireLanguageSelect(/** @type {HTMLSelectElement} */ ($('lang')));
  board.toggleAttribute('numbers', settings[numbersKey()]);
  board.toggleAttribute('sound', settings.sound);
  wireControls();
  wireBoard();
  wireGames();
  wireEditor();
  wireLibrary(showNotice);
  wireSettings($dialog('settings'), $('btn-settings'));
  wireKeys();
  onLanguageChange(() => {
    translatePage();
    render();
    renderEngineData();
    syncNewGameForm();
  });
  whenEngineLoaded((e) => e.addEventListener('data', renderEngineData));
  // The page's words (the HTML's English shows until they arrive); the board loads the same.
  await startLanguage({ part: 'game' });

  await board.whenReady();
  // The first visit's texts in the HTML (painted before the core, translated while it loads)
  // are the game's own from here on: no later translation of the page may put them back.
  for (const el of document.querySelectorAll('[data-first-paint]')) {
    el.removeAttribute('data-i18n');
    el.removeAttribute('data-i18n-args');
  }
  const params = new URLSearchParams(location.search);
  if (['fen', 'mode', 'pdn', 'variant', 'game'].some((k) => params.has(k))) {
    startFromParams(params);
    // The address set the game up once; a reload should continue it, not start again.
    history.replaceState(null, '', location.pathname + location.hash);
  } else if (!restoreGame()) {
    newGame(defaultGame());
  }
  restoring = false;
  // The game as restored is in the library too (a reload may have come before its last save).
  saveToLibrary(showNotice, librarySaved);
  saveGame();
  render();
  exposeTestHook();
  // Loaded once playable: not part of the first load.
  import('./sw-register.js').then((m) => m.registerServiceWorker({ onUpdate: showUpdate }));
}

// A new game with the New game dialog's last choices.
const defaultGame = () => ({ variant: settings.variant, mode: settings.mode, side: settings.color, level: settings.level, clock: parseControl(settings.clock) });

/** @param {URLSearchParams} params */
function startFromParams(params) {
  // The element's own table of options and aliases (game/options.js), with the New game
  // dialog's choices where the address says nothing.
  const o = readOptions((n) => params.get(n));
  const { fen, pdn } = o;
  /** @type {import('./game/session.js').GameOptions} */
  const opts = {
    // The game the FEN is written for (a PDN's GameType, when it has one, says it itself).
    variant: normVariant(o.variant ?? settings.variant),
    mode: normMode(o.mode ?? settings.mode),
    side: o.side ?? (fen || pdn ? undefined : settings.color),
    // A level out of its range is named below and ignored, not taken as the nearest one.
    level: o.level !== null && is.whole(1, 10)(o.level) ? Number(o.level) : settings.level,
    fen,
    pdn,
  };
  if (opts.side === undefined) opts.side = null; // the side to move of the set-up position
  // Watching the computer play itself: ?delay=ms between moves (0 for tests).
  if (params.has('delay')) board.setAttribute('delay', /** @type {string} */ (params.get('delay')));
  try {
    board.newGame(opts);
  } catch (err) {
    newGame({ ...opts, fen: null, pdn: null });
    const error = /** @type {Error} */ (err).message;
    showNotice(() => t('badFen', { error }));
    return;
  }
  // The other values fall back to the New game dialog's choices; a value not understood is named.
  const refused = refusedParams(params, {
    variant: is.variant,
    game: is.variant,
    mode: is.oneOf(['computer', 'two-players', 'friend', 'two', '2', 'human', 'humans', 'view', 'viewer', 'watch', 'computer-vs-computer', 'cvc', 'auto', 'demo']),
    side: is.oneOf(['white', 'black', 'random']),
    color: is.oneOf(['white', 'black', 'random']),
    level: is.whole(1, 10),
    delay: is.whole(0, 60000),
  });
  if (refused.length) showNotice(() => refused.map((r) => t('addressIgnored', r)).join(' '));
}

/** @param {import('./game/session.js').GameOptions} opts */
function newGame(opts) {
  board.newGame(opts);
}

// ---------------------------------------------------------------- the board's events

function wireBoard() {
  /** @type {unknown} the core's game shown (compared by identity) */
  let shown = null;
  board.addEventListener('change', () => {
    // Another game: a button asking "really?" about the last one asks no more.
    if (board.session?.game !== shown) {
      shown = board.session?.game ?? null;
      for (const disarm of disarms) disarm();
    }
    if (!restoring) {
      saveToLibrary(showNotice, librarySaved);
      saveGame();
    }
    render();
  });
  board.addEventListener('notice', (e) => showNotice(/** @type {CustomEvent<{text: string, message: () => string}>} */ (e).detail.message));
  board.addEventListener('ambiguous', (e) => showChoices(/** @type {CustomEvent<{moves: Move[]}>} */ (e).detail.moves));
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
/** @param {Move[]} moves */
function showChoices(moves) {
  const box = $('choices');
  box.replaceChildren();
  box.hidden = !moves.length;
  if (!moves.length) return;
  const p = document.createElement('p');
  const name = (/** @type {number} */ sq) => board.squareName(sq); // "22", or "c3" in Brazilian
  setMessage(p, () => t('chooseCapture', { to: name(moves[0].to) }));
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
function renderEngineData() {
  const { tables, book } = loadedEngine()?.data ?? { tables: 0, book: false };
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
  const pdnIn = $text('pdn-in');
  pdnIn.dataset.i18nPlaceholder = brazilian ? 'importPlaceholderBrazilian' : 'importPlaceholder';
  pdnIn.placeholder = t(pdnIn.dataset.i18nPlaceholder);
  renderEngineData();
  /** @type {NodeListOf<HTMLLIElement>} */ (document.querySelectorAll('#rules-summary li')).forEach((li, i) => {
    li.dataset.i18n = `${brazilian ? 'brRule' : 'rule'}${i + 1}`;
    li.textContent = t(li.dataset.i18n);
  });
  for (const a of document.querySelectorAll('a.rules-link')) a.setAttribute('href', brazilian ? 'www/rules.html#brazilian' : 'www/rules.html');
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
    /** @type {Element} */ (el.querySelector('.count')).textContent = n === 1 ? t('piece1') : t('pieces', { n });
    el.classList.toggle('to-move', !result && turn === color);
    el.classList.toggle('thinking', board.thinking === 'move' && turn === color);
    renderClock(/** @type {HTMLElement} */ (el.querySelector('.clock')), color);
  }
}

/**
 * A player's clock: hidden without a time control, lit while running, red when low.
 * @param {HTMLElement} el
 * @param {Color} color
 */
function renderClock(el, color) {
  const c = board.session?.clock;
  el.hidden = !c || board.editing;
  if (!c) return;
  const now = performance.now();
  el.textContent = clockText(c.remaining(color, now));
  el.setAttribute('aria-label', `${t('clockLabel', { color: colorName(color) })}: ${el.textContent}`);
  el.classList.toggle('running', c.running === color);
  el.classList.toggle('low', c.low(color, now));
}

// The clocks' faces change every tenth of a second while one runs; nothing else is redrawn.
setInterval(() => {
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
  const tree = board.session?.tree ? board.session.treeNodes() : null;
  // Rebuilding the list must not throw away keyboard focus on a move.
  const focused = list.contains(document.activeElement) ? /** @type {HTMLElement} */ (document.activeElement).dataset.key : undefined;
  list.replaceChildren();
  if (tree) {
    const s = /** @type {import('./game/session.js').Session} */ (board.session);
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
  const box = $('editor');
  box.hidden = !board.editing;
  if (box.hidden) return;
  const turn = board.editorTurn;
  for (const r of /** @type {NodeListOf<HTMLInputElement>} */ (box.querySelectorAll('input[name="turn"]'))) r.checked = r.value === turn;
  // The core writes the FEN, or says why the position cannot be played (and it cannot).
  let playable = true;
  try {
    $('editor-fen').textContent = /** @type {import('./game/session.js').Session} */ (board.session).editorFen();
  } catch (err) {
    $('editor-fen').textContent = refusalText(/** @type {Error} */ (err).message);
    playable = false;
  }
  $button('editor-play').disabled = !playable;
}

// ---------------------------------------------------------------- notices and speech

/** @param {Message} message a function of the language is worded again at a switch */
function showNotice(message) {
  const el = $('notice');
  pageNotice = setMessage(el, message);
  el.hidden = !pageNotice;
}

let announceTimer = 0;
/** @param {string} text */
function announce(text) {
  // Empty first, then set: a live region repeats a text only if it changes.
  const el = $('live');
  el.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => (el.textContent = text), 30);
}

/** @param {() => void} apply switches to the new version (the page reloads) */
function showUpdate(apply) {
  setMessage($('update-text'), () => t('updateReady'));
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
  $('btn-pause').addEventListener('click', () => (board.paused = !board.paused));
  // On phones the buttons rarely used during a game wait behind More (style.css).
  disclosure($button('btn-more'), (open) => $('controls').classList.toggle('more-open', open));
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
  // Play on from the move shown: the game up to it is kept (a variation's own line from one).
  $('btn-analyse').addEventListener('click', () => openAnalysis(false));
  $('btn-review-game').addEventListener('click', () => openAnalysis(true));
  $('btn-continue-computer').addEventListener('click', () => board.continueFrom('computer'));
  $('btn-continue-friend').addEventListener('click', () => board.continueFrom('two-players'));

  const dialog = $dialog('new-game');
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  /** @type {(selector: string) => NodeListOf<HTMLFieldSetElement>} */
  const fieldsets = (selector) => form.querySelectorAll(selector);
  const syncForm = () => {
    const mode = field(form, 'mode').value;
    // The side is only asked against the computer; the level also when watching it play itself.
    for (const fs of fieldsets('.computer-only')) fs.disabled = mode !== 'computer';
    for (const fs of fieldsets('.computer-level')) fs.disabled = mode === 'two-players';
    $('level-out').textContent = field(form, 'level').value;
    // The levels' strengths were measured in Italian games.
    const level = clampLevel(field(form, 'level').value);
    $('level-elo').textContent = levelStrength(level);
    $('level-elo').title = level > 1 ? t('levelElo', { elo: `+${LEVEL_ELO[level - 1]}` }) : '';
    $('level-elo').hidden = field(form, 'variant').value === 'brazilian';
    // Clocks are for games people play; a custom one asks for its minutes and increment.
    for (const fs of fieldsets('.time-control')) fs.disabled = mode === 'watch';
    /** @type {HTMLElement} */ (form.querySelector('.custom-clock')).hidden = field(form, 'clock').value !== 'custom';
  };
  form.addEventListener('input', syncForm);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'start') return;
    settings.variant = normVariant(field(form, 'variant').value);
    settings.mode = field(form, 'mode').value;
    settings.color = field(form, 'color').value;
    settings.level = clampLevel(field(form, 'level').value);
    const clock = field(form, 'clock').value;
    const custom = `${field(form, 'clockMinutes').value}+${field(form, 'clockIncrement').value}`;
    settings.clock = clock === 'custom' ? (parseControl(custom) ? custom : '') : clock;
    saveSettings();
    showNotice('');
    newGame(defaultGame());
  });
  syncNewGameForm = syncForm;

  // Arrow keys step through the moves while looking back (the board uses them otherwise).
  document.addEventListener('keydown', (e) => {
    if (board.reviewing === null || /** @type {Element} */ (e.target).closest?.('input, textarea, select, dialog, dama-board')) return;
    if (e.key === 'ArrowLeft') board.review(board.reviewing - 1);
    else if (e.key === 'ArrowRight') board.review(board.reviewing + 1);
    else if (e.key === 'Escape') board.exitReview();
    else return;
    e.preventDefault();
  });
}

/**
 * The analysis board in a new tab, with the game (its PDN, variations and comments) at the
 * position shown, or the editor's position; the game here goes on untouched. `review`: the
 * board starts by reviewing the game. A game saved in the library is named, so the review is
 * written into it.
 * @param {boolean} review
 */
function openAnalysis(review) {
  const s = board.session;
  if (!s?.game) return;
  const p = new URLSearchParams({ variant: s.variant });
  if (s.editing) {
    try {
      p.set('fen', s.editorFen());
    } catch (err) {
      showNotice(/** @type {Error} */ (err).message);
      return;
    }
  } else {
    p.set('pdn', board.pdn());
    p.set('ply', String(board.reviewing ?? s.game.ply()));
    if (review) p.set('review', '1');
    const id = libraryId();
    if (id) p.set('id', id);
  }
  window.open(`www/analysis.html#${p}`, '_blank', 'noopener');
}

// Destructive buttons ask once more in place instead of a pop-up: a second press within a
// few seconds confirms.
/**
 * @param {HTMLElement} button
 * @param {string} confirmKey the text asking to press again
 * @param {() => void} action
 * @param {() => boolean} [when] whether this press asks at all
 */
function confirmButton(button, confirmKey, action, when = () => true) {
  let armed = 0;
  disarms.push(() => {
    clearTimeout(armed);
    armed = 0;
    button.classList.remove('armed');
    translatePage(/** @type {HTMLElement} */ (button.parentElement));
  });
  button.addEventListener('click', () => {
    if (!when()) return;
    if (armed) {
      clearTimeout(armed);
      armed = 0;
      button.classList.remove('armed');
      translatePage(/** @type {HTMLElement} */ (button.parentElement)); // its own name again
      action();
      render();
      return;
    }
    button.textContent = t(confirmKey);
    button.classList.add('armed');
    armed = setTimeout(() => {
      armed = 0;
      button.classList.remove('armed');
      translatePage(/** @type {HTMLElement} */ (button.parentElement));
      render();
    }, 3000);
  });
}

let syncNewGameForm = () => {};
/** Puts every armed confirm button back to its first state. @type {(() => void)[]} */
const disarms = [];

/**
 * Each level's strength in Elo above level 1, from a ladder of matches between neighbouring
 * levels (`dama match --a level=N+1 --b level=N --time 200`; docs/ENGINE.md has the table).
 */
const LEVEL_ELO = [0, 230, 440, 700, 910, 1120, 1350, 1540, 1650, 1690];

/**
 * The strength of a level as a player would say it, a pair of levels at a time (about 400 Elo
 * from one pair to the next up to level 8; 9 and 10 are the engine's full strength).
 * @param {number} level 1-10
 * @returns {string}
 */
function levelStrength(level) {
  const words = ['levelBeginner', 'levelCasual', 'levelClub', 'levelStrongClub', 'levelMaster'];
  return t(words[Math.min(4, Math.max(0, Math.floor((level - 1) / 2)))]);
}

/**
 * A field of the New game form by name: a group of radio buttons, the level's slider, the
 * clock's choice or its custom minutes and increment.
 * @param {HTMLFormElement} form
 * @param {string} name
 */
const field = (form, name) => /** @type {RadioNodeList | HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));

function openNewGame() {
  const dialog = $dialog('new-game');
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  field(form, 'variant').value = settings.variant;
  field(form, 'mode').value = ['computer', 'watch'].includes(settings.mode) ? settings.mode : 'two-players';
  field(form, 'color').value = settings.color;
  field(form, 'level').value = String(settings.level);
  field(form, 'clock').value = !settings.clock || CONTROLS.includes(settings.clock) ? settings.clock : 'custom';
  const custom = parseControl(settings.clock);
  if (custom && !CONTROLS.includes(settings.clock)) {
    field(form, 'clockMinutes').value = String(custom.initialMs / 60_000);
    field(form, 'clockIncrement').value = String(custom.incrementMs / 1000);
  }
  syncNewGameForm();
  dialog.returnValue = '';
  dialog.showModal();
}

// ---------------------------------------------------------------- games and positions

function wireGames() {
  const dialog = $dialog('games');
  /** @param {string} text @param {boolean} [bad] */
  const message = (text, bad = false) => {
    const el = $('games-message');
    el.textContent = text;
    el.hidden = !text;
    el.classList.toggle('bad', bad);
    if (text) el.scrollIntoView({ block: 'nearest' });
  };
  $('btn-games').addEventListener('click', () => {
    $text('pdn-out').value = board.pdn();
    $text('fen-field').value = board.fen();
    message('');
    dialog.showModal();
  });
  const copy = async (/** @type {string} */ text) => {
    try {
      await navigator.clipboard.writeText(text);
      message(t('copied'));
    } catch {
      message(t('copyFailed'), true);
    }
  };
  $('pdn-copy').addEventListener('click', () => copy($text('pdn-out').value));
  $('fen-copy').addEventListener('click', () => copy($text('fen-field').value));
  $('pdn-download').addEventListener('click', () => download($text('pdn-out').value, 'dama'));
  // Opening replaces the game only when the text is good; otherwise the game stays as it was.
  // A file of several games opens the picker, which lists them all.
  const open = async (/** @type {string} */ text) => {
    if (!String(text ?? '').trim()) {
      message(t('importFailed', { error: t('nothingToLoad') }), true);
      return false;
    }
    let how;
    try {
      how = await openGamesFile(text);
    } catch (err) {
      message(t('importFailed', { error: /** @type {Error} */ (err).message }), true);
      return false;
    }
    showNotice('');
    message(t('imported'));
    $text('pdn-out').value = board.pdn();
    $text('fen-field').value = board.fen();
    return how === 'opened' || how === 'picker';
  };
  $('pdn-open').addEventListener('click', async () => {
    if (await open($text('pdn-in').value)) dialog.close();
  });
  $('fen-set').addEventListener('click', async () => {
    const fen = $text('fen-field').value.trim();
    if (!looksLikeFen(fen)) {
      message(t('importFailed', { error: fen ? 'bad FEN' : t('nothingToLoad') }), true);
      return;
    }
    if (await open(fen)) dialog.close();
  });
  $('pdn-file').addEventListener('change', async (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target);
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const { MAX_PDN_TEXT } = await import('./games-picker.js');
    if (file.size > MAX_PDN_TEXT) {
      message(t('fileTooBig', { size: file.size }), true);
      return;
    }
    const text = await file.text();
    $text('pdn-in').value = text;
    if (await open(text)) dialog.close();
  });
  $('open-editor').addEventListener('click', () => {
    dialog.close();
    openEditor();
  });
}

/**
 * The keys of the analysis board on the game page too: ← → step through the moves, Home goes
 * to the start and End back to the game; not while typing, in a dialog, or on the board
 * (whose arrow keys move its cursor).
 */
function wireKeys() {
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey || e.defaultPrevented || board.editing) return;
    if (/** @type {Element} */ (e.target).closest?.('input, textarea, select, dialog, dama-board')) return;
    const n = board.history().length;
    const at = board.reviewing ?? n;
    const to = /** @type {Record<string, number>} */ ({ ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: n })[e.key];
    if (to === undefined) return;
    e.preventDefault();
    board.review(Math.max(0, Math.min(n, to)));
  });
}

// ---------------------------------------------------------------- board editor

function openEditor() {
  showNotice('');
  board.edit();
  board.editTool = Number(/** @type {HTMLInputElement} */ ($('editor').querySelector('input[name="tool"]:checked')).value);
  $('editor-error').hidden = true;
  render();
}

function wireEditor() {
  const box = $('editor');
  box.addEventListener('change', (e) => {
    const input = /** @type {HTMLInputElement} */ (e.target); // a radio button
    if (input.name === 'tool') board.editTool = Number(input.value);
    if (input.name === 'turn') board.editorTurn = /** @type {Color} */ (input.value);
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
  $('editor-analyse').addEventListener('click', () => openAnalysis(false));
  $('editor-play').addEventListener('click', () => {
    const err = $('editor-error');
    try {
      // The core checks the position and says what is impossible about it (or already over).
      board.playEdited();
    } catch (e) {
      const error = /** @type {Error} */ (e).message;
      setMessage(err, () => t('editorRefused', { error }));
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
      if (typeof s.clock === 'string' && (s.clock === '' || parseControl(s.clock))) settings.clock = s.clock;
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

/**
 * After a save to the library: the tab's copy learns the record's new revision, and a record
 * taken over from another tab (its review or comments kept) is shown.
 * @param {boolean} adopted
 */
function librarySaved(adopted) {
  saveGame();
  if (adopted) render();
}

// The game in progress survives a reload (a phone reloads tabs often). Each tab keeps its own
// (sessionStorage lives as long as the tab, reloads included), so two tabs playing two games
// never take each other's on reload; the last game saved by any tab (localStorage) is what a
// new tab resumes, and every game is also in the saved games (the library), so none is lost.
function saveGame() {
  const snap = board.snapshot();
  if (!snap || board.editing) return;
  const text = JSON.stringify({ v: GAME_VERSION, ...snap, libraryId: libraryId(), libraryRev: libraryRev(), paused: board.paused });
  for (const store of [sessionStore(), localStore()]) {
    try {
      store?.setItem(GAME_KEY, text);
    } catch {
      /* see loadSettings */
    }
  }
}

/** This tab's storage, if the browser gives one (a sandboxed frame may not). */
function sessionStore() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The storage every tab of the site shares, if the browser gives one. */
function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

// A saved game that cannot be read (corrupt, from an unknown version, moves that are no
// longer legal) is dropped with a notice; the page always comes up with a game. A game saved
// before there was a choice of game has no variant: it is Italian.
function restoreGame() {
  let raw = null;
  // This tab's own game first (a reload), else the last one saved by any tab (a new tab).
  for (const store of [sessionStore(), localStore()]) {
    try {
      raw ??= store?.getItem(GAME_KEY) ?? null;
    } catch {
      /* see loadSettings */
    }
  }
  if (raw === null) return false;
  try {
    const s = JSON.parse(raw);
    if (!s || typeof s !== 'object') throw new Error('not a saved game');
    // Version 1 (before the element) had the same fields under other names.
    if (s.v === 1) Object.assign(s, { v: 2, side: s.human, mode: normMode(s.mode) });
    if (s.v !== GAME_VERSION) throw new Error(`saved game version ${s.v}`);
    // The session checks the rest and resumes the game whole: its record (comments and
    // variations), how it ended, and its clocks, which ran while the page was away.
    board.restore(s);
    if (s.paused === true) board.paused = true; // watching: a game paused stays paused
    setLibraryId(typeof s.libraryId === 'string' ? s.libraryId : null, Number.isSafeInteger(s.libraryRev) ? s.libraryRev : null);
    return true;
  } catch (err) {
    console.warn('saved game ignored:', /** @type {Error | null | undefined} */ (err)?.message ?? err);
    for (const store of [sessionStore(), localStore()]) {
      try {
        // Only a copy equal to the one refused: another tab's good game stays.
        if (store?.getItem(GAME_KEY) === raw) store.removeItem(GAME_KEY);
      } catch {
        /* see loadSettings */
      }
    }
    newGame(defaultGame());
    showNotice(() => t('savedGameIgnored'));
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
    // The page's engine once loaded (it loads after the board is playable), else null.
    get engine() {
      return loadedEngine();
    },
    // Once the library saves asked so far are written (they wait for the library's code).
    saved: () => whenSaved(),
  };
}

main();
