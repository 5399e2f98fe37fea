// @ts-check
// Destructive buttons (Resign, Offer draw between two players) ask once more in place instead
// of a pop-up: a second press within a few seconds confirms; another game puts every armed
// button back (disarmAll).

import { t, translatePage } from '../shared/i18n.js';
import { render } from './view.js';

/** Puts every armed confirm button back to its first state. @type {(() => void)[]} */
const disarms = [];

/** Puts every armed button back to its first state. */
export const disarmAll = () => {
  for (const disarm of disarms) disarm();
};

/**
 * @param {HTMLElement} button
 * @param {string} confirmKey the text asking to press again
 * @param {() => void} action
 * @param {() => boolean} [when] whether this press asks at all
 */
export function confirmButton(button, confirmKey, action, when = () => true) {
  let armed = 0;
  disarms.push(() => {
    clearTimeout(armed);
    armed = 0;
    button.classList.remove('armed');
    translatePage(/** @type {HTMLElement} */ (button.parentElement));
  });
  button.addEventListener('click', () => {
    if (!when()) return;
    if (armed) {
      clearTimeout(armed);
      armed = 0;
      button.classList.remove('armed');
      translatePage(/** @type {HTMLElement} */ (button.parentElement)); // its own name again
      action();
      render();
      return;
    }
    button.textContent = t(confirmKey);
    button.classList.add('armed');
    armed = setTimeout(() => {
      armed = 0;
      button.classList.remove('armed');
      translatePage(/** @type {HTMLElement} */ (button.parentElement));
      render();
    }, 3000);
  });
}
