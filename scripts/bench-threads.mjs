#!/usr/bin/env node
// @ts-check
// The browser engine's speed on 1 and on N threads, in Chromium on a cross-origin isolated
// page (as `make serve` and the service worker serve the site): for each number of threads,
// a fresh worker loads the engine as the site does (scripts/bench-threads/worker.js) and
// analyses the start position for a fixed time; the runs alternate, and each number's median
// nodes/s and depth are printed, with the ratio to one thread. Run `make build` first.
//   node scripts/bench-threads.mjs [--threads N] [--ms MS] [--runs R]
// Defaults: N = the machine's cores (at most 8), MS = 3000, R = 5.

import { chromium } from 'playwright-core';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { startServer } from '../tests/browser/server.mjs';

const { values } = parseArgs({ options: { threads: { type: 'string' }, ms: { type: 'string' }, runs: { type: 'string' } } });
const bounded = (/** @type {string | undefined} */ v, /** @type {number} */ d, /** @type {number} */ lo, /** @type {number} */ hi) => {
  const n = v === undefined ? d : Number(v);
  if (!Number.isInteger(n) || n < lo || n > hi) throw new Error(`expected a whole number ${lo}-${hi}, got ${v}`);
  return n;
};
const threads = bounded(values.threads, Math.min(8, availableParallelism()), 2, 64);
const ms = bounded(values.ms, 3000, 100, 600000);
const runs = bounded(values.runs, 5, 1, 100);
const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

const server = await startServer(undefined, { isolated: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  await page.goto(server.url + 'www/rules.html');
  if (!(await page.evaluate(() => crossOriginIsolated))) throw new Error('the page is not cross-origin isolated');
  /** @type {Map<number, { nps: number, depth: number }[]>} */
  const results = new Map([[1, []], [threads, []]]);
  for (let r = 0; r < runs; r++) {
    for (const n of [1, threads]) {
      const out = await page.evaluate(
        ({ n, ms, fen }) =>
          new Promise((resolve, reject) => {
            const w = new Worker('/scripts/bench-threads/worker.js', { type: 'module' });
            w.onmessage = (e) => {
              w.terminate();
              resolve(e.data);
            };
            w.onerror = (e) => reject(new Error(e.message));
            w.postMessage({ threads: n, ms, fen });
          }),
        { n, ms, fen: START },
      );
      const { threads: used, nodes, timeMs, depth } = /** @type {{ threads: number, nodes: number, timeMs: number, depth: number }} */ (out);
      if (used !== n) throw new Error(`asked for ${n} threads, the engine had ${used}`);
      /** @type {{ nps: number, depth: number }[]} */ (results.get(n)).push({ nps: nodes / (timeMs / 1000), depth });
      console.log(`run ${r + 1}: ${n} thread(s): ${nodes} nodes in ${timeMs.toFixed(0)} ms, depth ${depth}`);
    }
  }
  const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const one = median((results.get(1) ?? []).map((x) => x.nps));
  for (const [n, xs] of results) {
    const nps = median(xs.map((x) => x.nps));
    console.log(
      `${n} thread(s): median ${(nps / 1e6).toFixed(2)} M nodes/s, depth ${median(xs.map((x) => x.depth))}, ` +
        `${(nps / one).toFixed(2)}x one thread`,
    );
  }
} finally {
  await browser.close();
  await server.close();
}
