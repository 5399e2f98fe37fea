// @ts-check
// The page's games: opening a PDN file of many games through the picker (games-picker.js: every
// game listed, none dropped), and the library of saved games (library.js) with its dialog. The
// games are read by the core (PdnFile); this module asks the board to open one.

import { t, getLanguage } from './i18n.js';
import { loadWasm } from './wasm.js';
import { Library, newId, revOf } from './library.js';

// Loaded when first used, after the board is playable (2.4 KB gzipped of the game page's first
// load, minified): the games picker, and the saved games' list.
const picker = () => import('./games-picker.js');
const listing = () => import('./library-list.js');
import { mergeInto, resultToken, setResult } from './game/record.js';
import { looksLikeFen } from './game/options.js';
import { playerNames } from './game/texts.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const board = /** @type {import('./dama-board.js').DamaBoard} */ (document.getElementById('board'));

/** @type {Promise<Library> | null} */
let library = null;
/**
 * Each game's library record (a game not in it is not saved yet), by the core's game object:
 * its id, and the revision this page last wrote or read (null: not known), which a save
 * must find unchanged to write over the record (see saveToLibrary).
 * @type {WeakMap<object, {id: string, rev: number | null}>}
 */
const records = new WeakMap();
let saving = Promise.resolve();

/** The record of the game on the board, given when first asked for. */
function recordOf(game = board.session?.game) {
  if (!game) return null;
  if (!records.has(game)) records.set(game, { id: nextId ?? newId(), rev: nextId ? nextRev : null });
  nextId = null;
  return /** @type {{id: string, rev: number | null}} */ (records.get(game));
}

/**
 * The library record of the game on the board: given when it is first asked for, so the game's
 * copies (the tab's storage, the library) name one record from its first move.
 */
export function libraryId() {
  return recordOf()?.id ?? null;
}

/** The revision of that record this page last wrote or read, or null. */
export function libraryRev() {
  return recordOf()?.rev ?? null;
}

/** The record the next game shown comes from (a saved game being opened), or null. */
let nextId = /** @type {string | null} */ (null);
/** That record's revision. */
let nextRev = /** @type {number | null} */ (null);
/**
 * @param {string | null} id the record the game on the board is saved in (a restored game)
 * @param {number | null} [rev] the revision of it the game was saved as, if known
 */
export function setLibraryId(id, rev = null) {
  const game = board.session?.game;
  if (!game) return;
  if (typeof id === 'string' && id) records.set(game, { id, rev });
  else records.delete(game);
}

/** @param {string} text @param {boolean} [bad] */
function libraryMessage(text, bad = false) {
  const el = $('library-message');
  el.textContent = text;
  el.hidden = !text;
  el.classList.toggle('bad', bad);
}

/** The longest PDN text the page reads (the file input checks it before reading). */

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
  const { readGames, showPicker } = await picker();
  // A game without a GameType tag is read as the game being played.
  const games = await readGames(text, board.variant);
  if (games.length === 1) {
    await openGameText(games[0].text);
    return 'opened';
  }
  showPicker(games, (game) => openGameText(game));
  return 'picker';
}

/**
 * Opens one game from its own text, with its comments and variations; throws the core's reason
 * for a game that cannot be opened.
 * @param {string} text
 * @param {string | null} [id] the library record it comes from
 */
async function openGameText(text, id = /** @type {string | null} */ (null), rev = /** @type {number | null} */ (null)) {
  const { PdnFile } = await loadWasm();
  const file = PdnFile.parse(text, board.variant);
  try {
    // The game opened keeps its saved record: its first save (during the opening) is to it.
    nextId = id;
    nextRev = rev;
    board.openFromFile(file, 0);
  } finally {
    nextId = null;
    file.free();
  }
}

/** The library, opened once; a browser without IndexedDB gets a rejection to report. */
function openLibrary() {
  library ??= Library.open();
  return library;
}

/**
 * Saves the game on the board to the library, at once (a reload right after a move must not
 * lose it), under the game's own record id; the writes are queued, in order.
 * Games without a move are not saved. A record that has moved on since this page last wrote
 * or read it (another tab wrote it) is never written over with this older copy: when the two
 * are one game and this one is ahead, its moves are played into that record, which keeps what
 * the other tab added (a review, comments) and becomes the page's; otherwise this game is
 * saved as a new record and `report` says so. A failure is reported with `report`; the page
 * keeps its own copy of the game in progress, so no game is lost. `saved` runs after each
 * write, with whether the record shown changed.
 * @param {(message: import('./i18n.js').Message) => void} report the page's notice (words made when shown)
 * @param {(adopted: boolean) => void} [saved]
 */
export function saveToLibrary(report, saved = () => {}) {
  const s = board.session;
  if (!s?.game || s.editing || !s.game.ply()) return;
  const game = s.game;
  const rec = /** @type {{id: string, rev: number | null}} */ (recordOf(game));
  const fields = recordFields(s);
  const ours = { variant: s.variant, startFen: game.startFen(), moves: s.history().map((m) => m.text), result: fields.result };
  saving = saving.then(async () => {
    try {
      const lib = await openLibrary();
      let adopted = false;
      const decide = (/** @type {import('./library.js').GameRecord | undefined} */ current) => {
        if (!current || (rec.rev !== null && revOf(current) === rec.rev)) return fields;
        const tree = mergeInto(s.wasm, current.pdn, ours);
        if (!tree) return null;
        if (board.session === s && s.game === game) {
          s.adoptRecord(tree);
          adopted = true;
          return { ...fields, pdn: board.pdn(), snapshot: fields.snapshot ? board.snapshot() : null };
        }
        try {
          setResult(tree, fields.result);
          const pdn = tree.toPdn();
          return { ...fields, pdn, snapshot: fields.snapshot ? { ...fields.snapshot, pdn } : null };
        } finally {
          tree.free();
        }
      };
      let written = await lib.save(rec.id, decide);
      if (!written) {
        // Another tab's game under this id, or this copy fell behind it: saved apart.
        rec.id = newId();
        rec.rev = null;
        written = await lib.save(rec.id, decide);
        report(() => t('librarySavedApart'));
      }
      if (written) rec.rev = revOf(written);
      saved(adopted);
    } catch (err) {
      const error = /** @type {Error} */ (err).message;
      report(() => t('librarySaveFailed', { error }));
    }
  });
}

