// @ts-check
// What the game page keeps in the browser's storage: the New game dialog's choices and the
// toggles (localStorage), and the game in progress, in this tab's storage and the one all tabs
// share, restored at a reload or in a new tab. Every game is in the library too (records.js).

import { t } from '../shared/i18n.js';
import { normMode, clampLevel } from '../game/options.js';
import { parseControl } from '../game/clock.js';
import { VARIANTS, DEFAULT_VARIANT } from '../shared/variant.js';
import { setLibraryId, libraryId, libraryRev } from './records.js';
import { board, settings, defaultGame, showNotice } from './page.js';
import { render } from './view.js';

const SETTINGS_KEY = 'dama.settings';
const GAME_KEY = 'dama.game';
const GAME_VERSION = 2;

/** Reads the saved settings into the page's (each value checked; junk is ignored). */
export function loadSettings() {
  try {
    const s = JSON.parse(localStorage.getItem(SETTINGS_KEY) || 'null');
    if (s && typeof s === 'object') {
      // Settings saved before Brazilian draughts have no game: theirs was Italian.
      settings.variant = VARIANTS.includes(s.variant) ? s.variant : DEFAULT_VARIANT;
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

/** Saves the page's settings (a storage that refuses is ignored: the page goes on). */
export function saveSettings() {
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
export function librarySaved(adopted) {
  saveGame();
  if (adopted) render();
}

// The game in progress survives a reload (a phone reloads tabs often). Each tab keeps its own
// (sessionStorage lives as long as the tab, reloads included), so two tabs playing two games
// never take each other's on reload; the last game saved by any tab (localStorage) is what a
// new tab resumes, and every game is also in the saved games (the library), so none is lost.
export function saveGame() {
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
export function restoreGame() {
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
    board.newGame(defaultGame());
    showNotice(() => t('savedGameIgnored'));
    return true;
  }
}
