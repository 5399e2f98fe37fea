// No message moves the game page's buttons (issue 21, item 5): a refused tap's notice pushed
// them down by 78 px at a desk and 101 px on a phone, so the next tap hit the wrong button.
// The buttons' boxes are measured before and after each message, on a phone and at a desk, in
// the three languages (the words' lengths differ): not a pixel.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, clickSquare, clickMove, screenshot, settle, SIZES } from './helpers.mjs';
import { LANGS, openIn, boxes, shift } from './phone-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** What must stay put: every button under the messages. */
const STILL = '#controls button';
// White must capture (21x14 or 22x13); 29 could move, were it not for that.
const MUST_CAPTURE = 'W:W21,22,29:B18,5';
// Brazilian: a flying king with two routes to d2 and e3 (tests/browser/brazilian-play.test.mjs).
const FLYING = 'W:WK14:B2,8,10,11,19';

const ready = () => window.__dama?.ready === true;

for (const [screen, options] of SIZES) {
  for (const lang of LANGS) {
    test(`${screen}, ${lang}: a refused tap, a capture to choose, the status and the update bar move no button (item 5)`, { timeout: 60000 }, async () => {
      const page = await openIn(env, `?variant=italian&mode=two-players&fen=${encodeURIComponent(MUST_CAPTURE)}`, ready, lang, options);
      await settle(page);
      const start = await boxes(page, STILL);
      assert.ok(Object.keys(start).length >= 6, `buttons measured: ${Object.keys(start)}`);
      const moved = [];
      const check = async (what) => {
        const d = shift(start, await boxes(page, STILL));
        if (d) moved.push(`${what}: ${d} px`);
      };
      // A piece that cannot capture, while capturing is compulsory: the notice says so.
      await clickSquare(page, 29);
      await page.waitForSelector('#notice:not([hidden])');
      await check('a piece with no move tapped');
      if (lang === 'it') await screenshot(page, `notice-${screen}-${lang}`);
      // A move that is refused: the rule, in the page's words.
      await clickSquare(page, 21);
      await clickSquare(page, 17);
      await page.waitForFunction(() => /\S/.test(document.querySelector('#notice').textContent));
      await check('a refused move');
      // The notice goes with the next move, and the status changes.
      // (With another piece than the one the refused move left picked up.)
      const capture = (await page.evaluate(() => window.__dama.legalMoves())).find((m) => m.startsWith('22'));
      await clickMove(page, capture);
      await page.waitForFunction(() => window.__dama.history().length === 1);
      await settle(page);
      await check('a move played');
      // A new version is ready: its bar comes over the page.
      await page.evaluate(() => {
        document.querySelector('#update-text').textContent = 'A new version is ready.';
        document.querySelector('#update').hidden = false;
      });
      await check('the update bar');
      await page.evaluate(() => (document.querySelector('#update').hidden = true));
      // Two captures ending on the same square: the choices are listed.
      await page.evaluate((fen) => window.__dama.board.newGame({ variant: 'brazilian', mode: 'two-players', fen }), FLYING);
      await settle(page);
      const brazilian = await boxes(page, STILL);
      await clickSquare(page, 'c5');
      await clickSquare(page, 'd2');
      await page.waitForSelector('#choices:not([hidden])');
      const d = shift(brazilian, await boxes(page, STILL));
      if (d) moved.push(`the capture choices: ${d} px`);
      if (lang === 'pt-BR') await screenshot(page, `choices-${screen}-${lang}`);
      assert.deepEqual(moved, []);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}
