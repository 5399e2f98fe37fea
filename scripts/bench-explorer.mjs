// @ts-check
// The games explorer on a library of 10,000 games, in Node on the pages' wasm build (run `make
// build` first): the index built as the page's worker builds it (every game read by the core,
// its positions sorted by key), then the time to answer a position, for the start (every game
// passes there) and for 2,000 positions taken from the games.
//   node scripts/bench-explorer.mjs [--games N] [--variant italian|brazilian]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomGames } from './random-games.mjs';
import { indexSources, positionStats } from '../www/analysis/explorer/index.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { games: { type: 'string', default: '10000' }, variant: { type: 'string', default: 'italian' } } });
const n = Number(values.games);
const variant = /** @type {'italian' | 'brazilian'} */ (values.variant === 'brazilian' ? 'brazilian' : 'italian');
if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error('--games is a whole number 1-100000');
const pkg = join(root, 'www', 'pkg');
/** @type {import('../www/shared/wasm-types.js').DamaRules} */
const core = await import(join(pkg, 'dama_rules.js'));
core.initSync({ module: readFileSync(join(pkg, 'dama_rules_bg.wasm')) });

const texts = randomGames(core, variant, n, { seed: 1 });
const sources = texts.map((text, i) => ({ source: /** @type {const} */ ('library'), id: String(i), text }));
const bytes = texts.reduce((a, t) => a + t.length, 0);
let t = performance.now();
const built = indexSources(core, variant, sources);
const buildMs = performance.now() - t;
const { index } = built;
console.log(`${variant}: ${index.games.length} games (${(bytes / 1e6).toFixed(1)} MB of PDN), ${index.keys.length} positions indexed in ${(buildMs / 1000).toFixed(2)} s`);

const start = new core.GameRecord('analysis', variant);
const startKey = start.positionKey();
start.free();
const time = (/** @type {number} */ key) => {
  const t0 = performance.now();
  const s = positionStats(index, key);
  return { ms: performance.now() - t0, games: s.games };
};
time(startKey); // warm
const first = time(startKey);
console.log(`the start position: ${first.games} games, answered in ${first.ms.toFixed(2)} ms`);
/** @type {number[]} */
const times = [];
let x = 7;
for (let i = 0; i < 2000; i++) {
  x = (x * 1103515245 + 12345) % 2 ** 31;
  times.push(time(index.keys[x % index.keys.length]).ms);
}
times.sort((a, b) => a - b);
const q = (/** @type {number} */ p) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(3);
console.log(`2000 positions from the games: median ${q(0.5)} ms, 99th percentile ${q(0.99)} ms, slowest ${times[times.length - 1].toFixed(2)} ms`);
