// @ts-check
// Registers the service worker (sw.js at the site root, next to index.html, so it controls
// every page of the site) and reports a new version, which takes over only when a page asks.
//
// One version per page: the worker serves each page (and the workers it starts) the files of
// the version it was loaded with, for its whole life. When one tab accepts a new version, that
// tab reloads into it; the other open tabs are told (their controller changes, and the worker
// says their version is not the current one) and offer to reload, keeping their own version
// until they do.

/**
 * @typedef {object} ServiceWorkerHooks
 * @property {(activate: () => void) => void} [onUpdate] a new version waits, or another tab has
 *   switched to it; `activate` switches this page to it (the page reloads). Called again (with
 *   a new `activate`) when the situation changes.
 * @property {() => void} [onOffline] the site is now cached for offline use (first install)
 */

/**
 * @param {ServiceWorkerHooks} [hooks]
 * @returns {Promise<ServiceWorkerRegistration | null> | null} null where there is no service worker
 */
export function registerServiceWorker({ onUpdate, onOffline } = {}) {
  if (!('serviceWorker' in navigator) || !isSecureContext) return null;
  const container = navigator.serviceWorker;
  const url = new URL('../../sw.js', import.meta.url);
  let asked = false; // this page accepted a new version: it reloads when that one takes over
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    location.reload();
  };
  // Which version this page is and which new pages get, from the active worker: a page left
  // behind (another tab switched) offers to reload.
  const askVersion = () => container.ready.then((r) => r.active?.postMessage({ type: 'version' }));
  container.addEventListener('message', (e) => {
    const d = e.data;
    if (d?.type === 'version' && d.page && d.current && d.page !== d.current) onUpdate?.(reload);
  });
  container.addEventListener('controllerchange', () => {
    // The page that asked reloads; the first install claims pages silently (same version);
    // another tab's update leaves this page on its version, and the worker says so.
    if (asked) reload();
    else askVersion();
  });
  const update = (/** @type {ServiceWorker} */ worker) => {
    onUpdate?.(() => {
      // Already taken over (another tab accepted it): nothing to wait for.
      if (worker.state === 'activating' || worker.state === 'activated' || worker.state === 'redundant') {
        reload();
        return;
      }
      asked = true;
      worker.postMessage({ type: 'skipWaiting' });
    });
  };
  return container
    .register(url, { scope: new URL('./', url).href })
    .then((reg) => {
      const hadController = !!container.controller;
      if (reg.waiting && hadController) update(reg.waiting);
      reg.addEventListener('updatefound', () => {
        const w = reg.installing;
        w?.addEventListener('statechange', () => {
          if (w.state !== 'installed') return;
          if (container.controller) update(w);
          else onOffline?.();
        });
      });
      // The engine's data (book, endgame tables) is cached apart, after the site itself: ask
      // the active worker to fetch what it lacks. Pages register once they are playable.
      container.ready.then((r) => r.active?.postMessage({ type: 'fetchData' }));
      // A version may have taken over while this page was loading.
      if (hadController) askVersion();
      return reg;
    })
    .catch((err) => {
      // No offline support (e.g. sw.js or its file list missing): the game still works.
      console.warn('service worker not registered:', err?.message ?? err);
      return null;
    });
}
