// The board in Brazilian orientation: the geometry in Node (numbering, hit-testing, names),
// then the canvas itself in Chromium through a page that mounts the board alone
// (fixtures/brazilian-board.html): where square 1 and 29 are drawn, which squares are dark,
// what a click reports, and the files and ranks on the edges.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  squareToRowCol,
  rowColToSquare,
  squareAt,
  squareCenter,
  squareName,
  squareFromName,
  isPlaying,
} from '../../www/board/util.js';
import { defaults } from '../../www/board/state.js';
import { configure } from '../../www/board/config.js';
import { boardLayout } from '../../www/game/board-config.js';
import { planMove, frame } from '../../www/board/anim.js';
import { setup, newPage, SCREENSHOTS } from './helpers.mjs';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';

// The Brazilian board's layout: mirrored (game/board-config.js, boardLayout).
const B = true;

test('Brazilian numbering: 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1 (RULES.md)', () => {
  const names = Array.from({ length: 32 }, (_, i) => squareName(i + 1, B));
  assert.deepEqual(names, [
    'b8', 'd8', 'f8', 'h8', 'a7', 'c7', 'e7', 'g7',
    'b6', 'd6', 'f6', 'h6', 'a5', 'c5', 'e5', 'g5',
    'b4', 'd4', 'f4', 'h4', 'a3', 'c3', 'e3', 'g3',
    'b2', 'd2', 'f2', 'h2', 'a1', 'c1', 'e1', 'g1',
  ]);
  for (let sq = 1; sq <= 32; sq++) {
    assert.equal(rowColToSquare(...squareToRowCol(sq, B), B), sq);
    assert.equal(squareFromName(squareName(sq, B), B), sq);
    assert.ok(isPlaying(...squareToRowCol(sq, B), B));
  }
  // a1 is dark, h1 and a8 are light; the long diagonal a1-h8 is 29-25-22-18-15-11-8-4.
  assert.equal(squareFromName('a1', B), 29);
  assert.equal(squareFromName('h1', B), 0);
  assert.equal(squareFromName('a8', B), 0);
  const diag = [29, 25, 22, 18, 15, 11, 8, 4].map((sq) => squareToRowCol(sq, B));
  diag.forEach(([r, c], i) => assert.deepEqual([r, c], [7 - i, i]));
  // The Italian board beside it: 1 = a8 there.
  assert.equal(squareName(1, false), 'a8');
  assert.equal(squareFromName('a8', false), 1);
});

test('each Brazilian player has a dark square at the near left', () => {
  const size = 800;
  assert.equal(squareAt(1, 799, size, 'white', B), 29, 'bottom-left from White: a1');
  assert.equal(squareAt(799, 799, size, 'white', B), 0, 'bottom-right from White: h1 is light');
  assert.equal(squareAt(1, 1, size, 'white', B), 0, 'top-left from White: a8 is light');
  assert.equal(squareAt(150, 50, size, 'white', B), 1, 'b8');
  assert.equal(squareAt(1, 799, size, 'black', B), 4, 'bottom-left from Black: h8');
  assert.equal(squareAt(799, 1, size, 'black', B), 29, 'top-right from Black: a1');
  assert.deepEqual(squareCenter(29, size, 'white', B), [50, 750]);
  assert.deepEqual(squareCenter(1, size, 'white', B), [150, 50]);
  assert.deepEqual(squareCenter(1, size, 'black', B), [650, 750]);
});

test('the board state: not mirrored until told, a change of geometry drops a selection', () => {
  const state = defaults();
  assert.equal(state.mirrored, false);
  assert.equal(state.edgeLabels, false);
  configure(state, { movable: { color: 'white', moves: [] }, pieces: new Int8Array(32).fill(1, 20) });
  state.selected = 22;
  configure(state, { mirrored: B });
  assert.equal(state.mirrored, true);
  assert.equal(state.selected, 0);
  configure(state, { mirrored: 'yes' });
  assert.equal(state.mirrored, false, 'a value that is not true is the unmirrored board');
  // The board knows no game: a game's name is no key of its config.
  configure(state, { variant: 'brazilian' });
  assert.equal(state.mirrored, false);
  assert.ok(!('variant' in state));
});

test("a game's board: Brazilian mirrored with its files and ranks on the edges, Italian neither", () => {
  assert.deepEqual(boardLayout('brazilian'), { mirrored: true, edgeLabels: true });
  assert.deepEqual(boardLayout('italian'), { mirrored: false, edgeLabels: false });
});

test('animations follow the variant: a Brazilian capture slides through its own squares', () => {
  const before = new Int8Array(32);
  before[21] = 1; // c3
  before[17] = -1; // d4
  before[18] = -1; // f4
  const move = { from: 22, to: 24, path: [15, 24], captured: [18, 19], text: 'c3xe5xg3' };
  const plan = planMove(move, before, { quiet: 200, hop: 100, fade: 50 }, B);
  const mid = frame(plan, plan.start + 100);
  assert.deepEqual([mid.moving[0].row, mid.moving[0].col], squareToRowCol(15, B));
  assert.deepEqual(squareToRowCol(15, B), [3, 4], 'e5');
});

// --- the canvas in a browser

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

async function openBoard(query) {
  const page = await newPage(env, { viewport: { width: 560, height: 560 } });
  await page.goto(env.server.url + 'tests/browser/fixtures/brazilian-board.html' + query);
  // Drawn once the board knows its size (a ResizeObserver) and a frame has run.
  await page.waitForFunction(() => window.__board?.state.size > 0);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page;
}

