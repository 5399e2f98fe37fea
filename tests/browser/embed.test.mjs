// Embedding: several <dama-board> elements on one page, on a host page whose CSS tries to
// break them; their events; the iframe page and the example page.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickSquare, clickMove, screenshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const FIXTURE = 'tests/browser/fixtures/two-boards.html';

async function openFixture(query = '') {
  const page = await newPage(env);
  // Count the workers the page starts: the boards must share one.
  await page.addInitScript(() => {
    const W = window.Worker;
    window.__workers = 0;
    window.Worker = class extends W {
      constructor(...args) {
        super(...args);
        window.__workers++;
      }
    };
  });
  await page.goto(env.server.url + FIXTURE + query);
  await page.waitForFunction(() => ['a', 'b', 'c'].every((id) => document.getElementById(id)?.isReady));
  return page;
}

const hist = (page, id) => page.evaluate((id) => document.getElementById(id).history().map((m) => m.text), id);

test('several boards on a page play independently and share one engine worker', { timeout: 60000 }, async () => {
  const page = await openFixture();
  // Board a: two players. Board b and c: against the computer.
  await clickMove(page, '22-18', '#a');
  assert.deepEqual(await hist(page, 'a'), ['22-18']);
  assert.deepEqual(await hist(page, 'b'), []);
  assert.equal(await page.evaluate(() => document.getElementById('a').turn()), 'black');
  assert.equal(await page.evaluate(() => document.getElementById('b').turn()), 'white');

  // Both computer boards think at once; each gets its own answer.
  await clickMove(page, '23-19', '#b');
  await clickMove(page, '21-17', '#c');
  await page.waitForFunction(() => ['b', 'c'].every((id) => document.getElementById(id).history().length === 2), null, { timeout: 20000 });
  assert.equal((await hist(page, 'b'))[0], '23-19');
  assert.equal((await hist(page, 'c'))[0], '21-17');
  assert.deepEqual(await hist(page, 'a'), ['22-18'], 'the two-player board got no computer move');
  assert.equal(await page.evaluate(() => window.__workers), 1, 'one worker for all boards');

  // Undo on one board cancels only its own search.
  const first = (id) => page.evaluate((id) => document.getElementById(id).legalMoves()[0].text, id);
  await clickMove(page, await first('b'), '#b');
  await clickMove(page, await first('c'), '#c');
  await page.evaluate(() => document.getElementById('b').undo());
  await page.waitForFunction(() => document.getElementById('c').history().length === 4, null, { timeout: 20000 });
  assert.equal((await hist(page, 'b')).length, 2);
  await page.waitForTimeout(600);
  assert.equal((await hist(page, 'b')).length, 2, 'the cancelled search played nothing');

  const moves = await page.evaluate(() => window.__events.filter((e) => e.type === 'move').map((e) => `${e.board}:${e.detail.move}`));
  assert.ok(moves.includes('a:22-18') && moves.includes('b:23-19') && moves.includes('c:21-17'), moves.join(' '));
  assert.ok(moves.every((m) => !m.startsWith('a:') || m === 'a:22-18'));
  await screenshot(page, 'embed-hostile-css');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('move and gameover events carry the details, bubble and cross the shadow root', { timeout: 30000 }, async () => {
  const page = await openFixture();
  await page.evaluate(() => document.getElementById('a').newGame({ fen: 'W:W30:B27', mode: 'two-players' }));
  await clickSquare(page, 30, '#a');
  await clickSquare(page, 23, '#a');
  await page.waitForFunction(() => window.__events.some((e) => e.type === 'gameover'));
  const events = await page.evaluate(() => window.__events);
  const move = events.find((e) => e.type === 'move');
  assert.equal(move.board, 'a');
  assert.equal(move.bubbles, true);
  assert.equal(move.composed, true);
  assert.equal(move.detail.move, '30x23');
  assert.equal(move.detail.from, 30);
  assert.equal(move.detail.to, 23);
  assert.deepEqual(move.detail.captured, [27]);
  assert.equal(move.detail.fen, 'B:W23:B');
  assert.equal(move.detail.ply, 1);
  assert.equal(move.detail.color, 'white');
  const over = events.find((e) => e.type === 'gameover');
  assert.equal(over.board, 'a');
  assert.equal(over.composed, true);
  assert.equal(over.detail.winner, 'white');
  assert.equal(over.detail.reason, 'no-moves');
  assert.match(over.detail.message, /\w/);
  // The computer's moves are events too.
  await clickMove(page, '22-18', '#b');
  await page.waitForFunction(() => window.__events.filter((e) => e.board === 'b').length === 2, null, { timeout: 15000 });
  const reply = await page.evaluate(() => window.__events.filter((e) => e.board === 'b')[1].detail);
  assert.equal(reply.color, 'black');
  assert.equal(reply.by, 'computer');
  assert.equal(reply.ply, 2);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('host page CSS cannot hide or break the board', { timeout: 30000 }, async () => {
  const page = await openFixture();
  for (const id of ['a', 'b']) {
    const box = await page.evaluate((id) => {
      const r = document.getElementById(id).canvas.getBoundingClientRect();
      return { w: r.width, h: r.height, display: getComputedStyle(document.getElementById(id).canvas).display };
    }, id);
    assert.ok(box.w > 300 && Math.abs(box.w - box.h) < 1, JSON.stringify(box));
    assert.equal(box.display, 'block');
  }
  // The squares are drawn in the board's colours (row 3 is empty at the start: a light
  // square on the a-file, then square 13, a playing square).
  const colors = await page.evaluate(() => {
    const c = document.getElementById('a').canvas;
    const ctx = c.getContext('2d');
    const cell = c.width / 8;
    const at = (col, row) => Array.from(ctx.getImageData(Math.round((col + 0.85) * cell), Math.round((row + 0.85) * cell), 1, 1).data);
    return { light: at(0, 3), dark: at(1, 3) };
  });
  const near = (px, rgb) => rgb.every((v, i) => Math.abs(px[i] - v) < 30);
  assert.ok(near(colors.dark, [0x4f, 0x7f, 0x4a]), JSON.stringify(colors));
  assert.ok(near(colors.light, [0xea, 0xd6, 0xae]), JSON.stringify(colors));
  // Theme variables do reach the canvas.
  await page.evaluate(() => {
    const b = document.getElementById('a');
    b.style.setProperty('--dama-dark', 'rgb(200, 0, 0)');
    b.refreshTheme();
  });
  // Drawn on the board's next animation frame: waited for, not slept on (a loaded machine
  // may take longer than a fixed pause).
  const red = await (await page.waitForFunction(() => {
    const c = document.getElementById('a').canvas;
    const cell = c.width / 8;
    const px = Array.from(c.getContext('2d').getImageData(Math.round(1.85 * cell), Math.round(3.85 * cell), 1, 1).data);
    return px[0] > 150 && px[1] < 60 && px;
  }, null, { timeout: 10000 })).jsonValue();
  assert.ok(red[0] > 150 && red[1] < 60, JSON.stringify(red));
  // And the board still plays.
  await clickMove(page, '21-17', '#a');
  assert.deepEqual(await hist(page, 'a'), ['21-17']);
  await screenshot(page, 'embed-hostile-css-themed');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the iframe page takes its options from the address', { timeout: 30000 }, async () => {
  const page = await newPage(env, { viewport: { width: 420, height: 480 } });
  const fen = 'W:W22,30:B9,27';
  await page.goto(`${env.server.url}www/frame.html?mode=two-players&fen=${encodeURIComponent(fen)}&numbers&readonly`);
  await page.waitForFunction(() => document.getElementById('board')?.isReady);
  const s = await page.evaluate(() => {
    const b = document.getElementById('board');
    return { mode: b.mode, fen: b.fen(), numbers: b.numbers, readonly: b.readonly, w: b.getBoundingClientRect().width, h: b.getBoundingClientRect().height };
  });
  assert.equal(s.mode, 'two-players');
  assert.equal(s.fen, fen);
  assert.equal(s.numbers, true);
  assert.equal(s.readonly, true);
  assert.ok(s.w >= 340 && s.h <= 480, `fills the frame: ${JSON.stringify(s)}`);
  // Read-only: clicks do nothing.
  await clickSquare(page, 30);
  await clickSquare(page, 23);
  assert.equal(await page.evaluate(() => document.getElementById('board').history().length), 0);
  await screenshot(page, 'frame-readonly');

  // Against the computer as Black at level 1: White (the computer) opens, the board is turned.
  await page.goto(`${env.server.url}www/frame.html?mode=computer&side=black&level=1`);
  await page.waitForFunction(() => document.getElementById('board')?.isReady);
  await page.waitForFunction(() => document.getElementById('board').history().length === 1, null, { timeout: 15000 });
  const t = await page.evaluate(() => {
    const b = document.getElementById('board');
    return { side: b.side, level: b.level, orientation: b.orientation, turn: b.turn() };
  });
  assert.deepEqual(t, { side: 'black', level: 1, orientation: 'black', turn: 'black' });
  await screenshot(page, 'frame-computer-black');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a small iframe keeps the board as large as fits, and its bar inside the frame', { timeout: 40000 }, async () => {
  // Below 320x400 the board used to shrink to 120 px, its bar's text wrapping word by word,
  // and the buttons fell outside the frame.
  for (const [width, height, least] of [
    [300, 280, 180],
    [240, 320, 200],
    [320, 400, 280],
  ]) {
    const page = await newPage(env, { viewport: { width, height } });
    await page.goto(`${env.server.url}www/frame.html?mode=computer&side=white&level=1`);
    await page.waitForFunction(() => document.querySelector('dama-board')?.isReady);
    await page.waitForTimeout(300);
    const box = await page.evaluate(() => {
      const b = /** @type {any} */ (document.querySelector('dama-board'));
      const r = b.getBoundingClientRect();
      const buttons = [...b.shadowRoot.querySelectorAll('.tools button')].map((x) => x.getBoundingClientRect());
      return { side: r.width, bottom: r.bottom, right: r.right, buttons: buttons.map((x) => [x.bottom, x.right, x.width, x.height]) };
    });
    assert.ok(box.side >= least, `${width}x${height}: the board is ${box.side} px, at least ${least}`);
    assert.ok(box.bottom <= height + 1 && box.right <= width + 1, `${width}x${height}: inside the frame: ${JSON.stringify(box)}`);
    // Usable: inside, and at least WCAG 2.2's minimum target (24 by 24 CSS pixels).
    for (const [bottom, right, w, h] of box.buttons) assert.ok(bottom <= height + 1 && right <= width + 1 && w >= 24 && h >= 24, `a button inside and usable: ${JSON.stringify(box.buttons)}`);
    if (width === 300) await screenshot(page, 'frame-small-300x280');
    await page.context().close();
  }
});

test('the example page shows both ways: two elements and an iframe', { timeout: 30000 }, async () => {
  const page = await newPage(env, { viewport: { width: 1100, height: 1700 } });
  await page.goto(`${env.server.url}www/embed.html`);
  await page.waitForFunction(() => ['one', 'two'].every((id) => document.getElementById(id)?.isReady));
  const frame = page.frameLocator('#frame');
  await frame.locator('dama-board').waitFor();
  await page.waitForFunction(() => document.getElementById('frame').contentDocument?.getElementById('board')?.isReady);
  const viewPly = await page.evaluate(() => {
    const b = document.getElementById('frame').contentDocument.getElementById('board');
    return { mode: b.mode, ply: b.reviewing, n: b.history().length };
  });
  assert.equal(viewPly.mode, 'view');
  assert.ok(viewPly.n > 0 && viewPly.ply === viewPly.n, JSON.stringify(viewPly));
  await clickMove(page, '22-18', '#two');
  await page.waitForFunction(() => /#two move/.test(document.getElementById('log').textContent));
  await screenshot(page, 'embed-example');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
