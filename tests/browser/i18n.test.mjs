// Languages: the tables agree, the page follows the browser's language, and the switch
// changes every text and is remembered.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TABLES, LANGUAGES, resolveLanguage, t } from '../../www/i18n.js';
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
  assert.deepEqual(Object.keys(TABLES).sort(), ['en', 'it', 'pt-BR']);
  assert.deepEqual(Object.keys(LANGUAGES).sort(), Object.keys(TABLES).sort(), 'every table has a name in the picker');
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
  for (const f of ['index.html', 'www/rules.html', 'www/embed.html', 'www/analysis.html', 'www/puzzles.html']) {
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/data-i18n(?:-label|-title|-placeholder)?="([^"]+)"/g)) used.add(m[1]);
  }
  for (const f of ['www/app.js', 'www/dama-board.js', 'www/rules.js', 'www/analysis.js', 'www/puzzles.js']) {
    for (const m of readFileSync(join(ROOT, f), 'utf8').matchAll(/\bt\('(\w+)'/g)) used.add(m[1]);
  }
  for (const k of used) assert.ok(k in TABLES.en, `missing key ${k}`);
  // Keys the page will need for the choice of game, in every language.
  for (const k of ['gameLabel', 'gameItalian', 'gameBrazilian', 'reasonKingMovesBrazilian', 'reasonThreeKings', 'brRule1', 'brRule5']) {
    assert.ok(k in TABLES.en, `missing key ${k}`);
  }
});

test('language tags resolve to a table: pt and pt-PT read Brazilian Portuguese, regions and case do not matter', () => {
  const cases = { en: 'en', 'en-US': 'en', it: 'it', 'it-IT': 'it', IT: 'it', 'pt-BR': 'pt-BR', 'pt-br': 'pt-BR', pt: 'pt-BR', 'pt-PT': 'pt-BR', pt_BR: 'pt-BR' };
  for (const [tag, code] of Object.entries(cases)) assert.equal(resolveLanguage(tag), code, tag);
  for (const tag of ['', null, undefined, 'de', 'fr-FR', 'xx']) assert.equal(resolveLanguage(tag), null, String(tag));
  // t() takes any tag too (an element's lang attribute may say "pt").
  assert.equal(t('newGame', {}, 'pt'), 'Nova partida');
  assert.equal(t('toMove', { color: t('white', {}, 'pt-BR') }, 'pt-BR'), 'Vez das Brancas.');
  assert.equal(t('gameBrazilian', {}, 'pt-BR'), 'Damas brasileiras');
  assert.equal(t('gameBrazilian', {}, 'it'), 'Dama brasiliana');
  assert.equal(t('gameItalian', {}, 'en'), 'Italian draughts');
  assert.equal(t('gameLabel', {}, 'pt-BR'), 'Jogo');
});

test('the Portuguese table uses the Brazilian words for the game', () => {
  const pt = TABLES['pt-BR'];
  assert.equal(pt.whiteMan, 'pedra branca');
  assert.equal(pt.blackKing, 'dama preta');
  assert.match(pt.brMajorityH, /lei da maioria/);
  assert.match(pt.selectedMustCapture, /captura é obrigatória/);
  // No text left in English or Italian by mistake (names, codes and the PDN tag value aside).
  const same = Object.keys(pt).filter((k) => pt[k] === TABLES.en[k] || pt[k] === TABLES.it[k]);
  // "Data" and "Evento" are the Portuguese words too, as in Italian.
  assert.deepEqual(same.sort(), ['announceMove', 'colDate', 'colEvent', 'diagramSide', 'pdnEvent', 'title'].sort());
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
  assert.equal(await page.textContent('h1'), 'Regole: dama italiana e dama brasiliana');
  assert.equal(await page.textContent('#italian-title'), 'Regole della dama italiana');
  assert.equal(await page.locator('#italian canvas[data-fen]').count(), 8);
  // The arrows are the legal moves, as the core computes them.
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK21,31:B10,18,27"]', 'data-shown'), '31x6');
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK31:B18,20,K27,K28"]', 'data-shown'), '31x13, 31x15');
  // Each diagram says in words what it shows.
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK21,31:B10,18,27"]', 'aria-label'), 'Bianco: pedina in 31, dama in 21. Nero: pedine in 10, 18, 27. Frecce: 31x6.');
  await screenshot(page, 'rules-italian');
  await page.selectOption('#lang', 'en');
  assert.equal(await page.textContent('h1'), 'Rules: Italian and Brazilian draughts');
  assert.equal(await page.textContent('#italian-title'), 'Rules of Italian draughts');
  assert.equal(await page.getAttribute('#italian canvas[data-arrows="none"]', 'aria-label'), 'White: men on 21-32. Black: men on 1-12.');
  await page.setViewportSize({ width: 1000, height: 2200 });
  await screenshot(page, 'rules-english');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Portuguese browser gets Brazilian Portuguese, and the page says lang="pt-BR"', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1', { locale: 'pt-BR' });
  assert.equal(await page.textContent('#btn-new'), 'Nova partida');
  assert.match(await page.textContent('#status'), /Sua vez/);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
  assert.equal(await page.evaluate(() => document.querySelector('#board').canvas.getAttribute('aria-label')), TABLES['pt-BR'].boardLabel);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  // Portugal's Portuguese reads the same table.
  const pt = await openPage(env, '', { locale: 'pt-PT' });
  assert.equal(await pt.evaluate(() => document.documentElement.lang), 'pt-BR');
  await pt.context().close();
});

test('the frame takes ?lang=pt and ?lang=pt-BR; the rules page offers Português', { timeout: 30000 }, async () => {
  for (const tag of ['pt', 'pt-BR']) {
    const page = await newPage(env, { viewport: { width: 420, height: 480 } });
    await page.goto(env.server.url + `www/frame.html?mode=two-players&lang=${tag}`);
    await page.waitForFunction(() => document.getElementById('board')?.isReady);
    assert.match(await page.evaluate(() => document.getElementById('board').statusText()), /Vez das Brancas/, tag);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR', tag);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
  const page = await newPage(env);
  await page.goto(env.server.url + 'www/rules.html');
  await page.waitForFunction(() => window.__rulesReady === true);
  await page.selectOption('#lang', 'pt-BR');
  assert.equal(await page.textContent('h1'), 'Regras: damas italianas e damas brasileiras');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
  await page.reload();
  await page.waitForFunction(() => window.__rulesReady === true);
  assert.equal(await page.inputValue('#lang'), 'pt-BR', 'the choice is remembered');
  assert.equal(await page.textContent('#brazilian-title'), 'Regras das damas brasileiras');
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
