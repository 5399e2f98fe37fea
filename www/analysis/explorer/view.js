// @ts-check
// The explorer panel, drawn from what state.js holds (ctrl.js fills it in): the value of the position from the
// endgame tables (or why it has none), the tables' moves, the book's moves, and the games'
// moves with their results, a move's games one click away (each opens in a new tab at the
// move where it reached this position). A move's name plays it on the board.

import { t } from '../../shared/i18n.js';
import { $, $button, page, sideAt } from '../page.js';
import { explorer } from './state.js';
import { games } from './games.js';

/** @import { Explore, TableResult } from '../../shared/wasm-types.js' */
/** @import { MoveStats } from './index.js' */

/** The games listed under a move at most (the count says how many there are). */
const GAMES_LISTED = 12;
/** The most pieces of the tables a browser can have (the 5-piece ones, downloaded on asking). */
const OFFERED_PIECES = 5;
/** The PDN an address may carry (open.js refuses more). */
const MAX_LINK_PDN = 256 * 1024;

/** The move whose games are listed (its text), in the position they were listed for. */
let listed = { node: -1, text: '' };

export function renderExplorer() {
  const open = explorer.open;
  const toggle = $button('ex-toggle');
  toggle.setAttribute('aria-expanded', String(open));
  toggle.textContent = open ? t('exHide') : t('exShow');
  $('ex-body').hidden = !open;
  if (!open) return;
  const current = explorer.model === page.model && explorer.node === page.model.current;
  const found = current ? explorer.answer : null;
  // The next position's answer awaited (a few milliseconds, most often): the tables' and the
  // book's parts keep what they last drew for this game, dimmed and not playable, rather than
  // emptying and filling again at each move. The panel does not flicker, and what is below
  // it does not move away between a click's press and its release.
  const hold = !found && current && explorer.waiting && !explorer.error && drawnFor === page.model;
  holdDrawn(hold);
  if (!hold) {
    renderTables(found);
    renderBook(found);
    drawnFor = found ? page.model : null;
  }
  renderGames();
}

/** The game whose answer the tables' and the book's parts show (null: none drawn). */
/** @type {object | null} */
let drawnFor = null;

/** The tables' and the book's parts as last drawn, marked as the position before's. @param {boolean} hold */
function holdDrawn(hold) {
  $('ex-value').classList.toggle('ex-stale', hold);
  for (const id of ['ex-tables', 'ex-book']) {
    const part = /** @type {HTMLElement} */ ($(id).parentElement);
    part.classList.toggle('ex-stale', hold);
    part.setAttribute('aria-busy', String(hold));
    for (const b of part.querySelectorAll('button.ex-move')) /** @type {HTMLButtonElement} */ (b).disabled = hold;
  }
}

/** The side to move, in words. */
const mover = () => (sideAt(page.model.current) === 'white' ? t('white') : t('black'));
const other = () => (sideAt(page.model.current) === 'white' ? t('black') : t('white'));

/**
 * The tables' value of the position for the side to move, in words: "White wins: a capture or
 * a man move within 23 plies".
 * @param {TableResult} result
 * @param {number} plies
 */
export function tablesWords(result, plies) {
  if (result === 'draw') return t('exTablesDraw');
  const side = result === 'win' ? mover() : other();
  return plies > 0 ? t('exTablesWin', { side, n: plies }) : t('exTablesWon', { side });
}

