// @ts-check
// The settings dialog's "Endgame tables": for each game the site offers larger tables for
// (engine/more-tables.js), what this browser keeps and a button to download them ("Download
// endgame tables, 12 MB", with its progress) or to remove them. The engine workers load a
// finished download at once (they hear it), and at every page load after, offline too.
// Hidden when the site offers none and none are kept.

import { canKeep, download, kept, offered, onTablesNews, remove } from '../engine/more-tables.js';
import { t } from '../shared/i18n.js';
import { VARIANTS } from '../shared/variant.js';

/** @import { Game, KeptFile, TableFile } from '../engine/more-tables.js' */

const GAME_NAME = { italian: 'gameItalian', brazilian: 'gameBrazilian' };

/** The pieces of the tables every visit loads (the Makefile's WEB_EGTB_PIECES). */
const SHIPPED_PIECES = 4;

/** Megabytes as players read them (1,000,000 bytes), at least 1. @param {number} bytes */
const megabytes = (bytes) => Math.max(1, Math.round(bytes / 1e6));

/**
 * What one game's row shows.
 * @typedef {object} Row
 * @property {TableFile | null} offer the file the site offers (the largest), if any
 * @property {KeptFile | null} have the largest file kept here, if any
 * @property {number | null} received bytes received while downloading, else null
 * @property {string} note a failure or a removal to say, else ''
 */

/**
 * @param {HTMLFieldSetElement} fieldset the dialog's tables fieldset (index.html #settings-tables)
 * @returns {{ refresh: () => Promise<void> }} refresh: read the list and the kept files again
 */
export function wireTables(fieldset) {
  const list = /** @type {HTMLElement} */ (fieldset.querySelector('.settings-tables-list'));
  const help = /** @type {HTMLElement} */ (fieldset.querySelector('small'));
  /** @type {Record<Game, Row>} */
  const rows = {
    italian: { offer: null, have: null, received: null, note: '' },
    brazilian: { offer: null, have: null, received: null, note: '' },
  };

  const render = () => {
    const shown = VARIANTS.filter((g) => rows[g].offer || rows[g].have);
    fieldset.hidden = shown.length === 0;
    list.replaceChildren(...shown.map((g) => rowView(g, rows[g], act)));
    const unpacked = Math.max(0, ...shown.map((g) => rows[g].offer?.unpacked ?? 0));
    help.textContent = !canKeep()
      ? t('settingsTablesCannotKeep')
      : t('settingsTablesHelp', { n: Math.max(...shown.map((g) => rows[g].offer?.pieces ?? rows[g].have?.pieces ?? 5)), mb: megabytes(unpacked || 145e6) });
  };

  /** @param {Game} game @param {'download' | 'remove'} what */
  const act = async (game, what) => {
    const row = rows[game];
    row.note = '';
    try {
      if (what === 'remove') {
        await remove(game);
        row.note = t('settingsTablesRemoved');
      } else if (row.offer) {
        const file = row.offer;
        row.received = 0;
        render();
        await download(file, (n) => {
          row.received = n;
          updateProgress(list, game, n, file.bytes);
        });
      }
    } catch (err) {
      row.note = t('settingsTablesFailed', { reason: String(/** @type {Error} */ (err)?.message ?? err) });
    }
    row.received = null;
    await refresh();
  };

  const refresh = async () => {
    const files = (await offered()) ?? [];
    for (const g of VARIANTS) {
      const mine = files.filter((f) => f.game === g);
      rows[g].offer = mine.length ? mine.reduce((a, b) => (b.pieces > a.pieces ? b : a)) : null;
      const have = await kept(g).catch(() => []);
      rows[g].have = have.length ? have[have.length - 1] : null;
    }
    render();
  };

  // A download or removal in another tab.
  onTablesNews(() => {
    if (VARIANTS.every((g) => rows[g].received === null)) refresh();
  });
  fieldset.hidden = true;
  return { refresh };
}

/**
 * One game's line: its state, then its button (or the download's progress).
 * @param {Game} game
 * @param {Row} row
 * @param {(game: Game, what: 'download' | 'remove') => void} act
 */
function rowView(game, row, act) {
  const div = document.createElement('div');
  div.className = 'settings-tables-row';
  div.dataset.game = game;
  const state = document.createElement('span');
  const name = t(GAME_NAME[game]);
  const current = row.have && row.offer && row.have.sha256 === row.offer.sha256;
  // The same tables kept from an earlier version of the site: a new build may read only its
  // own files.
  const outdated = Boolean(row.have && row.offer && !current && row.have.pieces === row.offer.pieces);
  state.textContent = outdated
    ? t('settingsTablesOld', { game: name })
    : row.have
      ? t('settingsTablesKept', { game: name, n: row.have.pieces })
      : t('settingsTablesNone', { game: name, n: (row.offer?.pieces ?? SHIPPED_PIECES + 1) - 1 });
  div.append(state);
  if (row.received !== null && row.offer) {
    const bar = document.createElement('progress');
    bar.max = row.offer.bytes;
    bar.value = row.received;
    bar.setAttribute('aria-label', t('settingsTablesDownloading', { game: name }));
    div.append(bar);
  } else {
    if (row.offer && !current && canKeep()) {
      const label = outdated ? 'settingsTablesUpdate' : 'settingsTablesDownload';
      div.append(button(t(label, { mb: megabytes(row.offer.bytes) }), () => act(game, 'download')));
    }
    if (row.have) div.append(button(t('settingsTablesRemove'), () => act(game, 'remove')));
  }
  if (row.note) {
    const note = document.createElement('small');
    note.setAttribute('role', 'status');
    note.textContent = row.note;
    div.append(note);
  }
  return div;
}

/** @param {string} label @param {() => void} onClick */
function button(label, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = label;
  b.addEventListener('click', onClick);
  return b;
}

/** @param {HTMLElement} list @param {Game} game @param {number} received @param {number} total */
function updateProgress(list, game, received, total) {
  const bar = list.querySelector(`.settings-tables-row[data-game="${game}"] progress`);
  if (bar instanceof HTMLProgressElement) {
    bar.max = total;
    bar.value = received;
  }
}
