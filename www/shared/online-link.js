// @ts-check
// "Play online" in the header's links, only where the site is served by the dama server
// (crates/dama-server): asked once a tab, online, of www/online/served-by.txt, a file of the
// site that says `static` and that the server answers itself (`dama-server`). So no host
// answers a 404, and a static one gets no link: nothing there leads to a page that cannot
// work. The service worker does not cache the file (scripts/precache.mjs keeps no .txt), so
// the answer is the host's. Loaded by menu.js once the page is idle: no part of any page's
// first load.

import { t, hasText, onLanguageChange } from './i18n.js';

/** The answer kept for the tab: '1' served by the dama server, '0' not. */
const SERVED_KEY = 'dama.online.served';

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
    const res = await fetch(new URL('../online/served-by.txt', import.meta.url), { cache: 'no-store' });
    served = res.ok && (await res.text()).trim() === 'dama-server';
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
export async function addOnlineLink() {
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
