// The game page's tables of games (issue 21, item 13): Saved games and the PDN picker fit a
// phone (no button cut off at the right edge); Saved games names each game's game (Italian or
// Brazilian draughts) and its own date (the PDN's Date, the save date only where it has none,
// said so), and tells the game being played from games left unfinished: those are listed
// below, as unfinished, and can be cleared in two taps, which never deletes a finished game or
// one with comments.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, clickMove, screenshot, waitForAsync, notInView, press, SIZES } from './helpers.mjs';
import { DESKTOP, LANGS, openIn } from './phone-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const DAY = 24 * 3600 * 1000;
const ready = () => window.__dama?.ready === true;

/** Saved games as older visits left them (written straight into the store, with their times). */
const RECORDS = (now) => [
  {
    id: 'finished-2019', white: 'Rossi', black: 'Bianchi', result: '1-0', variant: 'italian', plies: 2, date: '2025-01-02', event: 'Campionato', updated: now - 5 * DAY, finished: true, snapshot: null, rev: 1,
    pdn: '[Event "Campionato"]\n[Date "2019.05.04"]\n[White "Rossi"]\n[Black "Bianchi"]\n[Result "1-0"]\n\n1. 22-18 11-14 1-0\n',
  },
  {
    id: 'no-date', white: 'Anna', black: 'Bea', result: '0-1', variant: 'italian', plies: 2, date: '2024-12-31', event: '', updated: now - 4 * DAY, finished: true, snapshot: null, rev: 1,
    pdn: '[White "Anna"]\n[Black "Bea"]\n[Result "0-1"]\n\n1. 22-18 11-14 0-1\n',
  },
  {
    id: 'left-brazilian', white: 'You', black: 'Computer · level 3', result: '*', variant: 'brazilian', plies: 2, date: '2025-01-01', event: '', updated: now - 3 * DAY, finished: false, snapshot: null, rev: 4,
    pdn: '[Event "Casual game"]\n[Date "2025.01.01"]\n[White "You"]\n[Black "Computer"]\n[GameType "26"]\n[Result "*"]\n\n1. c3-d4 f6-g5 *\n',
  },
  {
    id: 'left-with-comment', white: 'You', black: 'Friend', result: '*', variant: 'italian', plies: 2, date: '2025-01-02', event: '', updated: now - 2 * DAY, finished: false, snapshot: null, rev: 7,
    pdn: '[Event "Casual game"]\n[Date "2025.01.02"]\n[White "You"]\n[Black "Friend"]\n[Result "*"]\n\n1. 22-18 {my plan} 11-14 *\n',
  },
];

/** The page with those games saved, and one game being played (22-18) on its board. */
async function pageWithGames(lang, options) {
  const page = await openIn(env, '?variant=italian&mode=two-players', ready, lang, options);
  await page.evaluate(async (records) => {
    const { Library } = await import('./www/library/library.js');
    const lib = await Library.open();
    const store = lib.db.transaction('games', 'readwrite').objectStore('games');
    for (const r of records) store.put(r);
    await new Promise((resolve) => (store.transaction.oncomplete = resolve));
  }, RECORDS(Date.now()));
  await clickMove(page, '22-18');
  await waitForAsync(page, async () => {
    const { Library } = await import('./www/library/library.js');
    return (await (await Library.open()).list()).length === 5;
  });
  return page;
}

async function openLibrary(page) {
  // On a phone the button is under More.
  if (!(await page.isVisible('#btn-library'))) await page.click('#btn-more');
  await page.click('#btn-library');
  await page.waitForSelector('#library[open]');
  await page.waitForSelector('#library-list:not([aria-busy])', { state: 'attached' });
}

/** What in the dialog does not fit it: a button past its right edge, a table scrolling sideways. */
function cutOff(page, dialog) {
  return page.evaluate((sel) => {
    const d = document.querySelector(sel);
    const edge = d.getBoundingClientRect().right;
    const out = [];
    for (const b of d.querySelectorAll('button')) {
      const r = b.getBoundingClientRect();
      if (b.getClientRects().length && r.right > Math.min(edge, innerWidth) + 0.5) out.push(`${b.textContent} ends at ${Math.round(r.right)} > ${Math.round(edge)}`);
    }
    for (const w of d.querySelectorAll('.game-list-wrap')) if (w.scrollWidth > w.clientWidth + 1) out.push(`the table is ${w.scrollWidth} px in ${w.clientWidth}`);
    return out;
  }, dialog);
}

const rows = (page) => page.$$eval('#library-list tr', (rs) => rs.map((r) => r.textContent.replace(/\s+/g, ' ').trim()));

const WORDS = {
  en: { italian: 'Italian draughts', brazilian: 'Brazilian draughts', live: 'in progress', left: 'unfinished', saved: /saved/ },
  it: { italian: 'Dama italiana', brazilian: 'Dama brasiliana', live: 'in corso', left: 'interrotta', saved: /salvata/ },
  'pt-BR': { italian: 'Damas italianas', brazilian: 'Damas brasileiras', live: 'em andamento', left: 'interrompida', saved: /salva/ },
};

