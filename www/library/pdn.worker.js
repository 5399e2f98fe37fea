// @ts-check
// Module worker that reads a PDN text off the page's thread: a large paste or file must not
// freeze the page, and the memory the core needs to read it goes away with this worker (a
// wasm memory never shrinks, so the page starts one worker per text and ends it after).
// It answers with each game's summary and its own text; the page then opens the one chosen
// from that game's text alone. The page sends its compiled rules along (`module`), so the
// worker downloads nothing; without them it fetches its own.

import { loadWasm } from '../shared/wasm.js';

/** @import { PdnSummary, Variant } from '../shared/wasm-types.js' */

/** @param {MessageEvent<{text: string, variant: Variant, module?: WebAssembly.Module}>} e */
self.onmessage = async (e) => {
  const { text, variant, module } = e.data;
  try {
    const { PdnFile } = await loadWasm(module instanceof WebAssembly.Module ? module : null);
    const file = PdnFile.parse(text, variant);
    try {
      /** @type {{summary: PdnSummary, text: string}[]} */
      const games = [];
      for (let i = 0; i < file.count(); i++) games.push({ summary: file.summary(i), text: file.gameText(i) });
      self.postMessage({ ok: true, games });
    } finally {
      file.free();
    }
  } catch (err) {
    self.postMessage({ ok: false, error: /** @type {Error} */ (err).message ?? String(err) });
  }
};
