// @ts-check
// The page's games: opening a PDN file of many games through the picker (library/picker.js: every
// game listed, none dropped), writing the saves library-calls.js queues, and the library of saved
// games (library.js) with its dialog. Loaded when first used or at the first save, after the
// board is playable (library-calls.js). The games are read by the core (PdnFile); this module
// asks the board to open one.

import { t, getLanguage } from '../shared/i18n.js';
import { loadWasm } from '../shared/wasm.js';
import { Library, newId, revOf } from '../library/library.js';
import { libraryId, setLibraryId, openingRecord, whenSaved, linkRecord } from './records.js';
import { download } from './download.js';
import { mergeInto } from '../game/record.js';

// Loaded when first used: the games picker, and the saved games' list.
const picker = () => import('../library/picker.js');
const listing = () => import('./library-list.js');

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
import { board } from './page.js';

/** @type {Promise<Library> | null} */
let library = null;

/** @param {string} text @param {boolean} [bad] */
function libraryMessage(text, bad = false) {
  const el = $('library-message');
  el.textContent = text;
  el.hidden = !text;
  el.classList.toggle('bad', bad);
}

/**
 * Opens a PDN text: one game at once, several through the picker. Throws with the core's
 * reason for text that cannot be read, and then the game on the board is untouched.
 * @param {string} text
 * @returns {Promise<'opened' | 'picker'>}
 */
export async function openGamesFile(text) {
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
    openingRecord(id, rev, () => board.openFromFile(file, 0));
  } finally {
    file.free();
  }
}

/** The library, opened once; a browser without IndexedDB gets a rejection to report. */
function openLibrary() {
  library ??= Library.open();
  return library;
}

/**
 * Writes a save queued by saveToLibrary (library-calls.js), under the game's record id. A record
 * that has moved on since this page last wrote or read it (another tab wrote it) is never
 * written over with this older copy: when the two are one game and this one is ahead, its
 * moves are played into that record, which keeps what the other tab added (a review,
 * comments) and becomes the page's; otherwise this game is saved as a new record and `report`
 * says so. A failure is reported with `report`; the page keeps its own copy of the game in
 * progress, so no game is lost. `saved` runs after the write, with whether the record shown
 * changed.
 * @param {import('./records.js').SaveJob} job
 * @param {import('./records.js').Report} report
 * @param {(adopted: boolean) => void} saved
 */
export async function writeRecord({ s, record, rec, fields, ours }, report, saved) {
  try {
    const lib = await openLibrary();
    let adopted = false;
    const decide = (/** @type {import('../library/library.js').SavedGame | undefined} */ current) => {
      if (!current || (rec.rev !== null && revOf(current) === rec.rev)) return fields;
      const merged = mergeInto(s.wasm, current.pdn, ours);
      if (!merged) return null;
      if (board.session === s && s.record === record) {
        s.adoptRecord(merged);
        linkRecord(merged, rec);
        adopted = true;
        return { ...fields, pdn: board.pdn(), snapshot: fields.snapshot ? board.snapshot() : null };
      }
      try {
        // The copy's ending is the merged record's: its result is the game's.
        const pdn = merged.toPdn();
        return { ...fields, pdn, snapshot: fields.snapshot ? { ...fields.snapshot, pdn } : null };
      } finally {
        merged.free();
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
}

/** Opens the library's dialog and lists the games, once the saves asked so far are written. */
export async function showLibrary() {
  const dialog = /** @type {HTMLDialogElement} */ ($('library'));
  if (!dialog.dataset.wired) {
    dialog.dataset.wired = '1';
    $('library-clear').addEventListener('click', () => void pressClear());
    $('library-export').addEventListener('click', () => void exportAll());
  }
  disarmClear();
  libraryMessage('');
  // Busy until the games are read: the list of the last opening is not this one's.
  const body = $('library-list');
  body.replaceChildren();
  body.setAttribute('aria-busy', 'true');
  $('library-empty').hidden = true;
  dialog.showModal();
  await whenSaved();
  await renderLibrary();
  body.removeAttribute('aria-busy');
}

/** Export all: every saved game in one PDN file. */
export async function exportAll() {
  try {
    const lib = await openLibrary();
    const n = (await lib.list()).length;
    download(await lib.exportAll(), 'dama-games');
    libraryMessage(t('libraryExported', { n }));
  } catch (err) {
    libraryMessage(t('libraryUnavailable', { error: /** @type {Error} */ (err).message }), true);
  }
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
export async function pressClear() {
  const b = $('library-clear');
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

/** @param {import('../library/library.js').SavedGame} g */
async function openRecord(g) {
  try {
    const snap = /** @type {{startFen?: unknown, moves?: unknown} | null | undefined} */ (g.snapshot);
    // An unfinished game resumes as it was played (against the computer, its side and level).
    // (With its record: comments, variations and a review come back too.)
    if (snap && typeof snap.startFen === 'string' && Array.isArray(snap.moves)) {
      openingRecord(g.id, revOf(g), () => board.restore(snap));
    } else await openGameText(g.pdn, g.id ?? null, revOf(g));
    /** @type {HTMLDialogElement} */ ($('library')).close();
  } catch (err) {
    libraryMessage(t('pickerCannotOpen', { error: /** @type {Error} */ (err).message }), true);
  }
}
