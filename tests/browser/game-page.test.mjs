// The game page at a desk (issue 21, items 8 and 9): the move list scrolls inside its box, so
// the latest move stays in view without the page scrolling; ← → Home End step through the
// moves as on the analysis board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, openPage, screenshot } from './helpers.mjs';
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
