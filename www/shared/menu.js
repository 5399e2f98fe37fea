// @ts-check
// The pages' header on phones: the links to the other pages and the language picker behind one
// button (style.css shows them in the header itself at a desk, and hides the button). The
// button says whether the menu is open (aria-expanded); Escape closes it and gives the focus
// back to the button, as do a tap outside the header and the focus leaving it. Loaded by every
// page as a module of its own; the texts are the page's (data-i18n-label). Once the page says
// it is playable (pagePlayable) it adds "Play online" where the dama server serves the site
// (online-link.js).

/**
 * A button that shows and hides what it controls (aria-controls), saying which with
 * aria-expanded; `onToggle` hears each change. Returns a function setting it open or closed.
 * @param {HTMLButtonElement} button
 * @param {(open: boolean) => void} [onToggle]
 */
export function disclosure(button, onToggle = () => {}) {
  const set = (/** @type {boolean} */ open) => {
    if ((button.getAttribute('aria-expanded') === 'true') === open) return;
    button.setAttribute('aria-expanded', String(open));
    onToggle(open);
  };
  button.addEventListener('click', () => set(button.getAttribute('aria-expanded') !== 'true'));
  return set;
}

/**
 * Wires a header's menu button: the header holds the button and the nav it controls.
 * @param {HTMLButtonElement} button
 */
export function wireMenu(button) {
  const header = /** @type {HTMLElement} */ (button.closest('header') ?? button.parentElement);
  const set = disclosure(button);
  const isOpen = () => button.getAttribute('aria-expanded') === 'true';
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    set(false);
    button.focus();
  });
  // A tap anywhere else closes it (and does what it does there).
  document.addEventListener('pointerdown', (e) => {
    if (isOpen() && !header.contains(/** @type {Node} */ (e.target))) set(false);
  });
  header.addEventListener('focusout', (e) => {
    const to = /** @type {Node | null} */ (e.relatedTarget);
    if (isOpen() && to && !header.contains(to)) set(false);
  });
}

for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('header .menu-button'))) wireMenu(button);

let playable = false;
/**
 * A page says it is playable (its main calls this once a move can be made or its diagrams are
 * drawn): then, when the browser is idle, "Play online" is added where the server serves the
 * site. Not before: idle moments come while the page waits for its wasm, and its first load
 * must not carry the link's module and question (make first-load's budget).
 */
export function pagePlayable() {
  if (playable) return;
  playable = true;
  const idle = globalThis.requestIdleCallback ?? ((/** @type {() => void} */ f) => setTimeout(f, 200));
  idle(() => void import('./online-link.js').then((m) => m.addOnlineLink()).catch(() => {}));
}
