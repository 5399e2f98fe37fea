// The puzzles page (www/puzzles.html) as a player meets it: a given puzzle opened by its
// address, a wrong move refused and taken back, the line played to "Solved!" by clicking real
// squares (the opponent answering by itself), the record kept across a reload, hints, play
// from the keyboard, axe, and screenshots at desktop and phone sizes. The puzzles are the real
// file's (www/puzzles/italian.json); until it exists, a small set served in its place.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.mjs';
import { setup, newPage, squareRowCol, pointInBox, screenshot, axeViolations, pixelsNear, pickLanguage, fillableStorage, fillStorage, notInView, press, pressInView, SIZES } from './helpers.mjs';
import { loadCore } from '../unit/core.mjs';
import { THEMES } from '../../www/board/themes.js';

const REAL = join(ROOT, 'www', 'puzzles', 'italian.json');
// Stand-ins with the real file's format, used only while it does not exist.
const STAND_IN = {
  format: 1,
  variant: 'italian',
  generator: 'tests/browser/puzzles.test.mjs (stand-in)',
  puzzles: [
    { id: 'it-001', fen: 'W:W18,21:B3,14', line: ['18x11'], themes: ['shot'], rating: 900, depth: 1, score: 100, ply: 0 },
    { id: 'it-002', fen: 'W:W19,20,21,22,23,24,26,28,29,30,32:B1,3,5,6,8,9,11,12,13,15', line: ['21-18', '6-10', '19-14', '10x19', '23x7'], themes: ['shot', 'multi-capture'], rating: 1400, depth: 5, score: 200, ply: 20 },
    { id: 'it-003', fen: 'B:W17,19,22,23,24,25,29,32:B1,2,4,7,9,10,13,14', line: ['14-18', '19-14', '10x26', '29x22', '18x27'], themes: ['shot', 'multi-capture'], rating: 1500, depth: 5, score: 100, ply: 30 },
    { id: 'it-004', fen: 'W:W9,21,26,27,28,29,31,32:B1,2,3,4,5,15,19', line: ['27-23', '3-6', '23x14', '4-7', '21-17'], themes: ['shot'], rating: 1600, depth: 5, score: 100, ply: 25 },
  ],
};
const usingReal = existsSync(REAL);
const DATA = usingReal ? JSON.parse(readFileSync(REAL, 'utf8')) : STAND_IN;

const wasm = await loadCore();

/**
 * What the test needs to know of a puzzle, from the core (not from the page): the solver, the
 * line's moves with their squares, each position after them, and a legal move that is wrong.
 */
function study(p) {
  const g = new wasm.GameRecord('game', 'italian', p.fen);
  const solver = g.turn();
  const start = [...g.board()];
  const wrong = g.legalMoves().find((m) => m.text !== p.line[0]) ?? null;
  const firstMoves = g.legalMoves();
  const moves = [];
  const after = [];
  for (const text of p.line) {
    const legal = g.legalMoves();
    const m = legal.find((x) => x.text === text);
    // Captures sharing both ends are told apart by tapping their landing squares.
    const ambiguous = legal.filter((x) => x.from === m.from && x.to === m.to).length > 1;
    moves.push({ text, from: m.from, to: m.to, path: [...m.path], ambiguous });
    g.play(text);
    after.push([...g.board()]);
  }
  g.free();
  return { ...p, solver, start, wrong, moves, after, firstMoves };
}