// What is drawn in each of the 64 cells, read from the canvas's pixels: whether the square
// is dark (sampled in its top-right corner, where no piece, number or edge label reaches),
// the brightness at its centre (a white piece is bright, a black one dark), and how many
// pixels of the bottom corners differ from the square (the edge labels).
async function readCells(page) {
  return page.evaluate(() => {
    const canvas = window.__board.canvas;
    const ctx = canvas.getContext('2d');
    const cell = canvas.width / 8;
    const px = (x, y) => ctx.getImageData(Math.floor(x), Math.floor(y), 1, 1).data;
    const lum = (d) => 0.3 * d[0] + 0.59 * d[1] + 0.11 * d[2];
    const out = [];
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const x = c * cell;
        const y = r * cell;
        const ground = px(x + cell * 0.85, y + cell * 0.15);
        let marks = 0;
        for (const [x0, x1] of [[0.03, 0.2], [0.8, 0.97]]) {
          const box = ctx.getImageData(Math.floor(x + cell * x0), Math.floor(y + cell * 0.8), Math.floor(cell * (x1 - x0)), Math.floor(cell * 0.17)).data;
          for (let i = 0; i < box.length; i += 4) {
            if (Math.abs(box[i] - ground[0]) + Math.abs(box[i + 1] - ground[1]) + Math.abs(box[i + 2] - ground[2]) > 90) marks++;
          }
        }
        out.push({ r, c, dark: ground[0] < 150, centre: lum(px(x + cell / 2, y + cell / 2 - cell * 0.1)), marks });
      }
    }
    return out;
  });
}

test('Brazilian board in the browser: squares, pieces, clicks and the files and ranks', { timeout: 30000 }, async () => {
  // A black man on 1, a white man on 29, a white king on 32.
  const page = await openBoard('?variant=brazilian&numbers&fen=W:W29,K32:B1');
  const cells = await readCells(page);
  const at = (r, c) => cells[r * 8 + c];
  for (const { r, c, dark } of cells) assert.equal(dark, (r + c) % 2 === 1, `cell ${'abcdefgh'[c]}${8 - r} dark`);
  assert.ok(at(7, 0).dark, 'a1 is dark');
  assert.ok(!at(7, 7).dark, 'h1 is light');
  // Square 1 is drawn at b8 (row 0, col 1): a black man there; 29 at a1: a white man.
  assert.ok(at(0, 1).centre < 80, `b8 holds a black piece (${at(0, 1).centre})`);
  assert.ok(at(7, 0).centre > 150, `a1 holds a white piece (${at(7, 0).centre})`);
  assert.ok(at(7, 6).centre > 150, `g1 holds the white king (${at(7, 6).centre})`);
  assert.deepEqual(await page.evaluate(() => [1, 29, 32].map((sq) => window.__board.squareCenter(sq))), [[90, 30], [30, 450], [390, 450]]);
  // Files along the bottom row, ranks up the left column; nothing in the middle of the board.
  for (let c = 0; c < 8; c++) assert.ok(at(7, c).marks > 8, `file label under ${'abcdefgh'[c]}`);
  for (let r = 0; r < 7; r++) assert.ok(at(r, 0).marks > 8, `rank label ${8 - r}`);
  assert.equal(at(3, 4).marks, 0, 'e5 has no label');

  // Clicks report the square under the pointer, in the Brazilian numbering.
  const box = await page.evaluate(() => {
    const r = window.__board.canvas.getBoundingClientRect();
    return { x: r.x, y: r.y, cell: r.width / 8 };
  });
  const click = (file, rank) => page.mouse.click(box.x + (file + 0.5) * box.cell, box.y + (8.5 - rank) * box.cell);
  await click(1, 8); // b8
  await click(0, 1); // a1
  await click(6, 1); // g1
  await click(7, 1); // h1: light, nothing
  await click(0, 8); // a8: light, nothing
  await click(4, 5); // e5
  assert.deepEqual(await page.evaluate(() => window.__taps), [1, 29, 32, 15]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.locator('#host').screenshot({ path: join(SCREENSHOTS, 'brazilian-board.png') });

  // From Black's side: h8 (square 4) at the bottom left, still a dark square; the files run h-a.
  await page.evaluate(() => window.__board.flip());
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const flipped = await readCells(page);
  assert.ok(flipped[7 * 8 + 0].dark, 'the bottom-left square is dark from Black too');
  assert.ok(flipped[7 * 8 + 7].centre > 150, 'a1 (white man) is now bottom-right');
  await page.evaluate(() => (window.__taps.length = 0));
  await page.mouse.click(box.x + 0.5 * box.cell, box.y + 7.5 * box.cell);
  await page.mouse.click(box.x + 7.5 * box.cell, box.y + 0.5 * box.cell);
  assert.deepEqual(await page.evaluate(() => window.__taps), [4, 29]);
  await page.locator('#host').screenshot({ path: join(SCREENSHOTS, 'brazilian-board-black.png') });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the Italian board is unchanged: a8 dark, a1 light, no edge labels unless asked', { timeout: 30000 }, async () => {
  const page = await openBoard('?fen=W:W29,K32:B1');
  const cells = await readCells(page);
  for (const { r, c, dark } of cells) assert.equal(dark, (r + c) % 2 === 0, `cell ${'abcdefgh'[c]}${8 - r} dark`);
  assert.ok(cells[0].centre < 80, 'square 1 is a8 in Italian');
  assert.ok(cells.every((x) => x.marks === 0), 'no labels on an Italian board');
  await page.context().close();
  // Labels can be asked for on an Italian board, and turned off on a Brazilian one.
  const it = await openBoard('?edges=1');
  assert.ok((await readCells(it))[7 * 8].marks > 8);
  await it.context().close();
  const br = await openBoard('?variant=brazilian&edges=0');
  assert.ok((await readCells(br)).every((x) => x.marks === 0));
  assert.deepEqual(br.errors, []);
  await br.context().close();
});
