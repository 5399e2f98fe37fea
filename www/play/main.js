// @ts-check
// The game page's controller: the <dama-board> element (which owns the game, the board and
// the computer) with the page's panels around it. It starts the page (settings, the saved game
// or the address's), wires the element's events and the buttons, and hands the rest to the
// modules beside it: view.js draws the panels from the element's state (on its `change`
// event), store.js keeps settings and the game in the browser, new-game.js, games.js and
// editor.js run their dialogs and box, library-calls.js saves to the library.

import '../element/element.js';
import { normMode, readOptions } from '../game/options.js';
import { normVariant } from '../shared/variant.js';
import { t, startLanguage, wantPart, onLanguageChange, wireLanguageSelect, translatePage, setMessage } from '../shared/i18n.js';
import { refusedParams, is } from '../shared/address.js';
import { loadedEngine, whenEngineLoaded } from '../engine/loader.js';
import { whenSaved } from './records.js';
import { wireLibrary, saveToLibrary } from './library-calls.js';
import { loadWasm } from '../shared/wasm.js';
import { disclosure } from '../shared/menu.js';
import { boardSettings, onBoardSettingsChange, applyFrame } from '../settings/settings.js';
import { $, $button, $dialog, board, settings, numbersKey, defaultGame, showNotice, pageNotice } from './page.js';
import { render, renderEngineData, showChoices, tickClocks } from './view.js';
import { loadSettings, saveSettings, saveGame, restoreGame, librarySaved } from './store.js';
// The dialogs' code (New game; Games & positions, with the editor; the settings) loads when first opened,
// after the board is playable.
// (Offline, the service worker has them; a failure is said rather than lost.)
const failed = (/** @type {Error} */ err) => showNotice(err.message);
/** A dialog's module, once it and the dialogs' markup are in the page. @template T @param {Promise<T>} load */
const withDialogs = (load) => Promise.all([load, dialogsReady()]).then(([m]) => m);
const openNewGame = () => withDialogs(later(import('./new-game.js'))).then((m) => m.openNewGame(), failed);
const openGames = () => withDialogs(later(import('./games.js'))).then((m) => m.openGames(), failed);
const openSettings = () => withDialogs(later(import('../settings/dialog.js'))).then((m) => m.openSettings($dialog('settings')), failed);
import { dialogsReady } from './dialogs.js';
import { later } from './later.js';
import { confirmButton, disarmAll } from './confirm.js';
import { openAnalysis } from './open-analysis.js';
import { pagePlayable } from '../shared/menu.js';

/** @typedef {import('../game/session.js').Move} Move */

/** The panel of a game by link (corr-panel.js), once such a game has been on the board. @type {typeof import('./corr-panel.js') | null} */
let corrPanel = null;
let corrLoading = false;
// The panel is drawn at every change, and loaded the first time a game by link is shown.
function renderCorrespondence() {
  if (corrPanel) return corrPanel.renderCorrespondence();
  if (board.mode !== 'remote' || corrLoading) return;
  corrLoading = true;
  later(import('./corr-panel.js')).then(
    (m) => {
      corrPanel = m;
      m.renderCorrespondence();
    },
    (err) => {
      corrLoading = false;
      failed(err);
    },
  );
}
/** The friend's draw offer the player may accept now (only a game by link has one). */
const offerToAnswer = () => corrPanel?.offerToAnswer() ?? null;

let restoring = true; // no saving while the saved game is being read

// ---------------------------------------------------------------- start-up

