// A dialog's actions are always in view (issue 55, item 1): on a phone (390x844, touch) in
// Portuguese, the New game dialog ended at y=825 with Começar at y=835-877, wholly hidden, and
// Inizia was cut in half in Italian. The dialogs of the game page and the analysis board keep
// their buttons in a footer that stays while the rest scrolls under it: measured with each
// language's longest choices, then with every label three times as long, and tapped. The radio
// buttons beside labels of two lines keep their size and place.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, screenshot, notInView, press, SIZES } from './helpers.mjs';
import { SIDEWAYS, openIn, PAGES } from './phone-page.mjs';
import { openAnalysis, openText } from './analysis-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** Why the button matched by `selector` could not be tapped where it is (none: it can). */
const hidden = (page, selector) => notInView(page.locator(selector), selector);

/** The New game dialog's radio buttons: each one's size, and where it and its words start. */
const radios = (page) =>
  page.$$eval('#new-game input[type="radio"]', (inputs) =>
    inputs.map((i) => {
      const r = i.getBoundingClientRect();
      const words = /** @type {HTMLElement} */ (i.nextElementSibling).getBoundingClientRect();
      const label = i.closest('label').getBoundingClientRect();
      return { value: i.value, width: r.width, height: r.height, left: Math.round(r.left), words: Math.round(words.left), lines: Math.round(words.height / parseFloat(getComputedStyle(i.nextElementSibling).lineHeight || '20')), middle: Math.abs((r.top + r.bottom) / 2 - (label.top + label.bottom) / 2) };
    }),
  );

/** Every label's words in the open dialog `id`, and its buttons', said three times over. */
const lengthen = (page, id) =>
  page.evaluate((dialogId) => {
    for (const el of document.querySelectorAll(`#${dialogId} label > span, #${dialogId} small, #${dialogId} legend > span, #${dialogId} .dialog-buttons button`)) {
      el.textContent = `${el.textContent} ${el.textContent} ${el.textContent}`;
    }
  }, id);

for (const [screen, options] of SIZES) {
  for (const lang of ['pt-BR', 'it', 'en']) {
    test(`${screen}, ${lang}: the New game dialog keeps Start and Cancel in view with the longest choices and labels, and Start starts (item 1)`, { timeout: 60000 }, async () => {
      const page = await openIn(env, PAGES.game.path, PAGES.game.ready, lang, options);
      await press(page, '#btn-new', options);
      await page.waitForSelector('#new-game[open]');
      // The choices that make the dialog longest: the computer (its side and level asked), the
      // level whose strength reads longest, a clock of one's own (its minutes and seconds asked).
      await page.check('#new-game input[name="mode"][value="computer"]');
      await page.check('#new-game input[name="color"][value="random"]');
      await page.$eval('#level', (el) => {
        el.value = '7';
        el.dispatchEvent(new Event('input', { bubbles: true }));
      });
      await page.selectOption('#clock-choice', 'custom');
      await page.waitForSelector('#new-game .custom-clock:not([hidden])');
      if (screen === 'phone') {
        // On a phone the dialog is longer than the screen: it scrolls, its footer stays.
        assert.ok(await page.$eval('#new-game', (d) => d.scrollHeight > d.clientHeight), 'the dialog scrolls on a phone');
        if (lang === 'pt-BR') await screenshot(page, `new-game-phone-${lang}`);
      }
      assert.deepEqual(await hidden(page, '#new-game button[value="start"]'), [], 'Start');
      assert.deepEqual(await hidden(page, '#new-game button[value="cancel"]'), [], 'Cancel');
      // Scrolled to the end, and back to the top: the footer does not move.
      for (const top of [1e6, 0]) {
        await page.$eval('#new-game', (d, y) => d.scrollTo(0, y), top);
        assert.deepEqual(await hidden(page, '#new-game button[value="start"]'), [], `Start, scrolled to ${top}`);
      }
      // Radio buttons beside one line or two: 20 px each, in one column, their words in another,
      // each in the middle of its label's height.
      const before = await radios(page);
      for (const r of before) {
        assert.deepEqual([r.width, r.height], [20, 20], `${r.value}: ${r.width}x${r.height}`);
        assert.equal(r.left, before[0].left, `${r.value} in the column of radio buttons`);
        assert.equal(r.words, before[0].words, `${r.value}'s words in their column`);
        assert.ok(r.middle <= 2, `${r.value} in the middle of its label (${r.middle} px off)`);
      }
      if (screen === 'phone' && lang === 'pt-BR') assert.ok(before.some((r) => r.lines >= 2), 'a label of two lines measured');
      // Any language's words, however long: every label three times over.
      await lengthen(page, 'new-game');
      assert.deepEqual(await hidden(page, '#new-game button[value="start"]'), [], 'Start, every label three times as long');
      assert.deepEqual(await hidden(page, '#new-game button[value="cancel"]'), [], 'Cancel, every label three times as long');
      for (const r of await radios(page)) assert.deepEqual([r.width, r.height, r.left], [20, 20, before[0].left], `${r.value} with long words`);
      // Start, tapped where it is: the game on the clock chosen, against the computer.
      await press(page, '#new-game button[value="start"]', options);
      await page.waitForFunction(() => !document.querySelector('#new-game').open);
      await page.waitForSelector('#player-bottom .clock:not([hidden])');
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('dama.settings') ?? '{}').clock), '5+3');
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}

