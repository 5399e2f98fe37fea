// Two of the engine's promises on the real pages (issue 57, item 4):
// - the computer keeps its clock (docs/PLAYING.md: "The computer plays within its own clock"):
//   with a time control its clock runs while it thinks, the time it took is taken from it, and
//   it searches for its share of what is left when that is less than its level's time. The
//   page's time is the test's (page.clock, paused and moved on), so every reading is exact
//   whatever the machine's load;
// - one engine thread on a device under 2 GB (docs/ENGINE.md, www/engine/threads.js), even on
//   a cross-origin isolated page: the device's memory and cores are the test's (an init script),
//   so the verdict does not depend on the machine either.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove } from './helpers.mjs';
import { ROOT } from './server.mjs';
import { engineFetches } from './engine-fetches.mjs';

// One server, cross-origin isolated (as `make serve` and the service worker make the pages).
let env;
before(async () => {
  env = await setup({}, ROOT, { isolated: true });
});
after(async () => {
  await env?.close();
});

/** Black's (the computer's) clock as shown, its time left, and which clock runs. */
const blackClock = (page) =>
  page.evaluate(() => {
    const c = window.__dama.board.session.clock;
    const el = document.querySelector('#player-top .clock');
    return { text: el.textContent, left: c.remaining('black', performance.now()), running: c.running };
  });

test('the computer keeps its own clock: it runs while the computer thinks, the time it took is taken from it, and it searches for its share', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.clock.install();
  await page.goto(env.server.url + '?mode=friend');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // 10.3 s and no increment: its share, a thirtieth of what is left (343 ms), is under level
  // 10's own time (3.1 s), and under ten seconds its clock reads in tenths (above, whole seconds rounded up).
  const initialMs = 10_300;
  await page.evaluate((ms) => window.__dama.board.newGame({ mode: 'computer', side: 'white', level: 10, clock: { initialMs: ms, incrementMs: 0 } }), initialMs);
  await page.waitForFunction(() => window.__dama.engine !== null, null, { timeout: 20000 });
  // What the computer asks of the engine, when the answer came back, and when its move landed
  // (the page's time).
  await page.evaluate(() => {
    const engine = window.__dama.engine;
    const search = engine.search.bind(engine);
    window.__asked = [];
    window.__answered = false;
    engine.search = (owner, req) => {
      window.__asked.push(req);
      return search(owner, req).then((res) => ((window.__answered = true), res));
    };
    window.__moves = [];
    window.__dama.board.addEventListener('move', (e) => window.__moves.push({ by: e.detail.by, at: performance.now() }));
  });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await clickMove(page, '22-18'); // White's first move is on no clock: Black's starts now
  const since = await page.evaluate(() => window.__dama.board.session.clock.since);
  let black = await blackClock(page);
  assert.deepEqual(black, { text: '0:11', left: initialMs, running: 'black' }, 'its clock starts with its turn');
  const asked = await page.evaluate(() => window.__asked.map((r) => ({ level: r.level, timeMs: r.timeMs })));
  assert.equal(asked.length, 1);
  assert.equal(asked[0].level, 10);
  assert.ok(Math.abs(asked[0].timeMs - initialMs / 30) < 1e-6, `its share of 10.3 s, not level 10's 3.1 s: asked ${asked[0].timeMs} ms`);
  // 400 ms of the page's time while it thinks (no reply comes before 450 ms: MIN_REPLY_MS).
  await page.clock.runFor(400);
  black = await blackClock(page);
  assert.equal(await page.evaluate(() => window.__dama.history().length), 1, 'still thinking');
  assert.deepEqual(black, { text: '0:09.9', left: initialMs - 400, running: 'black' }, 'its clock runs down while it thinks');
  // The engine's answer in (a hang guard only), then the page's time on until the move lands.
  await page.waitForFunction(() => window.__answered, null, { timeout: 20000 });
  await page.clock.runFor(1000);
  const moves = await page.evaluate(() => window.__moves);
  assert.deepEqual(moves.map((m) => m.by), ['human', 'computer']);
  const used = moves[1].at - since;
  assert.ok(used >= 400, `the time it thought counts: ${used} ms`);
  black = await blackClock(page);
  assert.equal(black.running, 'white', "then the player's clock runs");
  assert.equal(black.left, initialMs - used, `the ${used} ms it took are taken from its clock`);
  assert.equal(black.text, `0:0${(Math.floor((initialMs - used) / 100) / 10).toFixed(1)}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [memory, threads] of [[1, 1], [0.5, 1], [2, 2]]) {
  test(`an isolated page on a device of 2 cores and ${memory} GB: the engine searches on ${threads === 1 ? 'one thread, the single-threaded build' : 'both cores'}`, { timeout: 90000 }, async () => {
    const page = await newPage(env, { analysisEngine: true });
    await page.addInitScript((gb) => {
      Object.defineProperty(Navigator.prototype, 'deviceMemory', { get: () => gb, configurable: true });
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 2, configurable: true });
    }, memory);
    const fetched = engineFetches(page);
    await page.goto(env.server.url + 'www/analysis.html');
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the isolation headers isolate the page');
    assert.equal(await page.evaluate(() => navigator.deviceMemory), memory);
    await page.waitForFunction(() => (window.__analysis?.lines()?.depth ?? 0) >= 6, null, { timeout: 30000 });
    assert.match(await page.locator('#an-depth').innerText(), threads === 1 ? /· 1 core$/ : /· 2 cores$/);
    if (threads === 1) {
      assert.ok(fetched.includes('dama_wasm_bg.wasm'), fetched.join(' '));
      assert.ok(!fetched.some((f) => f.startsWith('dama_threads') || f === 'helper.worker.js'), `nothing more downloaded: ${fetched.join(' ')}`);
    } else {
      assert.ok(fetched.includes('dama_threads_bg.wasm') && fetched.includes('helper.worker.js'), fetched.join(' '));
    }
    // The game page says it for the top level.
    await page.goto(env.server.url + '?mode=two-players');
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
    await page.locator('#btn-new').click();
    await page.locator('input[name="level"]').fill('10');
    const said = threads === 1 ? 'The computer thinks with one of your processor’s cores.' : 'The computer thinks with 2 of your processor’s cores at once: the more cores, the further it sees.';
    assert.equal(await page.locator('#level-threads').innerText(), said);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
