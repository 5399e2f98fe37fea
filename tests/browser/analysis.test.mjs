// The analysis board: live engine lines and an evaluation bar that moves after a blunder,
// variations that survive PDN, the keys of the sites, a review that finds a known blunder
// (and stays responsive: no long task), learning from it, and the way in from the game page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, newPage, screenshot, axeSource, axeViolations, clickMove, pressInView, PHONE } from './helpers.mjs';
import { openAnalysis as openPage, pdnHash, openText, clickBoardSquare } from './analysis-page.mjs';
import { ROOT } from './server.mjs';
import { mainThreadWork } from './main-thread.mjs';

// A 120-ply game of the engine against itself at level 7, but for Black's 11th move, 8-12,
// the worst move of the position (it gives a man away: 12. 15x8): written by a script with
// the engine's own analysis, kept as a fixture so that the review has a blunder to find.
const GAME = readFileSync(join(ROOT, 'tests', 'browser', 'fixtures', 'review-120.pdn'), 'utf8');
const BLUNDER_PLY = 22;

let env;
before(async () => {
  env = await setup({ analysisEngine: true }); // the engine's lines are what these test
});
after(async () => {
  await env?.close();
});

/**
 * The main thread's long tasks while the engine ran, in CPU time (see mainThreadWork). On a
 * quiet machine there are none (the closing note of the issue has the measurements); the page's
 * answer to a click (the board, the lines, the tree) may take over 50 ms now and then. So the
 * test allows a few such tasks, none over 250 ms and 500 ms in all: a page that did real work
 * on its thread during a search (hundreds of ms a time, at every depth) still fails.
 * @param {number[]} long
 */
function assertResponsive(long, what) {
  const total = long.reduce((a, b) => a + b, 0);
  assert.ok(long.every((d) => d <= 250) && total <= 500, `main-thread tasks over 50 ms of CPU ${what}: ${JSON.stringify(long)}`);
  if (long.length) console.log(`long tasks ${what}: ${JSON.stringify(long)}`);
}

/** The page; `reviewMs` chooses the review's time per move before the page reads it, and
 * `reviewDepth` (see openAnalysis) the depth its review searches to. */
const openAnalysis = (hash, options = {}, reviewMs = null, reviewDepth = 0) =>
  openPage(env, hash, options, [
    (ms) => {
      if (!ms) return;
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive') document.getElementById('an-review-time').value = String(ms);
      });
    },
    reviewMs,
  ], { reviewDepth });

const clickSquare = (page, sq) => clickBoardSquare(page, sq);

/** The engine's first line for White, once it is at least `depth` deep. */
async function evalFor(page, depth) {
  await page.waitForFunction((d) => (window.__analysis.lines()?.depth ?? 0) >= d, depth, { timeout: 30000 });
  return page.evaluate(() => {
    const l = window.__analysis.lines().lines[0];
    const white = window.__analysis.model().currentNode.fen.startsWith('W');
    return white ? l.score : -l.score;
  });
}

test('the engine analyses the position shown: lines deepen, the bar moves after a blunder, Stop stops', { timeout: 90000 }, async () => {
  const page = await openAnalysis(pdnHash(GAME, `&ply=${BLUNDER_PLY - 1}`));
  const before = await evalFor(page, 8);
  // From here on the engine runs: the page's own loading is not counted.
  const long = await mainThreadWork(page, async () => {
    const lines = await page.evaluate(() => window.__analysis.lines().lines.map((l) => l.move));
    assert.equal(lines.length, 3, 'three lines by default');
    assert.equal(new Set(lines).size, 3, 'three different moves');
    // The bar shows the first lines of a position at once, deeper ones within a quarter of a
    // second (lines.js): it has a score, and after the blunder it comes to White's side.
    const bar = await page.getAttribute('#evalbar', 'aria-valuetext');
    assert.notEqual(bar, '—');
    // Black plays the blunder on the board: the bar empties at once (never a stale score), then
    // shows White clearly better.
    await clickSquare(page, 8);
    await clickSquare(page, 12);
    assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.text), '8-12');
    const after = await evalFor(page, 8);
    assert.ok(after - before >= 100, `White gains at least a man: ${before} then ${after}`);
    await page.waitForFunction(() => /White is ahead by/.test(document.querySelector('#evalbar')?.getAttribute('aria-valuetext') ?? ''), null, { timeout: 2000 });
    await screenshot(page, 'analysis-desktop');
    // Stop: no more depths arrive.
    await pressInView(page, '#an-engine', {});
    assert.equal(await page.evaluate(() => window.__analysis.engineOn()), false);
    const depth = await page.evaluate(() => window.__analysis.lines()?.depth ?? 0);
    await page.waitForTimeout(1500);
    assert.equal(await page.evaluate(() => window.__analysis.lines()?.depth ?? 0), depth);
    // A click on a line's move plays the line up to it.
    await page.click('#an-engine');
    await evalFor(page, 4);
    await page.click('#an-engine'); // stopped, so that the lines shown stay the ones read
    const pv = await page.evaluate(() => window.__analysis.lines().lines[0].pv.slice(0, 2));
    await page.click('#an-pv li:first-child button.pv-move >> nth=1');
    assert.deepEqual(await page.evaluate(() => window.__analysis.model().movesTo().slice(-2)), pv);
  });
  assertResponsive(long, 'while the engine ran');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// The test above runs at a desk (its main-thread bounds are a desk's); on a phone its Stop is
