// Languages in the pages (the tables themselves: tests/unit/i18n.test.mjs): the page follows
// the browser's language, every page's picker shows the page's language and switches it, a
// page fetches its own language's table and no other, a message shown before a switch is in
// the new language after it, the HTML's English shows until the table arrives, and the pages
// at phone size in Italian and Portuguese.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readTable } from '../unit/i18n-node.mjs';
import { setup, openPage, newPage, screenshot, clickSquare, pickLanguage, pointInBox, notInView, pressInView, SIZES } from './helpers.mjs';

const en = await readTable('en');
const it = await readTable('it');
const pt = await readTable('pt-BR');

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** Every page with a language picker: its address, what says it is ready, its heading's key, its part of the tables. */
const PAGES = [
  // The game page's words are two parts: its first load's, and game-later (its dialogs' and
  // games by link'), which it asks for once it is playable.
  { path: '?mode=two-players', ready: () => window.__dama?.ready === true, heading: '#btn-new', key: 'newGame', part: 'game', later: 'game-later' },
  { path: 'www/analysis.html', ready: () => !!window.__analysis, heading: 'h1', key: 'anTitle', part: 'analysis' },
  { path: 'www/puzzles.html', ready: () => window.__puzzles?.ready === true, heading: 'h1', key: 'pzPageTitle', part: 'puzzles' },
  { path: 'www/rules.html', ready: () => window.__rulesReady === true, heading: 'h1', key: 'rulesPageTitle', part: 'rules' },
];
/** The files of a language's table a page with `part` (and `later`) fetches (in any order: common and its own arrive side by side). */
const partsOf = (/** @type {string} */ code, /** @type {string} */ part, /** @type {string | undefined} */ later = undefined) =>
  [`${code}/common.json`, `${code}/${part}.json`, ...(later ? [`${code}/${later}.json`] : [])].sort();

/** The language tables a page fetched, by language and part ("it/common.json"), in order. */
function tablesFetched(page) {
  const names = [];
  page.on('request', (r) => {
    const m = /\/i18n\/([^/?]+\/[^/?]+\.json)/.exec(r.url());
    // The page's own (the embedding page's iframes are pages of their own).
    if (m && r.frame() === page.mainFrame()) names.push(m[1]);
  });
  return names;
}

// Each page is loaded once for both: the picker, and the tables the page fetches.
test("every page's picker shows the page's language, switches the page, and is remembered; each page fetches its own language's common part and its own, no other, and a switch fetches the new language's", { timeout: 120000 }, async () => {
  for (const p of PAGES) {
    // No service worker (the default): its install fetches every file, which is not the page's load.
    const page = await newPage(env, { locale: 'it-IT' });
    const fetched = tablesFetched(page);
    await page.goto(env.server.url + p.path);
    await page.waitForFunction(p.ready, null, { timeout: 20000 });
    await page.waitForFunction(() => document.documentElement.lang === 'it');
    await page.waitForLoadState('networkidle');
    assert.deepEqual([...fetched].sort(), partsOf('it', p.part, p.later), p.path);
    const n = fetched.length;
    assert.equal(await page.textContent(p.heading), it[p.key], `${p.path}: in Italian`);
    assert.equal(await page.inputValue('#lang'), 'it', `${p.path}: the picker says Italiano`);
    await pickLanguage(page, 'pt-BR');
    assert.deepEqual([...fetched.slice(n)].sort(), partsOf('pt-BR', p.part, p.later), `${p.path}, switched to Portuguese`);
    assert.equal(fetched.length, 2 * n);
    assert.equal(await page.textContent(p.heading), pt[p.key], `${p.path}: switched to Portuguese`);
    assert.equal(await page.inputValue('#lang'), 'pt-BR');
    await page.reload();
    await page.waitForFunction(p.ready, null, { timeout: 20000 });
    await page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
    assert.equal(await page.inputValue('#lang'), 'pt-BR', `${p.path}: the choice is remembered`);
    assert.equal(await page.textContent(p.heading), pt[p.key]);
    await pickLanguage(page, 'en');
    assert.equal(await page.textContent(p.heading), en[p.key], `${p.path}: back to English`);
    assert.deepEqual(page.errors, [], p.path);
    await page.context().close();
  }
});

