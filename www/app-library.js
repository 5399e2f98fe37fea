// @ts-check
// The page's games: opening a PDN file of many games through a picker (every game listed,
// none dropped), and the library of saved games (library.js) with its dialog. The games are
// read by the core (PdnFile); this module only lists them and asks the board to open one.

import { t } from './i18n.js';
import { loadWasm } from './wasm.js';
import { Library } from './library.js';
import { looksLikeFen } from './game/options.js';
import { playerNames } from './game/texts.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const board = /** @type {import('./dama-board.js').DamaBoard} */ (document.getElementById('board'));

/** @type {any} the PdnFile shown in the picker (freed when another replaces it) */
let pickerFile = null;
/** @type {Promise<Library> | null} */
let library = null;
/** Each game's library record (a game not in it is not saved yet), by the core's game object. */
const ids = new WeakMap();
/** @type {{game: object, record: import('./library.js').GameRecord} | null} a write waiting for a pause */
let pending = null;
let saving = Promise.resolve();
let saveTimer = 0;

/** The library record of the game on the board, or null. */
export const libraryId = () => (board.session?.game ? ids.get(board.session.game) ?? null : null);
/** @param {number | null} id the record the game on the board is saved in */
export function setLibraryId(id) {
  const game = board.session?.game;
  if (!game) return;
  if (Number.isInteger(id)) ids.set(game, id);
  else ids.delete(game);
}

/** @param {string} text @param {boolean} [bad] */
function libraryMessage(text, bad = false) {
  const el = $('library-message');
  el.textContent = text;
  el.hidden = !text;
  el.classList.toggle('bad', bad);
}

/**
 * Opens a FEN, or a PDN text: one game at once, several through the picker. Throws with the
 * core's reason for text that cannot be read, and then the game on the board is untouched.
 * @param {string} text
 * @returns {Promise<'opened' | 'picker'>}
 */
export async function openGamesFile(text) {
  if (looksLikeFen(text)) {
    board.load(text);
    return 'opened';
  }
  const { PdnFile } = await loadWasm();
  // A game without a GameType tag is read as the game being played.
  const file = PdnFile.parse(text, board.variant);
  if (file.count() === 1) {
    try {
      board.openFromFile(file, 0);
    } finally {
      file.free();
    }
    return 'opened';
  }
  pickerFile?.free();
  pickerFile = file;
  showPicker();
  return 'picker';
}

function showPicker() {
  const file = pickerFile;
  const n = file.count();
  $('picker-count').textContent = t('pickerCount', { n });
  const body = $('picker-list');
  body.replaceChildren();
  $('picker-message').hidden = true;
  for (let i = 0; i < n; i++) {
    const g = file.summary(i);
    const row = document.createElement('tr');
    const cell = (/** @type {string} */ text, className = '') => row.appendChild(Object.assign(document.createElement('td'), { textContent: text, className }));
    players(cell(''), g.white || '?', g.black || '?');
    cell([g.event, g.round && g.round !== '?' ? `(${g.round})` : ''].filter((x) => x && x !== '?').join(' '));
    cell(g.date && g.date !== '????.??.??' ? g.date : '', 'nowrap');
    cell(g.result || '*', 'nowrap');
    cell(String(Math.ceil(g.plies / 2)));
    const td = row.appendChild(document.createElement('td'));
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = t('open');
    b.setAttribute('aria-label', `${t('open')}: ${g.white || '?'} – ${g.black || '?'}${g.date ? `, ${g.date}` : ''}`);
    if (g.error) {
      b.disabled = true;
      td.append(b, Object.assign(document.createElement('small'), { className: 'bad', textContent: t('pickerCannotOpen', { error: g.error }) }));
    } else td.append(b);
    b.addEventListener('click', () => {
      try {
        board.openFromFile(file, i);
        /** @type {HTMLDialogElement} */ ($('picker')).close();
      } catch (err) {
        const m = $('picker-message');
        m.textContent = t('pickerCannotOpen', { error: /** @type {Error} */ (err).message });
        m.hidden = false;
      }
    });
    body.append(row);
  }
  const dialog = /** @type {HTMLDialogElement} */ ($('picker'));
  if (!dialog.open) dialog.showModal();
}

/**
 * White's name over Black's, each with its colour's disc.
 * @param {HTMLElement} td
 * @param {string} white
 * @param {string} black
 */
function players(td, white, black) {
  td.className = 'players';
  for (const [color, name] of [['white', white], ['black', black]]) {
    const line = td.appendChild(document.createElement('span'));
    line.append(Object.assign(document.createElement('span'), { className: `disc ${color}` }), ` ${name}`);
  }
}

/** The library, opened once; a browser without IndexedDB gets a rejection to report. */
function openLibrary() {
  library ??= Library.open();
  return library;
}

/**
 * Saves the game on the board to the library: its record is taken now, and written after a
 * pause (a burst of moves is one write) or at once when another game takes the board. Games
 * without a move are not saved. A failure is reported with `report`; the page keeps its own
 * copy of the game in progress (localStorage), so no game is lost.
 * @param {(text: string) => void} report
 */
export function saveToLibrary(report) {
  const s = board.session;
  if (!s?.game || s.editing) return;
  const record = s.game.ply() ? recordOf(s) : null;
  if (pending && pending.game !== s.game) flush(report);
  clearTimeout(saveTimer);
  if (!record) return;
  pending = { game: s.game, record };
  saveTimer = window.setTimeout(() => flush(report), 400);
}