for (const [screen, options] of SIZES) {
  for (const lang of LANGS) {
    test(`${lang}, ${screen}: saved games fit, name their game and their own date, and list the unfinished ones last`, { timeout: 60000 }, async () => {
      const w = WORDS[lang];
      const page = await pageWithGames(lang, options);
      await openLibrary(page);
      const list = await rows(page);
      assert.equal(list.length, 5, list.join('\n'));
      // The game being played first; then the finished games, latest first; then those left.
      assert.match(list[0], new RegExp(w.live));
      assert.match(list[1], /Anna/);
      assert.match(list[2], /Rossi/);
      assert.match(list[3], /Friend/);
      assert.match(list[4], /Computer/);
      for (const r of list.slice(3)) assert.ok(r.includes(w.left), `unfinished: ${r}`);
      for (const r of list.slice(0, 3)) assert.ok(!r.includes(w.left), `not unfinished: ${r}`);
      // Each game says which game it is.
      for (const [i, game] of [[0, 'italian'], [1, 'italian'], [2, 'italian'], [3, 'italian'], [4, 'brazilian']]) assert.ok(list[i].includes(w[game]), `${w[game]} in ${list[i]}`);
      // The game's own date: the PDN's (2019), not the day it was saved (2025); without one, the
      // save date, said to be one.
      assert.match(list[2], /2019/);
      assert.doesNotMatch(list[2], /2025/);
      assert.doesNotMatch(list[2], w.saved);
      assert.match(list[1], /2024/);
      assert.match(list[1], w.saved);
      assert.deepEqual(await cutOff(page, '#library'), []);
      assert.deepEqual(await notInView(page.locator('#library .dialog-buttons button')), [], 'Close');
      await screenshot(page, `library-${screen}-${lang}`);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}

for (const [screen, options] of SIZES) {
  test(`${screen}: clearing the unfinished games asks once more, then keeps the finished ones, the one being played and one with comments`, { timeout: 60000 }, async () => {
    const page = await pageWithGames('en', options);
    await openLibrary(page);
    const clear = page.locator('#library-clear');
    assert.equal(await clear.isVisible(), true);
    assert.deepEqual(await notInView(clear), []);
    // It counts what it deletes: of the two games left, the one nobody wrote in.
    assert.equal(await clear.textContent(), 'Delete unfinished games (1)');
    await press(page, '#library-clear', options);
    // One tap only asks.
    assert.equal((await rows(page)).length, 5);
    // The button's new words come after the click's handler has run: waited for, not read at once.
    await page.waitForFunction(() => /again/i.test(document.getElementById('library-clear').textContent), null, { timeout: 5000 });
    assert.match(await clear.textContent(), /again/i);
    assert.deepEqual(await notInView(clear), [], 'asking again, in view');
    await press(page, '#library-clear', options);
    await page.waitForFunction(() => document.querySelectorAll('#library-list tr').length === 4);
    const list = await rows(page);
    assert.ok(list.some((r) => r.includes('Friend')), 'the game with a comment is kept');
    assert.ok(!list.some((r) => r.includes('Computer')), 'the game left without a word is gone');
    assert.match(await page.textContent('#library-message'), /1/);
    const kept = await page.evaluate(async () => {
      const { Library } = await import('./www/library/library.js');
      return (await (await Library.open()).list()).map((r) => r.id).sort();
    });
    assert.equal(kept.length, 4);
    assert.ok(kept.includes('finished-2019') && kept.includes('no-date') && kept.includes('left-with-comment'));
    assert.match(await page.textContent('#library-message'), /Kept for their comments or variations: 1/);
    // Nothing left that it would delete: it goes.
    assert.equal(await clear.isVisible(), false);
    await screenshot(page, `library-cleared-${screen}`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('at a desk: saved games as a table with a column for the game, nothing cut off', { timeout: 60000 }, async () => {
  const page = await pageWithGames('en', DESKTOP);
  await openLibrary(page);
  const heads = await page.$$eval('#library thead th', (ths) => ths.map((th) => th.textContent.trim()));
  assert.ok(heads.includes('Game'), heads.join());
  assert.deepEqual(await cutOff(page, '#library'), []);
  await screenshot(page, 'library-desktop');
  await page.context().close();
});

const THREE = ['Rossi', 'Bianchi', 'Verdi'].map((w, i) => `[Event "Torneo di primavera"]\n[Date "2023.04.0${i + 1}"]\n[White "${w} Giovanni"]\n[Black "Neri Francesca"]\n[Result "1-0"]\n\n1. 22-18 11-14 1-0\n`).join('\n');

for (const [screen, options] of SIZES) {
  test(`${screen}: the PDN picker's Open buttons are inside the screen`, { timeout: 60000 }, async () => {
    const page = await openIn(env, '?variant=italian&mode=two-players', ready, 'pt-BR', options);
    if (await page.isVisible('#btn-more')) await page.click('#btn-more');
    await page.click('#btn-games');
    await page.waitForSelector('#games[open]'); // its code loads when first opened
    await page.fill('#pdn-in', THREE);
    await page.click('#pdn-open');
    await page.waitForSelector('#picker[open]');
    await page.waitForSelector('#picker-list:not([aria-busy])', { state: 'attached' });
    assert.equal(await page.locator('#picker-list tr').count(), 3);
    assert.deepEqual(await cutOff(page, '#picker'), []);
    await screenshot(page, `picker-${screen}-pt-BR`);
    // And it opens a game.
    await page.click('#picker-list tr:nth-child(2) button');
    await page.waitForFunction(() => window.__dama.history().length === 2);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
