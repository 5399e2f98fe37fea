// @ts-check
// Registers the service worker (sw.js at the site root, next to index.html, so it controls
// every page of the site) and reports a waiting new version, which takes over only when the
// page asks: old pages never get new files half-way through.

/**
 * @typedef {object} ServiceWorkerHooks
 * @property {(activate: () => void) => void} [onUpdate] a new version waits; `activate` switches
 *   to it (the page reloads)
 * @property {() => void} [onOffline] the site is now cached for offline use (first install)
 */

/**
 * @param {ServiceWorkerHooks} [hooks]
 * @returns {Promise<ServiceWorkerRegistration | null> | null} null where there is no service worker
 */
export function registerServiceWorker({ onUpdate, onOffline } = {}) {
  if (!('serviceWorker' in navigator) || !isSecureContext) return null;
  const url = new URL('../sw.js', import.meta.url);
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // Only a page that asked for the update reloads; the first install claims pages silently.
    if (reloading) location.reload();
  });
  const update = (/** @type {ServiceWorker} */ worker) => {
    onUpdate?.(() => {
      reloading = true;
      worker.postMessage({ type: 'skipWaiting' });
    });
  };
  return navigator.serviceWorker
    .register(url, { scope: new URL('./', url).href })
    .then((reg) => {
      const hadController = !!navigator.serviceWorker.controller;
      if (reg.waiting && hadController) update(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => {
          if (w.state !== 'installed') return;
          if (navigator.serviceWorker.controller) update(w);
          else onOffline?.();
        });
      });
      // The engine's data (book, endgame tables) is cached apart, after the site itself: ask
      // the active worker to fetch what it lacks. Pages register once they are playable.
      navigator.serviceWorker.ready.then((r) => r.active?.postMessage({ type: 'fetchData' }));
      return reg;
    })
    .catch((err) => {
      // No offline support (e.g. sw.js or its file list missing): the game still works.
      console.warn('service worker not registered:', err?.message ?? err);
      return null;
    });
}