async function main() {
  loadSettings();
  wireLanguageSelect(/** @type {HTMLSelectElement} */ ($('lang')));
  board.toggleAttribute('numbers', settings[numbersKey()]);
  board.toggleAttribute('sound', settings.sound);
  wireControls();
  wireBoard();
  $('btn-games').addEventListener('click', openGames);
  wireLibrary(showNotice);
  $('btn-settings').addEventListener('click', openSettings);
  // The frame's colours follow the theme, chosen here or in another tab.
  onBoardSettingsChange(applyFrame);
  applyFrame(boardSettings());
  wireKeys();
  onLanguageChange(() => {
    translatePage();
    render();
    renderEngineData();
  });
  whenEngineLoaded((e) => {
    e.addEventListener('data', renderEngineData);
    // Downloaded tables found damaged and not to be had again: said once (they are kept no more).
    e.addEventListener('tableslost', (ev) => {
      const { game, pieces } = /** @type {CustomEvent} */ (ev).detail;
      showNotice(() => t('tablesLost', { game: t(game === 'brazilian' ? 'gameBrazilian' : 'gameItalian'), n: pieces }));
    });
  });
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
  if (await openCorrespondence()) {
    // A friend's move by link: its game is on the board (or the link was refused, said, and the
    // game as it was is restored below).
  } else if (['fen', 'mode', 'pdn', 'variant', 'game'].some((k) => params.has(k))) {
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
  renderCorrespondence();
  tickClocks();
  exposeTestHook();
  // The words of the dialogs and links, ahead of the first that is opened.
  wantPart('game-later').catch(() => {}); // asked again by that opening
  // Loaded once playable: not part of the first load.
  import('../offline/sw-register.js').then((m) => m.registerServiceWorker({ onUpdate: showUpdate }));
  pagePlayable();
}


/**
 * A correspondence link in the address (`#c=...`, correspondence.js): its game opened, the
 * fragment then dropped so a reload continues the game. Returns whether its game is shown; a
 * link refused says why, and the page goes on as without it.
 */
async function openCorrespondence() {
  const packed = new URLSearchParams(location.hash.slice(1)).get('c');
  if (packed === null) return false;
  history.replaceState(null, '', location.pathname + location.search);
  const [{ openLink }, wasm] = await Promise.all([later(import('./correspondence.js')), loadWasm()]);
  return openLink(wasm, packed);
}

/** @param {URLSearchParams} params */
function startFromParams(params) {
  // The element's own table of options and aliases (game/options.js), with the New game
  // dialog's choices where the address says nothing.
  const o = readOptions((n) => params.get(n));
  const { fen, pdn } = o;
  /** @type {import('../game/session.js').GameOptions} */
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
  // Watching the computer play itself: ?delay=ms between moves (0 for tests). One out of its
  // range is named below and ignored, as the level is (the element would take the nearest).
  const delay = params.get('delay');
  if (delay !== null && is.whole(0, 60000)(delay)) board.setAttribute('delay', delay);
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
    mode: is.oneOf(['computer', 'two-players', 'friend', 'two', '2', 'human', 'humans', 'view', 'viewer', 'watch', 'computer-vs-computer', 'cvc', 'auto', 'demo', 'remote', 'online', 'server', 'analysis']),
    side: is.oneOf(['white', 'black', 'random']),
    color: is.oneOf(['white', 'black', 'random']),
    level: is.whole(1, 10),
    delay: is.whole(0, 60000),
  });
  if (refused.length) showNotice(() => refused.map((r) => t('addressIgnored', r)).join(' '));
}

/** @param {import('../game/session.js').GameOptions} opts */
function newGame(opts) {
  board.newGame(opts);
}

// ---------------------------------------------------------------- the board's events

function wireBoard() {
  /** @type {unknown} the core's game shown (compared by identity) */
  let shown = null;
  board.addEventListener('change', () => {
    // Another game: a button asking "really?" about the last one asks no more.
    if (board.session?.record !== shown) {
      shown = board.session?.record ?? null;
      disarmAll();
    }
    if (!restoring) {
      saveToLibrary(showNotice, librarySaved);
      saveGame();
    }
    render();
    renderCorrespondence();
  });
  board.addEventListener('notice', (e) => showNotice(/** @type {CustomEvent<{text: string, message: () => string}>} */ (e).detail.message));
  board.addEventListener('ambiguous', (e) => showChoices(/** @type {CustomEvent<{moves: Move[]}>} */ (e).detail.moves));
  board.addEventListener('newgamerequest', (e) => {
    e.preventDefault(); // the page asks how, with its dialog
    openNewGame();
  });
  board.addEventListener('move', () => {
    if (pageNotice()) showNotice('');
  });
  // A friend's move by link into a page already open: the same as at start.
  window.addEventListener('hashchange', async () => {
    if (await openCorrespondence()) {
      saveToLibrary(showNotice, librarySaved);
      saveGame();
    }
  });
  $('corr-copy').addEventListener('click', () => later(import('./correspondence.js')).then((m) => m.copyCorrespondenceLink(), failed));
  // Offering a draw or not makes another link: the one shown is cleared.
  $('corr-offer').addEventListener('change', () => {
    /** @type {HTMLInputElement} */ ($('corr-link')).value = '';
    $('corr-said').textContent = '';
  });
  $('corr-accept').addEventListener('click', () => {
    if (offerToAnswer()) board.agreeDraw();
  });
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
  // The same opponent, game and clock, colours swapped; the game that ended stays saved as it was.
  $('btn-rematch').addEventListener('click', () => {
    showNotice('');
    board.rematch();
  });
  $('btn-hint').addEventListener('click', () => board.hint());
  $('btn-pause').addEventListener('click', () => (board.paused = !board.paused));
  // On phones the buttons rarely used during a game wait behind More (style.css).
  // What opens is brought on screen: below the fold a player would not know it was there.
  disclosure($button('btn-more'), (open) => {
    const controls = $('controls');
    controls.classList.toggle('more-open', open);
    const below = controls.getBoundingClientRect().bottom - innerHeight;
    if (open && below > 0) scrollBy(0, Math.ceil(below) + 8);
  });
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
