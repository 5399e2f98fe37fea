// @ts-check
// A helper thread of the threaded engine (engine/helpers.js starts it from an engine worker):
// it instantiates the threaded build on the engine worker's shared memory, says so, and from
// then on runs the helper searches that worker's engine hands out (runHelper never returns).

import init, { runHelper } from '../pkg/dama_threads.js';

self.onmessage = async (/** @type {MessageEvent<{ module: WebAssembly.Module, memory: WebAssembly.Memory }>} */ e) => {
  self.onmessage = null;
  const { module, memory } = e.data;
  await init({ module_or_path: module, memory });
  self.postMessage({ type: 'helper' });
  runHelper();
};
