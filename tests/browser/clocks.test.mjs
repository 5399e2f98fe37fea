// Clocks on the page: chosen in the New game dialog, both shown, only the side to move's
// running, the increment added, a flag falling ends the game on time, a reload keeps them, and
// under ten seconds a player's time is seen and heard.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, newPage, clickMove, screenshot, waitForAsync, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const clocks = (page) =>
  page.evaluate(() => Object.fromEntries(['player-top', 'player-bottom'].map((id) => {
    const el = document.querySelector(`#${id} .clock`);
    return [id, { text: el.textContent, hidden: el.hidden, running: el.classList.contains('running'), low: el.classList.contains('low') }];
  })));

test('a custom clock from the New game dialog: both shown, the increment added, a reload keeps them', { timeout: 40000 }, async () => {
  // The page's time moves only when the test says (from the dialog's Start on): a loaded
  // machine's slow steps cost no time on the clocks, so their readings are exact.
  const page = await newPage(env);
  await page.clock.install();
  await page.goto(env.server.url + '?mode=friend');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  assert.equal((await clocks(page))['player-bottom'].hidden, true, 'no clock by default');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // its code loads when first opened
  await page.check('#new-game input[name="mode"][value="two-players"]');
  await page.selectOption('#clock-choice', 'custom');
  await page.fill('#new-game input[name="clockMinutes"]', '1');
  await page.fill('#new-game input[name="clockIncrement"]', '5');
  await page.click('#new-game button[value="start"]');
  await page.waitForFunction(() => !document.querySelector('#player-bottom .clock').hidden);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  let c = await clocks(page);
  // The clocks start with the first move, as on the playing sites (issue 21, item 14).
  assert.equal(c['player-bottom'].running, false, "White's clock waits for the first move");
  assert.equal(c['player-top'].running, false);
  await page.clock.runFor(1200);
  c = await clocks(page);
  assert.equal(c['player-bottom'].text, '1:00', 'no time spent before the first move');
  assert.equal(c['player-top'].text, '1:00');
  await clickMove(page, '22-18');
  c = await clocks(page);
  assert.equal(c['player-bottom'].running, false);
  assert.equal(c['player-top'].running, true, "then Black's");
  assert.equal(c['player-bottom'].text, '1:05', `White's first move on no clock, plus 5: ${c['player-bottom'].text}`);
  await page.clock.runFor(1200);
  await clickMove(page, '11-15');
  c = await clocks(page);
  assert.equal(c['player-bottom'].running, true, "White's from its second move");
  assert.equal(c['player-top'].text, '1:04', `Black had 58.8 s, plus 5: ${c['player-top'].text}`);
  await screenshot(page, 'desktop-clocks');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  c = await clocks(page);
  assert.equal(c['player-bottom'].running, true, 'after a reload, still running for the side to move');
  assert.equal(c['player-top'].text, '1:04', 'no time passed: the same reading');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a flag falls: the side out of time loses, named as such', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players', clock: { initialMs: 3000, incrementMs: 0 } }));
  await clickMove(page, '22-18');
  // Black does not move.
  await page.waitForFunction(() => window.__dama.result()?.reason === 'time', null, { timeout: 10000 });
  assert.equal(await page.evaluate(() => window.__dama.result().winner), 'white');
  assert.match(await page.textContent('#status'), /White wins.*Black ran out of time/);
  const c = await clocks(page);
  assert.equal(c['player-top'].text, '0:00.0');
  assert.equal(c['player-top'].low, true);
  assert.equal(c['player-top'].running, false, 'both clocks stop');
  assert.match(await page.evaluate(() => window.__dama.board.pdn()), /\[Result "1-0"\]/);
  await screenshot(page, 'desktop-flag');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// A position out of the opening book (level 10 answers a book position at once, without a
// search), eight plies from the start: Black, the computer, answers 30-26 with nine moves to
// choose from, none forced.
const OUT_OF_BOOK = 'W:W17,22,23,24,25,27,28,29,30,31,32:B1,2,4,6,7,8,9,10,11,12,14';

