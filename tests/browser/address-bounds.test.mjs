// The address's numbers at and past their bounds (issue 57, item 4), as the docs say:
// - the game page's `delay` (0-60,000 ms) and the analysis board's `ply` (0-100,000): a value
//   past its bound, negative, not a whole number or not a number is named in a message and
//   ignored (docs/RELIABILITY.md, "a page's address");
// - the frame's `delay` and `ply`, the element's attributes (docs/EMBED.md): a pause of at most
//   60,000 ms, anything else the default; a move past the game's end shows its end;
// - the frame's `controls=0` hides its status line and buttons (docs/EMBED.md), at phone and
//   desktop size.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, openPage, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const named = (name, value) => `The address’s ${name}=${value} is not understood and is ignored.`;
/** A game of four plies. */
const GAME = '1. 22-18 10-14 2. 21-17 14x21 *';

test('the game page: delay 0-60,000 taken; past it, negative, fractional or not a number named and ignored', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=two-players');
  for (const [value, delay] of [['0', 0], ['60000', 60000], [' 1200 ', 1200]]) {
    await page.goto(`${env.server.url}?mode=two-players&delay=${encodeURIComponent(value)}`);
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => window.__dama.board.delay), delay, `delay=${value}`);
    assert.equal(await page.textContent('#notice'), '', `delay=${value}: nothing said`);
  }
  for (const value of ['60001', '100000', '1e3', '1.5', '-1', 'NaN', 'abc', '9'.repeat(30)]) {
    await page.goto(`${env.server.url}?mode=two-players&delay=${encodeURIComponent(value)}`);
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
    assert.equal(await page.evaluate(() => window.__dama.board.delay), 600, `delay=${value}: ignored, the default pause`);
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    assert.equal(await page.textContent('#notice'), named('delay', shown));
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the analysis board: ply 0-100,000 taken (past the game\'s end, its end); past it, negative, fractional or not a number named and ignored', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  const open = async (ply) => {
    await page.goto('about:blank'); // a new address, not a fragment changed on the same page
    await page.goto(`${env.server.url}www/analysis.html#pdn=${encodeURIComponent(GAME)}&ply=${encodeURIComponent(ply)}`);
    await page.waitForFunction(() => !!window.__analysis, null, { timeout: 15000 });
    return page.evaluate(() => {
      const m = window.__analysis.model();
      return { ply: m.mainline().findIndex((n) => n.id === m.current) + 1, error: document.getElementById('an-error').textContent };
    });
  };
  for (const [value, ply] of [['0', 0], ['2', 2], ['4', 4], ['5', 4], ['100000', 4]]) {
    assert.deepEqual(await open(value), { ply, error: '' }, `ply=${value}`);
  }
  for (const value of ['100001', '1e1', '2.5', '-1', 'NaN', 'end', '9'.repeat(30)]) {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    assert.deepEqual(await open(value), { ply: 0, error: named('ply', shown) }, `ply=${value}: the start`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the frame: delay at most 60,000 ms, anything else the default; ply past the game\'s end its end, anything else not a move the start', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  const frame = async (query) => {
    await page.goto(`${env.server.url}www/frame.html?${query}`);
    await page.waitForFunction(() => document.getElementById('board')?.isReady, null, { timeout: 15000 });
    return page.evaluate(() => ({ delay: document.getElementById('board').delay, shown: document.getElementById('board').reviewing }));
  };
  for (const [value, delay] of [['0', 0], ['60000', 60000], ['60001', 60000], ['1e9', 60000], ['-1', 600], ['NaN', 600], ['abc', 600]]) {
    assert.equal((await frame(`mode=two-players&delay=${value}`)).delay, delay, `delay=${value}`);
  }
  const pdn = encodeURIComponent(GAME);
  for (const [value, shown] of [['0', 0], ['2', 2], ['end', 4], ['4', 4], ['5', 4], ['99999999', 4], ['-3', 0], ['abc', 0]]) {
    assert.equal((await frame(`mode=view&pdn=${pdn}&ply=${value}`)).shown, shown, `ply=${value}`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`the frame shows its status line and buttons unless controls=0 (${screen})`, { timeout: 60000 }, async () => {
    const page = await newPage(env, options);
    for (const [query, shown] of [['', true], ['&controls', true], ['&controls=1', true], ['&controls=0', false], ['&controls=false', false], ['&controls=off', false]]) {
      await page.goto(`${env.server.url}www/frame.html?mode=two-players${query}`);
      await page.waitForFunction(() => document.getElementById('board')?.isReady, null, { timeout: 15000 });
      const bar = page.locator('#board .bar');
      assert.equal(await bar.isVisible(), shown, `${query || 'no controls'}: the bar`);
      assert.equal(await page.locator('#board .tools').isVisible(), shown, `${query || 'no controls'}: the buttons`);
      if (shown) {
        assert.match(await page.locator('#board .status').innerText(), /White to move/);
        // The board and its bar fit in the frame.
        const box = await page.locator('#board').boundingBox();
        assert.ok(box.y + box.height <= options.viewport.height + 1, `${query}: the bar within the frame`);
      }
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