// tapped in view (scrolled to, under the board), and stops the engine; tapped again, it starts.
test('phone: Stop, in view, stops the engine; tapped again it analyses again', { timeout: 60000 }, async () => {
  const page = await openAnalysis(pdnHash(GAME, `&ply=${BLUNDER_PLY - 1}`), PHONE);
  await page.waitForFunction(() => (window.__analysis.lines()?.depth ?? 0) >= 1, null, { timeout: 30000 });
  assert.equal(await page.evaluate(() => window.__analysis.engineOn()), true);
  await pressInView(page, '#an-engine', PHONE, { scroll: true });
  assert.equal(await page.evaluate(() => window.__analysis.engineOn()), false);
  const depth = await page.evaluate(() => window.__analysis.lines()?.depth ?? 0);
  await page.waitForTimeout(1000);
  assert.equal(await page.evaluate(() => window.__analysis.lines()?.depth ?? 0), depth, 'no depth after Stop');
  await pressInView(page, '#an-engine', PHONE, { scroll: true });
  assert.equal(await page.evaluate(() => window.__analysis.engineOn()), true);
  await page.waitForFunction((d) => (window.__analysis.lines()?.depth ?? 0) > d, depth, { timeout: 30000 });
  await pressInView(page, '#an-engine', PHONE, { scroll: true }); // off before the page closes
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the engine is on at a first visit; switched off, it stays off at the next visit until switched on again; a storage that fails leaves it on', { timeout: 60000 }, async () => {
  const page = await openPage(env, '');
  const on = () => page.evaluate(() => window.__analysis.engineOn());
  assert.equal(await on(), true, 'on at a first visit');
  await page.click('#an-engine');
  assert.equal(await on(), false);
  await page.reload();
  await page.waitForFunction(() => !!window.__analysis);
  assert.equal(await on(), false, 'still off after a reload');
  assert.equal(await page.getAttribute('#an-engine', 'aria-pressed'), 'false');
  // A second tab of the same browser opens it off too.
  const tab = await page.context().newPage();
  await tab.goto(`${env.server.url}www/analysis.html`);
  await tab.waitForFunction(() => !!window.__analysis);
  assert.equal(await tab.evaluate(() => window.__analysis.engineOn()), false, 'off in another tab');
  await tab.close();
  await page.click('#an-engine');
  await page.waitForFunction(() => (window.__analysis.lines()?.depth ?? 0) >= 2);
  await page.reload();
  await page.waitForFunction(() => !!window.__analysis);
  assert.equal(await on(), true, 'on again after a reload');
  assert.deepEqual(page.errors, []);
  await page.context().close();
  // Storage that throws on every call (blocked, or full): on, the button still works, no error.
  const blocked = await openPage(env, '', {}, () => {
    Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('blocked', 'SecurityError'); } });
  });
  assert.equal(await blocked.evaluate(() => window.__analysis.engineOn()), true);
  await blocked.click('#an-engine');
  assert.equal(await blocked.evaluate(() => window.__analysis.engineOn()), false);
  assert.deepEqual(blocked.errors, []);
  await blocked.context().close();
});

