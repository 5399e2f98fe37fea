// @ts-check
// The threaded engine in an engine worker: the threaded build instantiated on a shared memory,
// and its helper threads, one web worker each (helper.worker.js), which instantiate the same
// module on the same memory and then search beside the worker's own thread (Lazy SMP: see the
// core's search/threads.rs). A helper that fails to start, or takes longer than
// HELPER_START_MS, is left out; the engine searches on those that started.

import { loadThreadedEngine } from '../shared/wasm.js';

/** @import { DamaWasm } from '../shared/wasm-types.js' */

/** A helper has this long to instantiate the module (it compiles nothing: the module is given). */
const HELPER_START_MS = 10_000;

/**
 * The threaded engine with up to `helpers` helper threads; rejects when the threaded build
 * cannot be instantiated (no shared memory to be had), and then no helper is left running.
 * @param {ArrayBuffer | null} bytes the threaded build's bytes, or null to fetch them
 * @param {number} helpers
 * @returns {Promise<{ wasm: DamaWasm, threads: number }>} the glue, and the threads it has
 *   (the worker's own and the helpers started)
 */
export async function startThreads(bytes, helpers) {
  const { wasm, module, memory } = await loadThreadedEngine(bytes);
  const started = await Promise.all(Array.from({ length: helpers }, () => startHelper(module, memory)));
  return { wasm, threads: 1 + started.filter(Boolean).length };
}

/**
 * @param {WebAssembly.Module} module
 * @param {WebAssembly.Memory} memory
 * @returns {Promise<boolean>} whether the helper started
 */
function startHelper(module, memory) {
  return new Promise((resolve) => {
    /** @type {Worker} */
    let w;
    try {
      w = new Worker(new URL('./helper.worker.js', import.meta.url), { type: 'module' });
    } catch {
      resolve(false);
      return;
    }
    const fail = () => {
      clearTimeout(timer);
      w.terminate();
      resolve(false);
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
      if (e.data?.type !== 'helper') return;
      clearTimeout(timer);
      resolve(true);
    };
    w.postMessage({ module, memory });
  });
}
