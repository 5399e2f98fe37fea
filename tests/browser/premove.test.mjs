// Premoves on the game page (issue 21, item 2): while the computer thinks, the player picks up
// a piece and puts it down (a drag, or two taps); the board marks both squares and moves
// nothing; when the reply comes the premove is played at once if the core finds it legal,
// else it is dropped with a notice saying why. The computer's reply is held until the test
// lets it go (its search is gated), and each position leaves it one legal reply, so nothing
// here depends on timing or on the engine's choice.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickSquare, dragSquare, history, screenshot, squarePoint, pickLanguage, reveal } from './helpers.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** The page's engine answers only when the test says so: its search's result is held. */
async function holdReplies(page) {
  // The engine loads once the board is playable.
  await page.waitForFunction(() => !!window.__dama.engine);
  await page.evaluate(() => {
    const engine = window.__dama.engine;
    const search = engine.search.bind(engine);
    window.__held = [];
    engine.search = async (owner, req) => {
      const res = await search(owner, req);
      await new Promise((release) => window.__held.push(release));
      return res;
    };
  });
}
/** Waits until the computer's reply is found and held. */
const replyHeld = (page) => page.waitForFunction(() => window.__held.length > 0 && window.__dama.thinking() === 'move', null, { timeout: 15000 });
const release = (page) => page.evaluate(() => window.__held.shift()());
const premove = (page) => page.evaluate(() => document.querySelector('#board').premove);
const pieceOn = (page, sq) => page.evaluate((sq) => document.querySelector('#board').pieces()[sq - 1], sq);
const notice = (page) => page.evaluate(() => (document.querySelector('#notice').hidden ? '' : document.querySelector('#notice').textContent));

async function tap(page, sq) {
  const [x, y] = await squarePoint(page, sq);
  await page.touchscreen.tap(x, y);
}

test('a premove that is legal once the computer has answered is played the moment it answers', { timeout: 60000 }, async () => {
  // Black's only reply to 31-27 is 8-12; then 22-18 is legal.
  const page = await openPage(env, '?mode=computer&color=white&level=1&fen=W:W22,31:B8');
  await holdReplies(page);
  await clickSquare(page, 31);
  await clickSquare(page, 27);
  await replyHeld(page);
  await dragSquare(page, 22, 18);
  assert.deepEqual(await premove(page), { from: 22, to: 18 });
  assert.equal(await pieceOn(page, 22), 1, 'the piece stays where it is until the premove is played');
  assert.equal(await pieceOn(page, 18), 0);
  assert.deepEqual(await history(page), ['31-27']);
  await release(page);
  // The reply and the premove arrive in the same task: no moment shows the one without the other.
  await page.waitForFunction(() => window.__dama.history().length >= 2);
  assert.deepEqual(await history(page), ['31-27', '8-12', '22-18']);
  assert.equal(await premove(page), null);
  assert.equal(await notice(page), '');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a premove the rules refuse once the computer has answered is dropped, saying why, in the page\'s language', { timeout: 60000 }, async () => {
  // Black's only reply to 30-26 is 8-12, after which 16 must capture: 26-22 is refused.
  const page = await openPage(env, '?mode=computer&color=white&level=1&fen=W:W16,30:B8', PHONE);
  await holdReplies(page);
  await tap(page, 30);
  await tap(page, 26);
  await replyHeld(page);
  // Two taps, as for a move.
  await tap(page, 26);
  await tap(page, 22);
  assert.deepEqual(await premove(page), { from: 26, to: 22 });
  await screenshot(page, 'premove-shown-phone');
  await release(page);
  await page.waitForFunction(() => window.__dama.history().length === 2);
  assert.deepEqual(await history(page), ['30-26', '8-12']);
  assert.equal(await premove(page), null);
  assert.equal(await notice(page), 'Premove cancelled. Capturing is compulsory: the piece on 16 must capture.');
  await screenshot(page, 'premove-refused-phone');
  await reveal(page, '#lang');
  await pickLanguage(page, 'it');
  assert.match(await notice(page), /^Premossa annullata\. La presa è obbligatoria/);
  // Still the player's move: the capture is there to be made.
  assert.equal(await page.evaluate(() => window.__dama.turn()), 'white');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a tap on the premoved piece or on an empty square cancels the premove; so does Undo; the setting turns premoves off', { timeout: 90000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1&fen=W:W22,31:B8');
  await holdReplies(page);
  await clickSquare(page, 31);
  await clickSquare(page, 27);
  await replyHeld(page);
  const queue = async () => {
    await clickSquare(page, 22);
    await clickSquare(page, 18);
    assert.deepEqual(await premove(page), { from: 22, to: 18 });
  };
  await queue();
  await clickSquare(page, 22);
  assert.equal(await premove(page), null, 'a tap on the premoved piece');
  await queue();
  await clickSquare(page, 15);
  assert.equal(await premove(page), null, 'a tap on an empty square');
  await queue();
  await page.click('#btn-undo');
  assert.equal(await premove(page), null, 'Undo');
  assert.deepEqual(await history(page), []);
  await release(page); // the reply to the move taken back: ignored
  await page.waitForTimeout(700);
  assert.deepEqual(await history(page), []);

  // Premoves off: a piece cannot even be picked up while the computer thinks.
  await reveal(page, '#btn-settings');
  await page.click('#btn-settings');
  // Its code and markup come when first opened; until it shows, its box is not the setting's.
  await page.waitForSelector('#settings[open]');
  await page.uncheck('#settings input[name="premoves"]');
  await page.keyboard.press('Escape');
  await clickSquare(page, 31);
  await clickSquare(page, 27);
  await replyHeld(page);
  await clickSquare(page, 22);
  await clickSquare(page, 18);
  assert.equal(await premove(page), null);
  assert.equal(await page.evaluate(() => document.querySelector('#board').ground.state.selected), 0);
  await release(page);
  await page.waitForFunction(() => window.__dama.history().length === 2);
  await page.waitForTimeout(300);
  assert.deepEqual(await history(page), ['31-27', '8-12']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('nothing premoves between two people', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=two-players&fen=W:W22,31:B8');
  await clickSquare(page, 31);
  await clickSquare(page, 27);
  // Black to move: White's pieces cannot be picked up or queued.
  await clickSquare(page, 22);
  await clickSquare(page, 18);
  assert.equal(await premove(page), null);
  assert.equal(await page.evaluate(() => document.querySelector('#board').ground.state.selected), 0);
  await clickSquare(page, 8);
  await clickSquare(page, 12);
  assert.deepEqual(await history(page), ['31-27', '8-12']);
  assert.equal(await pieceOn(page, 22), 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
