// The site on a phone (issue 21): every page reaches every other page at every width, through
// one header menu on phones (item 1); no word on a button is broken or cut, in any language, at
// any width (item 10); and the game page is played one-handed: what a player taps during a game
// in the lower part of the screen, 44 px or more, the rest behind More, the clocks beside the
// board.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, newPage, screenshot, settle, notInView } from './helpers.mjs';
import { PHONE, SMALL_PHONE, SIDEWAYS, DESKTOP, LANGS, PAGES, openIn, brokenWords } from './phone-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** The address of each page, as a link's href resolves (the game page: / or /index.html). */
const target = (name) => (name === 'game' ? /\/(index\.html)?$/ : new RegExp(`/${PAGES[name].file.replace('.', '\\.')}$`));

/** The header's links that are visible and inside the screen, by the page each leads to. */
async function reachable(page) {
  const links = await page.evaluate(() =>
    [...document.querySelectorAll('header a')]
      .filter((a) => {
        const r = a.getBoundingClientRect();
        return a.getClientRects().length && r.width > 0 && r.left >= 0 && r.right <= innerWidth + 0.5 && r.top >= 0 && r.bottom <= innerHeight + 0.5;
      })
      .map((a) => ({ path: new URL(a.href).pathname, height: a.getBoundingClientRect().height })),
  );
  return Object.fromEntries(Object.keys(PAGES).map((name) => [name, links.find((l) => target(name).test(l.path)) ?? null]));
}

for (const [screen, said, options] of [['phone', 'a phone', PHONE], ['sideways', 'a phone held sideways', SIDEWAYS]]) {
  test(`on ${said}, every page's header menu leads to the three others and to the language (item 1)`, { timeout: 120000 }, async () => {
    for (const [name, p] of Object.entries(PAGES)) {
      const page = await openIn(env, p.path, p.ready, 'en', options);
      const button = page.locator('header button[aria-expanded]');
      assert.equal(await button.count(), 1, `${name}: one menu button`);
      const box = await button.boundingBox();
      assert.ok(box && box.width >= 44 && box.height >= 44, `${name}: the menu button is ${JSON.stringify(box)}`);
      assert.ok(box.x >= 0 && box.x + box.width <= options.viewport.width && box.y >= 0, `${name}: the menu button is on the screen`);
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.ok(await button.getAttribute('aria-label'), `${name}: the button is named`);
      const controls = await button.getAttribute('aria-controls');
      assert.equal(await page.locator(`#${controls}`).evaluate((el) => el.tagName), 'NAV', `${name}: the button controls the nav`);
      // Closed: nothing of it shows (the page has the room).
      assert.deepEqual(Object.values(await reachable(page)).filter(Boolean), [], `${name}: closed`);
      // A tap opens it: the three other pages, each link a target a finger can hit, and the language.
      await button.tap();
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      const open = await reachable(page);
      for (const other of Object.keys(PAGES).filter((n) => n !== name)) {
        assert.ok(open[other], `${name} → ${other}: ${JSON.stringify(open)}`);
        assert.ok(open[other].height >= 44, `${name} → ${other}: a link ${open[other].height} px tall`);
      }
      assert.equal(await page.isVisible('#lang'), true, `${name}: the language picker`);
      await screenshot(page, `menu-${name}-${screen}`);
      // The language picked there switches the page.
      await page.selectOption('#lang', 'it');
      await page.waitForFunction(() => document.documentElement.lang === 'it');
      // Escape closes it and gives the focus back to the button.
      await page.focus('#lang');
      await page.keyboard.press('Escape');
      assert.equal(await button.getAttribute('aria-expanded'), 'false');
      assert.equal(await page.evaluate(() => document.activeElement?.matches('header button[aria-expanded]')), true, `${name}: focus back on the button`);
      // From the keyboard: Enter opens, Tab goes into the links.
      await page.keyboard.press('Enter');
      assert.equal(await button.getAttribute('aria-expanded'), 'true');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => !!document.activeElement?.closest('nav')), true, `${name}: Tab goes into the menu`);
      // A tap outside closes it.
      await page.touchscreen.tap(options.viewport.width / 2, options.viewport.height - 10);
      assert.equal(await button.getAttribute('aria-expanded'), 'false', `${name}: closed by a tap outside`);
      assert.deepEqual(page.errors, [], name);
      await page.context().close();
    }
  });
}