/** @param {(text: string) => void} report */
function flush(report) {
  const p = pending;
  pending = null;
  if (!p) return;
  saving = saving.then(async () => {
    try {
      const lib = await openLibrary();
      const id = ids.get(p.game);
      ids.set(p.game, await lib.put(id === undefined ? p.record : { ...p.record, id }));
    } catch (err) {
      report(t('librarySaveFailed', { error: /** @type {Error} */ (err).message }));
    }
  });
}

/** @param {import('./game/session.js').Session} s @returns {import('./library.js').GameRecord} */
function recordOf(s) {
  const names = playerNames(s, 'en');
  const result = s.game.result();
  return {
    pdn: board.pdn(),
    white: names.white,
    black: names.black,
    result: result ? (result.winner === 'white' ? '1-0' : result.winner === 'black' ? '0-1' : '1/2-1/2') : '*',
    variant: s.variant,
    plies: s.game.ply(),
    date: new Date().toISOString().slice(0, 10),
    event: s.tags?.find(([k]) => k === 'Event')?.[1] ?? '',
    updated: Date.now(),
    finished: !!result,
    snapshot: result ? null : board.snapshot(),
  };
}

/** Wires the library dialog: list, open, delete, export all. */
export function wireLibrary() {
  const dialog = /** @type {HTMLDialogElement} */ ($('library'));
  $('btn-library').addEventListener('click', async () => {
    libraryMessage('');
    // Busy until the games are read: the list of the last opening is not this one's.
    const body = $('library-list');
    body.replaceChildren();
    body.setAttribute('aria-busy', 'true');
    $('library-empty').hidden = true;
    dialog.showModal();
    flush((m) => libraryMessage(m, true));
    await saving;
    await renderLibrary();
    body.removeAttribute('aria-busy');
  });
  $('library-export').addEventListener('click', async () => {
    try {
      const lib = await openLibrary();
      const n = (await lib.list()).length;
      download(await lib.exportAll(), 'dama-games');
      libraryMessage(t('libraryExported', { n }));
    } catch (err) {
      libraryMessage(t('libraryUnavailable', { error: /** @type {Error} */ (err).message }), true);
    }
  });
}

async function renderLibrary() {
  const body = $('library-list');
  body.replaceChildren();
  let games;
  try {
    games = await (await openLibrary()).list();
  } catch (err) {
    libraryMessage(t('libraryUnavailable', { error: /** @type {Error} */ (err).message }), true);
    return;
  }
  $('library-empty').hidden = games.length > 0;
  for (const g of games) {
    const row = document.createElement('tr');
    if (g.id === libraryId()) row.className = 'current';
    const cell = (/** @type {string} */ text, className = '') => row.appendChild(Object.assign(document.createElement('td'), { textContent: text, className }));
    players(cell(''), g.white, g.black);
    cell(g.date, 'nowrap');
    cell(g.finished ? g.result : t('libraryInProgress'), 'nowrap');
    cell(String(Math.ceil(g.plies / 2)));
    const td = row.appendChild(document.createElement('td'));
    const open = Object.assign(document.createElement('button'), { type: 'button', textContent: t('open') });
    const del = Object.assign(document.createElement('button'), { type: 'button', textContent: t('delete') });
    open.setAttribute('aria-label', `${t('open')}: ${g.white} – ${g.black}, ${g.date}`);
    del.setAttribute('aria-label', `${t('delete')}: ${g.white} – ${g.black}, ${g.date}`);
    open.addEventListener('click', () => openRecord(g));
    del.addEventListener('click', async () => {
      try {
        await (await openLibrary()).delete(/** @type {number} */ (g.id));
        if (g.id === libraryId()) setLibraryId(null);
        libraryMessage(t('libraryDeleted'));
        await renderLibrary();
      } catch (err) {
        libraryMessage(t('libraryUnavailable', { error: /** @type {Error} */ (err).message }), true);
      }
    });
    td.append(open, del);
    body.append(row);
  }
}

/** @param {import('./library.js').GameRecord} g */
async function openRecord(g) {
  try {
    const snap = /** @type {any} */ (g.snapshot);
    // An unfinished game resumes as it was played (against the computer, its side and level).
    if (snap && typeof snap.startFen === 'string' && Array.isArray(snap.moves)) {
      board.newGame({ variant: snap.variant, fen: snap.startFen, moves: snap.moves, mode: snap.mode, side: snap.side, level: snap.level, levelWhite: snap.levelWhite, levelBlack: snap.levelBlack, tags: snap.tags, orientation: snap.orientation });
    } else await openGamesFile(g.pdn);
    setLibraryId(g.id ?? null);
    /** @type {HTMLDialogElement} */ ($('library')).close();
  } catch (err) {
    libraryMessage(t('pickerCannotOpen', { error: /** @type {Error} */ (err).message }), true);
  }
}

/**
 * Offers text as a .pdn download.
 * @param {string} text
 * @param {string} name the file's name before the date
 */
export function download(text, name) {
  const blob = new Blob([text], { type: 'application/x-pdn' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  const d = new Date();
  a.download = `${name}-${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}.pdn`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
