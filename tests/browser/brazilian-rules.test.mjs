// The rules page's Brazilian section: its diagrams (mirrored board, algebraic names, the
// moves each one shows and its text alternative), in Portuguese for a Brazilian browser,
// and the whole page checked by axe-core (which must be installed: without it the test fails).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, screenshot, axeViolations, pickLanguage } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

async function openRules(options = {}) {
  const page = await newPage(env, { viewport: { width: 1000, height: 900 }, ...options });
  await page.goto(env.server.url + 'www/rules.html');
  await page.waitForFunction(() => window.__rulesReady === true);
  return page;
}

// The moves each Brazilian diagram shows, as a player writes them (RULES.md's rules, worked
// out by hand and by a throwaway brute-force generator that matched the published perft).
const SHOWN = {
  'W:WK29:B18,19': 'a1xe5xg3, a1xe5xh2', // a flying king's capture, landing where it likes at the end
  'W:W22:B18,19': 'c3xe5xg3', // a man captures backwards
  'W:W22:BK18': 'c3xe5', // a man captures a king (not in Italian)
  'W:W22,K31:B10,18,24': 'c3xe5xc7', // majority: two by the man beat one by the king
  'W:W10:B7,8': 'd6xf8xh6', // passing the far row: still a man
};

test('the Brazilian section: mirrored diagrams with their moves, in Brazilian Portuguese', { timeout: 30000 }, async () => {
  const page = await openRules({ locale: 'pt-BR' });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
  assert.equal(await page.inputValue('#lang'), 'pt-BR');
  assert.equal(await page.textContent('h1'), 'Regras: damas italianas e damas brasileiras');
  assert.equal(await page.textContent('#brazilian-title'), 'Regras das damas brasileiras');
  assert.equal(await page.title(), 'Dama: regras');
  assert.equal(await page.locator('#brazilian canvas[data-variant="brazilian"]').count(), 6);
  for (const [fen, shown] of Object.entries(SHOWN)) {
    assert.equal(await page.getAttribute(`#brazilian canvas[data-fen="${fen}"]`, 'data-shown'), shown, fen);
  }
  // Text alternatives name the squares the Brazilian way.
  assert.equal(
    await page.getAttribute('#brazilian canvas[data-fen="W:WK29:B18,19"]', 'aria-label'),
    'Brancas: dama em a1. Pretas: pedras em d4, f4. Setas: a1xe5xg3, a1xe5xh2.',
  );
  assert.equal(
    await page.getAttribute('#brazilian canvas[data-arrows="none"]', 'aria-label'),
    'Brancas: pedras em a3, c3, e3, g3, b2, d2, f2, h2, a1, c1, e1, g1. Pretas: pedras em b8, d8, f8, h8, a7, c7, e7, g7, b6, d6, f6, h6.',
  );
  assert.match(await page.textContent('#brazilian'), /lei da maioria/);

  // The start diagram is the mirrored board: a1 (bottom left) is dark and holds a white man.
  const cells = await page.evaluate(() => {
    const c = document.querySelector('#brazilian canvas[data-arrows="none"]');
    const ctx = c.getContext('2d');
    const cell = c.width / 8;
    const px = (col, row, fx, fy) => [...ctx.getImageData(Math.floor((col + fx) * cell), Math.floor((row + fy) * cell), 1, 1).data];
    return { a1Ground: px(0, 7, 0.85, 0.15), h1Ground: px(7, 7, 0.85, 0.15), a1Piece: px(0, 7, 0.5, 0.4), b8Piece: px(1, 0, 0.5, 0.4) };
  });
  assert.ok(cells.a1Ground[0] < 150, 'a1 is dark');
  assert.ok(cells.h1Ground[0] > 150, 'h1 is light');
  assert.ok(cells.a1Piece[0] > 180, 'a white man on a1');
  assert.ok(cells.b8Piece[0] < 90, 'a black man on b8');

  await page.locator('#brazilian').scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 1000, height: 2000 });
  await page.locator('#brazilian').screenshot({ path: new URL('./screenshots/rules-brazilian-pt.png', import.meta.url).pathname });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the diagrams follow a change of language, text alternatives included', { timeout: 30000 }, async () => {
  const page = await openRules({ locale: 'en-GB' });
  const sel = '#brazilian canvas[data-fen="W:W10:B7,8"]';
  assert.equal(await page.getAttribute(sel, 'aria-label'), 'White: man on d6. Black: men on e7, g7. Arrows: d6xf8xh6.');
  await pickLanguage(page, 'it');
  assert.equal(await page.getAttribute(sel, 'aria-label'), 'Bianco: pedina in d6. Nero: pedine in e7, g7. Frecce: d6xf8xh6.');
  assert.equal(await page.textContent('#brazilian-title'), 'Regole della dama brasiliana');
  await screenshot(page, 'rules-brazilian-italian');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('axe finds no accessibility violations on the rules page, in each language', { timeout: 60000 }, async () => {
  const page = await openRules();
  for (const lang of ['en', 'it', 'pt-BR']) {
    await pickLanguage(page, lang);
    assert.deepEqual(await axeViolations(page), [], lang);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
