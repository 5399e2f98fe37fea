// @ts-check
// Whether the player points with a finger or a mouse, so that the words telling them what to do
// say "tap" or "click": the kind of the last pointer pressed on the page (a laptop with a touch
// screen is either, press by press), else what the browser says of its main pointer
// ('(pointer: coarse)': a finger). Without a browser (Node), a finger: the tables' first words.

/** @type {string | null} the last pointer's type: 'mouse', 'touch' or 'pen' */
let lastPointer = null;
if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', (e) => (lastPointer = e.pointerType), { capture: true, passive: true });
}

/** Whether the player points with a finger (or a pen, which taps too) rather than a mouse. */
export function pointsByTouch() {
  if (lastPointer) return lastPointer !== 'mouse';
  return typeof matchMedia !== 'function' || matchMedia('(pointer: coarse)').matches;
}

/**
 * Of a text's two wordings, the one for the player's pointer: `tap` ("Tap a square") for a
 * finger, `click` ("Click a square") for a mouse.
 * @param {string} tap @param {string} click @returns {string} the key
 */
export const tapOrClick = (tap, click) => (pointsByTouch() ? tap : click);