const studied = DATA.puzzles.map(study);
// A puzzle with an opponent's reply (the auto-reply is shown) and a wrong move to try; a
// second one to solve cleanly; a third for the hints.
const withReply = studied.filter((p) => p.line.length >= 3 && p.wrong);
const [MAIN, CLEAN, HINTED] = [...withReply, ...studied.filter((p) => !withReply.includes(p) && p.wrong)];

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** A page on the puzzles page at `#id`, with the stand-ins served if the file is missing. */
async function openPuzzles(id, options = {}, page = null) {
  // The stand-ins are served by a route, which a service worker's fetches would bypass: the
  // pages have none (helpers.mjs).
  page ??= await newPage(env, options);
  if (!usingReal) {
    await page.route('**/www/puzzles/italian.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(STAND_IN) }));
  }
  await page.goto(`${env.server.url}www/puzzles.html${id ? '#' + id : ''}`);
  await page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
  return page;
}

/** The page's own state, read through its test hook. */
const hook = (page) =>
  page.evaluate(() => {
    const h = window.__puzzles;
    return { id: h.id(), pieces: h.pieces(), orientation: h.orientation(), busy: h.busy(), status: h.status(), stats: h.stats(), marks: h.marks() };
  });

/** Waits until nothing is under way (no reply pending, no animation). */
const idle = (page) => page.waitForFunction(() => !window.__puzzles.busy(), null, { timeout: 10000 });

/** Centre of square `sq` in page coordinates, from the canvas's box and the orientation. */
async function point(page, sq) {
  const { box, orientation } = await page.evaluate(() => {
    const r = window.__puzzles.canvas.getBoundingClientRect();
    return { box: { x: r.x, y: r.y, width: r.width }, orientation: window.__puzzles.orientation() };
  });
  return pointInBox(box, orientation, sq, 'italian');
}

async function tapSquare(page, sq) {
  const [x, y] = await point(page, sq);
  await page.mouse.click(x, y);
}

/** Plays a move by tapping its squares, as a player does. */
async function playMove(page, m) {
  await tapSquare(page, m.from);
  await tapSquare(page, m.to);
  if (m.ambiguous) for (const sq of m.path.slice(0, -1)) await tapSquare(page, sq);
}

/** Plays the puzzle's line from move `from` on: the solver's moves by tapping, the replies by waiting. */
async function playLine(page, p, from = 0) {
  for (let i = from; i < p.moves.length; i += 2) {
    await idle(page);
    await playMove(page, p.moves[i]);
    // The reply comes by itself: wait for the position after it (or after the last move).
    const target = p.after[Math.min(i + 1, p.moves.length - 1)];
    await page.waitForFunction((want) => JSON.stringify(window.__puzzles.pieces()) === JSON.stringify(want), target, { timeout: 10000 });
  }
  await idle(page);
}

test('a given puzzle opens by its address, oriented for the side to move, with its task said (a corrupt record ignored)', { timeout: 30000 }, async () => {
  const page = await newPage(env);
  await page.addInitScript(() => localStorage.setItem('dama.puzzles.italian', '{"version":1,"rating":'));
  await openPuzzles(MAIN.id, {}, page);
  const s = await hook(page);
  assert.equal(s.stats.rating, 1500, 'a new player');
  assert.equal(await page.textContent('#pz-score'), '0/0');
  assert.equal(s.id, MAIN.id);
  assert.deepEqual(s.pieces, MAIN.start);
  assert.equal(s.orientation, MAIN.solver);
  assert.match(s.status, new RegExp(`${MAIN.solver === 'white' ? 'White' : 'Black'} to play and win`));
  // The title says what the puzzle is; the id, which players share, is under it.
  assert.match(await page.textContent('#pz-title'), new RegExp(`^${MAIN.solver === 'white' ? 'White' : 'Black'} to play and win`));
  assert.equal(await page.textContent('#pz-id'), `Puzzle ${MAIN.id}`);
  assert.match(await page.textContent('#pz-rating'), new RegExp(String(MAIN.rating)));
  assert.equal(await page.locator('#pz-themes li').count(), MAIN.themes.length);
  // The filter lists every theme of the file once, after "All themes".
  const themes = [...new Set(DATA.puzzles.flatMap((p) => p.themes))];
  assert.deepEqual(await page.$$eval('#pz-theme option', (os) => os.map((o) => o.value)), ['', ...themes]);
  assert.equal(await page.getAttribute('#status', 'aria-live'), 'polite');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a wrong move is refused and taken back, the streak ends; the line then solves the puzzle; the record survives a reload', { timeout: 60000 }, async () => {
  const page = await openPuzzles(MAIN.id);
  await idle(page);
  await playMove(page, MAIN.wrong);
  await page.waitForFunction(() => /not the move/.test(window.__puzzles.status()));
  await idle(page);
  let s = await hook(page);
  assert.deepEqual(s.pieces, MAIN.start, 'the board shows the puzzle position again');
  assert.match(s.status, new RegExp(`${MAIN.wrong.text.replace(/[-x]/g, '.')} is not the move`));
  assert.match(s.status, /counts as missed/);
  assert.equal(s.stats.streak, 0);
  assert.equal(s.stats.tried, 1);
  assert.equal(s.stats.solved, 0);
  assert.equal(await page.textContent('#pz-streak'), '0');
  assert.equal(await page.textContent('#pz-score'), '0/1 (0%)');
  await screenshot(page, 'puzzles-desktop-wrong');

  // The right line: each solver move stays, the opponent answers by itself and is named.
  await playMove(page, MAIN.moves[0]);
  await page.waitForFunction((want) => JSON.stringify(window.__puzzles.pieces()) === JSON.stringify(want), MAIN.after[1], { timeout: 10000 });
  await idle(page);
  const replyWords = `${MAIN.solver === 'white' ? 'Black' : 'White'} replied ${MAIN.line[1]}`;
  assert.match((await hook(page)).status, new RegExp(replyWords));
  await playLine(page, MAIN, 2);
  s = await hook(page);
  assert.deepEqual(s.pieces, MAIN.after[MAIN.after.length - 1]);
  assert.equal(s.status, 'Solved, but not at the first try: for your rating it counts as missed.', 'solved after a mistake: missed for the rating');
  assert.equal(s.stats.solved, 0);

  // A second puzzle, solved cleanly: score and streaks go up, the rating too.
  await page.evaluate((id) => (location.hash = id), CLEAN.id);
  await page.waitForFunction((id) => window.__puzzles.id() === id, CLEAN.id);
  const before = (await hook(page)).stats.rating;
  await playLine(page, CLEAN);
  s = await hook(page);
  assert.match(s.status, /Solved! Your rating: \d+ \(\+\d+\)/);
  assert.deepEqual([s.stats.solved, s.stats.tried, s.stats.streak, s.stats.best], [1, 2, 1, 1]);
  assert.ok(s.stats.rating > before);
  await screenshot(page, 'puzzles-desktop-solved');

  // Reload: the record is still there and shown.
  const rating = s.stats.rating;
  await page.reload();
  await page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
  s = await hook(page);
  assert.deepEqual([s.stats.solved, s.stats.tried, s.stats.streak, s.stats.best, s.stats.rating], [1, 2, 1, 1, rating]);
  assert.equal(await page.textContent('#pz-score'), '1/2 (50%)');
  assert.equal(await page.textContent('#pz-streak'), '1');
  assert.equal(await page.textContent('#pz-best'), '1');
  assert.equal(await page.textContent('#pz-my-rating'), String(s.stats.rating));
  // Next puzzle: not one of the two already played.
  await page.click('#pz-next');
  const next = (await hook(page)).id;
  assert.ok(![MAIN.id, CLEAN.id].includes(next), next);
  assert.equal(await page.evaluate(() => location.hash), `#${next}`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of SIZES) {
  test(`${screen}: hint: first the piece to move, then the move; show solution plays the rest; retry starts over; each button in view`, { timeout: 30000 }, async () => {
    const page = await openPuzzles(HINTED.id, options);
    await idle(page);
    await pressInView(page, '#pz-hint', options);
    let s = await hook(page);
    assert.equal(s.marks.selected, HINTED.moves[0].from, 'the piece to move is marked');
    assert.match(s.status, new RegExp(`move the piece on ${HINTED.moves[0].from}\\b`));
    await screenshot(page, `puzzles-${screen}-hint-piece`);
    await pressInView(page, '#pz-hint', options);
    s = await hook(page);
    assert.equal(s.marks.hint, HINTED.line[0], 'then the move, as an arrow');
    assert.match(s.status, new RegExp(`play ${HINTED.line[0]}`));
    await pressInView(page, '#pz-solution', options);
    await page.waitForFunction(() => /That was the solution/.test(window.__puzzles.status()), null, { timeout: 15000 });
    await idle(page);
    s = await hook(page);
    assert.deepEqual(s.pieces, HINTED.after[HINTED.after.length - 1]);
    assert.equal(await page.isDisabled('#pz-hint'), true);
    // Once the line is out, the puzzle and its solution open on the analysis board.
    assert.deepEqual(await notInView(page.locator('#pz-analyse')), [], '#pz-analyse');
    const [tab] = await Promise.all([page.context().waitForEvent('page'), press(page, '#pz-analyse', options)]);
    await tab.waitForFunction(() => !!window.__analysis);
    assert.deepEqual(await tab.evaluate(() => window.__analysis.model().mainline().map((n) => n.text)), HINTED.line);
    assert.equal(await tab.evaluate(() => window.__analysis.model().root.fen), HINTED.fen);
    await tab.close();
    await pressInView(page, '#pz-retry', options);
    await idle(page);
    s = await hook(page);
    assert.deepEqual(s.pieces, HINTED.start);
    assert.match(s.status, /^(White|Black) to play and (win|crown a man)/);
    assert.equal(await page.isHidden('#pz-analyse'), true, 'not while the puzzle is to solve');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the first move can be played from the keyboard', { timeout: 30000 }, async () => {
  const page = await openPuzzles(CLEAN.id);
  await idle(page);
  await page.focus('.board-canvas');
  const orientation = (await hook(page)).orientation;
  const display = (sq) => {
    const [r, c] = squareRowCol(sq, 'italian');
    return orientation === 'black' ? [7 - r, 7 - c] : [r, c];
  };
  // Arrow keys towards the square, watching the board's cursor.
  const goTo = async (sq) => {
    const [tr, tc] = display(sq);
    for (let i = 0; i < 30; i++) {
      const cur = await page.evaluate(() => window.__puzzles.cursor());
      if (cur === sq) return;
      const [r, c] = display(cur);
      await page.keyboard.press(r > tr ? 'ArrowUp' : r < tr ? 'ArrowDown' : c > tc ? 'ArrowLeft' : 'ArrowRight');
    }
    assert.fail(`the cursor did not reach ${sq}`);
  };
  const m = CLEAN.moves[0];
  await goTo(m.from);
  await page.keyboard.press('Enter');
  await goTo(m.to);
  await page.keyboard.press('Enter');
  if (m.ambiguous) {
    for (const sq of m.path.slice(0, -1)) {
      await goTo(sq);
      await page.keyboard.press('Enter');
    }
  }
  await page.waitForFunction((want) => JSON.stringify(window.__puzzles.pieces()) === JSON.stringify(want), CLEAN.after[Math.min(1, CLEAN.after.length - 1)], { timeout: 10000 });
  // The cursor's squares are spoken.
  assert.match(await page.textContent('#live'), /Square \d+/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('axe finds nothing on the puzzles page, in English and Italian, and the page is translated', { timeout: 60000 }, async () => {
  const page = await openPuzzles(MAIN.id);
  await idle(page);
  assert.deepEqual(await axeViolations(page), [], 'the page');
  await pickLanguage(page, 'it');
  assert.equal(await page.textContent('#pz-next'), 'Esercizio successivo');
  assert.match((await hook(page)).status, /Muove il (Bianco|Nero) e (vince|guadagna|va a dama)/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
  assert.deepEqual(await axeViolations(page), [], 'in Italian');
  await pickLanguage(page, 'pt-BR');
  assert.match((await hook(page)).status, /As (Brancas|Pretas) jogam e (ganham|fazem dama)/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a puzzle that had no theme: its title says what it wins, its id is under it, and its theme is named, on a phone and at a desk', { timeout: 60000 }, async () => {
  // Black's 5-9 threatens nothing, yet every White move then gives a man: a waiting move
  // (one of the 30 puzzles the miner gave no theme).
  const p = DATA.puzzles.find((x) => x.fen === 'B:W16,17,20,21,22,23,24,25,26,32:B1,3,5,7,10,11,12,13,14,15');
  assert.ok(p, 'the shipped puzzle file holds the waiting move this test is about');
  assert.deepEqual(p.themes, ['waiting-move']);
  const sizes = { desktop: {}, phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } };
  for (const [name, options] of Object.entries(sizes)) {
    const page = await openPuzzles(p.id, options);
    await idle(page);
    assert.equal(await page.textContent('#pz-title'), 'Black to play and win a piece', name);
    assert.equal(await page.textContent('#pz-id'), `Puzzle ${p.id}`, name);
    assert.deepEqual(await page.$$eval('#pz-themes li', (li) => li.map((x) => x.textContent)), ['Waiting move'], name);
    assert.equal(await page.textContent('#pz-theme option[value="waiting-move"]'), 'Waiting move', name);
    assert.equal((await hook(page)).status, 'Black to play and win a piece.', name);
    // The id is secondary: smaller than the title.
    const [title, id] = await page.evaluate(() => ['pz-title', 'pz-id'].map((x) => parseFloat(getComputedStyle(/** @type {Element} */ (document.getElementById(x))).fontSize)));
    assert.ok(id < title, `${name}: the id (${id}px) is smaller than the title (${title}px)`);
    await page.locator('#pz-title').scrollIntoViewIfNeeded();
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${name}: nothing wider than the screen`);
    await screenshot(page, `puzzles-${name}-waiting-move`);
    assert.deepEqual(page.errors, [], name);
    await page.context().close();
  }
});

test('at a desk the second hint is drawn as an arrow on the board; on a phone nothing is wider than the screen and axe finds nothing', { timeout: 60000 }, async () => {
  const desk = await openPuzzles(MAIN.id);
  await idle(desk);
  await screenshot(desk, 'puzzles-desktop');
  // The first hint shows the piece, the second the move: its blue halfway along the arrow.
  await desk.click('#pz-hint');
  await desk.click('#pz-hint');
  await idle(desk);
  const move = (await hook(desk)).marks.hint;
  assert.match(move ?? '', /^\d+[-x]\d+/, 'the second hint is a move');
  const [from, to] = move.split(/[-x]/).map(Number);
  const canvas = await desk.evaluateHandle(() => window.__puzzles.canvas);
  const side = await desk.evaluate(() => window.__puzzles.orientation());
  let arrow = 0;
  for (let i = 0; i < 50 && arrow <= 20; i++) {
    if (i) await desk.waitForTimeout(100);
    arrow = await pixelsNear(canvas, [from, to], THEMES.classic.hint, 60, side);
  }
  assert.ok(arrow > 20, `an arrow from ${from} to ${to}: ${arrow} pixels`);
  await screenshot(desk, 'puzzles-desktop-hint');
  assert.deepEqual(desk.errors, []);
  await desk.context().close();
  const phone = await openPuzzles(MAIN.id, { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await idle(phone);
  // Nothing wider than the screen.
  assert.ok(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));
  await screenshot(phone, 'puzzles-phone');
  await phone.tap('#pz-hint');
  await idle(phone);
  await screenshot(phone, 'puzzles-phone-hint');
  assert.deepEqual(await axeViolations(phone), [], 'the phone page');
  assert.deepEqual(phone.errors, []);
  await phone.context().close();
});

// A full storage (issue 56, item 7): a result that cannot be stored is said under the record,
// the page goes on counting it, and the copy stored before stays whole.
test('a result met with a full storage is said not kept; the record stored before stays whole', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await fillableStorage(page);
  await openPuzzles(MAIN.id, {}, page);
  await idle(page);
  await playMove(page, MAIN.wrong);
  await page.waitForFunction(() => /not the move/.test(window.__puzzles.status()));
  const key = 'dama.puzzles.italian';
  const before = await page.evaluate((k) => localStorage.getItem(k), key);
  assert.equal(JSON.parse(before).tried, 1);
  assert.equal(await page.isVisible('#pz-not-kept'), false);

  await fillStorage(page, 'localStorage');
  await page.evaluate((id) => (location.hash = id), CLEAN.id);
  await page.waitForFunction((id) => window.__puzzles.id() === id, CLEAN.id);
  await idle(page);
  await playMove(page, CLEAN.wrong);
  await page.waitForFunction(() => /not the move/.test(window.__puzzles.status()));
  assert.equal((await hook(page)).stats.tried, 2, 'the page counts it');
  assert.equal(await page.textContent('#pz-score'), '0/2 (0%)');
  assert.equal(await page.isVisible('#pz-not-kept'), true);
  assert.match(await page.textContent('#pz-not-kept'), /could not be stored in this browser/);
  assert.equal(await page.evaluate((k) => localStorage.getItem(k), key), before, 'the stored record is the one before, whole');

  // Room again: the next result stores the whole record, and the words go.
  await fillStorage(page, null);
  await page.evaluate((id) => (location.hash = id), HINTED.id);
  await page.waitForFunction((id) => window.__puzzles.id() === id, HINTED.id);
  await idle(page);
  await playMove(page, HINTED.wrong);
  await page.waitForFunction(() => /not the move/.test(window.__puzzles.status()));
  const kept = JSON.parse(await page.evaluate((k) => localStorage.getItem(k), key));
  assert.equal(kept.tried, 3, 'the result met while full is kept with it');
  assert.deepEqual(Object.keys(kept.results).sort(), [MAIN.id, CLEAN.id, HINTED.id].sort());
  assert.equal(await page.isVisible('#pz-not-kept'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
