#!/usr/bin/env node
// @ts-check
// The games explorer in Chromium, as a player meets it: a PDN file of 10,000 games (seeded
// random games, as scripts/bench-explorer.mjs makes them) added to the analysis board's
// explorer; the time until its games are indexed (the file read and checked, kept, and indexed
// in the page's worker), the time a later visit takes to have them again (the index kept from
// the visit before), and the time the
// page takes to answer a position from the index (the start, where every game passes, and
// 2,000 positions from the games). Run `make build` first.
//   node scripts/bench-explorer-browser.mjs [--games N] [--variant italian|brazilian]

import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { randomGames } from './random-games.mjs';
import { startServer } from '../tests/browser/server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { games: { type: 'string', default: '10000' }, variant: { type: 'string', default: 'italian' } } });
const n = Number(values.games);
const variant = values.variant === 'brazilian' ? 'brazilian' : 'italian';
if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error('--games is a whole number 1-100000');
const pkg = join(root, 'www', 'pkg');
/** @type {import('../www/shared/wasm-types.js').DamaRules} */
const core = await import(join(pkg, 'dama_rules.js'));
core.initSync({ module: readFileSync(join(pkg, 'dama_rules_bg.wasm')) });
const text = randomGames(core, variant, n, { seed: 1 }).join('\n\n');

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // The engine off (the choice the board keeps), so that the page's thread and the second core
  // are the explorer's alone.
  await context.addInitScript(() => localStorage.setItem('dama.analysis.engine', 'off'));
  const page = await context.newPage();
  await page.goto(`${server.url}www/analysis.html#variant=${variant}`);
  await page.waitForFunction(() => window.__analysis?.explorer().games === 'ready', null, { timeout: 60000 });
  const indexed = () => page.waitForFunction((k) => window.__analysis?.explorer().indexed === k, n, { timeout: 600000, polling: 20 });

  const t = Date.now();
  await page.setInputFiles('#ex-file', { name: 'bench.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(text) });
  await indexed();
  const addMs = Date.now() - t;
  const workerMs = await page.evaluate(async (v) => {
    const { games } = await import('/www/analysis/explorer/games.js');
    const s = games.state(v);
    return s?.status === 'ready' ? s.ms : NaN;
  }, variant);
  console.log(`${variant}: a file of ${n} games (${(text.length / 1e6).toFixed(1)} MB) added: indexed ${(addMs / 1000).toFixed(2)} s after it was chosen (the worker's index ${(workerMs / 1000).toFixed(2)} s)`);

  // A later visit, with the index kept from the visit before and without it (the kept one
  // deleted first, so built again from the games), in turn: the page's own time from the
  // navigation to the games ready.
  const keptCount = () =>
    page.evaluate(
      () =>
        new Promise((resolve) => {
          const req = indexedDB.open('dama-explorer-index');
          req.onsuccess = () => {
            const db = req.result;
            if (!db.objectStoreNames.contains('index')) return resolve(0);
            const get = db.transaction('index').objectStore('index').count();
            get.onsuccess = () => resolve(get.result);
            get.onerror = () => resolve(0);
          };
          req.onerror = () => resolve(0);
        }),
    );
  /** @type {{kept: number[], built: number[]}} */
  const visits = { kept: [], built: [] };
  for (let r = 0; r < 3; r++) {
    for (const kind of /** @type {const} */ (['kept', 'built'])) {
      // The index is kept in the background once built: wait until it is there.
      for (let i = 0; i < 600 && !(await keptCount()); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      if (kind === 'built') await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('dama-explorer-index').onsuccess = resolve)));
      await page.reload({ waitUntil: 'commit' });
      const at = await (await page.waitForFunction((k) => window.__analysis?.explorer().indexed === k && performance.now(), n, { timeout: 600000, polling: 20 })).jsonValue();
      const wasKept = await page.evaluate(async (v) => {
        const s = (await import('/www/analysis/explorer/games.js')).games.state(v);
        return s?.status === 'ready' && s.kept;
      }, variant);
      if (wasKept !== (kind === 'kept')) throw new Error(`a visit meant to find the index ${kind} found it ${wasKept ? 'kept' : 'built'}`);
      visits[kind].push(/** @type {number} */ (at));
    }
  }
  const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1] / 1000;
  console.log(
    `the next visit, games ready after the page was asked for (median of 3 each, in turn): ${median(visits.kept).toFixed(2)} s with the index kept, ${median(visits.built).toFixed(2)} s building it again`,
  );

  const answers = await page.evaluate(async (v) => {
    const { games } = await import('/www/analysis/explorer/games.js');
    const s = games.state(v);
    if (s?.status !== 'ready') throw new Error('no index');
    const { loadWasm } = await import('/www/shared/wasm.js');
    const wasm = await loadWasm();
    const start = new wasm.GameRecord('analysis', v);
    const startKey = start.positionKey();
    start.free();
    const time = (/** @type {number} */ key) => {
      const t0 = performance.now();
      const r = games.at(v, key);
      return { ms: performance.now() - t0, games: r?.games ?? 0 };
    };
    time(startKey);
    const first = time(startKey);
    const times = [];
    let x = 7;
    for (let i = 0; i < 2000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      times.push(time(s.index.keys[x % s.index.keys.length]).ms);
    }
    times.sort((a, b) => a - b);
    return { positions: s.index.keys.length, start: first, median: times[1000], p99: times[1980], max: times[1999] };
  }, variant);
  console.log(`${answers.positions} positions; the start position (${answers.start.games} games) answered in ${answers.start.ms.toFixed(2)} ms`);
  console.log(
    `2000 positions from the games: median ${answers.median.toFixed(3)} ms, 99th percentile ${answers.p99.toFixed(3)} ms, slowest ${answers.max.toFixed(2)} ms`,
  );
} finally {
  await browser.close();
  server.close();
}
