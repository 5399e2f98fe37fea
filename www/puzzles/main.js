// @ts-check
// The puzzles page: the tactics trainer (puzzles/trainer.js) on the project's board. The
// player plays the solver's moves on the board; a right one stays and the opponent's reply
// follows by itself after a pause, a wrong one is taken back. Hints, the solution, a retry,
// the next puzzle near the player's rating, a theme filter, and the record (puzzles/store.js)
// kept in localStorage. Open a given puzzle with puzzles.html#<id>.
//
// This is its controller: it loads the puzzles, makes the trainer and the board, wires the
// buttons, and hands the rest to the modules beside it: page.js (what they share), view.js
// (the panels), solve.js (the puzzle as the player solves it), address.js (which game and
// which puzzle, the link to it).

import { t, translatePage, startLanguage, onLanguageChange, wireLanguageSelect } from '../shared/i18n.js';
import { loadWasm } from '../shared/wasm.js';
import { createBoard } from '../board/api.js';
import { followBoardSettings } from '../settings/settings.js';
import { squareDescription } from '../game/texts.js';
import { boardLayout } from '../game/board-config.js';
import { Trainer, readPuzzleFile } from './trainer.js';
import { loadStats, saveStats, storedStats, storeKey } from './store.js';
import { $, ui, page, setStatus } from './page.js';
import { render } from './view.js';
import { onMove, onIllegal, hint, showSolution, retry, next } from './solve.js';
import { normVariant } from '../shared/variant.js';
import { rememberVariant } from '../shared/preferred-variant.js';
import { chosenGame, switchGame, openFromHash, copyPuzzleLink } from './address.js';
import { pagePlayable } from '../shared/menu.js';

/** @import { DamaRules } from '../shared/wasm-types.js' */
/** @import { Variant } from '../shared/variant.js' */
/** @import { PuzzleFile } from './trainer.js' */
/** @import { PuzzlesTestHook } from './test-hook.js' */

/** Each game's puzzles, relative to the page (so the site works from any folder). */
const FILES = { italian: 'puzzles/italian.json', brazilian: 'puzzles/brazilian.json' };

main();

async function main() {
  wireLanguageSelect(/** @type {HTMLSelectElement} */ ($('lang')));
  onLanguageChange(() => {
    translatePage(); // the page's title too
    page.board?.canvas.setAttribute('aria-label', t('boardLabel'));
    render();
  });
  const game = chosenGame();
  const gameSelect = /** @type {HTMLSelectElement} */ ($('pz-game'));
  gameSelect.value = game;
  gameSelect.addEventListener('change', () => {
    rememberVariant(normVariant(gameSelect.value)); // the player's game on every page from now on
    switchGame(gameSelect.value);
  });
  const loaded = await loadPuzzles(game);
  if (!loaded) return setStatus(() => t('pzLoadFailed'));
  const { variant } = loaded.file;
  const trainer = new Trainer(loaded.wasm, loaded.file, { stats: loadStats(variant), save: (s) => keep(variant, s), load: () => (page.notKept ? null : storedStats(variant)) });
  page.trainer = trainer;
  if (trainer.stats.theme && !trainer.themes().includes(trainer.stats.theme)) trainer.stats.theme = null;
  page.board = makeBoard(variant);
  wire(variant);
  if (!trainer.puzzles.length) return setStatus(() => t('pzLoadFailed'));
  openFromHash();
  exposeTestHook(variant);
  // A shared link to a puzzle may be the first page of the site someone opens: from here on
  // it works offline too. Registered once playable, as the other pages do.
  // Loaded once playable: not part of the first load.
  import('../offline/sw-register.js').then((m) => m.registerServiceWorker());
  pagePlayable();
}

/**
 * The core and the game's puzzles, with the page's words: the three downloads at once (the
 * HTML's English shows until the words arrive). Null when the puzzles cannot be had.
 * @param {Variant} game
 * @returns {Promise<{wasm: DamaRules, file: PuzzleFile} | null>}
 */
