// @ts-check
// The New game dialog: the game, who plays, the side, the computer's level (with what it plays
// like) and the clock; its choices are the page's settings for the next game.
// Loaded when first opened (main.js).

import { t, onLanguageChange } from '../shared/i18n.js';
import { clampLevel } from '../game/options.js';
import { normVariant } from '../shared/variant.js';
import { rememberVariant } from '../shared/preferred-variant.js';
import { parseControl, CONTROLS } from '../game/clock.js';
import { $, $dialog, board, settings, defaultGame, showNotice } from './page.js';
import { saveSettings } from './store.js';
import { searchThreads } from '../settings/settings.js';

/** Wires the dialog's form: what it asks follows what is chosen; Start starts the game. */
function wireNewGame() {
  const dialog = $dialog('new-game');
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  /** @type {(selector: string) => NodeListOf<HTMLFieldSetElement>} */
  const fieldsets = (selector) => form.querySelectorAll(selector);
  const syncForm = () => {
    const mode = field(form, 'mode').value;
    // The side is only asked against the computer; the level also when watching it play itself.
    for (const fs of fieldsets('.computer-only')) fs.disabled = mode !== 'computer' && mode !== 'remote';
    for (const fs of fieldsets('.computer-level')) fs.disabled = mode === 'two-players' || mode === 'remote';
    $('level-out').textContent = field(form, 'level').value;
    // Each game's levels were measured in its own games.
    const level = clampLevel(field(form, 'level').value);
    const elo = LEVEL_ELO[normVariant(field(form, 'variant').value)];
    $('level-elo').textContent = levelStrength(level);
    $('level-elo').title = level > 1 ? t('levelElo', { elo: `+${elo[level - 1]}` }) : '';
    // A level below 10 is the same on any device: only the top level thinks on every thread.
    const threads = level === 10 ? searchThreads() : 1;
    $('level-threads').textContent = t('levelThreads', { n: threads });
    // Clocks are for games people play; a custom one asks for its minutes and increment.
    for (const fs of fieldsets('.time-control')) fs.disabled = mode === 'watch' || mode === 'remote';
    /** @type {HTMLElement} */ (form.querySelector('.custom-clock')).hidden = field(form, 'clock').value !== 'custom';
  };
  form.addEventListener('input', syncForm);
  dialog.addEventListener('close', () => {
    if (dialog.returnValue !== 'start') return;
    settings.variant = normVariant(field(form, 'variant').value);
    rememberVariant(settings.variant); // every page's game from now on
    settings.mode = field(form, 'mode').value;
    settings.color = field(form, 'color').value;
    settings.level = clampLevel(field(form, 'level').value);
    const clock = field(form, 'clock').value;
    const custom = `${field(form, 'clockMinutes').value}+${field(form, 'clockIncrement').value}`;
    settings.clock = clock === 'custom' ? (parseControl(custom) ? custom : '') : clock;
    saveSettings();
    showNotice('');
    board.newGame(defaultGame());
  });
  syncNewGameForm = syncForm;
  onLanguageChange(syncForm);
}

/** Words the form's level and clock as chosen; set once the form is wired. */
let syncNewGameForm = () => {};

/**
 * Each level's strength in Elo above level 1, in each game, from a ladder of matches between
 * neighbouring levels, 48 games a step (`dama match --a level=N+1 --b level=N --time 200`, with
 * `--variant brazilian` for Brazilian; docs/ENGINE.md has the tables).
 */
const LEVEL_ELO = {
  italian: [0, 360, 710, 1100, 1430, 1610, 1790, 1930, 2060, 2110],
  brazilian: [0, 170, 350, 570, 780, 870, 1020, 1110, 1240, 1240],
};

/**
 * The strength of a level as a player would say it, a pair of levels at a time (220-720 Elo
 * from one pair to the next up to level 9; 9 and 10 are the engine's full strength).
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

let wired = false;

/** Opens the dialog with the last choices (wiring it the first time). */
export function openNewGame() {
  if (!wired) {
    wireNewGame();
    wired = true;
  }
  const dialog = $dialog('new-game');
  const form = /** @type {HTMLFormElement} */ (dialog.querySelector('form'));
  field(form, 'variant').value = settings.variant;
  field(form, 'mode').value = ['computer', 'watch', 'remote'].includes(settings.mode) ? settings.mode : 'two-players';
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