test('at a desk every header shows the three other pages and the language at once, no menu button (item 1)', { timeout: 60000 }, async () => {
  for (const [name, p] of Object.entries(PAGES)) {
    const page = await openIn(env, p.path, p.ready, 'pt-BR', DESKTOP);
    assert.equal(await page.isVisible('header button[aria-expanded]'), false, name);
    const links = await reachable(page);
    for (const other of Object.keys(PAGES).filter((n) => n !== name)) assert.ok(links[other], `${name} → ${other}`);
    assert.equal(await page.isVisible('#lang'), true);
    await page.context().close();
  }
});

/** The header's title and subtitle, where cut short on `page` as it is now; and whether the page scrolls sideways. */
const headerCut = (page) =>
  page.evaluate(() => ({
    cut: [...document.querySelectorAll('header h1, header .subtitle')].filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 0.5).map((el) => el.textContent),
    sideways: document.documentElement.scrollWidth > innerWidth,
  }));

// The game page, the analysis board and the puzzles are checked at 320 px by the tests of the
// words on buttons below, on the same pages; here the rules page.
test('the headers say all their words on a phone: no title or game cut beside the language (item 10)', { timeout: 60000 }, async () => {
  for (const lang of LANGS) {
    const page = await openIn(env, PAGES.rules.path, PAGES.rules.ready, lang, { ...PHONE, viewport: { width: 320, height: 700 } });
    assert.deepEqual(await headerCut(page), { cut: [], sideways: false }, `rules ${lang}`);
    await page.context().close();
  }
});

// ------------------------------------------------------------------ words on buttons (item 10)

const WIDTHS = [320, 360, 390, 768, 1280];

/** Shows every button a player can reach on the page (on the game page, those behind More). */
const SHOW_ALL = {
  game: async (page) => {
    if ((await page.isVisible('#btn-more')) && (await page.getAttribute('#btn-more', 'aria-expanded')) === 'false') await page.click('#btn-more');
  },
  analysis: async () => {},
  puzzles: async () => {},
};

