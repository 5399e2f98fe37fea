// Computer against computer can be paused (issue 21, item 15): Pause stops the game between
// moves (no search is started, a reply on its way is dropped), shows that it is pressed, and
// Resume goes on; a reload brings a paused game back paused; the clock never runs in this mode.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, screenshot, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const plies = (page) => page.evaluate(() => window.__dama.history().length);
const idle = (ms) => new Promise((r) => setTimeout(r, ms));

for (const [screen, options] of SIZES) {
  test(`${screen}: Pause stops computer against computer, a reload keeps it paused, Resume goes on`, { timeout: 180000 }, async () => {
    const page = await openPage(env, '?mode=watch&level=1&delay=0', options);
    // Generous waits for the engine's moves: a loaded machine (CI's, the Rust build beside)
    // has taken over 20 s to start the engine again after the reload.
    await page.waitForFunction(() => window.__dama.history().length >= 2, null, { timeout: 60000 });
    const pause = page.locator('#btn-pause');
    assert.equal(await pause.isVisible(), true, 'Pause is there while watching');
    assert.equal(await pause.getAttribute('aria-pressed'), 'false');
    // Nothing to take back, resign or offer while watching: those buttons give way.
    for (const sel of ['#btn-undo', '#btn-hint', '#btn-draw', '#btn-resign']) assert.equal(await page.isVisible(sel), false, sel);
    await pause.click();
    assert.equal(await pause.getAttribute('aria-pressed'), 'true');
    const n = await plies(page);
    await idle(1500);
    assert.equal(await plies(page), n, 'no move while paused');
    assert.equal(await page.evaluate(() => window.__dama.thinking()), null, 'no search running');
    assert.match(await page.textContent('#status'), /Paused/);
    await screenshot(page, `watch-paused-${screen}`);
    // A reload brings it back paused, at the same move.
    await page.reload();
    await page.waitForFunction(() => window.__dama?.ready === true);
    assert.equal(await page.getAttribute('#btn-pause', 'aria-pressed'), 'true');
    await idle(1500);
    assert.equal(await plies(page), n, 'still paused after a reload');
    assert.equal(await page.evaluate(() => window.__dama.board.mode), 'watch');
    // Resume: the game goes on.
    await page.click('#btn-pause');
    assert.equal(await page.getAttribute('#btn-pause', 'aria-pressed'), 'false');
    await page.waitForFunction((k) => window.__dama.history().length > k, n, { timeout: 60000 });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('Pause is only there while watching, and watching runs no clock', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=two-players');
  assert.equal(await page.isVisible('#btn-pause'), false);
  // A clock chosen for games people play is not put on the computer against itself.
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'watch', level: 1, clock: { initialMs: 60000, incrementMs: 0 } }));
  await page.waitForFunction(() => window.__dama.history().length >= 1, null, { timeout: 20000 });
  assert.equal(await page.isVisible('#btn-pause'), true);
  assert.equal(await page.evaluate(() => window.__dama.board.session.clock), null);
  assert.equal(await page.isVisible('#player-top .clock'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
