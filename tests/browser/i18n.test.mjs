// Languages: the tables agree, the page follows the browser's language, and the switch
// changes every text and is remembered.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TABLES } from '../../www/i18n.js';
import { ROOT } from './server.mjs';
import { setup, openPage, newPage, screenshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('every language has the same keys, every text is filled, and every key the pages use exists', () => {
  const en = Object.keys(TABLES.en).sort();
  for (const [code, table] of Object.entries(TABLES)) {
    assert.deepEqual(Object.keys(table).sort(), en, `${code} has the same keys as en`);
    for (const [k, v] of Object.entries(table)) assert.ok(typeof v === 'string' && v.trim(), `${code}.${k} is empty`);
    // Placeholders match, so no translation loses a number or a name.
    for (const k of en) {
      const names = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort().join();
      assert.equal(names(table[k]), names(TABLES.en[k]), `${code}.${k} placeholders`);
    }
  }
  const used = new Set();
  for (const f of ['index.html', 'www/rules.html', 'www/embed.html']) {
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/data-i18n(?:-label|-title|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
  }
  for (const f of ['www/app.js', 'www/dama-board.js', 'www/rules.js']) {
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/\bt\('(\w+)'/g)) used.add(m[1]);
  }
  for (const k of used) assert.ok(k in TABLES.en, `missing key ${k}`);
});

test('the language switch changes the page text and is remembered', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  assert.equal(await page.textContent('#btn-new'), 'New game');
  assert.match(await page.textContent('#status'), /Your move/);
  await page.selectOption('#lang', 'it');
  assert.equal(await page.textContent('#btn-new'), 'Nuova partita');
  assert.match(await page.textContent('#status'), /Tocca a te/);
  assert.equal(await page.textContent('#player-top .name'), 'Computer · livello 1');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'it');
  // Text inside the board element follows too.
  assert.equal(await page.evaluate(() => document.querySelector('#board').canvas.getAttribute('aria-label')), 'Damiera. Le frecce spostano il cursore, Invio prende e posa un pezzo, Esc annulla.');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await page.textContent('#btn-new'), 'Nuova partita');
  assert.equal(await page.inputValue('#lang'), 'it');
  await screenshot(page, 'desktop-italian');
  await page.selectOption('#lang', 'en');
  assert.equal(await page.textContent('#btn-new'), 'New game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("an Italian browser gets Italian; the rules page is in both languages", { timeout: 30000 }, async () => {
  const page = await openPage(env, '', { locale: 'it-IT' });
  assert.equal(await page.textContent('#btn-new'), 'Nuova partita');
  await page.click('#rules-link');
  await page.waitForFunction(() => window.__rulesReady === true);
  assert.equal(await page.textContent('h1'), 'Regole della dama italiana');
  assert.equal(await page.locator('canvas[data-fen]').count(), 8);
  // The arrows are the legal moves, as the core computes them.
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK21,31:B10,18,27"]', 'aria-label'), '31x6');
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK31:B18,20,K27,K28"]', 'aria-label'), '31x13, 31x15');
  await screenshot(page, 'rules-italian');
  await page.selectOption('#lang', 'en');
  assert.equal(await page.textContent('h1'), 'Rules of Italian draughts');
  await page.setViewportSize({ width: 1000, height: 2200 });
  await screenshot(page, 'rules-english');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('pages without the app (frame) follow the browser language too', { timeout: 20000 }, async () => {
  const page = await newPage(env, { locale: 'it-IT', viewport: { width: 420, height: 480 } });
  await page.goto(env.server.url + 'www/frame.html?mode=two-players');
  await page.waitForFunction(() => document.getElementById('board')?.isReady);
  assert.match(await page.evaluate(() => document.getElementById('board').statusText()), /Muove il Bianco/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the New game dialog gives each level's measured strength, in the page's language", { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  await page.click('#btn-new');
  const setLevel = (n) => page.evaluate((v) => {
    const r = /** @type {HTMLInputElement} */ (document.querySelector('#level'));
    r.value = String(v);
    r.dispatchEvent(new Event('input', { bubbles: true }));
  }, n);
  await setLevel(1);
  assert.match(await page.textContent('#level-elo'), /reference/);
  await setLevel(7);
  assert.equal(await page.textContent('#level-elo'), 'About +1350 Elo above level 1.');
  // Stronger levels never read as weaker ones.
  let last = 0;
  for (let n = 2; n <= 10; n++) {
    await setLevel(n);
    const elo = Number((await page.textContent('#level-elo')).match(/\+(\d+)/)[1]);
    assert.ok(elo > last, `level ${n}: ${elo} after ${last}`);
    last = elo;
  }
  await page.selectOption('#lang', 'it');
  assert.equal(await page.textContent('#level-elo'), 'Circa +1690 Elo sopra il livello 1.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
