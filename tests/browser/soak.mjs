// Soak: the real game page lets the computer play itself (watch mode, level 1, no pause between
// moves) for SOAK_BROWSER_GAMES complete games (default 50: `make soak-browser`; not part of
// `make test`, as no soak is), each started with newGame. Every game must end with a `gameover`
// event that gives a reason, nothing may log an error or break the Content-Security-Policy, and
// neither the page's JS heap nor the wasm core's memory may keep growing from game to game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage } from './helpers.mjs';

// Not SOAK_GAMES: that is the core's soak (`make soak`, thousands of games).
const GAMES = Math.max(1, Number.parseInt(process.env.SOAK_BROWSER_GAMES ?? '50', 10) || 50);
const LEVEL = 1;
// A leak of even a few hundred bytes a move would pass this over 3 games but not over 50
// (about 5000 moves); measured growth is normally well under 1 MB either way.
const HEAP_BOUND = 5 * 1024 * 1024;
// wasm linear memory only grows; one Game left unfreed per game would soon show in 64 kB pages.
const WASM_BOUND = 2 * 1024 * 1024;
const GAME_TIMEOUT_MS = 120000;
const REASONS = ['no-moves', 'repetition', 'king-moves', 'resignation', 'agreement'];

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const mb = (n) => `${(n / 1024 / 1024).toFixed(2)} MB`;

// Plays one game to its end through the element's API and events, as an embedding page would.
function playGame(page) {
  return page.evaluate(
    ({ level, timeout }) =>
      new Promise((resolve, reject) => {
        const b = window.__dama.board;
        let moves = 0;
        let bad = null;
        const onMove = (e) => {
          moves++;
          if (e.detail.by !== 'computer' || e.detail.ply !== moves) bad ??= `move ${moves}: ${JSON.stringify(e.detail)}`;
        };
        const timer = setTimeout(() => {
          b.removeEventListener('move', onMove);
          reject(new Error(`no gameover after ${moves} moves in ${timeout} ms (thinking: ${b.thinking})`));
        }, timeout);
        b.addEventListener('move', onMove);
        b.addEventListener(
          'gameover',
          (e) => {
            clearTimeout(timer);
            b.removeEventListener('move', onMove);
            resolve({ ...e.detail, moves, plies: b.history().length, result: b.result(), bad });
          },
          { once: true },
        );
        b.newGame({ mode: 'watch', level });
      }),
    { level: LEVEL, timeout: GAME_TIMEOUT_MS },
  );
}

async function memory(page, cdp) {
  // Twice: a collection can free what finalizers released in the first.
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const wasm = await page.evaluate(async () => (await (await import(new URL('www/pkg/dama_rules.js', location.href).href)).default()).memory.buffer.byteLength);
  return { heap: usedSize, wasm };
}

test(`soak: ${GAMES} computer-vs-computer games on the game page`, { timeout: GAMES * GAME_TIMEOUT_MS + 60000 }, async () => {
  const page = await openPage(env, '?mode=two-players');
  await page.evaluate(() => window.__dama.board.setAttribute('delay', '0'));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');

  const started = Date.now();
  let plies = 0;
  let first = null;
  const endings = {};
  for (let i = 1; i <= GAMES; i++) {
    const g = await playGame(page);
    assert.equal(g.bad, null, `game ${i}: every move is the computer's, in order`);
    assert.ok(REASONS.includes(g.reason), `game ${i} ended with a reason: ${JSON.stringify(g)}`);
    assert.ok(g.result && g.result.reason === g.reason, `game ${i}: the board agrees it is over`);
    assert.equal(g.moves, g.plies, `game ${i}: one move event per ply`);
    assert.ok(g.plies > 0, `game ${i} had moves`);
    plies += g.plies;
    const key = `${g.winner ?? 'draw'} by ${g.reason}`;
    endings[key] = (endings[key] ?? 0) + 1;
    if (i === 1) first = await memory(page, cdp);
    assert.deepEqual(page.errors, [], `no console error, page error or CSP violation by game ${i}`);
  }
  const last = await memory(page, cdp);
  const seconds = (Date.now() - started) / 1000;
  const heapGrowth = last.heap - first.heap;
  const wasmGrowth = last.wasm - first.wasm;
  console.log(
    `soak: ${GAMES} games, ${plies} plies, ${seconds.toFixed(1)} s (${((seconds * 1000) / plies).toFixed(1)} ms/ply); ` +
      `endings ${JSON.stringify(endings)}\n` +
      `soak: JS heap after game 1 ${mb(first.heap)}, after game ${GAMES} ${mb(last.heap)} (growth ${mb(heapGrowth)}, bound ${mb(HEAP_BOUND)}); ` +
      `wasm memory ${mb(first.wasm)} -> ${mb(last.wasm)} (bound ${mb(WASM_BOUND)})`,
  );
  assert.ok(heapGrowth < HEAP_BOUND, `JS heap grew ${mb(heapGrowth)} over ${GAMES - 1} games`);
  assert.ok(wasmGrowth < WASM_BOUND, `wasm memory grew ${mb(wasmGrowth)} over ${GAMES - 1} games`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