async function loadPuzzles(game) {
  const words = startLanguage({ part: 'puzzles' });
  const core = loadWasm();
  core.catch(() => {}); // reported below, once the puzzles' fetch is answered
  const path = FILES[game];
  try {
    const res = await fetch(path);
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
    const [wasm, data] = await Promise.all([core, res.json(), words]);
    return { wasm, file: readPuzzleFile(data) };
  } catch (err) {
    console.warn(err);
    return null;
  }
}

/** The board of `variant`, its moves the player's. @param {Variant} variant */
function makeBoard(variant) {
  const board = createBoard(ui.board, {
    ...boardLayout(variant),
    // The Italian texts name squares by number ("Black replied 14x21", the hints): show them;
    // a Brazilian board has its files and ranks on its edges ("c3xe5").
    coordinates: variant === 'italian',
    animation: { enabled: !matchMedia('(prefers-reduced-motion: reduce)').matches },
    // What a screen reader hears for a square under the keyboard cursor.
    describe: (sq, piece, info) => squareDescription(String(sq), piece, info),
    events: {
      move: onMove,
      illegal: onIllegal,
      announce: (text) => (ui.live.textContent = text),
    },
  });
  board.canvas.setAttribute('aria-label', t('boardLabel'));
  followBoardSettings(board, ui.board); // the player's theme and pieces (the game page's dialog)
  return board;
}

/** The buttons, the theme filter, the address's puzzle, and another tab's record. @param {Variant} variant */
function wire(variant) {
  ui.hint.addEventListener('click', hint);
  ui.solution.addEventListener('click', showSolution);
  ui.retry.addEventListener('click', retry);
  ui.next.addEventListener('click', next);
  ui.link.addEventListener('click', copyPuzzleLink);
  ui.theme.addEventListener('change', () => {
    const { trainer } = page;
    if (!trainer) return;
    // Onto the record as stored now: another tab's results since this one read it stay.
    trainer.stats = { ...(storedStats(variant) ?? trainer.stats), theme: ui.theme.value || null };
    keep(variant, trainer.stats);
    // The open puzzle stays if it has the theme; else one that has it.
    const th = trainer.stats.theme;
    if (!th || trainer.attempt?.puzzle.themes.includes(th)) return render();
    next();
  });
  window.addEventListener('hashchange', openFromHash);
  // Another tab recorded a result: show the record as it now stands (this tab's theme kept).
  window.addEventListener('storage', (e) => {
    const latest = e.key === storeKey(variant) ? storedStats(variant) : null;
    if (!latest || !page.trainer) return;
    page.trainer.stats = { ...latest, theme: page.trainer.stats.theme };
    render();
  });
}

/**
 * Stores the record; where it cannot be (storage full or failing), the page says so under it,
 * and the copy stored before stays as it was. Until a store succeeds, the page's record is ahead
 * of the stored one: the next result is added to the page's (the trainer's `load` gives none).
 * @param {Variant} variant @param {import('./store.js').Stats} stats
 */
function keep(variant, stats) {
  page.notKept = !saveStats(variant, stats);
  ui.notKept.hidden = !page.notKept;
}

/** For the browser tests: the page's state as data. @param {Variant} variant */
function exposeTestHook(variant) {
  const { board } = page;
  if (!board) return;
  /** @type {PuzzlesTestHook} */
  const hook = {
    ready: true,
    id: () => page.trainer?.attempt?.puzzle.id ?? null,
    pieces: () => [...board.state.pieces],
    orientation: () => board.state.orientation,
    busy: () => page.busy || board.isAnimating(),
    cursor: () => board.state.cursor,
    marks: () => ({ selected: board.state.selected, hint: board.state.hint?.text ?? null }),
    status: () => ui.status.textContent ?? '',
    stats: () => structuredClone(page.trainer?.stats ?? loadStats(variant)),
    canvas: board.canvas,
  };
  /** @type {Window & { __puzzles?: PuzzlesTestHook }} */ (window).__puzzles = hook;
}
