// @ts-check
// How many threads the page's engines search on. More than one needs the threaded build
// (pkg/dama_threads*), which needs shared memory: a cross-origin isolated page (the service
// worker and `make serve` send the headers that make it so; a page embedding the element on
// another site is not) in a browser with SharedArrayBuffer. Then it is the device's cores, at
// most the settings' MAX_THREADS_SETTING (16), or fewer if the player chose fewer (the
// settings' `threads`), and one on a device that says it has under 2 GB of memory. Anywhere
// else: one thread, the single-threaded build, nothing more downloaded.

import { boardSettings, MAX_THREADS_SETTING } from '../settings/settings.js';

/** The threads this device could give the engine (1 where the threaded build cannot run). */
export function threadsAvailable() {
  if (globalThis.crossOriginIsolated !== true || typeof SharedArrayBuffer !== 'function') return 1;
  const nav = /** @type {Navigator & { deviceMemory?: number }} */ (globalThis.navigator);
  if (typeof nav?.deviceMemory === 'number' && nav.deviceMemory < 2) return 1;
  const cores = nav?.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 1 ? Math.min(cores, MAX_THREADS_SETTING) : 1;
}

/** The threads a new engine worker is to search on: what the device has, within the player's choice. */
export function engineThreads() {
  const chosen = boardSettings().threads;
  const available = threadsAvailable();
  return chosen > 0 ? Math.min(chosen, available) : available;
}