test('a variation played on the board is kept in PDN, with its comment, and read back', { timeout: 60000 }, async () => {
  const page = await openAnalysis(pdnHash('1. 22-18 10-14 2. 21-17 14x21 *', '&ply=1'));
  await page.click('#an-engine'); // the engine is not needed here
  // Black's other move from the same position: a variation.
  await clickSquare(page, 12);
  await clickSquare(page, 16);
  const node = await page.evaluate(() => window.__analysis.model().currentNode);
  assert.equal(node.text, '12-16');
  assert.equal(node.mainline, false);
  assert.equal(await page.locator('#an-moves .variation').count(), 1);
  await page.fill('#an-comment', 'A quieter try.');
  await page.locator('#an-comment').blur();
  const pdn = await page.evaluate(() => window.__analysis.pdn());
  assert.match(pdn, /\(1\.\.\. 12-16 \{A quieter try\.\}\)/);
  // Read back through the page's own box: the same tree.
  await openText(page, pdn);
  const nodes = await page.evaluate(() => window.__analysis.model().nodes.map((n) => [n.text, n.mainline, n.comment]));
  assert.deepEqual(nodes, [
    ['', true, null],
    ['22-18', true, null],
    ['10-14', true, null],
    ['21-17', true, null],
    ['14x21', true, null],
    ['12-16', false, 'A quieter try.'],
  ]);
  // The keys: End, Home, Right, Down (to the variation), Left.
  await page.keyboard.press('End');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.text), '14x21');
  await page.keyboard.press('Home');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.ply), 0);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.text), '10-14');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.text), '12-16');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.text), '22-18');
  // Promote makes the variation the game; delete removes it.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await page.click('#an-promote');
  assert.deepEqual(await page.evaluate(() => window.__analysis.model().mainline().map((n) => n.text)), ['22-18', '12-16']);
  await page.click('#an-delete');
  assert.deepEqual(await page.evaluate(() => window.__analysis.model().mainline().map((n) => n.text)), ['22-18', '10-14', '21-17', '14x21']);
  // A bad text is refused in words and the tree is kept.
  await openText(page, '1. 22-17 *');
  assert.match(await page.textContent('#an-error'), /could not be opened/);
  assert.equal(await page.evaluate(() => window.__analysis.model().nodes.length), 5);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a review of a 60-move game finds the known blunder, draws its graph, and is saved as PDN annotations', { timeout: 120000 }, async () => {
  // Each position searched to depth 18 (the address's review=1 starts it at once), not for a
  // time: a search's depth on a loaded machine decided the verdict (a fresh-clone run judged
  // the blunder a mistake once; at depth 14 it is a mistake; at 16, White's score rising 10 to
  // 156, a blunder by a hair; at 18, 12 to 222). How long a review takes is the machine's: it
  // is logged, not judged.
  const page = await openAnalysis(pdnHash(GAME, '&review=1'), {}, 100, 18);
  await page.waitForFunction(() => window.__analysis.review().positions.length > 0);
  const long = await mainThreadWork(page, () =>
    page.waitForFunction(() => window.__analysis.review().running === false && window.__analysis.review().moves.length === 120, null, { timeout: 90000 }).then(() => {}),
  );
  const r = await page.evaluate(() => window.__analysis.review());
  console.log(`review of 120 plies at depth 18: ${Math.round(r.timeMs)} ms`);
  const blunder = r.moves.find((m) => m.ply === BLUNDER_PLY);
  assert.equal(blunder.move, '8-12');
  assert.equal(blunder.mover, 'black');
  const j = blunder.judgement;
  assert.equal(j, 'blunder', JSON.stringify(r.positions.slice(BLUNDER_PLY - 1, BLUNDER_PLY + 1)));
  assert.ok(blunder.best && blunder.best !== '8-12');
  assert.ok(Number(await page.textContent(`#an-summary tr.${j} td[data-side="black"]`)) >= 1);
  assert.equal(await page.locator(`#an-moves button.${j}[data-ply="${BLUNDER_PLY}"]`).count(), 1);
  assert.equal(await page.locator(`#graph circle.g-${j}`).count() >= 1, true);
  assertResponsive(long, 'during the review');
  // The annotations: the NAG, the evaluation and the better move, and its line as a variation.
  const pdn = await page.evaluate(() => window.__analysis.pdn());
  const [nag, word] = [4, 'Blunder'];
  assert.match(pdn, new RegExp(`8-12\\s+\\$${nag}\\s+\\{\\[%eval [0-9.]+\\] ${word}\\.(?: [A-Z][a-z ]+\\.)? Best: ${blunder.best}\\.\\}`));
  assert.match(pdn, new RegExp(`\\(11\\.\\.\\. ${blunder.best}`));
  // A click on the graph goes to the move under it.
  const box = await page.locator('#graph').boundingBox();
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.ply), 60);
  await screenshot(page, 'analysis-review-desktop');
  assert.deepEqual(page.errors, []);

  // Learn from the mistakes: Black's first lesson (the known blunder, or a mistake the engine
  // finds before it), replayed. The move played is refused, the best move is right.
  const lessons = r.moves.filter((m) => m.mover === 'black' && (m.judgement === 'mistake' || m.judgement === 'blunder') && m.best);
  assert.ok(lessons.some((m) => m.ply === BLUNDER_PLY), 'the known blunder is a lesson');
  const lesson = lessons[0];
  await page.selectOption('#an-learn-side', 'black');
  await page.click('#an-learn');
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.ply), lesson.ply - 1);
  assert.ok((await page.textContent('#an-learn-text')).includes(lesson.move));
  const squares = (/** @type {string} */ move) => move.split(/[-x]/).map(Number);
  const played = squares(lesson.move);
  await clickSquare(page, played[0]);
  await clickSquare(page, played[played.length - 1]);
  assert.match(await page.textContent('#an-learn-text'), /Not that one/);
  assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.ply), lesson.ply - 1);
  const best = squares(lesson.best);
  await clickSquare(page, best[0]);
  await clickSquare(page, best[best.length - 1]);
  await page.waitForFunction(() => window.__analysis.learn().state === 'good');
  assert.match(await page.textContent('#an-learn-text'), /Good move/);
  await page.context().close();
});