test("the frame fetches its language's common part and no other (the pages with a picker: above; the embedding example: below)", { timeout: 60000 }, async () => {
  for (const path of ['www/frame.html?mode=two-players']) {
    const page = await newPage(env, { locale: 'pt-BR', serviceWorkers: 'block' });
    const fetched = tablesFetched(page);
    await page.goto(env.server.url + path);
    await page.waitForFunction(() => document.documentElement.lang === 'pt-BR', null, { timeout: 20000 });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(fetched, ['pt-BR/common.json'], path);
    assert.deepEqual(page.errors, [], path);
    await page.context().close();
  }
});

test('the embedding example fetches its language\'s common and embed parts and no other; a <dama-board> with its own lang attribute fetches its table and speaks it; the page keeps its own', { timeout: 60000 }, async () => {
  const page = await newPage(env, { locale: 'pt-BR' });
  const fetched = tablesFetched(page);
  await page.goto(env.server.url + 'www/embed.html');
  await page.waitForFunction(() => [...document.querySelectorAll('dama-board')].every((b) => b.isReady), null, { timeout: 20000 });
  await page.waitForLoadState('networkidle');
  assert.deepEqual([...fetched].sort(), partsOf('pt-BR', 'embed'));
  await page.evaluate(() => document.getElementById('two').setAttribute('lang', 'it'));
  await page.waitForFunction((want) => document.getElementById('two').shadowRoot.querySelector('[data-act="undo"]').textContent === want, it.undo);
  assert.deepEqual([...fetched.slice(2)].sort(), partsOf('it', 'embed'), "the page's parts, in the element's language");
  assert.equal(await page.evaluate(() => document.getElementById('one').shadowRoot.querySelector('[data-act="undo"]').textContent), pt.undo);
  assert.equal(await page.textContent('h1'), pt.embedTitle);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a notice shown before a switch of language is in the new language after it (page, board, analysis)', { timeout: 90000 }, async () => {
  // The game page: the board's notice (a piece that cannot move) and the page's own (an
  // address value not understood).
  const page = await openPage(env, '?mode=two-players&level=99');
  assert.equal(await page.textContent('#notice'), en.addressIgnored.replace('{name}', 'level').replace('{value}', '99'));
  await pickLanguage(page, 'pt-BR');
  assert.equal(await page.textContent('#notice'), 'No endereço, level=99 não é válido e foi ignorado.');
  await pickLanguage(page, 'en');
  await clickSquare(page, 29); // White's back row: blocked at the start
  await page.waitForFunction((text) => document.getElementById('notice').textContent === text, en.selectedNoMoves);
  await pickLanguage(page, 'it');
  assert.equal(await page.textContent('#notice'), it.selectedNoMoves);
  assert.equal(await page.isHidden('#notice'), false);
  // A refusal: the core's rule, worded again.
  await pickLanguage(page, 'en');
  await clickSquare(page, 22);
  await clickSquare(page, 14);
  await page.waitForFunction(() => /^Pieces move one square/.test(document.getElementById('notice').textContent));
  await pickLanguage(page, 'it');
  assert.equal(await page.textContent('#notice'), it.refuseNotAMove);
  assert.deepEqual(page.errors, []);
  await page.context().close();

  // The board's own bar (a frame): its lang attribute switched.
  const frame = await newPage(env, { viewport: { width: 420, height: 520 } });
  await frame.goto(env.server.url + 'www/frame.html?mode=two-players&lang=en');
  await frame.waitForFunction(() => document.getElementById('board')?.isReady, null, { timeout: 20000 });
  const bar = () => frame.evaluate(() => document.getElementById('board').shadowRoot.querySelector('.status').textContent);
  // The tap on a blocked piece (29, White's back row), pressed in the page: its point is read
  // from the canvas's box in the same task as the press, so the frame settling its size (it
  // fits the board to the frame after the board is ready, and again when the bar's text
  // wraps) cannot move the square between the reading and the press. A tap measured by the
  // test and sent by the browser's input, a round trip later, was lost one run in about
  // thirty on a loaded machine, and was retried five times, which would hide a real lost tap.
  // (Where a tap is the thing tested, the game page's tests tap through the browser's input.)
  await frame.waitForFunction(() => !!document.getElementById('board').shadowRoot.querySelector('.status')?.textContent, null, { timeout: 20000 });
  const tapped = await frame.evaluate(([fx, fy]) => {
    const board = /** @type {any} */ (document.getElementById('board'));
    const r = board.canvas.getBoundingClientRect();
    const at = { clientX: r.left + fx * r.width, clientY: r.top + fy * r.height, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: 1, bubbles: true, composed: true };
    board.canvas.dispatchEvent(new PointerEvent('pointerdown', at));
    board.canvas.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));
    return { box: [r.left, r.top, r.width, r.height], notice: board.notice };
  }, pointInBox({ x: 0, y: 0, width: 1 }, 'white', 29)); // square 29's point in the board, as fractions
  assert.equal(tapped.notice, en.selectedNoMoves, JSON.stringify({ ...tapped, errors: frame.errors }));
  assert.equal(await frame.evaluate(() => document.getElementById('board').notice), en.selectedNoMoves);
  await frame.evaluate(() => document.getElementById('board').setAttribute('lang', 'pt-BR'));
  await frame.waitForFunction((text) => document.getElementById('board').notice === text, pt.selectedNoMoves);
  assert.equal(await bar(), pt.selectedNoMoves);
  assert.deepEqual(frame.errors, []);
  await frame.context().close();

  // The analysis board: an error about the address.
  const an = await newPage(env);
  await an.goto(env.server.url + 'www/analysis.html#ply=abc');
  await an.waitForFunction(() => !!window.__analysis, null, { timeout: 20000 });
  assert.equal(await an.textContent('#an-error'), en.addressIgnored.replace('{name}', 'ply').replace('{value}', 'abc'));
  await pickLanguage(an, 'it');
  assert.equal(await an.textContent('#an-error'), "Nell'indirizzo, ply=abc non è valido ed è ignorato.");
  assert.deepEqual(an.errors, []);
  await an.context().close();
});

