// @ts-check
// How many threads the page's engines search on. More than one needs the threaded build
// (pkg/dama_threads*), which needs shared memory: a cross-origin isolated page (the service
// worker and `make serve` send the headers that make it so; a page embedding the element on
// another site is not) in a browser with SharedArrayBuffer. Then it is the device's cores, at
// most MAX_THREADS, or fewer if the player chose fewer (the caller passes the choice: the
// settings' `threads`), and one on a device that says it has under 2 GB of memory. Anywhere
// else: one thread, the single-threaded build, nothing more downloaded.

/** The most threads a page gives its engine, and a player may choose: beyond 16, each adds little to a search. */
export const MAX_THREADS = 16;

/** The threads this device could give the engine (1 where the threaded build cannot run). */
export function threadsAvailable() {
  if (globalThis.crossOriginIsolated !== true || typeof SharedArrayBuffer !== 'function') return 1;
  const nav = /** @type {Navigator & { deviceMemory?: number }} */ (globalThis.navigator);
  if (typeof nav?.deviceMemory === 'number' && nav.deviceMemory < 2) return 1;
  const cores = nav?.hardwareConcurrency;
  return Number.isInteger(cores) && cores > 1 ? Math.min(cores, MAX_THREADS) : 1;
}

/**
 * The threads a new engine worker is to search on: what the device has, within the player's
 * choice.
 * @param {number} chosen the player's choice, 0 for all the device has
 */
export function engineThreads(chosen) {
  const available = threadsAvailable();
  return chosen > 0 ? Math.min(chosen, available) : available;
}
