// Loads the wasm core (built by wasm-pack into ./pkg) once per realm: the page and the engine
// worker each call this. A dynamic import lets the page show a clear message instead of a
// blank screen when the build is missing.

let loading = null;

export function loadWasm() {
  if (!loading) {
    loading = import('./pkg/dama_wasm.js').then(async (mod) => {
      await mod.default(); // fetches dama_wasm_bg.wasm relative to the module: works from any path
      return mod;
    });
  }
  return loading;
}
