// @ts-check
// The iframe page: the same options as <dama-board>'s attributes, taken from the address
// (?variant=brazilian&mode=computer&side=black&level=3&fen=...&numbers&readonly), so a host
// page needs nothing but an <iframe src="www/frame.html?...">; with mode=remote&origins=...,
// the host supplies the opponent's moves by postMessage (below). The frame shows a status line
// and buttons unless controls=0; it also works offline once visited (the site's service worker).

import '../element/element.js';
import { OPTIONS } from '../game/options.js';
import { t, setLanguage, startLanguage, resolveLanguage } from '../shared/i18n.js';

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
for (const type of ['move', 'gameover', 'drawoffer']) {
  board.addEventListener(type, (e) => {
    if (parent !== window) parent.postMessage({ source: 'dama', type, detail: /** @type {CustomEvent<unknown>} */ (e).detail }, '*');
  });
}

// Requests from the parent page (mode=remote: the opponent's, from the page's server), taken
// only from the origins the address names (origins=https://club.example, several separated by
// commas, at most MAX_ORIGINS) and only from the frame's own parent. The page speaks for the
// remote side only (it could otherwise resign or agree a draw for the player it embeds):
//   {source: 'dama', type: 'play', move: '22-18' | {from, to}}   the remote side's move (board.play)
//   {source: 'dama', type: 'resign', color: <the remote side>}   the remote side resigns
//   {source: 'dama', type: 'draw'}                               the player's draw offer accepted
// A move at the player's turn, a resignation of the player's side (or of no side named), a
// draw the player did not offer, and any request outside mode=remote are refused, answered
// {source: 'dama', type: 'refused', request, move, reason}, to that origin alone; a move played
// is told as every move is (the `move` message).
const MAX_ORIGINS = 20;
const origins = (params.get('origins') ?? '')
  .split(',')
  .map((o) => o.trim())
  .filter((o) => {
    try {
      const url = new URL(o);
      return /^https?:$/.test(url.protocol) && url.origin === o;
    } catch {
      return false;
    }
  })
  .slice(0, MAX_ORIGINS);
/**
 * The game (its record) in which the player offered a draw (the board's `drawoffer`), while
 * the offer stands: the remote side's next move declines it, and another game has none.
 * @type {object | null}
 */
let playerOffer = null;
board.addEventListener('drawoffer', () => {
  playerOffer = board.session?.record ?? null;
});
addEventListener('message', (e) => {
  const m = e.data;
  if (e.source !== parent || parent === window || !origins.includes(e.origin) || m?.source !== 'dama') return;
  try {
    const s = board.session;
    if (!s) throw new Error(t('playNotReady'));
    if (board.mode !== 'remote') throw new Error(t('hostRemoteOnly'));
    // The page plays the opponent's side; the player's own moves are the player's.
    if (m.type === 'play' && board.humanToMove()) throw new Error(t('playPlayersTurn'));
    if (m.type === 'play') {
      board.play(m.move);
      playerOffer = null; // answered by a move: declined
    } else if (m.type === 'resign') {
      if (m.color !== (s.human === 'white' ? 'black' : 'white')) throw new Error(t('hostResignsOpponent'));
      board.resign(m.color);
    } else if (m.type === 'draw') {
      if (!s.record || playerOffer !== s.record) throw new Error(t('hostDrawNotOffered'));
      if (!board.agreeDraw()) throw new Error('no draw can be agreed now');
      playerOffer = null;
    } else throw new Error(`unknown request ${String(m.type).slice(0, 40)}`);
  } catch (err) {
    const move = typeof m.move === 'string' ? m.move.slice(0, 100) : m.move && typeof m.move === 'object' ? { from: m.move.from, to: m.move.to } : null;
    parent.postMessage({ source: 'dama', type: 'refused', request: String(m.type).slice(0, 40), move, reason: /** @type {Error} */ (err).message }, e.origin);
  }
});

import('../offline/sw-register.js').then((m) => m.registerServiceWorker());
