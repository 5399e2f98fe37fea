// Computer against computer (watch mode): on the game page mid-game, from the New game dialog,
// and on an embedded element with a level per side.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, openPage, screenshot, pickLanguage, reveal, press, notInView, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('watch mode mid-game, on the desktop page', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=watch&level=1&delay=0');
  await page.waitForFunction(() => window.__dama.history().length >= 14, null, { timeout: 40000 });
  // Held still: the next move waits 100 s, and the search under way (if any) has ended.
  await page.evaluate(() => window.__dama.board.setAttribute('delay', '100000'));
  await page.waitForFunction(() => window.__dama.engine.running === null, null, { timeout: 10000 });
  await screenshot(page, 'desktop-watch');
  assert.equal(await page.evaluate(() => window.__dama.board.mode), 'watch');
  assert.equal(await page.isDisabled('#btn-hint'), true);
  assert.equal(await page.isDisabled('#btn-resign'), true);
  // New game stops the watched game: nothing is played after it.
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await page.waitForTimeout(400);
  assert.equal(await page.evaluate(() => window.__dama.history().length), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of SIZES) {
  test(`${screen}: the New game dialog offers computer vs computer`, { timeout: 60000 }, async () => {
    const page = await openPage(env, '?mode=two-players', options);
    await page.evaluate(() => window.__dama.board.setAttribute('delay', '0'));
    await press(page, '#btn-new', options);
    await page.waitForSelector('#new-game[open]'); // its code loads when first opened
    await page.check('#new-game input[name="mode"][value="watch"]');
    assert.equal(await page.isDisabled('#new-game input[name="color"][value="white"]'), true, 'no side to choose');
    assert.equal(await page.isDisabled('#new-game input[name="level"]'), false, 'the level still applies');
    await page.fill('#new-game input[name="level"]', '1');
    assert.deepEqual(await notInView(page.locator('#new-game button[value="start"]')), [], 'Start');
    await press(page, '#new-game button[value="start"]', options);
    await page.waitForFunction(() => window.__dama.history().length >= 6, null, { timeout: 20000 });
    assert.equal(await page.evaluate(() => window.__dama.board.mode), 'watch');
    assert.match(await page.textContent('#player-top .name'), /Black · Computer · level 1/);
    // The choice is remembered for the next New game.
    await press(page, '#btn-new', options);
    await page.waitForSelector('#new-game[open]'); // its code loads when first opened
    assert.equal(await page.isChecked('#new-game input[name="mode"][value="watch"]'), true);
    await press(page, '#new-game button[value="cancel"]', options);
    // In Italian too.
    await reveal(page, '#lang');
    await pickLanguage(page, 'it');
    await press(page, '#btn-new', options);
    await page.waitForSelector('#new-game[open]'); // its code loads when first opened
    assert.equal((await page.textContent('#new-game label:has(input[value="watch"])')).trim(), 'Computer contro computer');
    await press(page, '#new-game button[value="cancel"]', options);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('mode="watch" on an embedded element: attributes, levels per side, stopped by a mode change', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.goto(env.server.url + 'tests/browser/fixtures/two-boards.html');
  await page.waitForFunction(() => [...document.querySelectorAll('dama-board')].every((b) => b.isReady));
  await page.evaluate(() => {
    const c = document.getElementById('c');
    c.setAttribute('delay', '0');
    c.setAttribute('level-white', '1');
    c.setAttribute('level-black', '2');
    c.setAttribute('mode', 'watch');
  });
  await page.waitForFunction(() => window.__events.filter((e) => e.board === 'c' && e.type === 'move').length >= 8, null, { timeout: 20000 });
  const info = await page.evaluate(() => {
    const c = document.getElementById('c');
    const moves = window.__events.filter((e) => e.board === 'c' && e.type === 'move').map((e) => e.detail);
    return { mode: c.mode, delay: c.delay, white: c.levelFor('white'), black: c.levelFor('black'), pdn: c.pdn(), moves, undo: c.canUndo() };
  });
  assert.equal(info.mode, 'watch');
  assert.equal(info.delay, 0);
  assert.deepEqual([info.white, info.black], [1, 2]);
  assert.ok(info.moves.every((m) => m.by === 'computer'));
  assert.deepEqual(info.moves.slice(0, 2).map((m) => m.color), ['white', 'black']);
  assert.match(info.pdn, /\[White "Dama \(level 1\)"\]/);
  assert.match(info.pdn, /\[Black "Dama \(level 2\)"\]/);
  assert.equal(info.undo, false, 'nothing to take back when nobody plays');
  // Looking back pauses the game (a move already being thought about may still land).
  const paused = await page.evaluate(() => {
    const c = document.getElementById('c');
    c.review(2);
    return c.history().length;
  });
  await page.waitForTimeout(600);
  const during = await page.evaluate(() => document.getElementById('c').history().length);
  assert.ok(during <= paused + 1, `paused while looking back (${paused} -> ${during})`);
  await page.evaluate(() => document.getElementById('c').review(null));
  await page.waitForFunction((n) => document.getElementById('c').history().length > n + 2 || document.getElementById('c').result(), during, { timeout: 10000 });
  // A mode change stops it.
  await page.evaluate(() => document.getElementById('c').setAttribute('mode', 'two-players'));
  await page.waitForTimeout(100);
  const n = await page.evaluate(() => document.getElementById('c').history().length);
  await page.waitForTimeout(500);
  assert.equal(n, 0);
  assert.equal(await page.evaluate(() => document.getElementById('c').history().length), 0);
  // The default pause, when no delay is given.
  assert.equal(await page.evaluate(() => (document.getElementById('c').removeAttribute('delay'), document.getElementById('c').delay)), 600);
  // The other boards did not move.
  assert.equal(await page.evaluate(() => window.__events.filter((e) => e.board !== 'c').length), 0);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
