// Reliability in the browser: every page works under its Content-Security-Policy with no
// violation, and the computer still answers when its worker dies mid-search.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server.mjs';
import { setup, newPage, openPage, clickMove } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const PAGES = ['index.html', 'www/frame.html', 'www/embed.html', 'www/rules.html'];

test('every page declares the strict Content-Security-Policy', () => {
  for (const f of [...PAGES, 'www/analysis.html', 'www/puzzles.html']) {
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

test('the pages load and play under their CSP with no violations', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 15000 });
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.keyboard.press('Escape');
  await page.click('#btn-sound');
  await clickMove(page, (await page.evaluate(() => window.__dama.legalMoves()[0])));
  await page.waitForFunction(() => window.__dama.history().length === 4, null, { timeout: 15000 });
  for (const p of PAGES.slice(1)) {
    await page.goto(env.server.url + p + (p.endsWith('frame.html') ? '?mode=computer&side=black&level=1' : ''));
    await page.waitForFunction(() => [...document.querySelectorAll('dama-board')].every((b) => b.isReady) && (document.querySelector('dama-board') || window.__rulesReady), null, { timeout: 15000 });
    await page.waitForTimeout(300);
  }
  assert.deepEqual(page.errors, [], 'no CSP violation or error on any page');
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
  // A crash (the worker's error event): replaced at once.
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'computer', side: 'black', level: 10 }));
  await page.waitForFunction(() => !!window.__dama.engine?.running, null, { polling: 10 });
  const started = Date.now();
  await page.evaluate(() => window.__dama.engine.worker.dispatchEvent(new ErrorEvent('error', { message: 'test crash' })));
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 20000 });
  assert.ok(Date.now() - started < 6000, 'no watchdog wait after an error event');
  assert.equal(await page.evaluate(() => window.__dama.engine.restarts), 2);
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
