// Playing through the page as a person would: load, click moves, watch the computer answer,
// undo, drag, review, and the phone layout.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickSquare, dragSquare, history, settle, screenshot, squarePoint } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('the page loads with no console errors and shows the start position', { timeout: 30000 }, async () => {
  const page = await openPage(env);
  const fen = await page.evaluate(() => window.__dama.fen());
  assert.equal(fen, 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.equal(await page.evaluate(() => window.__dama.legalMoves().length), 7);
  assert.match(await page.textContent('#status'), /Your move/);
  // The canvas backing store matches its CSS size times the pixel ratio: crisp, not stretched.
  const dims = await page.evaluate(() => {
    const c = document.querySelector('#board').canvas;
    return { w: c.width, h: c.height, css: c.getBoundingClientRect().width, dpr: devicePixelRatio };
  });
  assert.equal(dims.w, dims.h);
  assert.ok(Math.abs(dims.w - dims.css * dims.dpr) <= 1, JSON.stringify(dims));
  await screenshot(page, 'desktop-start');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('click a move, the computer answers, undo takes both back, redo replays them', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  await clickSquare(page, 22);
  await clickSquare(page, 18);
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 15000 });
  const [mine, reply] = await history(page);
  assert.equal(mine, '22-18');
  assert.match(reply, /^\d+[-x]\d+/);
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  // The move list shows the numbered pair.
  assert.match(await page.textContent('#moves'), new RegExp(`1\\.\\s*22-18\\s*${reply}`));
  // Select a piece so the screenshot shows destinations and the last move.
  const legal = await page.evaluate(() => window.__dama.legalMoves());
  await clickSquare(page, Number(legal[0].split(/[-x]/)[0]));
  await screenshot(page, 'desktop-game');

  await page.click('#btn-undo');
  assert.deepEqual(await history(page), []);
  await page.click('#btn-redo');
  await page.waitForFunction(() => window.__dama.history().length === 2);
  assert.deepEqual(await history(page), [mine, reply]);

  // A hint is drawn as an arrow and named in the status line.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Hint: \d+[-x]\d+/.test(document.querySelector('#status').textContent), null, { timeout: 10000 });

  // A reload keeps the game (phones reload tabs).
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.deepEqual(await history(page), [mine, reply]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a piece can be dragged and dropped; undo during the computer search cancels it', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=10');
  await dragSquare(page, 23, 19);
  assert.deepEqual((await history(page)).slice(0, 1), ['23-19']);
  await page.waitForFunction(() => window.__dama.thinking() === 'move');
  await page.click('#btn-undo');
  assert.deepEqual(await history(page), []);
  assert.equal(await page.evaluate(() => window.__dama.thinking()), null);
  // The cancelled search must not play a move later.
  await page.waitForTimeout(1500);
  assert.deepEqual(await history(page), []);
  assert.equal(await page.evaluate(() => window.__dama.turn()), 'white');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('clicking a move in the list shows that position read-only until back to game', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  for (const [a, b] of [[22, 18], [9, 13], [18, 9]]) {
    await clickSquare(page, a);
    await clickSquare(page, b);
  }
  assert.deepEqual(await history(page), ['22-18', '9-13', '18x9']);
  await page.click('#moves button[data-ply="1"]');
  assert.equal(await page.isVisible('#review'), true);
  // Read-only: a click on a piece does nothing.
  await clickSquare(page, 7);
  await clickSquare(page, 16);
  assert.equal((await history(page)).length, 3);
  await page.click('#btn-back');
  assert.equal(await page.isVisible('#review'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('keyboard: arrows move the cursor, Enter picks up and puts down, moves are announced', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  // Focus puts the cursor on the first piece that can move (one of 21-24 at the start, each
  // with the square up and to the right or straight up free).
  await page.focus('#board canvas');
  const from = Number((await page.evaluate(() => window.__dama.legalMoves()[0])).split('-')[0]);
  await page.keyboard.press('Enter'); // pick up
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter'); // put down
  const h = await history(page);
  assert.equal(h.length, 1);
  assert.ok(h[0].startsWith(`${from}-`), h[0]);
  await page.waitForFunction(() => /^White \d+-\d+$/.test(document.querySelector('#board').shadowRoot.querySelector('.live').textContent));
  // Escape drops a selection.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  assert.equal((await history(page)).length, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('phone portrait: board full width, controls below, tap to move', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1', {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  const box = await page.locator('#board canvas').boundingBox();
  assert.ok(box.width > 330, `board is ${box.width}px wide`);
  const controls = await page.locator('.controls').boundingBox();
  assert.ok(controls.y > box.y + box.height, 'controls are below the board');
  const [x1, y1] = await squarePoint(page, 24);
  const [x2, y2] = await squarePoint(page, 20);
  await page.touchscreen.tap(x1, y1);
  await page.touchscreen.tap(x2, y2);
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 15000 });
  assert.equal((await history(page))[0], '24-20');
  await settle(page);
  await screenshot(page, 'phone-game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
