// @ts-check
// The pages' header on phones: the links to the other pages and the language picker behind one
// button (style.css shows them in the header itself at a desk, and hides the button). The
// button says whether the menu is open (aria-expanded); Escape closes it and gives the focus
// back to the button, as do a tap outside the header and the focus leaving it. Loaded by every
// page as a module of its own; the texts are the page's (data-i18n-label).
//
// "Play online" joins the menu's links only where the site is served by the dama server
// (crates/dama-server): asked of its /api/me once a tab, online. A static host has no /api/me
// (a 404) and gets no link: nothing there leads to a page that cannot work.

import { t, hasText, onLanguageChange } from './i18n.js';

/** The answer kept for the tab: '1' served by the dama server, '0' not. */
const SERVED_KEY = 'dama.online.served';

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

/** Whether the dama server serves the site: asked once a tab (not offline, when nobody can say). */
async function servedByServer() {
  try {
    const kept = sessionStorage.getItem(SERVED_KEY);
    if (kept) return kept === '1';
  } catch {
    // No storage: ask.
  }
  if (!navigator.onLine) return false;
  let served = false;
  try {
    const res = await fetch(new URL('../../api/me', import.meta.url), { credentials: 'same-origin' });
    served = res.ok && 'session' in ((await res.json()) ?? {});
  } catch {
    // Not the server (a page where the path is something else, or no network).
  }
  try {
    sessionStorage.setItem(SERVED_KEY, served ? '1' : '0');
  } catch {
    // Asked again on the next page.
  }
  return served;
}

/** Adds "Play online" to the header's links, where the server serves the site. */
async function addOnlineLink() {
  const list = document.querySelector('header .menu-links');
  // A link, not a page's part (new URL('../x.html', import.meta.url) reads as one to the i18n check).
  const online = new URL('online.html', new URL('../', import.meta.url));
  if (!list || location.pathname === online.pathname || !(await servedByServer())) return;
  const a = Object.assign(document.createElement('a'), { href: online.href, id: 'online-link' });
  a.dataset.i18n = 'onlineLink';
  const word = () => (a.textContent = hasText('onlineLink') ? t('onlineLink') : 'Play online');
  word();
  onLanguageChange(word);
  const li = document.createElement('li');
  li.append(a);
  list.append(li);
}

void addOnlineLink();

for (const button of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll('header .menu-button'))) wireMenu(button);