/** @param {Explore | null} found */
function renderTables(found) {
  const value = $('ex-value');
  const table = /** @type {HTMLTableElement} */ ($('ex-tables'));
  const note = $('ex-tables-note');
  const body = /** @type {HTMLElement} */ (table.tBodies[0]);
  body.replaceChildren();
  value.textContent = '';
  if (!found) {
    table.hidden = true;
    /** @type {HTMLElement} */ (table.parentElement).hidden = false;
    note.textContent = explorer.error ? t('exFailed', { error: explorer.error }) : explorer.waiting ? t('exWaiting') : '';
    return;
  }
  const tb = found.tables;
  table.hidden = !tb;
  // A position far from any table the browser can have: the part says nothing.
  /** @type {HTMLElement} */ (table.parentElement).hidden = !tb && found.pieces > Math.max(OFFERED_PIECES, found.tablePieces);
  if (tb) {
    value.textContent = tablesWords(tb.result, tb.plies);
    for (const m of tb.moves) {
      const tr = document.createElement('tr');
      tr.className = m.result;
      tr.append(moveCell(m.text), cell(t(`exResult_${m.result}`)), cell(m.result === 'draw' ? '' : String(m.plies)));
      body.append(tr);
    }
    note.textContent = t('exTablesAbout');
  } else if (found.tablePieces === 0) note.textContent = t('exTablesNone');
  else if (found.pieces > found.tablePieces) note.textContent = `${t('exTablesMissing', { n: found.pieces, max: found.tablePieces })} ${t('exTablesDownload', { n: OFFERED_PIECES })}`;
  else note.textContent = t('exTablesOver');
}

/** @param {Explore | null} found */
function renderBook(found) {
  const table = /** @type {HTMLTableElement} */ ($('ex-book'));
  const note = $('ex-book-note');
  const body = /** @type {HTMLElement} */ (table.tBodies[0]);
  body.replaceChildren();
  table.hidden = !found?.book.length;
  if (!found) {
    note.textContent = '';
    return;
  }
  for (const m of found.book) {
    const tr = document.createElement('tr');
    if (m.lost) tr.className = 'lost';
    const score = `${m.score >= 0 ? '+' : '−'}${(Math.abs(m.score) / 100).toFixed(2)}`;
    tr.append(moveCell(m.text), cell(score), cell(m.lost ? t('exLost', { side: mover() }) : ''));
    body.append(tr);
  }
  const size = found.bookDepth ? t('exBookSizeDepth', { n: found.bookPositions, depth: found.bookDepth }) : t('exBookSize', { n: found.bookPositions });
  if (!found.bookPositions) note.textContent = t('exBookNone');
  else if (!found.book.length) note.textContent = `${t('exBookOut')} ${size}`;
  else note.textContent = `${t('exBookScores', { side: mover() })} ${size}`;
}

function renderGames() {
  const { model } = page;
  const table = /** @type {HTMLTableElement} */ ($('ex-games'));
  const note = $('ex-games-note');
  const list = $('ex-game-list');
  const body = /** @type {HTMLElement} */ (table.tBodies[0]);
  body.replaceChildren();
  const state = games.state(model.variant);
  $button('ex-remove').disabled = !(state?.status === 'ready' && state.files > 0);
  if (!state || state.status === 'building') {
    table.hidden = list.hidden = true;
    note.textContent = t('exGamesBuilding');
    return;
  }
  if (state.status === 'failed') {
    table.hidden = list.hidden = true;
    note.textContent = t('exGamesFailed', { error: state.error });
    return;
  }
  const key = positionKey();
  const stats = key === null ? null : games.at(model.variant, key);
  const moves = stats?.moves ?? [];
  table.hidden = !moves.length;
  for (const m of moves) body.append(gamesRow(m));
  const indexed = t('exGamesIndexed', { n: state.index.games.length, from: state.files ? t('exFromFiles', { n: state.files }) : t('exFromSaved') });
  const extra = [state.left ? t('exGamesLeft', { n: state.left }) : '', games.keptForPageOnly() && state.files ? t('exFilesPageOnly') : ''].filter(Boolean).join(' ');
  note.textContent = `${stats && stats.games ? t('exGamesHere', { n: stats.games }) : t('exGamesNone')} ${indexed}${extra ? ` ${extra}` : ''}`;
  const shown = listed.node === model.current ? moves.find((m) => m.text === listed.text) : undefined;
  renderGameList(shown ?? null);
}

