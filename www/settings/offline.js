// @ts-check
// The settings' "Offline" part: whether this browser keeps the site for offline use, what that
// is and how big, and a button that keeps it where the page held back because the connection
// spares data (offline/sw-register.js).

import { t } from '../shared/i18n.js';
import { offlineState, keepOffline } from '../offline/sw-register.js';

/**
 * Wires the part; gives what shows it as it is now (called each time the dialog opens).
 * @param {HTMLFieldSetElement} box index.html #settings-offline
 * @returns {() => Promise<void>}
 */
export function wireOffline(box) {
  const text = /** @type {HTMLElement} */ (box.querySelector('p'));
  const keep = /** @type {HTMLButtonElement} */ (box.querySelector('button'));
  const show = async () => {
    const [state, mb] = await Promise.all([offlineState(), copyMegabytes()]);
    box.hidden = false;
    keep.hidden = !state.sparing;
    if (!state.supported) text.textContent = t('settingsOfflineNone');
    else if (state.kept) text.textContent = t('settingsOfflineKept', { mb });
    else if (state.making) text.textContent = t('settingsOfflineMaking', { mb });
    else text.textContent = t(state.sparing ? 'settingsOfflineSparing' : 'settingsOfflineLater', { mb });
  };
  keep.addEventListener('click', async () => {
    keep.disabled = true;
    const reg = await keepOffline();
    keep.disabled = false;
    // Shown as it is saved, then as kept once the service worker is active.
    const worker = reg?.installing ?? reg?.waiting;
    worker?.addEventListener('statechange', () => void show());
    await show();
  });
  return show;
}

/** The offline copy's size in MB, one decimal: the site's files and the engine's data, as the build counted them (offline/precache.js, read as data: it is the service worker's script). */
async function copyMegabytes() {
  try {
    const text = await (await fetch(new URL('../offline/precache.js', import.meta.url))).text();
    /** @type {{ bytes?: { site: number, data: number } }} */
    const list = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
    const b = list.bytes;
    if (b && Number.isFinite(b.site) && Number.isFinite(b.data)) return ((b.site + b.data) / 1e6).toFixed(1);
  } catch {
    // Unreadable: the size is not said.
  }
  return '?';
}