/** The game page's other dialogs, each opened as a player does (on a phone, from a menu), and its Close. */
const OTHERS = {
  games: { open: ['#btn-more', '#btn-games'] },
  library: { open: ['#btn-more', '#btn-library'] },
  settings: { open: ['header button[aria-expanded]', '#btn-settings'] },
};

for (const [screen, options] of SIZES) {
  for (const lang of ['pt-BR', 'it']) {
    test(`${screen}, ${lang}: the game page's other dialogs keep Close in view, and it closes them (item 1)`, { timeout: 60000 }, async () => {
      const page = await openIn(env, PAGES.game.path, PAGES.game.ready, lang, options);
      for (const [id, { open }] of Object.entries(OTHERS)) {
        // At a desk the buttons are out at once: the menus are not there.
        for (const sel of open.slice(0, -1)) if (await page.isVisible(sel)) await press(page, sel, options);
        await press(page, open[open.length - 1], options);
        await page.waitForSelector(`#${id}[open]`);
        const close = `#${id} .dialog-buttons button`;
        assert.deepEqual(await hidden(page, close), [], id);
        await lengthen(page, id);
        assert.deepEqual(await hidden(page, close), [], `${id}, every label three times as long`);
        if (lang === 'pt-BR') await screenshot(page, `dialog-${id}-${screen}-${lang}`);
        await press(page, close, options);
        await page.waitForFunction((d) => !document.getElementById(d).open, id);
        if (await page.isVisible('#btn-more[aria-expanded="true"]')) await press(page, '#btn-more', options);
      }
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
}

for (const [screen, options] of [...SIZES, ['sideways phone', SIDEWAYS]]) {
  test(`${screen}, pt-BR: the analysis board's list of games keeps Close in view over forty games (item 1)`, { timeout: 60000 }, async () => {
    const page = await openAnalysis(env, '', { ...options, locale: 'pt-BR' });
    const games = Array.from({ length: 40 }, (_, i) => `[White "Jogador ${i + 1}"]\n[Black "Adversário ${i + 1}"]\n[Result "*"]\n1. 22-18 11-14 *`);
    await openText(page, games.join('\n\n'));
    await page.waitForSelector('#picker[open]');
    await page.waitForSelector('#picker-list:not([aria-busy])', { state: 'attached' });
    assert.deepEqual(await hidden(page, '#picker .dialog-buttons button'), [], 'Close');
    await page.$eval('#picker .games-body', (b) => b.scrollTo(0, 1e6));
    assert.deepEqual(await hidden(page, '#picker .dialog-buttons button'), [], 'Close, scrolled to the end');
    // The last game's Open is not under the footer once scrolled to.
    const last = '#picker-list tr:last-child button';
    await page.locator(last).scrollIntoViewIfNeeded();
    assert.deepEqual(await hidden(page, last), [], 'the last game');
    await press(page, '#picker .dialog-buttons button', options);
    await page.waitForFunction(() => !document.querySelector('#picker').open);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
