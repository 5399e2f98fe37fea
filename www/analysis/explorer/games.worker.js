// @ts-check
// Module worker that builds the games explorer's index (index.js) off the page's thread: every
// game of the texts it is given (the player's saved games, one PDN each, and the PDN files
// loaded into the explorer) read by the core, the main line's position keys and moves taken,
// the whole sorted by key. Games of the other game, and games that do not replay, are left out
// and counted. Its memory goes with it: the page starts one per index and ends it after.

import { loadWasm } from '../../shared/wasm.js';
import { indexSources } from './index.js';

/** @import { Variant } from '../../shared/wasm-types.js' */
/** @import { Source } from './index.js' */

/** @param {MessageEvent<{variant: Variant, sources: Source[], module?: WebAssembly.Module}>} e */
self.onmessage = async (e) => {
  const { variant, sources, module } = e.data;
  try {
    const started = performance.now();
    const core = await loadWasm(module instanceof WebAssembly.Module ? module : null);
    const built = indexSources(core, variant, sources);
    const { index } = built;
    const ms = performance.now() - started;
    // The arrays moved, not copied: 16 bytes a position.
    const transfer = /** @type {Transferable[]} */ ([index.keys.buffer, index.game.buffer, index.ply.buffer, index.move.buffer]);
    self.postMessage({ ok: true, ...built, ms }, { transfer });
  } catch (err) {
    self.postMessage({ ok: false, error: /** @type {Error} */ (err).message ?? String(err) });
  }
};
