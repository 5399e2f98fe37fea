// @ts-check
// Loads the wasm core (built by wasm-pack into ./pkg) once per realm: the page and the engine
// worker each call this. A dynamic import lets the page show a clear message instead of a
// blank screen when the build is missing.

/** @import { DamaWasm } from '../types/dama-wasm.js' */

// The glue's types are types/dama-wasm.ts, kept in step with it by types/wasm-check.ts: the
// specifier is a variable so that the type check needs no build (and never reads the glue).
const GLUE = './pkg/dama_wasm.js';

/** @type {Promise<DamaWasm> | null} */
let loading = null;

/** @returns {Promise<DamaWasm>} */
export function loadWasm() {
  if (!loading) {
    loading = import(GLUE).then(async (/** @type {DamaWasm} */ mod) => {
      await mod.default(); // fetches dama_wasm_bg.wasm relative to the module: works from any path
      return mod;
    });
  }
  return loading;
}