/** The key of the position shown, from the page's core. */
function positionKey() {
  const g = page.model.gameAt(page.model.current);
  try {
    return g.positionKey();
  } catch {
    return null;
  } finally {
    g.free();
  }
}

/** @param {MoveStats} m */
function gamesRow(m) {
  const tr = document.createElement('tr');
  const count = document.createElement('button');
  count.type = 'button';
  count.className = 'ex-count';
  count.textContent = String(m.games);
  count.setAttribute('aria-expanded', String(listed.node === page.model.current && listed.text === m.text));
  count.title = t('exShowGames', { n: m.games, move: m.text });
  count.addEventListener('click', () => {
    const same = listed.node === page.model.current && listed.text === m.text;
    listed = same ? { node: -1, text: '' } : { node: page.model.current, text: m.text };
    renderGames();
  });
  const countCell = document.createElement('td');
  countCell.append(count);
  const decided = m.white + m.draws + m.black;
  const pct = (/** @type {number} */ n) => (decided ? Math.round((100 * n) / decided) : 0);
  const bar = document.createElement('td');
  const b = document.createElement('span');
  b.className = 'ex-bar';
  b.setAttribute('role', 'img');
  b.setAttribute('aria-label', t('exBarLabel', { w: m.white, d: m.draws, b: m.black }));
  for (const [cls, n] of /** @type {const} */ ([['w', m.white], ['d', m.draws], ['b', m.black]])) {
    const part = document.createElement('span');
    part.className = cls;
    part.style.flexGrow = String(n);
    if (pct(n) >= 15) part.textContent = `${pct(n)}%`;
    b.append(part);
  }
  bar.append(b);
  tr.append(moveCell(m.text), countCell, bar, cell(m.score === null ? '–' : `${Math.round(m.score * 100)}%`));
  return tr;
}

/** The games of one move, each a link that opens it where it reached this position. @param {MoveStats | null} m */
function renderGameList(m) {
  const list = $('ex-game-list');
  list.replaceChildren();
  list.hidden = !m;
  if (!m) return;
  const { variant } = page.model;
  const state = games.state(variant);
  for (const { game, ply } of m.list.slice(0, GAMES_LISTED)) {
    const info = state?.status === 'ready' ? state.index.games[game] : null;
    if (!info) continue;
    const li = document.createElement('li');
    const names = `${info.white || '?'} – ${info.black || '?'}`;
    const result = info.result === null ? '*' : info.result === 1 ? '1-0' : info.result === 0 ? '0-1' : '½-½';
    const where = [info.event, info.date].filter((s) => s && !/^[?.]+$/.test(s)).join(', ');
    const text = games.text(variant, game);
    const label = `${names} ${result}${where ? ` · ${where}` : ''}`;
    if (text && text.length <= MAX_LINK_PDN) {
      const a = document.createElement('a');
      const params = new URLSearchParams({ pdn: text, variant, ply: String(ply) });
      if (info.source === 'library') params.set('id', info.id);
      a.href = `analysis.html#${params}`;
      a.target = '_blank';
      a.rel = 'noopener';
      a.textContent = label;
      li.append(a);
    } else li.textContent = label;
    list.append(li);
  }
  if (m.list.length > GAMES_LISTED) {
    const li = document.createElement('li');
    li.className = 'more';
    li.textContent = t('exMoreGames', { n: m.list.length - GAMES_LISTED });
    list.append(li);
  }
}

/** @param {string} text */
function cell(text) {
  const td = document.createElement('td');
  td.textContent = text;
  return td;
}

/** A move's name, a button that plays it. @param {string} text */
function moveCell(text) {
  const td = document.createElement('td');
  const b = document.createElement('button');
  b.type = 'button';
  b.className = 'ex-move';
  b.textContent = text;
  b.title = t('exPlay', { move: text });
  b.addEventListener('click', () => explorer.play(text));
  td.append(b);
  return td;
}
