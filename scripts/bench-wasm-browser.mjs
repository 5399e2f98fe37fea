// @ts-check
// Times the core's search benchmark as wasm in Chromium (Debian's, headless), the browser the
// browser tests drive: the same work as `dama bench search` and `node scripts/bench-wasm.mjs
// --search`, in the engine a player's browser runs rather than Node's older one. Run `make
// build` first.
//   node scripts/bench-wasm-browser.mjs [--runs N] [--searches N] [--pkg DIR] [--chromium PATH]
//     [--js-flags FLAGS]
// Each run loads the module in a fresh page and searches --searches times (1-10, default 1),
// a line each: the first search includes V8 compiling and optimising the engine while it
// runs, the later ones are the engine warm, as in a page after its first move. Then the
// fastest first search, and the fastest warm one. --pkg DIR: another build of the engine's glue and wasm (default www/pkg);
// --js-flags: V8's flags, e.g. --no-liftoff. Do not pin it to one core (taskset): the
// browser's other processes and V8's compiling threads then share that core with the search
// (measured here: 2.9-3.2 s pinned, 1.85-1.92 s not, against Node's 1.83 s).
// On a quiet machine, to compare with `dama bench search` back to back.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    searches: { type: 'string', default: '1' },
    pkg: { type: 'string' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    'js-flags': { type: 'string' },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1 || runs > 100) {
  console.error('bench-wasm-browser: --runs takes 1 to 100');
  process.exit(2);
}
const searches = Number(values.searches);
if (!Number.isInteger(searches) || searches < 1 || searches > 10) {
  console.error('bench-wasm-browser: --searches takes 1 to 10');
  process.exit(2);
}
const pkg = values.pkg ? resolve(values.pkg) : join(root, 'www', 'pkg');
const files = {
  'dama_wasm.js': { body: readFileSync(join(pkg, 'dama_wasm.js')), type: 'text/javascript' },
  'dama_wasm_bg.wasm': { body: readFileSync(join(pkg, 'dama_wasm_bg.wasm')), type: 'application/wasm' },
};
const origin = 'http://bench.invalid';

const browser = await chromium.launch({ executablePath: values.chromium, args: ['--headless', '--no-sandbox', '--disable-gpu', ...(values['js-flags'] ? [`--js-flags=${values['js-flags']}`] : [])] });
try {
  console.log(`chromium ${browser.version()}`);
  let [best, bestWarm] = [Infinity, Infinity];
  for (let i = 0; i < runs; i++) {
    const page = await browser.newPage();
    // The module and its wasm from memory: no server, nothing else reached.
    await page.route(`${origin}/**`, (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      const f = /** @type {Record<string, {body: Buffer, type: string}>} */ (files)[name];
      if (f) return route.fulfill({ body: f.body, contentType: f.type });
      return route.fulfill({ body: '<!doctype html><title>bench</title>', contentType: 'text/html' });
    });
    await page.goto(`${origin}/`);
    const results = await page.evaluate(async (n) => {
      // The page's own address: a module the type checker cannot see from here.
      const url = '/dama_wasm.js';
      /** @type {import('../www/shared/wasm-types.js').DamaWasm & {default: () => Promise<unknown>}} */
      const mod = await import(url);
      await mod.default();
      const out = [];
      for (let k = 0; k < n; k++) {
        const r = mod.benchSearch(32);
        out.push({ nodes: Number(r.nodes), timeMs: r.timeMs, checksum: String(r.checksum) });
      }
      return out;
    }, searches);
    for (const [k, b] of results.entries()) {
      if (k === 0) best = Math.min(best, b.timeMs);
      else bestWarm = Math.min(bestWarm, b.timeMs);
      console.log(`browser wasm bench search${k === 0 ? '' : ' (warm)'}: ${b.nodes} nodes, ` +
        `${(b.timeMs / 1000).toFixed(3)} s, ${(b.nodes / b.timeMs / 1000).toFixed(2)} M nodes/s, checksum ${b.checksum}`);
    }
    await page.close();
  }
  console.log(`fastest of ${runs}: ${(best / 1000).toFixed(3)} s` +
    (searches > 1 ? `, warm ${(bestWarm / 1000).toFixed(3)} s` : ''));
} finally {
  await browser.close();
}
