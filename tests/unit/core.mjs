// The real wasm core for Node tests of the page's modules: the builds the site loads (www/pkg,
// made by `make build`), given their bytes instead of fetching them. loadCore is the pages'
// build (the rules), the one the modules under test run on in the browser; loadEngineCore is
// the engine workers' (the rules and the engine), for comparing the two.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const PKG = new URL('../../www/pkg/', import.meta.url);

/** @type {Map<string, Promise<any>>} */
const loaded = new Map();

/** @param {string} name the glue's name in www/pkg: dama_rules or dama_wasm */
function load(name) {
  if (!loaded.has(name)) {
    loaded.set(
      name,
      (async () => {
        const mod = await import(new URL(`${name}.js`, PKG).href);
        await mod.default({ module_or_path: await readFile(fileURLToPath(new URL(`${name}_bg.wasm`, PKG))) });
        return mod;
      })(),
    );
  }
  return /** @type {Promise<any>} */ (loaded.get(name));
}

/** The pages' build: the rules alone. */
export const loadCore = () => load('dama_rules');

/** The engine workers' build. */
export const loadEngineCore = () => load('dama_wasm');
