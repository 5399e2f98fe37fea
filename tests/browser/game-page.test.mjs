// The game page at a desk (issue 21, items 8 and 9): the move list scrolls inside its box, so
// the latest move stays in view without the page scrolling; ← → Home End step through the
// moves as on the analysis board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, openPage, screenshot, clickMove, SIZES } from './helpers.mjs';
import { openIn } from './phone-page.mjs';
import { ROOT } from './server.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const GAME = readFileSync(join(ROOT, 'tests/browser/fixtures/review-120.pdn'), 'utf8');

async function openGame(page) {
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', GAME);
  await page.click('#pdn-open');
  await page.waitForFunction(() => window.__dama.history().length === 120);
}

test('at 1280x800 the latest move is in view and the page does not scroll (item 8)', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await openGame(page);
  const view = await page.evaluate(() => {
    const cur = document.querySelector('#moves .current');
    const r = cur?.getBoundingClientRect();
    return { bottom: r?.bottom ?? Infinity, top: r?.top ?? -1, height: innerHeight, page: document.scrollingElement.scrollHeight };
  });
  assert.ok(view.top >= 0 && view.bottom <= view.height, `the current move is in view: ${JSON.stringify(view)}`);
  assert.ok(view.page <= view.height + 1, `the page itself does not scroll: ${view.page} > ${view.height}`);
  // Back to the first moves: the list follows the move shown.
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const first = await page.evaluate(() => {
    const r = document.querySelector('#moves .current')?.getBoundingClientRect();
    return r ? r.top >= 0 && r.bottom <= innerHeight : false;
  });
  assert.ok(first, 'the first move is in view');
  await screenshot(page, 'desktop-long-game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('← → Home End step through the moves on the game page (item 9)', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await openGame(page);
  const shown = () => page.evaluate(() => window.__dama.board.reviewing);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await shown(), 119);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await shown(), 118);
  await page.keyboard.press('ArrowRight');
  assert.equal(await shown(), 119);
  await page.keyboard.press('Home');
  assert.equal(await shown(), 0);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await shown(), 0, 'nothing before the start');
  await page.keyboard.press('End');
  assert.equal(await shown(), null, 'back to the game');
  // Not while typing: the arrow keys are the text field's.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.focus('#pdn-in');
  await page.keyboard.press('Home');
  await page.keyboard.press('Escape');
  assert.equal(await shown(), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// Issue 55, item 6: looking back at an earlier move while a game is on said "Your move" (or
// "Tocca a te", "Sua vez"), though that move is the game's, not the one shown. MOVE stands for
// the move looked at ("2. 23-19").
const LOOKING = { en: /^Looking back at MOVE;.*Back to game\.$/, it: /^Stai riguardando MOVE;.*Torna alla partita\.$/, 'pt-BR': /^Você está revendo MOVE;.*Voltar à partida\.$/ };
const START = { en: /^Looking back at the start position;/, it: /^Stai riguardando la posizione iniziale;/, 'pt-BR': /^Você está revendo a posição inicial;/ };
const YOUR_MOVE = { en: 'Your move.', it: 'Tocca a te.', 'pt-BR': 'Sua vez.' };

for (const [screen, options] of SIZES) {
  for (const lang of ['en', 'it', 'pt-BR']) {
    test(`${screen}, ${lang}: looking back at an earlier move, the status says so, not "your move"; back to the game, it is your move again (item 6)`, { timeout: 60000 }, async () => {
      // Against the computer, which answers at once: three moves each, then the player's turn.
      const page = await openIn(env, '?mode=computer&level=1', () => window.__dama?.ready === true, lang, options);
      for (let i = 0; i < 3; i++) {
        const n = await page.evaluate(() => window.__dama.history().length);
        await clickMove(page, await page.evaluate(() => window.__dama.legalMoves()[0]));
        await page.waitForFunction((k) => window.__dama.history().length >= k + 2 && !window.__dama.thinking(), n, { timeout: 20000 });
      }
      const plies = await page.evaluate(() => window.__dama.history().length);
      assert.equal(plies, 6, 'three moves each');
      const status = () => page.textContent('#status');
      assert.equal((await status()).startsWith(YOUR_MOVE[lang]), true, 'the game: your move');
      // The move list's third move (White's second), as a player taps it.
      const move = page.locator('#moves button[data-ply="3"]');
      const moveText = (await move.textContent()).trim();
      await (options.hasTouch ? move.tap() : move.click());
      await page.waitForFunction(() => window.__dama.board.reviewing === 3);
      const said = await status();
      assert.equal(said.includes(YOUR_MOVE[lang]), false, `not "your move": ${said}`);
      assert.match(said, new RegExp(LOOKING[lang].source.replace('MOVE', `2\\. ${moveText}`)), said);
      if (lang === 'pt-BR') await screenshot(page, `looking-back-${screen}-${lang}`);
      // Back to the start with the arrows: said too.
      await page.evaluate(() => window.__dama.board.review(0));
      await page.waitForFunction(() => window.__dama.board.reviewing === 0);
      assert.match(await status(), START[lang]);
      // Back to the game: your move again.
      await (options.hasTouch ? page.tap('#btn-back') : page.click('#btn-back'));
      await page.waitForFunction(() => window.__dama.board.reviewing === null);
      assert.equal((await status()).startsWith(YOUR_MOVE[lang]), true);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}
