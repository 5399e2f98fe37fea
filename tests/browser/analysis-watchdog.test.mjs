// The analysis worker's watchdog (issue 21, item 6): a worker that is only slow, or a tab in
// the background, is waited for without a word; a worker that dies is replaced and the
// analysis goes on from where it was, however often it happens; only a worker that never
// answers at all is reported, in the page's words. The game page's engine watchdog, likewise,
// never judges a hidden tab.
//
// The worker's messages are held back on the page (a fake around Worker) to make a worker
// slow or a tab's tasks late, and the page is made hidden by its visibilityState.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, screenshot } from './helpers.mjs';
import { PHONE, DESKTOP, openAnalysis } from './analysis-page.mjs';

let env;
before(async () => {
  env = await setup({ analysisEngine: true }); // the engine's worker is what these test
});
after(async () => {
  await env?.close();
});

/** The page's watchdogs give up on a worker silent this long (the page's time, visible). */
const SILENCE_MS = 15000;

/**
 * In the page before its scripts: every worker whose script's address holds `which` can have
 * its messages held (window.__hold.all, or .types, a list of message types) and let through
 * later (window.__release()); window.__workers lists them; window.__setHidden(bool) makes the
 * page hidden or visible as a background tab is.
 */
function fakes(which) {
  const hold = { all: false, types: /** @type {string[]} */ ([]), queue: /** @type {[Function, Worker, MessageEvent][]} */ ([]) };
  Object.assign(window, { __hold: hold, __workers: [] });
  const W = window.Worker;
  window.Worker = class extends W {
    constructor(url, opts) {
      super(url, opts);
      if (String(url).includes(which)) window.__workers.push(this);
    }
    get onmessage() {
      return super.onmessage;
    }
    set onmessage(f) {
      const held = (e) => window.__workers.includes(this) && (hold.all || hold.types.includes(e.data?.type));
      super.onmessage = f && ((e) => (held(e) ? hold.queue.push([f, this, e]) : f.call(this, e)));
    }
  };
  window.__release = () => {
    hold.all = false;
    hold.types = [];
    for (const [f, w, e] of hold.queue.splice(0)) f.call(w, e);
  };
  window.__setHidden = (hidden) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (hidden ? 'hidden' : 'visible') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
    document.dispatchEvent(new Event('visibilitychange'));
  };
}

const depth = (page) => page.evaluate(() => window.__analysis.lines()?.depth ?? 0);
const untilDepth = (page, d, timeout = 60000) => page.waitForFunction((x) => (window.__analysis.lines()?.depth ?? 0) >= x, d, { timeout });

/** The analysis shows no word of trouble: no error, the same worker, lines still coming. */
async function assertUntroubled(page, restarts) {
  assert.equal(await page.isVisible('#an-error'), false, await page.textContent('#an-error'));
  assert.equal(await page.evaluate(() => window.__analysis.restarts()), restarts);
  assert.equal(await page.evaluate(() => window.__analysis.engineOn()), true);
}

