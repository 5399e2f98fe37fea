// The game a first visit opens on (issue 55, item 5): a Brazilian browser's first visit is
// Brazilian draughts on every page (the game page, the analysis board, the puzzles, the rules'
// first game), at phone and desktop sizes; an Italian or English browser's is Italian; the game
// can still be changed, and the one chosen is remembered on every page. Which of the browser's
// languages decide, and plain "pt": tests/unit/preferred-variant.test.mjs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, screenshot, PHONE, DESKTOP, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** Each page, and the game it shows once ready. */
const PAGES = {
  game: { path: '', ready: () => window.__dama?.ready === true, game: () => window.__dama.variant() },
  analysis: { path: 'www/analysis.html', ready: () => !!window.__analysis, game: () => window.__analysis.model().variant },
  puzzles: { path: 'www/puzzles.html', ready: () => window.__puzzles?.ready === true, game: () => document.querySelector('#pz-game').value },
  rules: { path: 'www/rules.html', ready: () => window.__rulesReady === true, game: () => document.querySelector('main section').id },
};

/** The game each page of a context shows, opened in turn in one tab (its storage shared). */
async function gamesShown(page) {
  const shown = {};
  for (const [name, p] of Object.entries(PAGES)) {
    await page.goto(env.server.url + p.path);
    await page.waitForFunction(p.ready, null, { timeout: 20000 });
    shown[name] = await page.evaluate(p.game);
  }
  return shown;
}

const every = (game) => ({ game, analysis: game, puzzles: game, rules: game });

test("a Brazilian browser's first visit is Brazilian draughts on every page, at phone and desktop sizes", { timeout: 90000 }, async () => {
  for (const [name, options] of SIZES) {
    const page = await newPage(env, { locale: 'pt-BR', ...options });
    assert.deepEqual(await gamesShown(page), every('brazilian'), name);
    // The rules: the Brazilian game first in the contents too.
    assert.deepEqual(await page.locator('.games-toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['#brazilian', '#italian']);
    await page.goto(env.server.url);
    await page.waitForFunction(PAGES.game.ready);
    assert.equal(await page.textContent('#subtitle'), 'Damas brasileiras');
    assert.deepEqual(await page.evaluate(() => window.__dama.legalMoves().sort()), ['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4']);
    await screenshot(page, `first-game-pt-BR-${name}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('an Italian or English browser opens on Italian draughts', { timeout: 90000 }, async () => {
  for (const [locale, options] of [['it-IT', PHONE], ['en-US', DESKTOP]]) {
    const page = await newPage(env, { locale, ...options });
    assert.deepEqual(await gamesShown(page), every('italian'), locale);
    assert.deepEqual(await page.locator('.games-toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href'))), ['#italian', '#brazilian']);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the game can still be changed, and the one chosen is remembered on every page', { timeout: 90000 }, async () => {
  // A Brazilian browser chooses Italian draughts in the New game dialog.
  const page = await newPage(env, { locale: 'pt-BR', ...PHONE });
  await page.goto(env.server.url);
  await page.waitForFunction(PAGES.game.ready);
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  assert.equal(await page.isChecked('#new-game input[name="variant"][value="brazilian"]'), true, 'the dialog offers the Brazilian game first');
  await page.check('#new-game input[name="variant"][value="italian"]');
  await page.click('#new-game button[value="start"]');
  await page.waitForFunction(() => window.__dama.variant() === 'italian');
  assert.equal(await page.textContent('#subtitle'), 'Damas italianas');
  assert.deepEqual(await gamesShown(page), every('italian'), 'after choosing Italian');
  await page.context().close();

  // An Italian browser chooses the Brazilian puzzles: the other pages follow from then on.
  const it = await newPage(env, { locale: 'it-IT', ...DESKTOP });
  await it.goto(env.server.url + PAGES.puzzles.path);
  await it.waitForFunction(PAGES.puzzles.ready);
  await Promise.all([it.waitForURL(/game=brazilian/), it.selectOption('#pz-game', 'brazilian')]);
  await it.waitForFunction(PAGES.puzzles.ready);
  assert.deepEqual(await gamesShown(it), every('brazilian'), 'after choosing the Brazilian puzzles');
  // An address that names a game still opens it.
  await it.goto(env.server.url + 'www/analysis.html?variant=italian');
  await it.waitForFunction(PAGES.analysis.ready);
  assert.equal(await it.evaluate(PAGES.analysis.game), 'italian');
  assert.deepEqual(it.errors, []);
  await it.context().close();
});
