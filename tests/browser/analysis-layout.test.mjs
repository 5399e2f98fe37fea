// The analysis board as club players use it (issue 55, item 6). At 1280x800 the move list began
// at y=616, below the board's reach: now the moves are beside the board under the engine lines
// (the chess sites' layout), the current move in view with the whole board; after Open the board
// is in view again; "Copy link" opens at the move shown, a variation's move too.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, newPage, screenshot, pressInView, CLIPBOARD, SIZES, PHONE } from './helpers.mjs';
import { DESKTOP, openAnalysis, openText } from './analysis-page.mjs';
import { ROOT } from './server.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const GAME = readFileSync(join(ROOT, 'tests', 'browser', 'fixtures', 'review-120.pdn'), 'utf8');

/** A box as [left, top, right, bottom], rounded. */
const box = (page, sel) =>
  page.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom].map(Math.round);
  }, sel);

/** Whether the box is wholly on the screen. */
const onScreen = ([l, t, r, b], { width, height }) => l >= 0 && t >= 0 && r <= width && b <= height;

for (const lang of ['en', 'it']) {
  test(`desktop, ${lang}: the moves are beside the board with the engine lines, the current move and the whole board in view at once (item 6)`, { timeout: 60000 }, async () => {
    const page = await openAnalysis(env, '', { ...DESKTOP, locale: lang, analysisEngine: true });
    await openText(page, GAME);
    await page.waitForFunction(() => (window.__analysis.lines()?.depth ?? 0) >= 4, null, { timeout: 30000 });
    const screen = DESKTOP.viewport;
    // A move halfway through the game, and the end: each time the board, the lines and the move
    // shown are all on the screen, the page not scrolled.
    for (const ply of [60, 120]) {
      await page.evaluate((p) => window.__analysis.model().goto(window.__analysis.model().mainlineAt(p).id), ply);
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight'); // the page's own navigation draws the move shown
      await page.waitForFunction((p) => window.__analysis.model().currentNode.ply === p, ply);
      const board = await box(page, '#board');
      const lines = await box(page, '#an-pv');
      const moves = await box(page, '#an-moves');
      const current = await box(page, '#an-moves .current');
      assert.ok(onScreen(board, screen), `the board on the screen: ${board}`);
      assert.ok(onScreen(current, screen), `ply ${ply}: the move shown on the screen: ${current}`);
      assert.ok(current[1] >= moves[1] - 1 && current[3] <= moves[3] + 1, `ply ${ply}: the move shown inside its list: ${current} in ${moves}`);
      // Beside the board: to its right, beginning within its height, under the engine lines.
      assert.ok(moves[0] > board[2], `the moves right of the board: ${moves} / ${board}`);
      assert.ok(moves[1] < board[3] - 100, `the moves begin beside the board, not under it: ${moves} / ${board}`);
      assert.ok(lines[0] > board[2] && lines[3] <= moves[1], `the engine lines above the moves: ${lines} / ${moves}`);
      assert.ok(moves[3] - moves[1] >= 4 * 32, `four rows of moves or more: ${moves}`);
      assert.equal(await page.evaluate(() => scrollY), 0, 'the page is not scrolled');
    }
    if (lang === 'en') await screenshot(page, 'analysis-desk-1280x800');
    // The row is the board's: the panel no taller than the board's column, however long the game.
    const area = await box(page, '.board-area');
    const panel = await box(page, '.analysis-page .panel');
    assert.ok(Math.abs(panel[3] - area[3]) <= 2, `the panel ends with the board's column: ${panel} / ${area}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

for (const [screen, options] of SIZES) {
  test(`${screen}: after Open, from the box or from the list of games, the board is in view (item 6)`, { timeout: 60000 }, async () => {
    const page = await openAnalysis(env, '', options);
    const tap = (sel) => (options.hasTouch ? page.tap(sel) : page.click(sel));
    // One game, pasted into the box under the board and opened: the page was scrolled down to it.
    await page.fill('#an-input', GAME);
    await page.locator('#an-open').scrollIntoViewIfNeeded();
    assert.equal(onScreen(await box(page, '#board'), options.viewport), false, 'scrolled to the box, the board is off the screen');
    await tap('#an-open');
    await page.evaluate(() => window.__analysis.opening());
    await page.waitForFunction(() => window.__analysis.model().mainline().length === 120);
    await page.waitForFunction(() => document.querySelector('#board').getBoundingClientRect().top >= 0);
    assert.ok(onScreen(await box(page, '#board'), options.viewport), `the board in view after Open: ${await box(page, '#board')}`);
    // Two games: chosen in the list, the board is in view once the list has closed.
    const two = '[White "Anna"]\n[Black "Bruno"]\n1. 22-18 11-14 *\n\n[White "Carla"]\n[Black "Dario"]\n1. 21-17 12-16 *';
    await page.fill('#an-input', two);
    await page.locator('#an-open').scrollIntoViewIfNeeded();
    await tap('#an-open');
    await page.waitForSelector('#picker[open]');
    await page.waitForSelector('#picker-list:not([aria-busy])', { state: 'attached' });
    await tap('#picker-list tr:nth-child(2) button');
    await page.waitForFunction(() => !document.querySelector('#picker').open);
    await page.waitForFunction(() => window.__analysis.model().mainline()[0]?.text === '21-17');
    await page.waitForTimeout(100); // a frame or two: the focus back on Open must not scroll away
    assert.ok(onScreen(await box(page, '#board'), options.viewport), `the board in view after a game chosen: ${await box(page, '#board')}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('Copy link on a variation\'s move opens the game at that move; a line the game has not is said (item 6)', { timeout: 60000 }, async () => {
  const page = await openAnalysis(env, '', { ...DESKTOP, ...CLIPBOARD });
  await openText(page, GAME);
  // A variation from a main-line move of the game's (the first from the 10th with a choice),
  // two moves long, and the page at its end.
  const { want, from } = await page.evaluate(() => {
    const m = window.__analysis.model();
    const legal = () => {
      const g = m.gameAt();
      const out = g.legalMoves().map((x) => x.text);
      g.free();
      return out;
    };
    let ply = 10;
    for (; ; ply++) {
      m.goto(m.mainlineAt(ply).id);
      if (legal().length > 1) break;
    }
    m.play(legal().find((t) => t !== m.mainlineAt(ply + 1).text));
    m.play(legal()[0]);
    return { want: m.movesTo(), from: ply };
  });
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.mainline), false);
  await pressInView(page, '#an-copy-link', DESKTOP, { scroll: true });
  await page.waitForFunction(() => /Link copied|Link copiato|Link copiado/.test(document.getElementById('an-saved').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const params = new URLSearchParams(link.split('#')[1]);
  assert.equal(params.get('ply'), String(from));
  assert.equal(params.get('line'), want.slice(from).join(','));
  const opened = await newPage(env, DESKTOP);
  await opened.goto(link);
  await opened.waitForFunction(() => !!window.__analysis && window.__analysis.model().mainline().length > 0);
  assert.deepEqual(await opened.evaluate(() => window.__analysis.model().movesTo()), want, 'opened at the variation\'s move');
  assert.equal(await opened.isVisible('#an-error'), false);
  // A line the game does not have: said, and the board at the main line's move.
  const wrong = link.replace(/line=[^&]*/, 'line=1-5,2-6');
  const other = await newPage(env, DESKTOP);
  await other.goto(wrong);
  await other.waitForFunction(() => !!window.__analysis && window.__analysis.model().mainline().length > 0);
  assert.equal(await other.evaluate(() => window.__analysis.model().currentNode.ply), from);
  assert.match(await other.textContent('#an-error'), /line=1-5,2-6 is not understood/);
  assert.deepEqual([...page.errors, ...opened.errors], []);
  for (const p of [page, opened, other]) await p.context().close();
});

// The test above opens its links at a desk; on a phone Copy link, under the board, is tapped in
// view (scrolled to) and copies a link at the move shown.
test('phone: Copy link, in view, copies a link at the move shown', { timeout: 60000 }, async () => {
  const page = await openAnalysis(env, '', { ...PHONE, ...CLIPBOARD });
  await openText(page, GAME);
  const ply = await page.evaluate(() => {
    const m = window.__analysis.model();
    m.goto(m.mainlineAt(12).id);
    return m.currentNode.ply;
  });
  await pressInView(page, '#an-copy-link', PHONE, { scroll: true });
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('an-saved').textContent));
  const link = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URLSearchParams(link.split('#')[1]).get('ply'), String(ply));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
