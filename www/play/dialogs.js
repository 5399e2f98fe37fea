// @ts-check
// The game page's dialogs (dialogs.html: New game, Games and positions, Saved games, Board and
// pieces) and its board editor, put in the page when one is first asked for: they are no part of a playable board,
// and they were a fifth of index.html. Each opener awaits dialogsReady() before it looks for
// its dialog. Offline, the service worker has the file; a failure is the opener's to say.

import { translatePage, wantPart } from '../shared/i18n.js';
import { dialogSheet } from '../shared/sheet.js';

/** @type {Promise<void> | null} */
let loading = null;

/** Resolves once the dialogs are in the page, in the page's language; rejects (and is tried again next time) when the file cannot be had. */
export function dialogsReady() {
  loading ??= load().catch((err) => {
    loading = null;
    throw err;
  });
  return loading;
}

async function load() {
  const url = new URL('./dialogs.html', import.meta.url);
  // Their words are the table's game-later part (later.js).
  const [res] = await Promise.all([fetch(url), wantPart('game-later'), dialogSheet()]);
  if (!res.ok) throw new Error(`${url.pathname}: HTTP ${res.status}`);
  // Our own file, from our origin: markup, no script.
  const template = document.createElement('template');
  template.innerHTML = await res.text();
  const app = /** @type {HTMLElement} */ (document.querySelector('.app'));
  const live = document.getElementById('live');
  const added = [...template.content.children];
  // The editor goes in the panel, above the game's buttons; the dialogs at the page's end.
  const editor = template.content.getElementById('editor');
  if (editor) document.getElementById('controls')?.before(editor);
  app.insertBefore(template.content, live);
  for (const el of added) translatePage(el);
}