/**
 * The engine worker's searches, each {timeMs: asked, result: its answer}; once
 * `window.__hold` is set, their answers are held until the test lets them through
 * (window.__release()), so that the page's time can be moved on by the time the engine took
 * before the page hears of it.
 */
function recordSearches() {
  const held = /** @type {(() => void)[]} */ ([]);
  Object.assign(window, { __searches: [], __hold: false, __release: () => held.splice(0).forEach((f) => f()) });
  const W = window.Worker;
  window.Worker = class extends W {
    postMessage(msg, ...rest) {
      if (msg?.type === 'search') window.__searches.push({ id: msg.id, timeMs: msg.timeMs, result: null });
      return super.postMessage(msg, ...rest);
    }
    get onmessage() {
      return super.onmessage;
    }
    set onmessage(f) {
      super.onmessage = f && ((e) => {
        const search = window.__searches.find((x) => x.id === e.data?.id);
        if (search) search.result = e.data.result ?? null;
        if (search && window.__hold) held.push(() => f.call(this, e));
        else f.call(this, e);
      });
    }
  };
}

test('against the computer with a clock, it searches within its own time, and its clock is charged what the search took', { timeout: 60000 }, async () => {
  // The page's time moves only when the test says: what the page asks of the engine and what
  // its clock is charged do not depend on how busy the machine is.
  const page = await newPage(env);
  await page.clock.install();
  await page.addInitScript(recordSearches);
  await page.goto(env.server.url + '?mode=computer&color=white&level=10');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await page.evaluate((fen) => window.__dama.board.newGame({ mode: 'computer', side: 'white', level: 10, fen, clock: { initialMs: 30_000, incrementMs: 0 } }), OUT_OF_BOOK);
  // The engine's worker started and loaded first (its download waits a task of the page's),
  // with its opening book: the position is out of it, not merely ahead of its download.
  await page.waitForFunction(() => window.__dama.engine, null, { timeout: 15000 });
  await page.evaluate((startFen) => window.__dama.engine.search({}, { variant: 'italian', startFen, moves: [], level: 1, timeMs: 50, seed: 1 }), OUT_OF_BOOK);
  await page.waitForFunction(() => window.__dama.engine.data.book, null, { timeout: 20000 });
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.evaluate(() => (window.__hold = true));
  await clickMove(page, '30-26');
  // (Polled from here: with the page's clock paused, the page's own timers and frames wait.)
  await waitForAsync(page, () => !!window.__searches.at(-1)?.result, null, { timeout: 20000 });
  const search = await page.evaluate(() => window.__searches.at(-1));
  // Level 10 alone would think 3.1 s; with 30 s on its clock (White's first move is on no
  // clock, and no page time has passed) its share is exactly 1 s, and that is what it asks.
  assert.equal(search.timeMs, 1000, `the page asked the engine for ${search.timeMs} ms`);
  // A search, not the book (a book move has no depth, nodes or time).
  const r = search.result;
  assert.ok(r.depth > 0 && r.nodes > 0, `a search: depth ${r.depth}, ${r.nodes} nodes`);
  // The engine's own measure of its search, stopped at its deadline (its precision is
  // crates/dama/tests/engine.rs's, on an injected clock): here 1 s more is a guard against a
  // search that ignores its time, not a verdict on the machine's speed.
  assert.ok(r.timeMs <= search.timeMs + 1000, `the engine searched ${r.timeMs} ms of its ${search.timeMs}`);
  console.log(`# level 10 with 1000 ms: depth ${r.depth}, ${r.nodes} nodes in ${Math.round(r.timeMs)} ms`);
  // The page's time passes as the engine's did, then the page hears the answer: the computer's
  // clock is charged the search's time (at least its pacing, 450 ms), no more.
  const took = Math.max(450, Math.ceil(r.timeMs));
  await page.clock.runFor(took);
  await page.evaluate(() => window.__release());
  await page.clock.runFor(100); // the page's pacing, due now, plays the move
  await waitForAsync(page, () => window.__dama.history().length === 2, null, { timeout: 20000 });
  const left = await page.evaluate(() => window.__dama.board.session.clock.remaining('black', performance.now()));
  assert.ok(left >= 30_000 - took - 100 && left <= 30_000 - took, `the computer's clock was charged ${30_000 - left} ms for a ${took} ms search`);
  assert.ok(left > 27_500, `the computer used ${30_000 - left} ms`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Under ten seconds (issue 55, item 8): the clock turns red with a ring and, where motion is
// welcome, pulses; a sound once as it crosses, when sounds are on. The page's time is the
// test's (page.clock, paused and moved on), so the machine's load changes nothing.
for (const [screen, options, motion] of [['phone', PHONE, 'reduce'], ['desktop', DESKTOP, 'no-preference']]) {
  test(`${screen}: under ten seconds a player's clock is seen and heard once`, { timeout: 60000 }, async () => {
    const page = await newPage(env, { ...options, reducedMotion: motion });
    await page.clock.install();
    // What the page asks of WebAudio: the pitch of every tone started (the beeps are 1760 Hz).
    await page.addInitScript(() => {
      window.__tones = [];
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (...args) {
        window.__tones.push(this.frequency.value);
        return start.apply(this, args);
      };
      window.__lowtime = [];
      document.addEventListener('lowtime', (e) => window.__lowtime.push(e.detail.color));
    });
    await page.goto(env.server.url + '?mode=friend');
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
    await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players', clock: { initialMs: 12_000, incrementMs: 0 } }));
    // Sounds on, as a player turns them on (on a phone, behind More).
    if (await page.isVisible('#btn-more')) await page.click('#btn-more');
    await page.click('#btn-sound');
    assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
    if (await page.isVisible('#btn-more')) await page.click('#btn-more');
    // From here the page's time moves only when the test says.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await clickMove(page, '22-18'); // White's first move is on no clock: Black's runs, 12 s
    const beeps = () => page.evaluate(() => window.__tones.filter((f) => f === 1760).length);
    const black = '#player-top .clock';
    const white = '#player-bottom .clock';
    const critical = (sel) => page.locator(sel).evaluate((el) => el.classList.contains('critical'));
    await page.clock.runFor(1500);
    assert.match(await page.textContent(black), /^0:1[01]$/);
    assert.equal(await critical(black), false, '10.5 s: not yet');
    assert.equal(await beeps(), 0);
    await page.clock.runFor(1000);
    assert.match(await page.textContent(black), /^0:09\.\d$/, 'tenths under ten seconds');
    assert.equal(await critical(black), true, '9.5 s: seen');
    assert.equal(await beeps(), 2, 'heard: one alarm of two beeps');
    assert.deepEqual(await page.evaluate(() => window.__lowtime), ['black']);
    const look = await page.locator(black).evaluate((el) => {
      const cs = getComputedStyle(el);
      return { bg: cs.backgroundColor, ring: cs.boxShadow, pulse: cs.animationName };
    });
    const [r, g, b] = look.bg.match(/\d+/g).map(Number);
    assert.ok(r > 170 && g < 90 && b < 90, `red (and while it pulses, a redder red): ${look.bg}`);
    assert.notEqual(look.ring, 'none', 'ringed');
    assert.equal(look.pulse, motion === 'reduce' ? 'none' : 'clock-pulse', `pulsing only where motion is welcome (${motion})`);
    await page.clock.runFor(3000);
    assert.equal(await beeps(), 2, 'once');
    await screenshot(page, `${screen}-low-clock`);
    // Sounds off: White's time going under ten seconds is seen, not heard.
    if (await page.isVisible('#btn-more')) await page.click('#btn-more');
    await page.click('#btn-sound');
    if (await page.isVisible('#btn-more')) await page.click('#btn-more');
    await clickMove(page, '11-15');
    assert.equal(await critical(white), false);
    await page.clock.runFor(2500);
    assert.equal(await critical(white), true);
    assert.equal(await beeps(), 2, 'sounds off: nothing heard');
    assert.deepEqual(await page.evaluate(() => window.__lowtime), ['black', 'white']);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