test("until its table arrives a page shows its HTML's English (never a key), and an English page does not move when it comes", { timeout: 90000 }, async () => {
  for (const p of PAGES) {
    const page = await newPage(env, { locale: 'en-US', serviceWorkers: 'block' });
    /** @type {() => void} */
    let release = () => {};
    const held = new Promise((r) => (release = r));
    await page.route('**/i18n/en/*.json', async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(env.server.url + p.path, { waitUntil: 'load' });
    await page.waitForFunction((sel) => !!document.querySelector(sel)?.textContent, p.heading);
    assert.equal(await page.textContent(p.heading), en[p.key], `${p.path}: English before the table`);
    // Nothing the pages mark for translation shows a key instead of its words.
    const keys = await page.evaluate((all) => [...document.querySelectorAll('[data-i18n]')].filter((el) => el.textContent === el.dataset.i18n && !all.includes(el.textContent)).map((el) => el.dataset.i18n), Object.values(en));
    assert.deepEqual(keys, [], p.path);
    const before = await page.evaluate(() => document.body.innerText);
    release();
    await page.waitForFunction(p.ready, null, { timeout: 20000 });
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    if (p.key === 'rulesPageTitle') {
      // A page of text alone (the others' layouts change as their games load): the table changed
      // no word, so nothing moved.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      assert.equal(await page.evaluate(() => document.body.innerText), before, 'the rules page: every word was already there');
      assert.equal(await page.evaluate(() => window.__shifts.reduce((a, b) => a + b, 0)), 0, 'the rules page: no layout shift');
    }
    assert.deepEqual(page.errors, [], p.path);
    await page.context().close();
  }
});

test("the game page's first paint (players, pieces, status, moves) is in the page's language while the core loads, and the game's own once it is playable", { timeout: 60000 }, async () => {
  const page = await newPage(env, { locale: 'it-IT', serviceWorkers: 'block' });
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((r) => (release = r));
  await page.route('**/pkg/dama_rules_bg.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(env.server.url + '?mode=two-players', { waitUntil: 'load' });
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  const texts = () =>
    page.evaluate(() => ['#player-top .name', '#player-bottom .name', '#player-top .count', '#status', '#moves-empty'].map((s) => document.querySelector(s)?.textContent));
  // The core is held: what shows is the HTML's first visit, in Italian.
  assert.deepEqual(await texts(), [it.computerLevel.replace('{level}', '5'), it.you, it.pieces.other.replace('{n}', '12'), it.loading, it.noMovesYet]);
  await screenshot(page, 'first-paint-desktop-it');
  release();
  await page.waitForFunction(() => window.__dama?.ready === true);
  // A game of two players: the names are the colours, and a switch of language keeps them so.
  assert.deepEqual((await texts()).slice(0, 2), [it.black, it.white]);
  await pickLanguage(page, 'pt-BR');
  assert.deepEqual((await texts()).slice(0, 3), [pt.black, pt.white, pt.pieces.other.replace('{n}', '12')]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of SIZES) {
  test(`${screen}: the language switch, in view (behind the menu on a phone), changes the page text and the board inside it`, { timeout: 30000 }, async () => {
    const page = await openPage(env, '?mode=computer&color=white&level=1', options);
    assert.equal(await page.textContent('#btn-new'), 'New game');
    assert.match(await page.textContent('#status'), /Your move/);
    if (!(await page.isVisible('#lang'))) await pressInView(page, '.menu-button', options);
    assert.deepEqual(await notInView(page.locator('#lang')), [], 'the language picker');
    await pickLanguage(page, 'it');
    assert.equal(await page.textContent('#btn-new'), 'Nuova partita');
    assert.equal(await page.textContent('#btn-undo'), 'Ritira');
    assert.match(await page.textContent('#status'), /Tocca a te/);
    assert.equal(await page.textContent('#player-top .name'), 'Computer · livello 1');
    // Text inside the board element follows too.
    assert.equal(await page.evaluate(() => document.querySelector('#board').canvas.getAttribute('aria-label')), it.boardLabel);
    await screenshot(page, `${screen}-italian`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('an Italian browser gets Italian; the rules page is in both languages', { timeout: 30000 }, async () => {
  const page = await openPage(env, '', { locale: 'it-IT' });
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  assert.equal(await page.textContent('#btn-new'), 'Nuova partita');
  await page.click('#rules-link');
  await page.waitForFunction(() => window.__rulesReady === true);
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  assert.equal(await page.textContent('h1'), 'Regole: dama italiana e dama brasiliana');
  assert.equal(await page.title(), 'Dama: regole');
  assert.equal(await page.textContent('#italian-title'), 'Regole della dama italiana');
  assert.equal(await page.locator('#italian canvas[data-fen]').count(), 8);
  // The arrows are the legal moves, as the core computes them.
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK21,31:B10,18,27"]', 'data-shown'), '31x6');
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK31:B18,20,K27,K28"]', 'data-shown'), '31x13, 31x15');
  // Each diagram says in words what it shows.
  assert.equal(await page.getAttribute('canvas[data-fen="W:WK21,31:B10,18,27"]', 'aria-label'), 'Bianco: pedina in 31, dama in 21. Nero: pedine in 10, 18, 27. Frecce: 31x6.');
  await screenshot(page, 'rules-italian');
  await pickLanguage(page, 'en');
  assert.equal(await page.textContent('h1'), 'Rules: Italian and Brazilian draughts');
  assert.equal(await page.title(), 'Dama: rules');
  assert.equal(await page.getAttribute('#italian canvas[data-arrows="none"]', 'aria-label'), 'White: men on 21-32. Black: men on 1-12.');
  await page.setViewportSize({ width: 1000, height: 2200 });
  await screenshot(page, 'rules-english');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a Portuguese browser gets Brazilian Portuguese, and the page says lang="pt-BR"; pt-PT reads the same', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1', { locale: 'pt-BR' });
  await page.waitForFunction(() => document.documentElement.lang === 'pt-BR');
  assert.equal(await page.textContent('#btn-new'), 'Nova partida');
  assert.match(await page.textContent('#status'), /Sua vez/);
  assert.equal(await page.evaluate(() => document.querySelector('#board').canvas.getAttribute('aria-label')), pt.boardLabel);
  assert.deepEqual(page.errors, []);
  await page.context().close();
  const pp = await openPage(env, '', { locale: 'pt-PT' });
  await pp.waitForFunction(() => document.documentElement.lang === 'pt-BR');
  await pp.context().close();
});

test('the frame takes ?lang=pt and ?lang=pt-BR, and else follows the browser', { timeout: 30000 }, async () => {
  for (const [query, locale, words] of [['&lang=pt', 'en-US', /Vez das Brancas/], ['&lang=pt-BR', 'en-US', /Vez das Brancas/], ['', 'it-IT', /Muove il Bianco/]]) {
    const page = await newPage(env, { locale, viewport: { width: 420, height: 480 } });
    await page.goto(env.server.url + `www/frame.html?mode=two-players${query}`);
    await page.waitForFunction(() => document.getElementById('board')?.isReady);
    assert.match(await page.evaluate(() => document.getElementById('board').statusText()), words, query);
    await page.waitForFunction((code) => document.documentElement.lang === code, locale === 'it-IT' ? 'it' : 'pt-BR');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test("the New game dialog says each level's strength as a player would, in the page's language", { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]'); // its code loads when first opened
  const setLevel = (n) => page.evaluate((v) => {
    const r = /** @type {HTMLInputElement} */ (document.querySelector('#level'));
    r.value = String(v);
    r.dispatchEvent(new Event('input', { bubbles: true }));
  }, n);
  const words = ['levelBeginner', 'levelBeginner', 'levelCasual', 'levelCasual', 'levelClub', 'levelClub', 'levelStrongClub', 'levelStrongClub', 'levelMaster', 'levelMaster'];
  for (let n = 1; n <= 10; n++) {
    await setLevel(n);
    assert.equal(await page.textContent('#level-elo'), en[words[n - 1]], `level ${n}`);
  }
  // The measured figure stays, as the detail under the pointer.
  await setLevel(5);
  assert.equal(await page.getAttribute('#level-elo', 'title'), 'About +1430 Elo above level 1.');
  await pickLanguage(page, 'it');
  assert.equal(await page.textContent('#level-elo'), 'Gioca come un giocatore di circolo.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('after one visit, a page works offline in its language and switches to another', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=two-players', { locale: 'it-IT', serviceWorkers: 'allow' });
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 30000, polling: 250 });
  // The worker's install has every table (it caches every file of the site).
  await page.waitForFunction(() => caches.keys().then(async (keys) => {
    for (const k of keys) if (await (await caches.open(k)).match('www/i18n/pt-BR/game.json')) return true;
    return false;
  }), null, { timeout: 20000, polling: 250 });
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 20000 });
  await page.waitForFunction(() => document.documentElement.lang === 'it');
  assert.equal(await page.textContent('#btn-undo'), 'Ritira');
  await pickLanguage(page, 'pt-BR');
  assert.equal(await page.textContent('#btn-new'), 'Nova partida');
  await page.goto(env.server.url + 'www/puzzles.html');
  await page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 20000 });
  assert.equal(await page.textContent('h1'), 'Exercícios');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the game page, the analysis board and the puzzles page at phone size, in Italian and Portuguese', { timeout: 120000 }, async () => {
  const phone = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
  const shots = [
    { path: '?mode=computer&color=white&level=3', ready: PAGES[0].ready, name: 'game' },
    { path: 'www/analysis.html#pdn=' + encodeURIComponent('1. 22-18 10-14 2. 24-20 *'), ready: PAGES[1].ready, name: 'analysis' },
    { path: 'www/puzzles.html', ready: PAGES[2].ready, name: 'puzzles' },
  ];
  for (const [locale, code] of [['it-IT', 'it'], ['pt-BR', 'pt-BR']]) {
    for (const s of shots) {
      const page = await newPage(env, { ...phone, locale });
      await page.goto(env.server.url + s.path);
      await page.waitForFunction(s.ready, null, { timeout: 20000 });
      await page.waitForFunction((c) => document.documentElement.lang === c, code);
      if (s.name === 'analysis') assert.equal(await page.isHidden('#an-error'), true, 'the game opened');
      // Nothing wider than the phone.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `${s.name} ${code}: no sideways scroll`);
      await screenshot(page, `phone-${s.name}-${code}`);
      assert.deepEqual(page.errors, [], `${s.name} ${code}`);
      await page.context().close();
    }
  }
});
