// @ts-check
// The embedding example's page script: translate its own text and log the boards' events,
// to show what a host page receives.
import { translatePage, startLanguage } from '../shared/i18n.js';

// The page's language's table, then its words (its HTML's English until then); the boards
// read the same table.
startLanguage({ part: 'embed' }).then(() => translatePage());
const log = /** @type {HTMLElement} */ (document.getElementById('log'));
const write = (/** @type {string} */ line) => {
  log.textContent = `${line}\n${log.textContent}`.slice(0, 4000);
};
for (const type of ['move', 'gameover']) {
  document.addEventListener(type, (e) => {
    const target = /** @type {Element} */ (e.target);
    if (target.localName === 'dama-board') write(`#${target.id} ${type} ${JSON.stringify(/** @type {CustomEvent<unknown>} */ (e).detail)}`);
  });
}
addEventListener('message', (e) => {
  if (e.data?.source === 'dama') write(`iframe ${e.data.type} ${JSON.stringify(e.data.detail)}`);
});
import('../offline/sw-register.js').then((m) => m.registerServiceWorker());