test('a worker that is only slow (a depth taking longer than the watchdog) is waited for, without a word', { timeout: 90000 }, async () => {
  const page = await openAnalysis(env, '', DESKTOP, [fakes, 'analysis.worker'], { fakeClock: true });
  await untilDepth(page, 6);
  // The next depths take "long": the worker says nothing of them for longer than the watchdog
  // waits, only its `alive` (every ALIVE_MS of its own time, which the page's clock does not
  // move). After each `alive` the page's clock is moved on 5 s: 20 s in all, more than the
  // watchdog's wait, and the page still waits.
  await page.evaluate(() => {
    window.__hold.types.push('lines');
    window.__alive = 0;
    window.__workers.at(-1).addEventListener('message', (e) => e.data?.type === 'alive' && window.__alive++);
  });
  const held = await depth(page);
  for (let i = 1; i <= 4; i++) {
    await page.waitForFunction((n) => window.__alive >= n, i, { timeout: 10000 });
    await page.clock.runFor(5000);
  }
  await assertUntroubled(page, 0);
  await page.evaluate(() => window.__release());
  await untilDepth(page, held + 1);
  await assertUntroubled(page, 0);
  await screenshot(page, 'analysis-slow-worker-desktop');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a tab in the background is never judged silent, however late its tasks run', { timeout: 90000 }, async () => {
  const page = await openAnalysis(env, '', PHONE, [fakes, 'analysis.worker'], { fakeClock: true });
  await untilDepth(page, 6);
  // Hidden, and nothing from the worker reaches the page (as when a background tab is frozen).
  await page.evaluate(() => {
    window.__setHidden(true);
    window.__hold.all = true;
  });
  const held = await depth(page);
  // The page's time alone matters here (nothing of the worker's arrives): moved on at once.
  await page.clock.runFor(SILENCE_MS + 5000);
  await page.evaluate(() => {
    window.__setHidden(false);
    window.__release();
  });
  await untilDepth(page, held + 1);
  await assertUntroubled(page, 0);
  await screenshot(page, 'analysis-background-phone');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a worker that dies is replaced and the analysis goes on from its depth, however often it dies', { timeout: 150000 }, async () => {
  const page = await openAnalysis(env, '', DESKTOP, [fakes, 'analysis.worker'], { fakeClock: true });
  await untilDepth(page, 8);
  // The least depth shown from a moment on, sampled.
  await page.evaluate(() => setInterval(() => (window.__least = Math.min(window.__least, window.__analysis.lines()?.depth ?? 0)), 10));
  const from = (d) => page.evaluate((x) => (window.__least = x), d);
  const least = () => page.evaluate(() => window.__least);
  // Terminated without a word: the watchdog notices once the worker has been silent too long.
  let shown = await from(await depth(page));
  await page.evaluate(() => window.__workers.at(-1).terminate());
  await page.clock.runFor(SILENCE_MS + 1000); // a dead worker's silence, on the page's clock
  await page.waitForFunction(() => window.__analysis.restarts() === 1, null, { timeout: 20000 });
  await untilDepth(page, shown + 1);
  // The lines found stayed until the new worker found deeper ones (not back to depth 1).
  assert.equal(await least(), shown);
  // Two crashes more (the worker's error event), each after the worker had answered again.
  for (const n of [2, 3]) {
    shown = await from(await depth(page));
    await page.evaluate(() => window.__workers.at(-1).dispatchEvent(new ErrorEvent('error', { message: 'test crash' })));
    await page.waitForFunction((x) => window.__analysis.restarts() === x, n);
    await untilDepth(page, shown + 1);
    assert.equal(await least(), shown);
  }
  await assertUntroubled(page, 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a worker that never answers is reported in the words of the page, and the engine stops', { timeout: 60000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.addInitScript(() => {
    const W = window.Worker;
    window.Worker = class extends W {
      constructor(url, opts) {
        super(url, opts);
        if (String(url).includes('analysis.worker')) setTimeout(() => this.dispatchEvent(new ErrorEvent('error', { message: 'broken worker' })), 50);
      }
    };
  });
  await page.goto(`${env.server.url}www/analysis.html`);
  await page.waitForSelector('#an-error:not([hidden])', { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__analysis.engineOn()), false);
  await screenshot(page, 'analysis-worker-gone-desktop');
  // The new key's English (anEngineGone).
  assert.match(await page.textContent('#an-error'), /^The analysis stopped: its engine does not start\. Reload the page to try again\.$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the game page's engine is not replaced while its tab is hidden", { timeout: 60000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.clock.install();
  await page.addInitScript(fakes, 'engine.worker');
  // Hidden from the start, with nothing of the engine's reaching the page for a while.
  await page.addInitScript(() => {
    window.__setHidden(true);
    window.__hold.all = true;
  });
  await page.goto(`${env.server.url}?mode=computer&color=black&level=1`);
  await page.waitForFunction(() => window.__dama?.ready === true && !!window.__dama.engine?.running);
  await page.clock.runFor(SILENCE_MS + 5000); // the page's time alone: nothing of the engine's arrives
  assert.equal(await page.evaluate(() => window.__dama.engine.restarts), 0);
  await page.evaluate(() => {
    window.__setHidden(false);
    window.__release();
  });
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.__dama.engine.restarts), 0);
  assert.equal(await page.isVisible('#notice'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
