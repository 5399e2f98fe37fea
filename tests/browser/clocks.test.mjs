// Clocks on the page: chosen in the New game dialog, both shown, only the side to move's
// running, the increment added, a flag falling ends the game on time, and a reload keeps them.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickMove, screenshot } from './helpers.mjs';

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
  const page = await openPage(env, '?mode=friend');
  assert.equal((await clocks(page))['player-bottom'].hidden, true, 'no clock by default');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // its code loads when first opened
  await page.check('#new-game input[name="mode"][value="two-players"]');
  await page.selectOption('#clock-choice', 'custom');
  await page.fill('#new-game input[name="clockMinutes"]', '1');
  await page.fill('#new-game input[name="clockIncrement"]', '5');
  await page.click('#new-game button[value="start"]');
  await page.waitForFunction(() => !document.querySelector('#player-bottom .clock').hidden);
  let c = await clocks(page);
  // The clocks start with the first move, as on the playing sites (issue 21, item 14).
  assert.equal(c['player-bottom'].running, false, "White's clock waits for the first move");
  assert.equal(c['player-top'].running, false);
  await page.waitForTimeout(1200);
  c = await clocks(page);
  assert.equal(c['player-bottom'].text, '1:00', 'no time spent before the first move');
  assert.equal(c['player-top'].text, '1:00');
  await clickMove(page, '22-18');
  c = await clocks(page);
  assert.equal(c['player-bottom'].running, false);
  assert.equal(c['player-top'].running, true, "then Black's");
  assert.equal(c['player-bottom'].text, '1:05', `White's first move on no clock, plus 5: ${c['player-bottom'].text}`);
  await page.waitForTimeout(1200);
  await clickMove(page, '11-15');
  c = await clocks(page);
  assert.equal(c['player-bottom'].running, true, "White's from its second move");
  assert.match(c['player-top'].text, /^1:0[3-4]$/, `Black had 58-59 s, plus 5: ${c['player-top'].text}`);
  await screenshot(page, 'desktop-clocks');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  c = await clocks(page);
  assert.equal(c['player-bottom'].running, true, 'after a reload, still running for the side to move');
  assert.match(c['player-top'].text, /^1:0[3-4]$/);
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

test('against the computer with a clock, it answers within its own time', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=10');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'computer', side: 'white', level: 10, clock: { initialMs: 30_000, incrementMs: 0 } }));
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  // Level 10 alone would think 3.1 s; with 30 s on its clock its share is 1 s.
  const left = await page.evaluate(() => window.__dama.board.session.clock.remaining('black', performance.now()));
  assert.ok(left > 27_500, `the computer used ${30_000 - left} ms`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
