// @ts-check
// Registers the service worker (sw.js at the site root, next to index.html, so it controls
// every page of the site) and reports a new version, which takes over only when a page asks.
//
// One version per page: the worker serves each page (and the workers it starts) the files of
// the version it was loaded with, for its whole life. When one tab accepts a new version, that
// tab reloads into it; the other open tabs are told (their controller changes, and the worker
// says their version is not the current one) and offer to reload, keeping their own version
// until they do.
//
// The offline copy (the site, the engine and its data: `keptBytes()`) is a download of its own,
// so it waits until the page is playable and the browser is idle, and it is not made at all
// where the browser asks to spare data (Save-Data, or a cellular connection) unless the player
// asks for it (the settings' "Keep for offline use": keepOffline()). A copy made before stays
// and is kept up to date.

/** The player asked for the offline copy on a connection that spares data: remembered. */
const KEEP_KEY = 'dama.keepOffline';
/** The service worker (at the site's root, next to index.html) and the pages it controls. */
const SW_URL = new URL('../../sw.js', import.meta.url);
const SCOPE = new URL('./', SW_URL).href;
/** Whether this page can have a service worker at all. */
const canRegister = () => 'serviceWorker' in navigator && isSecureContext;

/**
 * Whether the browser asks the page to spare data: Save-Data on (navigator.connection, Chromium
 * browsers), or a cellular connection where it says so. Elsewhere nothing tells: no.
 */
export function sparesData() {
  /** @type {{ saveData?: boolean, type?: string } | undefined} */
  const c = /** @type {any} */ (navigator).connection;
  return c?.saveData === true || c?.type === 'cellular';
}

/** Whether the player asked for the offline copy whatever the connection. */
function keepAsked() {
  try {
    return localStorage.getItem(KEEP_KEY) === '1';
  } catch {
    return false; // storage unavailable: not asked
  }
}

/** @type {ServiceWorkerHooks | undefined} the hooks of the page's call, for keepOffline */
let pageHooks;

/**
 * Makes the offline copy now, the connection whatever (the player asked): remembered, so the
 * next pages keep it up to date.
 * @returns {Promise<ServiceWorkerRegistration | null> | null} null where there is no service worker
 */
export function keepOffline() {
  try {
    localStorage.setItem(KEEP_KEY, '1');
  } catch {
    // Not remembered: this page's copy is still made.
  }
  return register(pageHooks);
}

/**
 * What the offline copy holds and whether it is made: `kept` once this browser has it (a
 * service worker controls the page or is active), `sparing` when the page holds back because
 * the connection spares data, `supported` false where no service worker can run.
 */
export async function offlineState() {
  const supported = canRegister();
  const reg = supported ? await navigator.serviceWorker.getRegistration(SCOPE) : undefined;
  return { supported, kept: !!reg?.active, making: !!reg?.installing && !reg.active, sparing: !reg && sparesData() && !keepAsked() };
}

/**
 * @typedef {object} ServiceWorkerHooks
 * @property {(activate: () => void) => void} [onUpdate] a new version waits, or another tab has
 *   switched to it; `activate` switches this page to it (the page reloads). Called again (with
 *   a new `activate`) when the situation changes.
 * @property {() => void} [onOffline] the site is now cached for offline use (first install)
 */

/**
 * Registers the service worker once the browser is idle (a page calls it once playable), unless
 * the connection spares data and this browser has no offline copy yet and the player did not
 * ask for one.
 * @param {ServiceWorkerHooks} [hooks]
 * @returns {Promise<ServiceWorkerRegistration | null> | null} null where there is no service
 *   worker, or none is registered (the connection spares data)
 */
export function registerServiceWorker(hooks = {}) {
  pageHooks = hooks;
  if (!canRegister()) return null;
  const container = navigator.serviceWorker;
  return whenIdle()
    .then(() => (container.controller || keepAsked() || !sparesData() ? true : container.getRegistration(SCOPE).then((r) => !!r)))
    .then((go) => (go ? register(hooks) : null));
}

/** Resolves when the browser has nothing better to do (at most a few seconds from now). */
function whenIdle() {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(undefined), { timeout: 5000 });
    else setTimeout(resolve, 1000);
  });
}

/** @type {Promise<ServiceWorkerRegistration | null> | null} */
let registering = null;

/**
 * @param {ServiceWorkerHooks} [hooks]
 * @returns {Promise<ServiceWorkerRegistration | null> | null}
 */
function register({ onUpdate, onOffline } = {}) {
  if (!canRegister()) return null;
  if (registering) return registering;
  const container = navigator.serviceWorker;
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
  registering = container
    .register(SW_URL, { scope: SCOPE })
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
      registering = null;
      return null;
    });
  return registering;
}
