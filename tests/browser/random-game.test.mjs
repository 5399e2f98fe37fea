// A whole game between two players on one device, clicked move by move with a fixed
// pseudo-random choice: multi-captures, promotions, kings and the end of the game all go
// through the real board input, and nothing may log an error.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickSquare, history, screenshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('a complete game played by clicking', { timeout: 90000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  let seed = 12345;
  const rand = (n) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  let plies = 0;
  for (; plies < 240; plies++) {
    if (await page.evaluate(() => window.__dama.result())) break;
    const legal = await page.evaluate(() => window.__dama.legalMoves());
    const text = legal[rand(legal.length)];
    const squares = text.split(/[-x]/).map(Number);
    const [from, to] = [squares[0], squares[squares.length - 1]];
    await clickSquare(page, from);
    await clickSquare(page, to);
    // Where two captures share from and to, the full text names the route: tap its landings.
    for (const sq of squares.slice(1, -1)) {
      if ((await history(page)).length > plies) break;
      await clickSquare(page, sq);
    }
    const h = await history(page);
    assert.equal(h.length, plies + 1, `move ${plies + 1} (${text}) was not played`);
    assert.equal(h[plies], text);
  }
  const result = await page.evaluate(() => window.__dama.result());
  if (result) assert.equal(await page.isVisible('#board .overlay'), true);
  await screenshot(page, 'desktop-random-game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
