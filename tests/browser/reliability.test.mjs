// Reliability in the browser: every page works under its Content-Security-Policy with no
// violation, and the computer still answers when its worker dies mid-search.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.mjs';
import { setup, newPage, openPage, clickMove, pickLanguage, pointInBox } from './helpers.mjs';
import { clickBoardSquare } from './analysis-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const PAGES = ['index.html', 'www/frame.html', 'www/embed.html', 'www/rules.html', 'www/analysis.html', 'www/puzzles.html'];

test('every page declares the strict Content-Security-Policy', () => {
  for (const f of PAGES) {
    const html = readFileSync(join(ROOT, f), 'utf8');
    const m = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/);
    assert.ok(m, `${f} has a CSP meta tag`);
    const csp = m[1];
    assert.match(csp, /default-src 'self'/, f);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval';/, f);
    assert.match(csp, /style-src 'self';/, f);
    assert.doesNotMatch(csp, /'unsafe-eval'|'unsafe-inline'/, f);
    // No inline scripts or style attributes for the policy to refuse.
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${f}: inline script`);
    assert.doesNotMatch(html, /\sstyle="/, `${f}: style attribute`);
    assert.doesNotMatch(html, /<style/, `${f}: style element`);
  }
});

/** The first puzzle of the shipped file whose first move is a step and whose line goes on. */
const PUZZLE = JSON.parse(readFileSync(join(ROOT, 'www/puzzles/italian.json'), 'utf8')).puzzles.find((p) => p.line.length > 1 && /^\d+-\d+$/.test(p.line[0]));

/**
 * Each page other than the game's, opened and put to its work under its CSP: its own ready
 * hook, then one thing a player does there, waited on until the page has done it (its worker,
 * its wasm, its fetches all under the policy).
 */
const WORK = {
  /** Against the computer as Black: it opens, the player answers, it replies. */
  'www/frame.html?mode=computer&side=black&level=1': async (page) => {
    await page.waitForFunction(() => document.getElementById('board')?.isReady);
    await page.waitForFunction(() => document.getElementById('board').history().length === 1, null, { timeout: 15000 });
    await clickMove(page, await page.evaluate(() => document.getElementById('board').legalMoves()[0].text));
    await page.waitForFunction(() => document.getElementById('board').history().length === 3, null, { timeout: 15000 });
  },
  /** The example page: its two elements and its iframe ready, a move on the second. */
  'www/embed.html': async (page) => {
    await page.waitForFunction(() => ['one', 'two'].every((id) => document.getElementById(id)?.isReady));
    await page.waitForFunction(() => document.getElementById('frame').contentDocument?.getElementById('board')?.isReady, null, { timeout: 15000 });
    await clickMove(page, '22-18', '#two');
    await page.waitForFunction(() => /#two move/.test(document.getElementById('log').textContent));
  },
  /** The analysis board: 22-18 played, its engine switched on, and its lines for the position after the move. */
  'www/analysis.html': async (page) => {
    await page.waitForFunction(() => !!window.__analysis, null, { timeout: 15000 });
    await clickBoardSquare(page, 22);
    await clickBoardSquare(page, 18);
    await page.waitForFunction(() => window.__analysis.model().movesTo().length === 1, null, { timeout: 15000 });
    await page.click('#an-engine'); // off as the tests open it (helpers.mjs)
    await page.waitForFunction(() => (window.__analysis.lines()?.depth ?? 0) >= 1, null, { timeout: 15000 });
  },
  /** A puzzle: its first move tapped, and the opponent's reply played by the page. */
  [`www/puzzles.html#${PUZZLE.id}`]: async (page) => {
    await page.waitForFunction((id) => window.__puzzles?.ready === true && window.__puzzles.id() === id, PUZZLE.id, { timeout: 15000 });
    const { box, orientation } = await page.evaluate(() => {
      const r = window.__puzzles.canvas.getBoundingClientRect();
      return { box: { x: r.x, y: r.y, width: r.width }, orientation: window.__puzzles.orientation() };
    });
    for (const sq of PUZZLE.line[0].split('-').map(Number)) await page.mouse.click(...pointInBox(box, orientation, sq));
    await page.waitForFunction((reply) => window.__puzzles.status().includes(`replied ${reply}`), PUZZLE.line[1], { timeout: 15000 });
  },
  /** The rules: every diagram's moves worked out by the core and described, then the page in Italian (last: the language stays picked). */
  'www/rules.html': async (page) => {
    await page.waitForFunction(() => window.__rulesReady === true, null, { timeout: 15000 });
    const described = await page.$$eval('canvas[data-fen]', (cs) => cs.map((c) => !!c.getAttribute('aria-label') && (c.dataset.arrows === 'none' || !!c.dataset.shown)));
    assert.ok(described.length > 0 && described.every(Boolean), `every diagram described, with its moves: ${described}`);
    await pickLanguage(page, 'it');
  },
};

test('every page does its work under its CSP with no violations: a game played, a frame and the example page played, a move analysed, a puzzle move answered, the rules described and translated', { timeout: 120000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 15000 });
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.keyboard.press('Escape');
  await page.click('#btn-sound');
  await clickMove(page, (await page.evaluate(() => window.__dama.legalMoves()[0])));
  await page.waitForFunction(() => window.__dama.history().length === 4, null, { timeout: 15000 });
  assert.deepEqual(page.errors, [], 'no CSP violation or error on the game page');
  for (const [address, work] of Object.entries(WORK)) {
    await page.goto(env.server.url + address);
    await work(page);
    assert.deepEqual(page.errors, [], `no CSP violation or error on ${address}`);
  }
  await page.context().close();
});

