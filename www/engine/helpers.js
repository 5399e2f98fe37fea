// @ts-check
// The threaded engine in an engine worker: the threaded build instantiated on a shared memory,
// and its helper threads, one web worker each (helper.worker.js), which instantiate the same
// module on the same memory and then search beside the worker's own thread (Lazy SMP: see the
// core's search/threads.rs). A helper that fails to start, or takes longer than
// HELPER_START_MS, is left out; the engine searches on those that started. A helper that dies
// later (its module trapped) is ended and reported (`onLost`), so that the engine stops handing
// it work; a search it died in does not wait for it past the core's grace (HELPER_GRACE).

import { loadThreadedEngine } from '../shared/wasm.js';

/** @import { DamaWasm } from '../shared/wasm-types.js' */

/** A helper has this long to instantiate the module (it compiles nothing: the module is given). */
const HELPER_START_MS = 10_000;

/**
 * The threaded engine with up to `helpers` helper threads; rejects when the threaded build
 * cannot be instantiated (no shared memory to be had), and then no helper is left running.
 * @param {ArrayBuffer | null} bytes the threaded build's bytes, or null to fetch them
 * @param {number} helpers
 * @param {() => void} onLost called each time a helper that had started dies
 * @returns {Promise<{ wasm: DamaWasm, threads: number }>} the glue, and the threads it has
 *   (the worker's own and the helpers started)
 */
export async function startThreads(bytes, helpers, onLost) {
  const { wasm, module, memory } = await loadThreadedEngine(bytes);
  const started = await Promise.all(Array.from({ length: helpers }, () => startHelper(module, memory, onLost)));
  return { wasm, threads: 1 + started.filter(Boolean).length };
}

/**
 * @param {WebAssembly.Module} module
 * @param {WebAssembly.Memory} memory
 * @param {() => void} onLost
 * @returns {Promise<boolean>} whether the helper started
 */
function startHelper(module, memory, onLost) {
  return new Promise((resolve) => {
    /** @type {Worker} */
    let w;
    try {
      w = new Worker(new URL('./helper.worker.js', import.meta.url), { type: 'module' });
    } catch {
      resolve(false);
      return;
    }
    /** @type {'starting' | 'running' | 'gone'} */
    let state = 'starting';
    const fail = () => {
      clearTimeout(timer);
      w.terminate();
      if (state === 'starting') resolve(false);
      else if (state === 'running') onLost();
      state = 'gone';
    };
    const timer = setTimeout(fail, HELPER_START_MS);
    // Cancelled: a helper's error is this failure, not the engine worker's (uncancelled, it
    // reaches the engine worker's page as that worker's error, and the worker is replaced).
    w.onerror = (e) => {
      e.preventDefault();
      fail();
    };
    w.onmessageerror = fail;
    w.onmessage = (e) => {
      if (e.data?.type !== 'helper' || state !== 'starting') return;
      clearTimeout(timer);
      state = 'running';
      resolve(true);
    };
    w.postMessage({ module, memory });
  });
}
