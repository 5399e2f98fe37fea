// @ts-check
// Times the wasm build in Node on the same work as the native benchmarks:
// perft 10 from the start and the core's search benchmark. Run `make build` first.
//   node scripts/bench-wasm.mjs [--search | --load-only] [--runs N] [--tt MB] [--pkg DIR]
// --search: the search benchmark alone (to time against `dama bench search`, back to back);
// --runs N: the search benchmark N times in one process (1-20, default 1), each timed: the
//   first run includes compiling the module's functions (V8 compiles each on its first call
//   and optimises it while it runs), the later ones are the engine warm, as in a page after
//   its first move;
// --tt MB: the search benchmark's table in megabytes (1-512, default 32, as `dama bench search
//   --tt MB`): a table the caches hold (1) times the search without most of its memory misses;
// --load-only: load the module and stop (what scripts/bench-instructions.sh subtracts);
// --pkg DIR: another build of the engine's glue and wasm (default www/pkg), for comparisons.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: {
  search: { type: 'boolean' }, 'load-only': { type: 'boolean' }, runs: { type: 'string' }, tt: { type: 'string' }, pkg: { type: 'string' },
} });
const runs = Number(values.runs ?? 1);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) {
  console.error('bench-wasm: --runs takes a whole number from 1 to 20');
  process.exit(2);
}
const tt = Number(values.tt ?? 32);
if (!Number.isInteger(tt) || tt < 1 || tt > 512) {
  console.error('bench-wasm: --tt takes a whole number of megabytes from 1 to 512');
  process.exit(2);
}
const pkg = values.pkg ? resolve(values.pkg) : join(root, 'www', 'pkg');
/** @type {import('../www/shared/wasm-types.js').DamaWasm} */
const mod = await import(join(pkg, 'dama_wasm.js'));
mod.initSync({ module: readFileSync(join(pkg, 'dama_wasm_bg.wasm')) });
if (values['load-only']) process.exit(0);

if (!values.search) {
  const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
  let best = Infinity;
  let leaves = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    leaves = mod.perft(START, 10);
    best = Math.min(best, performance.now() - t);
  }
  console.log(`wasm perft 10: ${leaves} leaves, best of 3 ${(best / 1000).toFixed(3)} s, ` +
    `${(leaves / best / 1000).toFixed(1)} M leaves/s`);
}

for (let i = 0; i < runs; i++) {
  const b = mod.benchSearch(tt);
  console.log(`wasm bench search: ${b.nodes} nodes, ${(b.timeMs / 1000).toFixed(3)} s, ` +
    `${(b.nodes / b.timeMs / 1000).toFixed(2)} M nodes/s, checksum ${b.checksum}`);
}