test('the review read back from a saved PDN, and the page on a phone with no axe violations', { timeout: 60000 }, async () => {
  const annotated = '[GameType "22"]\n{[%eval 0.00]} 1. 22-18 {[%eval 0.05]} 10-14 {[%eval 0.10]} 2. 21-17 $4 {[%eval -2.40] Blunder. Best: 23-19.} 14x21 {[%eval -2.30]} *';
  const page = await openAnalysis(pdnHash(annotated, '&ply=3'), { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const r = await page.evaluate(() => window.__analysis.review());
  assert.equal(r.moves.find((m) => m.ply === 3).judgement, 'blunder');
  assert.equal(await page.isVisible('#graph'), true);
  // The comment shows the words, not the evaluation's command.
  const comments = await page.locator('#an-moves .comment').allTextContents();
  assert.ok(comments.includes('Blunder. Best: 23-19.'), JSON.stringify(comments));
  assert.ok(!comments.some((c) => c.includes('%eval')));
  await page.click('#an-engine');
  await screenshot(page, 'analysis-phone');
  assert.deepEqual(await axeViolations(page, axeSource()), []);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Brazilian position is analysed in its own notation', { timeout: 60000 }, async () => {
  const page = await openAnalysis('#variant=brazilian');
  await page.waitForFunction(() => (window.__analysis.lines()?.depth ?? 0) >= 6, null, { timeout: 30000 });
  const moves = await page.evaluate(() => window.__analysis.lines().lines.map((l) => l.move));
  assert.equal(moves.length, 3);
  for (const m of moves) assert.match(m, /^[a-h][1-8]-[a-h][1-8]$/);
  assert.match(await page.textContent('#an-game'), /Brazilian/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the game page opens the analysis in a new tab at the position shown, the game untouched', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.goto(`${env.server.url}?mode=two-players`);
  await page.waitForFunction(() => window.__dama?.ready === true);
  await clickMove(page, '22-18');
  await clickMove(page, '10-14');
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#btn-analyse')]);
  await tab.waitForFunction(() => !!window.__analysis);
  assert.deepEqual(await tab.evaluate(() => window.__analysis.model().movesTo()), ['22-18', '10-14']);
  assert.deepEqual(await page.evaluate(() => window.__dama.history()), ['22-18', '10-14']);
  // "Review": the review is written into the game saved in the library, as PDN annotations.
  const [rev] = await Promise.all([page.context().waitForEvent('page'), page.click('#btn-review-game')]);
  await rev.waitForFunction(() => window.__analysis && !window.__analysis.review().running && window.__analysis.review().moves.length === 2, null, { timeout: 30000 });
  const id = new URL(rev.url()).hash.match(/id=([^&]+)/)?.[1];
  assert.ok(id, 'the saved game is named');
  await rev.waitForFunction(() => /Saved/.test(document.getElementById('an-saved').textContent));
  const saved = await rev.evaluate(async (key) => {
    const { Library } = await import('./library/library.js');
    return (await (await Library.open()).get(decodeURIComponent(key)))?.pdn;
  }, id);
  assert.match(saved, /22-18\s+\{\[%eval -?[0-9.]+\]\}\s+(1\.\.\.\s+)?10-14\s+\{\[%eval -?[0-9.]+\]\}/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
