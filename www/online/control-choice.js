// @ts-check
// A time control chosen in a form: one of the server's presets, or Custom (minutes, and
// seconds added a move) within the server's bounds. The challenge's form and the seek's each
// have one: a <select id="X-control"> and a box id="X-custom" holding inputs X-custom-min and
// X-custom-inc.

import { t } from '../shared/i18n.js';
import { $, $input, $select, controlName } from './page.js';

/** The controls offered, in minutes + seconds a move (the server's presets); 5'+3" is the FID's online standard. */
export const PRESETS = [[1, 0], [2, 1], [3, 0], [3, 2], [5, 0], [5, 3], [10, 0], [10, 5], [15, 10], [30, 20]];
const STANDARD = '5+3';
const CUSTOM = 'custom';
/** A custom control's bounds, the server's (crates/dama-server/src/clock.rs: MAX_BASE_SECS, MAX_INCREMENT_SECS). */
export const CUSTOM_MAX_MINUTES = 180;
export const CUSTOM_MAX_INCREMENT_SECS = 180;

/** @typedef {import('./protocol.ts').TimeControl} TimeControl */

/** Fills form `prefix`'s control choice (presets, then Custom) and shows the custom fields with it. @param {string} prefix */
export function wireControl(prefix) {
  const select = $select(`${prefix}-control`);
  const custom = new Option('', CUSTOM);
  custom.dataset.i18n = 'onlineCustom';
  custom.textContent = t('onlineCustom');
  select.replaceChildren(...PRESETS.map(([m, s]) => new Option(controlName(m * 60, s), `${m}+${s}`)), custom);
  select.value = STANDARD;
  const min = $input(`${prefix}-custom-min`);
  const inc = $input(`${prefix}-custom-inc`);
  min.max = String(CUSTOM_MAX_MINUTES);
  inc.max = String(CUSTOM_MAX_INCREMENT_SECS);
  const show = () => {
    const on = select.value === CUSTOM;
    $(`${prefix}-custom`).hidden = !on;
    // Hidden fields are not checked when the form is sent.
    min.disabled = inc.disabled = !on;
  };
  select.addEventListener('change', show);
  // No time at all is no control: the browser says so at the fields.
  const check = () => min.setCustomValidity(Number(min.value) + Number(inc.value) > 0 ? '' : t('onlineCustomNoTime'));
  min.addEventListener('input', check);
  inc.addEventListener('input', check);
  show();
}

/** Form `prefix`'s control: a preset's, or the custom fields'. @param {string} prefix @returns {TimeControl} */
export function chosenControl(prefix) {
  const value = $select(`${prefix}-control`).value;
  const [m, s] = value === CUSTOM ? [$input(`${prefix}-custom-min`).value, $input(`${prefix}-custom-inc`).value].map(Number) : value.split('+').map(Number);
  return { base_secs: m * 60, increment_secs: s };
}
