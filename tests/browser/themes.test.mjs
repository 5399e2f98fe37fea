// Board themes and piece sets (issue 21, item 1): chosen in the game page's "Board" dialog,
// drawn at once on every board (the game's, the analysis board's, the puzzles', the rules'
// diagrams, the <dama-board> element's and the frame's), in other open tabs too, and kept in
// this browser; the element and the frame also take theme and pieces attributes. Colours are
// checked on the canvas's own pixels, not only in the board's state.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, newPage, screenshot, squareRowCol, axeSource, axeViolations, reveal, PHONE, SIZES } from './helpers.mjs';
import { THEMES, FRAMES } from '../../www/board/themes.js';

// Kings and men of both sides, and empty dark squares (13-15, 18-20, 26-32).
const KINGS = '?mode=two-players&fen=W:W21,22,23,24,25,K17:B1,2,3,4,5,K16';
const KEY = 'dama.board.v1';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const hex = (/** @type {string} */ c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16));
const near = (/** @type {number[]} */ a, /** @type {number[]} */ b, tol = 12) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

/**
 * The colour drawn at a point of square `sq` on `canvas` (a handle), as [r, g, b]: the centre,
 * or `dx` cells to the right of it. Geometry from the helpers (Italian, turned for Black).
 */
async function pixel(canvas, sq, { orientation = 'white', dx = 0 } = {}) {
  const [row, col] = squareRowCol(sq);
  const [r, c] = orientation === 'black' ? [7 - row, 7 - col] : [row, col];
  return canvas.evaluate((el, [r, c, dx]) => {
    const cell = el.width / 8;
    const d = el.getContext('2d').getImageData(Math.round((c + 0.5 + dx) * cell), Math.round((r + 0.5) * cell), 1, 1).data;
    return [d[0], d[1], d[2]];
  }, [r, c, dx]);
}

/** Waits until the empty dark square `sq` of the canvas is drawn in `theme`'s dark colour. */
async function waitForDark(canvasFn, sq, theme, opts) {
  await waitForColour(canvasFn, sq, hex(THEMES[theme].dark), `${theme}'s`, opts);
}

