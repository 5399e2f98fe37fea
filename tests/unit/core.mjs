// The real wasm core for Node tests of the page's modules: the same build the page loads
// (www/pkg, made by `make build`), given its bytes instead of fetching them.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../www/pkg/', import.meta.url);

let loaded = null;

export function loadCore() {
  loaded ??= (async () => {
    const mod = await import(new URL('dama_wasm.js', PKG).href);
    await mod.default({ module_or_path: await readFile(fileURLToPath(new URL('dama_wasm_bg.wasm', PKG))) });
    return mod;
  })();
  return loaded;
}