/** @param {import('./game/session.js').Session} s @returns {Omit<import('./library.js').GameRecord, 'id'>} */
function recordFields(s) {
  const names = playerNames(s, 'en');
  const result = s.game.result();
  return {
    pdn: board.pdn(),
    white: names.white,
    black: names.black,
    result: resultToken(result),
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
    await saving;
    await renderLibrary();
    body.removeAttribute('aria-busy');
  });
  wireClear();
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

/** The games left unfinished that Clear would delete (none a player wrote in), by id. */
let clearable = /** @type {string[]} */ ([]);
/** The Clear button asks once more: its timer while it waits for the second press. */
let clearArmed = 0;

function renderClear() {
  const b = $('library-clear');
  b.hidden = !clearable.length;
  if (!clearArmed) b.textContent = t('libraryClear', { n: clearable.length });
}

function disarmClear() {
  clearTimeout(clearArmed);
  clearArmed = 0;
  $('library-clear').classList.remove('armed');
  renderClear();
}

// Clearing the games left unfinished: a first press asks, a second within a few seconds
// deletes those nobody wrote in (a comment, an annotation, a variation is the player's work:
// such a game is kept, and said to be); never a finished game, nor one being played.
function wireClear() {
  const b = $('library-clear');
  $('btn-library').addEventListener('click', disarmClear);
  b.addEventListener('click', async () => {
    if (!clearArmed) {
      clearArmed = setTimeout(disarmClear, 4000);
      b.textContent = t('libraryClearConfirm');
      b.classList.add('armed');
      return;
    }
    disarmClear();
    try {
      const [lib, wasm, { listGames }] = await Promise.all([openLibrary(), loadWasm(), listing()]);
      // Read again: a game a tab went back to since the list was drawn is no longer left.
      const left = listGames(wasm, await lib.list(), libraryId(), Date.now()).filter((x) => x.standing === 'left');
      const gone = left.filter((x) => !x.annotated);
      for (const x of gone) await lib.delete(x.g.id);
      const kept = left.length - gone.length;
      await renderLibrary();
      libraryMessage([t('libraryCleared', { n: gone.length }), kept ? t('libraryClearKept', { n: kept }) : ''].filter(Boolean).join(' '));
    } catch (err) {
      libraryMessage(t('libraryUnavailable', { error: /** @type {Error} */ (err).message }), true);
    }
  });
}

// The games as listed (library-list.js): being played, finished, left unfinished; each with
// its players, its game, its own date, where it stands or its result, and its moves.
async function renderLibrary() {
  const body = $('library-list');
  body.replaceChildren();
  let games;
  let wasm;
  let list;
  let names;
  try {
    [games, wasm, list, names] = await Promise.all([openLibrary().then((lib) => lib.list()), loadWasm(), listing(), picker()]);
  } catch (err) {
    libraryMessage(t('libraryUnavailable', { error: /** @type {Error} */ (err).message }), true);
    return;
  }
  $('library-empty').hidden = games.length > 0;
  const listed = list.listGames(wasm, games, libraryId(), Date.now());
  clearable = listed.filter((x) => x.standing === 'left' && !x.annotated).map((x) => x.g.id);
  renderClear();
  for (const item of listed) {
    const g = item.g;
    const row = document.createElement('tr');
    if (g.id === libraryId()) row.className = 'current';
    const cell = (/** @type {string} */ text, className = '') => row.appendChild(Object.assign(document.createElement('td'), { textContent: text, className }));
    names.players(cell(''), g.white, g.black);
    cell(t(g.variant === 'brazilian' ? 'gameBrazilian' : 'gameItalian'));
    const date = list.listedDate(item, getLanguage());
    const when = date.saved ? t('librarySavedOn', { date: date.text }) : date.text;
    cell(when, 'nowrap');
    cell(item.standing === 'finished' ? g.result : t(item.standing === 'live' ? 'libraryInProgress' : 'libraryUnfinished'), 'nowrap');
    cell(String(Math.ceil(g.plies / 2))).dataset.label = t('colMoves');
    const td = row.appendChild(document.createElement('td'));
    const open = Object.assign(document.createElement('button'), { type: 'button', textContent: t('open') });
    const del = Object.assign(document.createElement('button'), { type: 'button', textContent: t('delete') });
    open.setAttribute('aria-label', `${t('open')}: ${g.white} – ${g.black}, ${when}`);
    del.setAttribute('aria-label', `${t('delete')}: ${g.white} – ${g.black}, ${when}`);
    open.addEventListener('click', () => openRecord(g));
    del.addEventListener('click', async () => {
      try {
        await (await openLibrary()).delete(g.id);
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
    // (With its record: comments, variations and a review come back too.)
    if (snap && typeof snap.startFen === 'string' && Array.isArray(snap.moves)) {
      nextId = g.id;
      nextRev = revOf(g);
      try {
        board.restore(snap);
      } finally {
        nextId = null;
      }
    } else await openGameText(g.pdn, g.id ?? null, revOf(g));
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
