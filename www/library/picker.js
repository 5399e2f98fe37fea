// @ts-check
// A PDN text of several games, for a player to choose one: every game read by the core in a
// worker of its own (pdn.worker.js), then listed in the page's picker dialog (#picker, with
// #picker-count, #picker-list and #picker-message) with its players, event, date, result and
// moves, a game that cannot be opened with the core's reason. Shared by the game page
// (play/library-dialog.js) and the analysis board, each opening the game chosen its own way.

import { t, translatePage } from '../shared/i18n.js';
import { loadWasm, compiled } from '../shared/wasm.js';
import { dialogSheet } from '../shared/sheet.js';

/** @import { PdnSummary, Variant } from '../shared/wasm-types.js' */
/** @typedef {{summary: PdnSummary, text: string}} ListedGame a game's summary and its own text */

/** The longest PDN text a page reads, pasted or from a file: the core's bound (8 MiB). */
export const MAX_PDN_TEXT = 8 << 20;

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * Every game of a PDN text, read by the core in a worker of its own (a large text must not
 * freeze the page, and the worker's memory goes when it ends); on the page itself where a
 * worker cannot be started. Throws for a text over MAX_PDN_TEXT, or with the core's reason
 * for text that cannot be read.
 * @param {string} text
 * @param {Variant} variant the game of a game without a GameType tag
 * @returns {Promise<ListedGame[]>}
 */
export function readGames(text, variant) {
  if (text.length > MAX_PDN_TEXT) return Promise.reject(new Error(t('textTooBig', { n: text.length, max: MAX_PDN_TEXT })));
  let worker;
  try {
    worker = new Worker(new URL('./pdn.worker.js', import.meta.url), { type: 'module' });
  } catch {
    return readHere(text, variant);
  }
  const w = worker;
  return new Promise((resolve, reject) => {
    w.onmessage = (e) => {
      w.terminate();
      if (e.data.ok) resolve(e.data.games);
      else reject(new Error(e.data.error));
    };
    w.onerror = (e) => {
      e.preventDefault();
      w.terminate();
      readHere(text, variant).then(resolve, reject);
    };
    // With the page's compiled rules: the worker downloads nothing.
    compiled('rules').then((module) => w.postMessage({ text, variant, module }), () => w.postMessage({ text, variant }));
  });
}

/** @param {string} text @param {Variant} variant @returns {Promise<ListedGame[]>} */
async function readHere(text, variant) {
  const { PdnFile } = await loadWasm();
  const file = PdnFile.parse(text, variant);
  try {
    return Array.from({ length: file.count() }, (_, i) => ({ summary: file.summary(i), text: file.gameText(i) }));
  } finally {
    file.free();
  }
}

let pickerRun = 0;
/** Rows added to the picker between two pauses. */
const PICKER_BATCH = 150;

/**
 * Lists `games` in the page's picker, a batch of rows at a time so that a file of thousands of
 * games never holds the page's thread for long (the list is marked busy until it is whole).
 * A game's Open calls `open` with its text; the picker closes once it has opened, or says the
 * reason it throws.
 * @param {ListedGame[]} games
 * @param {(text: string) => void | Promise<void>} open
 */
export async function showPicker(games, open) {
  const run = ++pickerRun;
  await dialogSheet();
  if (run !== pickerRun) return;
  const dialog = pickerDialog();
  $('picker-count').textContent = t('pickerCount', { n: games.length });
  const body = $('picker-list');
  body.replaceChildren();
  body.setAttribute('aria-busy', 'true');
  $('picker-message').hidden = true;
  if (!dialog.open) dialog.showModal();
  for (let start = 0; start < games.length; start += PICKER_BATCH) {
    if (start) await new Promise((r) => setTimeout(r));
    if (run !== pickerRun) return; // another file replaced this one
    const rows = document.createDocumentFragment();
    for (const g of games.slice(start, start + PICKER_BATCH)) rows.append(pickerRow(g, open));
    body.append(rows);
  }
  body.removeAttribute('aria-busy');
}

// The picker's dialog, the same on every page that lists games (the HTML's English, worded
// again by translatePage as the page's other texts).
const PICKER_HTML = `<dialog id="picker" class="card-dialog games" aria-labelledby="picker-title">
  <div class="games-body">
    <h2 id="picker-title" data-i18n="pickerTitle">Choose a game</h2>
    <p id="picker-count" class="help"></p>
    <div class="game-list-wrap">
      <table class="game-list">
        <thead>
          <tr><th scope="col" data-i18n="colPlayers">Players</th><th scope="col" data-i18n="colEvent">Event</th><th scope="col" data-i18n="colDate">Date</th><th scope="col" data-i18n="colResult">Result</th><th scope="col" data-i18n="colMoves">Moves</th><th scope="col"><span class="sr-only" data-i18n="colOpen">Open</span></th></tr>
        </thead>
        <tbody id="picker-list"></tbody>
      </table>
    </div>
    <p id="picker-message" class="games-message bad" role="status" hidden></p>
    <form method="dialog" class="dialog-buttons">
      <button value="close" data-i18n="close">Close</button>
    </form>
  </div>
</dialog>`;

/**
 * The page's picker dialog, made the first time it is needed, in the page's language.
 * @returns {HTMLDialogElement}
 */
function pickerDialog() {
  const found = document.getElementById('picker');
  if (found) return /** @type {HTMLDialogElement} */ (found);
  const template = document.createElement('template');
  template.innerHTML = PICKER_HTML;
  const dialog = /** @type {HTMLDialogElement} */ (template.content.firstElementChild);
  (document.querySelector('.app') ?? document.body).append(dialog);
  translatePage(dialog);
  return dialog;
}

/** @param {ListedGame} game @param {(text: string) => void | Promise<void>} open */
function pickerRow({ summary: g, text }, open) {
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
  b.addEventListener('click', async () => {
    try {
      await open(text);
      /** @type {HTMLDialogElement} */ ($('picker')).close();
    } catch (err) {
      const m = $('picker-message');
      m.textContent = t('pickerCannotOpen', { error: /** @type {Error} */ (err).message });
      m.hidden = false;
    }
  });
  return row;
}

/**
 * White's name over Black's, each with its colour's disc.
 * @param {HTMLElement} td
 * @param {string} white
 * @param {string} black
 */
export function players(td, white, black) {
  td.className = 'players';
  for (const [color, name] of [['white', white], ['black', black]]) {
    const line = td.appendChild(document.createElement('span'));
    line.append(Object.assign(document.createElement('span'), { className: `disc ${color}` }), ` ${name}`);
  }
}
