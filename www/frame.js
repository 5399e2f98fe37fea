// The iframe page: the same options as <dama-board>'s attributes, taken from the address
// (?variant=brazilian&mode=computer&side=black&level=3&fen=...&numbers&readonly), so a host
// page needs nothing but an <iframe src="www/frame.html?...">. The frame shows a status line
// and buttons unless controls=0; it also works offline once visited (the site's service worker).

import './dama-board.js';
import { setLanguage } from './i18n.js';
import { registerServiceWorker } from './sw-register.js';

const board = document.getElementById('board');
const params = new URLSearchParams(location.search);
const lang = params.get('lang');
if (lang) setLanguage(lang);

const OPTIONS = ['variant', 'mode', 'side', 'level', 'level-white', 'level-black', 'delay', 'fen', 'pdn', 'orientation', 'ply', 'lang'];
const FLAGS = ['numbers', 'readonly', 'sound'];
for (const name of OPTIONS) {
  const v = params.get(name);
  if (v !== null && v !== '') board.setAttribute(name, v);
}
for (const name of FLAGS) {
  if (params.has(name)) board.setAttribute(name, params.get(name));
}
// `color` is the app page's old name for `side`.
if (!params.has('side') && params.has('color')) board.setAttribute('side', params.get('color'));
// A frame is a small page of its own: show its status line and buttons unless told not to.
board.setAttribute('controls', params.get('controls') ?? '');

// As large as the frame allows: the board is square, and the bar under it (its height
// depends on the width, as its text wraps) must fit too.
const fit = () => {
  const bar = Math.max(0, board.getBoundingClientRect().height - board.getBoundingClientRect().width);
  const side = Math.max(120, Math.floor(Math.min(innerWidth, innerHeight - bar)));
  if (Math.abs(side - board.getBoundingClientRect().width) > 1) board.style.width = `${side}px`;
};
new ResizeObserver(fit).observe(board);
board.addEventListener('change', () => requestAnimationFrame(fit));
addEventListener('resize', fit);

// Tell a parent page what happens, for hosts that cannot reach into the frame.
for (const type of ['move', 'gameover']) {
  board.addEventListener(type, (e) => {
    if (parent !== window) parent.postMessage({ source: 'dama', type, detail: e.detail }, '*');
  });
}

registerServiceWorker();