test('a worker that dies mid-search is replaced and the computer still answers', { timeout: 60000 }, async () => {
  // The computer opens (seven moves to weigh: it uses its whole time at level 10). Without its
  // opening book (no data for the worker), so that each opening is a real search to interrupt.
  const page = await newPage(env, { serviceWorkers: 'block' });
  // The page's timers on a clock the test moves on: the watchdog's wait is the page's time.
  await page.clock.install();
  await page.route('**/www/data/**', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(env.server.url + '?mode=computer&color=black&level=10');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // Terminated without a word: the watchdog notices once the search's time and its slack have
  // gone by on the page's clock (moved on at once rather than waited).
  await page.waitForFunction(() => !!window.__dama.engine?.running, null, { polling: 10 });
  await page.evaluate(() => window.__dama.engine.terminateForTest());
  await page.clock.runFor(10000);
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.__dama.engine.restarts), 1);
  // A crash (the worker's error event): replaced at once. The page's clock is held meanwhile, so
  // the watchdog cannot fire: the search answered by the replacement proves it was not waited
  // for (20 s of real time only guard against an answer that never comes). The clock then lets
  // the reply's pause (a page timer) go by.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'computer', side: 'black', level: 10 }));
  await page.waitForFunction(() => !!window.__dama.engine?.running, null, { polling: 10 });
  const searches = await page.evaluate(() => {
    const engine = window.__dama.engine;
    const job = engine.running;
    engine.worker.dispatchEvent(new ErrorEvent('error', { message: 'test crash' }));
    return { sentAgain: engine.running === job && job.tries === 2, restarts: engine.restarts };
  });
  assert.deepEqual(searches, { sentAgain: true, restarts: 2 }, 'the search sent again to a new worker at once');
  await page.waitForFunction(() => !window.__dama.engine.running, null, { timeout: 20000, polling: 50 });
  assert.equal(await page.evaluate(() => window.__dama.history().length), 0, 'answered with the clock held');
  await page.clock.runFor(1000);
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => window.__dama.engine.restarts), 2, 'one more worker, for the error event');
  assert.equal(await page.isVisible('#notice'), false, 'nothing for the player to worry about');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a worker that keeps failing is reported, not retried forever', { timeout: 30000 }, async () => {
  const page = await newPage(env);
  // Every worker this page starts fails at once.
  await page.addInitScript(() => {
    const W = window.Worker;
    window.Worker = class extends W {
      constructor(url, opts) {
        super(url, opts);
        setTimeout(() => this.dispatchEvent(new ErrorEvent('error', { message: 'broken worker' })), 50);
      }
    };
  });
  await page.goto(env.server.url + '?mode=computer&color=black&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true);
  await page.waitForFunction(() => !document.querySelector('#notice').hidden, null, { timeout: 15000 });
  assert.match(await page.textContent('#notice'), /could not move.*broken worker/);
  assert.equal(await page.evaluate(() => window.__dama.thinking()), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a browser without wasm SIMD downloads no engine, is told why in its language, and two players still play', { timeout: 60000 }, async () => {
  const page = await newPage(env, { locale: 'it-IT' });
  // This Chromium has SIMD and cannot be told otherwise: the page and its workers get a
  // shared/wasm.js whose check says no.
  const source = readFileSync(join(ROOT, 'www/shared/wasm.js'), 'utf8');
  const without = source.replace('supported = WebAssembly.validate(SIMD_PROBE);', 'supported = false;');
  assert.notEqual(without, source, 'the check is where this test expects it');
  let routed = 0;
  await page.context().route('**/www/shared/wasm.js*', (route) => {
    routed++;
    return route.fulfill({ body: without, contentType: 'text/javascript' });
  });
  /** @type {string[]} */
  const engines = [];
  page.context().on('request', (r) => {
    if (/dama_(wasm|threads)_bg\.wasm/.test(r.url())) engines.push(r.url());
  });
  await page.goto(`${env.server.url}?mode=computer&color=black&level=1`);
  await page.waitForFunction(() => window.__dama?.ready === true);
  await page.waitForFunction(() => !document.querySelector('#notice').hidden, null, { timeout: 20000 });
  assert.match(await page.textContent('#notice'), /Il computer richiede un browser più recente \(con WebAssembly SIMD\)\. Si può comunque giocare in due\./);
  assert.ok(routed >= 2, `the page's and the engine worker's module were both replaced (${routed})`);
  const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  assert.deepEqual([...engines, ...fetched.filter((u) => /dama_(wasm|threads)_bg/.test(u))], [], 'no engine downloaded');
  // The rules are built without SIMD: a game between two players goes on.
  await page.goto(`${env.server.url}?mode=two-players`);
  await page.waitForFunction(() => window.__dama?.ready === true);
  await clickMove(page, '22-18');
  await clickMove(page, '10-14');
  assert.equal(await page.evaluate(() => window.__dama.history().length), 2);
  assert.deepEqual(engines, []);
  await page.context().close();

  // The analysis board, its engine on, says the same where it shows its errors.
  const board = await newPage(env, { locale: 'it-IT', analysisEngine: true });
  await board.context().route('**/www/shared/wasm.js*', (route) => route.fulfill({ body: without, contentType: 'text/javascript' }));
  await board.goto(`${env.server.url}www/analysis.html`);
  await board.waitForFunction(() => !!window.__analysis);
  await board.waitForFunction(() => /WebAssembly SIMD/.test(document.getElementById('an-error')?.textContent ?? ''), null, { timeout: 20000 });
  assert.match(await board.textContent('#an-error'), /^Il computer richiede un browser più recente/);
  await board.context().close();
});