for (const lang of LANGS) {
  test(`${lang}: no word is broken or cut on any button of the game page, the puzzles and the analysis board, from 320 to 1280 px (item 10)`, { timeout: 120000 }, async () => {
    const paths = { game: PAGES.game.path, analysis: `${PAGES.analysis.path}#pdn=${encodeURIComponent('1. 22-18 10-14 2. 24-20 *')}`, puzzles: PAGES.puzzles.path };
    const found = [];
    for (const [name, path] of Object.entries(paths)) {
      const page = await openIn(env, path, PAGES[name].ready, lang, PHONE);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        if (width === 320) {
          // The header says all its words too (item 10): no title or game cut beside the language.
          assert.deepEqual(await headerCut(page), { cut: [], sideways: false }, `${name} ${lang} at 320 px`);
          if (name === 'game') await screenshot(page, `header-320-${lang}`);
        }
        await SHOW_ALL[name](page);
        for (const w of await brokenWords(page)) found.push(`${name} at ${width} px: ${w}`);
        if (width === 390) await screenshot(page, `buttons-${name}-${lang}`);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
    assert.deepEqual(found, []);
  });
}

// ------------------------------------------------------------------ one-handed (the closing words)

const MAIN = ['#btn-new', '#btn-undo', '#btn-hint', '#btn-draw', '#btn-resign', '#btn-more'];
const RARE = ['#btn-games', '#btn-library', '#btn-sound', '#btn-numbers'];

for (const [screen, options] of [['390x844', PHONE], ['360x740', SMALL_PHONE], ['sideways 844x390', SIDEWAYS]]) {
  test(`one-handed at ${screen}: the game's buttons low on the screen and 44 px, the rest behind More, the clocks at the board`, { timeout: 60000 }, async () => {
    const page = await openPage(env, '', options);
    // A game on the clock, against a friend (nothing moves by itself).
    await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players', clock: { initialMs: 300000, incrementMs: 0 } }));
    await settle(page);
    const { height } = options.viewport;
    const at = (sel) => page.locator(sel).boundingBox();
    for (const sel of MAIN) {
      const b = await at(sel);
      assert.ok(b, `${sel} shows`);
      assert.ok(b.height >= 44 && b.width >= 44, `${sel} is ${Math.round(b.width)}x${Math.round(b.height)}`);
      assert.ok(b.y >= 0 && b.y + b.height <= height, `${sel} is on the screen without scrolling: ${JSON.stringify(b)}`);
      if (height > options.viewport.width) assert.ok(b.y + b.height / 2 > height / 2, `${sel} is in the lower half: ${JSON.stringify(b)}`);
    }
    for (const sel of RARE) assert.equal(await page.isVisible(sel), false, `${sel} waits behind More`);
    const board = await at('#board');
    assert.ok(board.y >= 0 && board.y + board.height <= height, 'the whole board is on the screen');
    // The clocks: beside the board, big enough to read at a glance.
    for (const id of ['#player-top .clock', '#player-bottom .clock']) {
      const c = await at(id);
      assert.ok(c && c.y >= 0 && c.y + c.height <= height, `${id} on the screen`);
      const gap = Math.min(Math.abs(c.y + c.height - board.y), Math.abs(c.y - (board.y + board.height)));
      assert.ok(gap < 40, `${id} is next to the board (${Math.round(gap)} px away)`);
      const size = await page.locator(id).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
      assert.ok(size >= 18, `${id}: ${size} px`);
    }
    await screenshot(page, `one-handed-${screen.replace(/\W+/g, '-')}`);
    // More shows the rest, and says it is open.
    await page.tap('#btn-more');
    assert.equal(await page.getAttribute('#btn-more', 'aria-expanded'), 'true');
    for (const sel of RARE) {
      const b = await at(sel);
      assert.ok(b && b.height >= 44, `${sel} after More: ${JSON.stringify(b)}`);
    }
    // What More opened is brought on screen (below the fold, a player would not know it is there).
    const last = await page.evaluate(() => [...document.querySelectorAll('#controls button')].filter((b) => b.offsetParent).pop()?.id);
    assert.deepEqual(await notInView(page.locator(`#${last}`), `#${last}`), [], 'the last button More shows is on the screen');
    await screenshot(page, `one-handed-more-${screen.replace(/\W+/g, '-')}`);
    await page.tap('#btn-more');
    assert.equal(await page.isVisible('#btn-games'), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('at a desk every button shows at once, no More', { timeout: 30000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.goto(env.server.url + '?mode=two-players');
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await page.isVisible('#btn-more'), false);
  for (const sel of [...MAIN.filter((s) => s !== '#btn-more'), ...RARE, '#btn-redo', '#btn-flip', '#btn-analyse', '#btn-review-game']) assert.equal(await page.isVisible(sel), true, sel);
  await page.context().close();
});

// ------------------------------------------------------------------ the players' rows (issue 55, item 6)

// With a clock running, the rows wrapped on a phone ("Computer · livello / 10", "12 / pezzi")
// and pushed the board down. Now each row keeps to one line and the board stays where it was.
for (const lang of LANGS) {
  test(`390x844, ${lang}: with a clock running, each player's row is one line and the board does not move`, { timeout: 60000 }, async () => {
    const page = await openIn(env, '', PAGES.game.ready, lang, PHONE);
    await settle(page);
    const boardTop = () => page.evaluate(() => document.querySelector('#board').getBoundingClientRect().top);
    const before = await boardTop();
    await page.evaluate(() => window.__dama.board.newGame({ mode: 'computer', level: 10, color: 'white', clock: { initialMs: 600000, incrementMs: 5000 } }));
    await page.waitForSelector('#player-top .clock:not([hidden])');
    await settle(page);
    const rows = await page.evaluate(() =>
      ['#player-top', '#player-bottom'].map((id) => {
        const row = document.querySelector(id);
        const parts = [...row.querySelectorAll('.name, .count, .clock')].map((el) => {
          const lh = parseFloat(getComputedStyle(el).lineHeight) || parseFloat(getComputedStyle(el).fontSize) * 1.4;
          const range = document.createRange();
          range.selectNodeContents(el);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0.5).map((r) => Math.round(r.top))).size;
          return { part: el.className, text: el.textContent, lines, tall: el.getBoundingClientRect().height > lh * 1.5, cut: el.scrollWidth > el.clientWidth };
        });
        return { id, height: row.getBoundingClientRect().height, parts };
      }),
    );
    for (const row of rows) {
      for (const p of row.parts) assert.ok(p.lines <= 1 && !p.tall, `${row.id} ${p.part} "${p.text}" on ${p.lines} lines`);
      // At 390 px every word is there (narrower, a long name ends in an ellipsis).
      for (const p of row.parts) assert.equal(p.cut, false, `${row.id} ${p.part} "${p.text}" cut short`);
      assert.ok(row.height <= 36, `${row.id} is ${row.height} px tall`);
    }
    assert.equal(await boardTop(), before, 'the board stays where it was without the clock');
    if (lang === 'it') await screenshot(page, `players-clock-phone-${lang}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