/** Waits until the empty square `sq` is drawn in `want` (the board redraws on its next frame, not at once). */
async function waitForColour(canvasFn, sq, want, what, opts) {
  const end = Date.now() + 10000;
  let got;
  for (;;) {
    got = await pixel(await canvasFn(), sq, opts);
    if (near(got, want)) return;
    if (Date.now() > end) assert.fail(`square ${sq} is ${got}, not ${what} ${want}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const gameCanvas = (page) => () => page.evaluateHandle(() => document.querySelector('#board').canvas);

/** Opens the Board dialog as a player does. */
async function openSettings(page) {
  await reveal(page, '#btn-settings');
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
}

async function choose(page, name, value) {
  await page.check(`#settings input[name="${name}"][value="${value}"]`);
}

for (const [screen, options] of SIZES) {
  test(`${screen}: the Board dialog: each theme and piece set is drawn at once, and kept`, { timeout: 120000 }, async () => {
    const page = await openPage(env, KINGS, options);
    await openSettings(page);
    // The player's choice so far: the board the site always had.
    assert.equal(await page.isChecked('#settings input[value="classic"]'), true);
    assert.equal(await page.isChecked('#settings input[value="discs"]'), true);
    await waitForDark(gameCanvas(page), 14, 'classic');
    for (const pieces of ['discs', 'flat']) {
      await choose(page, 'pieces', pieces);
      for (const theme of ['classic', 'wood', 'marble', 'contrast']) {
        await choose(page, 'theme', theme);
        // Drawn at once, with no reload; the frame around the board in the theme's colours.
        await waitForDark(gameCanvas(page), 14, theme);
        assert.equal(await page.evaluate(() => document.querySelector('#board').pieceSet), pieces);
        const frame = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--frame1').trim());
        assert.equal(frame, FRAMES[theme][0]);
        await page.keyboard.press('Escape');
        await screenshot(page, `theme-${theme}-${pieces}-${screen}`);
        await openSettings(page);
      }
    }
    await page.keyboard.press('Escape');
    // Black's men carry a white ring in high contrast (told apart by shape); not in the others.
    const ring = async () => pixel(await gameCanvas(page)(), 2, { dx: 0.37 * 0.6 });
    assert.ok(near(await ring(), [255, 255, 255], 30), `contrast: the ring on Black's man is white: ${await ring()}`);
    await openSettings(page);
    await choose(page, 'theme', 'marble');
    await page.keyboard.press('Escape');
    await waitForDark(gameCanvas(page), 14, 'marble');
    assert.ok(!near(await ring(), [255, 255, 255], 60), `marble: no ring: ${await ring()}`);
    // Kept in this browser, under a versioned key, and read back after a reload.
    assert.deepEqual(JSON.parse(await page.evaluate((k) => localStorage.getItem(k), KEY)), { theme: 'marble', pieces: 'flat', premoves: true, threads: 0 });
    await page.reload();
    await page.waitForFunction(() => window.__dama?.ready === true);
    await waitForDark(gameCanvas(page), 14, 'marble');
    assert.equal(await page.evaluate(() => document.querySelector('#board').pieceSet), 'flat');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('a stored value that is not ours is ignored field by field; the page comes up all the same', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.addInitScript((k) => localStorage.setItem(k, '{"theme":"neon","pieces":"flat","premoves":"yes"}'), KEY);
  await page.goto(env.server.url + KINGS);
  await page.waitForFunction(() => window.__dama?.ready === true);
  await waitForDark(gameCanvas(page), 14, 'classic');
  assert.equal(await page.evaluate(() => document.querySelector('#board').pieceSet), 'flat');
  await openSettings(page);
  assert.equal(await page.isChecked('#settings input[value="classic"]'), true);
  assert.equal(await page.isChecked('#settings input[name="premoves"]'), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('every page with a board follows the choice, and a change in one tab redraws the others at once', { timeout: 120000 }, async () => {
  const game = await openPage(env, KINGS);
  const context = game.context();
  await openSettings(game);
  await choose(game, 'theme', 'contrast');
  const open = async (path, ready) => {
    const p = await context.newPage();
    p.errors = [];
    p.on('pageerror', (err) => p.errors.push(String(err)));
    await p.goto(env.server.url + path);
    await p.waitForFunction(ready, null, { timeout: 20000 });
    return p;
  };
  const analysis = await open('www/analysis.html', () => !!window.__analysis);
  const puzzles = await open('www/puzzles.html', () => window.__puzzles?.ready === true);
  const rules = await open('www/rules.html', () => window.__rulesReady === true);
  const frame = await open('www/frame.html?mode=two-players', () => document.querySelector('dama-board')?.isReady);
  const analysisCanvas = () => analysis.evaluateHandle(() => document.querySelector('#board canvas'));
  const puzzlesCanvas = () => puzzles.evaluateHandle(() => window.__puzzles.canvas);
  const frameCanvas = () => frame.evaluateHandle(() => document.querySelector('dama-board').canvas);
  // An empty dark square of the puzzle shown, wherever it is.
  const emptySquare = await puzzles.evaluate(() => window.__puzzles.pieces().findIndex((p) => p === 0) + 1);
  const puzzleSide = await puzzles.evaluate(() => window.__puzzles.orientation());
  // A light square of the first diagram (its top row's second cell): white in high contrast.
  const diagramLight = () =>
    rules.evaluate(() => {
      const c = document.querySelector('canvas[data-fen]');
      const cell = c.width / 8;
      const d = c.getContext('2d').getImageData(Math.round(1.5 * cell), Math.round(0.5 * cell), 1, 1).data;
      return [d[0], d[1], d[2]];
    });
  for (const theme of ['contrast', 'wood']) {
    if (theme !== 'contrast') await choose(game, 'theme', theme); // in the game's tab only
    await waitForDark(analysisCanvas, 14, theme);
    await waitForDark(puzzlesCanvas, emptySquare, theme, { orientation: puzzleSide });
    await waitForDark(frameCanvas, 14, theme);
    const want = hex(THEMES[theme].light);
    for (let i = 0; i < 50 && !near(await diagramLight(), want); i++) await rules.waitForTimeout(100);
    assert.ok(near(await diagramLight(), want), `rules diagram: ${await diagramLight()} is not ${theme}'s light ${want}`);
  }
  // The pieces too, on the element of another tab.
  await choose(game, 'pieces', 'flat');
  await frame.waitForFunction(() => document.querySelector('dama-board').ground.state.pieceSet === 'flat');
  await choose(game, 'theme', 'contrast');
  await waitForDark(analysisCanvas, 14, 'contrast');
  await screenshot(analysis, 'theme-contrast-flat-analysis');
  await screenshot(puzzles, 'theme-contrast-flat-puzzles');
  await screenshot(rules, 'theme-contrast-flat-rules');
  for (const p of [game, analysis, puzzles, rules, frame]) assert.deepEqual(p.errors, [], p.url());
  await context.close();
});

test('the element and the frame take theme and pieces attributes, over the player\'s choice; a bad one is ignored', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.addInitScript((k) => localStorage.setItem(k, '{"theme":"contrast","pieces":"discs"}'), KEY);
  const canvas = () => page.evaluateHandle(() => document.querySelector('dama-board').canvas);
  const el = (fn) => page.evaluate(fn);
  await page.goto(`${env.server.url}www/frame.html?mode=two-players&theme=marble&pieces=flat`);
  await page.waitForFunction(() => document.querySelector('dama-board')?.isReady);
  await waitForDark(canvas, 14, 'marble');
  assert.equal(await el(() => document.querySelector('dama-board').pieceSet), 'flat');
  // Changed on the element: drawn at once; a name that is no theme falls back to the player's.
  await el(() => document.querySelector('dama-board').setAttribute('theme', 'wood'));
  await waitForDark(canvas, 14, 'wood');
  await el(() => document.querySelector('dama-board').setAttribute('theme', 'neon'));
  await waitForDark(canvas, 14, 'contrast');
  await el(() => document.querySelector('dama-board').removeAttribute('pieces'));
  await page.waitForFunction(() => document.querySelector('dama-board').ground.state.pieceSet === 'discs');
  // A host's CSS custom property still changes one colour on top of the theme.
  await el(() => document.querySelector('dama-board').style.setProperty('--dama-dark', '#123456'));
  await el(() => document.querySelector('dama-board').refreshTheme());
  await waitForColour(canvas, 14, hex('#123456'), 'the host\'s');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('axe: the Board dialog has no violations, in English and Italian', { timeout: 60000 }, async () => {
  const source = axeSource();
  const page = await openPage(env, '?mode=computer&color=white&level=1', PHONE);
  await openSettings(page);
  assert.deepEqual(await axeViolations(page, source), [], 'en');
  await page.keyboard.press('Escape');
  await reveal(page, '#lang');
  await page.selectOption('#lang', 'it');
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  await openSettings(page);
  assert.equal(await page.textContent('#settings h2'), 'Damiera e pezzi');
  assert.deepEqual(await axeViolations(page, source), [], 'it');
  await screenshot(page, 'settings-dialog-it-phone');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
