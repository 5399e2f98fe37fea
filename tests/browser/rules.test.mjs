// The rules as the player meets them: forced captures with a plain-words refusal, choosing
// between captures that end on the same square, and the end of a game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickSquare, history, screenshot, pixelsNear, notInView, press, SIZES, PHONE } from './helpers.mjs';
import { THEMES } from '../../www/board/themes.js';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const q = (fen, extra = '') => `?fen=${encodeURIComponent(fen)}${extra}`;

for (const [screen, options] of SIZES) {
  test(`${screen}: a forced capture is the only move accepted; a quiet move is refused in plain words, in view`, { timeout: 30000 }, async () => {
    const page = await openPage(env, q('W:W18,21:B3,14', '&mode=friend'), options);
    assert.deepEqual(await page.evaluate(() => window.__dama.legalMoves()), ['18x11']);
    assert.match(await page.textContent('#status'), /must capture/i);
    await clickSquare(page, 21);
    await clickSquare(page, 17);
    assert.deepEqual(await history(page), []);
    const notice = await page.textContent('#notice');
    assert.match(notice, /compulsory/i);
    assert.match(notice, /18/);
    assert.deepEqual(await notInView(page.locator('#notice')), [], 'the refusal');
    await screenshot(page, `${screen}-forced-capture`);
    await clickSquare(page, 18);
    await clickSquare(page, 11);
    assert.deepEqual(await history(page), ['18x11']);
    assert.equal(await page.isVisible('#notice'), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${screen}: two captures ending on the same square: the player picks the route by its button or on the board`, { timeout: 30000 }, async () => {
    // A man on 26 takes two men either via 17 (21, 13) or via 19 (22, 14), landing on 10 both ways.
    const page = await openPage(env, q('W:W26:B13,14,21,22', '&mode=friend'), options);
    const legal = await page.evaluate(() => window.__dama.legalMoves());
    assert.deepEqual([...legal].sort(), ['26x17x10', '26x19x10']);
    await clickSquare(page, 26);
    await clickSquare(page, 10);
    assert.equal(await page.isVisible('#choices'), true);
    assert.equal(await page.locator('#choices button').count(), 2);
    for (const b of await page.locator('#choices button').all()) assert.deepEqual(await notInView(b), [], await b.textContent());
    await screenshot(page, `${screen}-choose-capture`);
    // By its button; then, taken back, by a square on the other route.
    await press(page, '#choices button:has-text("26x17x10")', options);
    assert.deepEqual(await history(page), ['26x17x10']);
    assert.equal(await page.isVisible('#choices'), false);
    assert.deepEqual(await notInView(page.locator('#btn-undo')), [], 'Undo');
    await press(page, '#btn-undo', options);
    assert.deepEqual(await history(page), []);
    await clickSquare(page, 26);
    await clickSquare(page, 10);
    assert.equal(await page.isVisible('#choices'), true);
    await clickSquare(page, 19);
    assert.deepEqual(await history(page), ['26x19x10']);
    assert.equal(await page.isVisible('#choices'), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the last capture ends the game with a clear message', { timeout: 30000 }, async () => {
  const page = await openPage(env, q('W:W30:B27', '&mode=computer&color=white'));
  await clickSquare(page, 30);
  await clickSquare(page, 23);
  await page.waitForSelector('#board .overlay:not([hidden])');
  assert.match(await page.textContent('#overlay-title'), /You win/);
  // Black has nothing left on the board: no pieces, not merely no moves.
  assert.match(await page.textContent('#overlay-reason'), /Black has no pieces left/);
  assert.match(await page.textContent('#status'), /You win/);
  assert.deepEqual(await page.evaluate(() => window.__dama.result().reason), 'no-moves');
  await screenshot(page, 'desktop-game-over');
  // A finished game stays finished: Undo is off, and the win stands.
  await page.click('#board .card [data-act="close"]');
  assert.equal(await page.isDisabled('#btn-undo'), true);
  assert.equal(await page.evaluate(() => window.__dama.result().reason), 'no-moves');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the same position three times is a draw by repetition', { timeout: 30000 }, async () => {
  const page = await openPage(env, q('W:WK29:BK4', '&mode=friend'));
  const shuffle = [[29, 25], [4, 8], [25, 29], [8, 4]];
  for (let i = 0; i < 2; i++) {
    for (const [a, b] of shuffle) {
      await clickSquare(page, a);
      await clickSquare(page, b);
    }
  }
  await page.waitForSelector('#board .overlay:not([hidden])');
  assert.match(await page.textContent('#overlay-title'), /Draw/);
  assert.match(await page.textContent('#overlay-reason'), /three times/);
  assert.equal(await page.evaluate(() => window.__dama.result().reason), 'repetition');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of SIZES) {
  test(`${screen}: resigning, its button in view, ends the game and names the reason`, { timeout: 30000 }, async () => {
    const page = await openPage(env, '?mode=friend', options);
    for (const which of ['first', 'second, which confirms']) {
      assert.deepEqual(await notInView(page.locator('#btn-resign')), [], `Resign, ${which} press`);
      await press(page, '#btn-resign', options);
    }
    await page.waitForSelector('#board .overlay:not([hidden])');
    assert.match(await page.textContent('#overlay-title'), /Black wins/);
    assert.match(await page.textContent('#overlay-reason'), /White resigned/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

for (const [screen, options] of SIZES) {
  test(`${screen}: the end-of-game message fits the screen, its buttons in view, and Close closes it`, { timeout: 30000 }, async () => {
    const page = await openPage(env, q('W:W30:B27', '&mode=friend'), screen === 'phone' ? { ...options, deviceScaleFactor: 3 } : options);
    await clickSquare(page, 30);
    await clickSquare(page, 23);
    await page.waitForSelector('#board .overlay:not([hidden])');
    assert.match(await page.textContent('#overlay-title'), /White wins/);
    for (const sel of ['#overlay-title', '#board .card [data-act="new"]', '#board .card [data-act="close"]']) {
      assert.deepEqual(await notInView(page.locator(sel), sel), [], sel);
    }
    await screenshot(page, `${screen}-game-over`);
    await press(page, '#board .card [data-act="close"]', options);
    await page.waitForSelector('#board .overlay', { state: 'hidden' });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('kings are drawn crowned; a hint is drawn as an arrow; flip turns the board', { timeout: 30000 }, async () => {
  const page = await openPage(env, q('W:WK10,22,K30,27:B5,K19,12,K3', '&mode=computer&color=white&level=3'));
  const { crown, hint } = THEMES.classic;
  const board = await page.evaluateHandle(() => document.querySelector('#board').canvas);
  const noArrow = await pixelsNear(board, [22, 18], hint, 60) + (await pixelsNear(board, [27, 23], hint, 60));
  assert.equal(noArrow, 0, 'no blue before the hint');
  // The crown's gold on every king's square, and on no man's.
  for (const king of [10, 30, 19, 3]) assert.ok((await pixelsNear(board, king, crown, 24)) > 20, `a crown on ${king}`);
  for (const man of [22, 27, 5, 12]) assert.equal(await pixelsNear(board, man, crown, 24), 0, `no crown on ${man}`);
  assert.deepEqual(await notInView(page.locator('#btn-hint')), [], 'Hint');
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Hint: \d+[-x]\d+/.test(document.querySelector('#status').textContent), null, { timeout: 10000 });
  const [from, to] = (await page.textContent('#status')).match(/Hint: (\d+)[-x](\d+)/).slice(1).map(Number);
  // The arrow's blue (drawn at 0.8 over the board) halfway along its first leg, from the next
  // frame on.
  let arrow = 0;
  for (let i = 0; i < 50 && arrow <= 20; i++) {
    if (i) await page.waitForTimeout(100);
    arrow = await pixelsNear(board, [from, to], hint, 60);
  }
  assert.ok(arrow > 20, `an arrow from ${from} to ${to}: ${arrow} pixels`);
  await screenshot(page, 'desktop-kings-hint');
  assert.deepEqual(await notInView(page.locator('#btn-flip')), [], 'Flip');
  await page.click('#btn-flip');
  assert.equal(await page.evaluate(() => window.__dama.orientation()), 'black');
  await screenshot(page, 'desktop-flipped');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// The test above draws at a desk; on a phone its two buttons, Flip behind More, are checked in
// view and tapped (what they draw is the same board's).
test('phone: Hint and Flip (behind More) are in view, and tapped they say a move and turn the board', { timeout: 30000 }, async () => {
  const page = await openPage(env, q('W:WK10,22,K30,27:B5,K19,12,K3', '&mode=computer&color=white&level=3'), PHONE);
  assert.deepEqual(await notInView(page.locator('#btn-hint')), [], 'Hint');
  await press(page, '#btn-hint', PHONE);
  await page.waitForFunction(() => /Hint: \d+[-x]\d+/.test(document.querySelector('#status').textContent), null, { timeout: 10000 });
  assert.deepEqual(await notInView(page.locator('#status')), [], 'the hint said');
  assert.equal(await page.isVisible('#btn-flip'), false, 'Flip waits behind More');
  assert.deepEqual(await notInView(page.locator('#btn-more')), [], 'More');
  await press(page, '#btn-more', PHONE);
  assert.deepEqual(await notInView(page.locator('#btn-flip')), [], 'Flip');
  await press(page, '#btn-flip', PHONE);
  assert.equal(await page.evaluate(() => window.__dama.orientation()), 'black');
  await screenshot(page, 'phone-flipped');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
