// @ts-check
// The iframe page: the same options as <dama-board>'s attributes, taken from the address
// (?variant=brazilian&mode=computer&side=black&level=3&fen=...&numbers&readonly), so a host
// page needs nothing but an <iframe src="www/frame.html?...">. The frame shows a status line
// and buttons unless controls=0; it also works offline once visited (the site's service worker).

import '../element/element.js';
import { OPTIONS } from '../game/options.js';
import { setLanguage, startLanguage, resolveLanguage } from '../shared/i18n.js';

const board = /** @type {import('../element/element.js').DamaBoard} */ (document.getElementById('board'));
const params = new URLSearchParams(location.search);
// Pages embedding several frames have several <main>s: each is named by its frame's title.
const title = window.frameElement?.getAttribute('title');
if (title) document.querySelector('main')?.setAttribute('aria-label', title);
// The frame's language: ?lang= if it names one of ours, else the saved or the browser's. Only
// its table is loaded (the board, which gets the same lang attribute below, reads it too).
const lang = resolveLanguage(params.get('lang'));
if (lang) setLanguage(lang).catch(() => startLanguage());
else startLanguage();

// Every option of the element, by the same table and aliases (`color` for `side`): a flag
// present in the address with no value is on.
for (const o of OPTIONS) {
  if (o.attr === 'controls') continue;
  const names = [o.attr, ...(o.aliases ?? [])];
  const name = names.find((n) => params.has(n));
  if (name === undefined) continue;
  const v = params.get(name) ?? '';
  if (o.flag || v !== '') board.setAttribute(o.attr, v);
}
// A frame is a small page of its own: show its status line and buttons unless told not to.
board.setAttribute('controls', params.get('controls') ?? '');

// As large as the frame allows: the board is square, and the bar under it must fit too. The
// bar's height depends on the board's width (its text wraps, and a small board has a compact
// bar), so the size is settled in a few steps rather than from the bar's height at the
// current width (which, measured on a narrow board, shrank the board further each time).
const fit = () => {
  const width = () => board.getBoundingClientRect().width;
  const bar = () => Math.max(0, board.getBoundingClientRect().height - width());
  for (let i = 0; i < 4; i++) {
    const side = Math.max(96, Math.floor(Math.min(innerWidth, innerHeight - bar())));
    if (Math.abs(side - width()) <= 1) break;
    board.style.width = `${side}px`;
  }
};
new ResizeObserver(fit).observe(board);
board.addEventListener('change', () => requestAnimationFrame(fit));
addEventListener('resize', fit);

// Tell a parent page what happens, for hosts that cannot reach into the frame.
for (const type of ['move', 'gameover']) {
  board.addEventListener(type, (e) => {
    if (parent !== window) parent.postMessage({ source: 'dama', type, detail: /** @type {CustomEvent<unknown>} */ (e).detail }, '*');
  });
}

import('../offline/sw-register.js').then((m) => m.registerServiceWorker());
