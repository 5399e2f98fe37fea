// A PDN of several games on the analysis board (issue 21, item 4): the picker lists every game
// as the game page's does (players, event, date, result, moves; a game that cannot be opened
// with its reason), the board changes only when one is chosen, and the lines of the game
// before (saved, an error) go when another game opens.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, screenshot, SIZES } from './helpers.mjs';
import { openAnalysis, openText } from './analysis-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const FIRST = '[Event "Club night"]\n[Date "2024.03.01"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "1-0"]\n1. 22-18 11-14 2. 18x11 7x14 1-0';
const BROKEN = '[White "Carla"]\n[Black "Dario"]\n1. 22-18 9-13 2. 18-14 *';
const SECOND = '[Event "Club night"]\n[Round "2"]\n[Date "2024.03.08"]\n[White "Elena"]\n[Black "Franco"]\n[Result "0-1"]\n1. 21-17 12-16 2. 24-20 11-14 3. 23-19 14x23 0-1';

/** The picker's rows, as the text of each cell. */
const rows = (page) => page.$$eval('#picker-list tr', (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent.trim().replace(/\s+/g, ' '))));

for (const [screen, options] of SIZES) {
  test(`a PDN of several games opens the picker; the game chosen opens, and the last game's lines go (${screen})`, { timeout: 60000 }, async () => {
    const page = await openAnalysis(env, '#fen=W:W21,22,23,24:B9,10,11,12', options);
    // A line of this position's own: saved.
    await page.click('#an-save');
    await page.waitForFunction(() => document.getElementById('an-saved').textContent !== '');
    await openText(page, `${FIRST}\n\n${BROKEN}\n\n${SECOND}\n`);
    await page.waitForSelector('#picker[open]');
    await page.waitForSelector('#picker-list:not([aria-busy])', { state: 'attached' });
    const listed = await rows(page);
    assert.equal(listed.length, 3, 'every game listed');
    assert.deepEqual(listed[0].slice(0, 5), ['Anna Bruno', 'Club night', '2024.03.01', '1-0', '2']);
    assert.deepEqual(listed[2].slice(0, 5), ['Elena Franco', 'Club night (2)', '2024.03.08', '0-1', '3']);
    assert.match(listed[1][5], /Cannot be opened.*18-14/);
    assert.equal(await page.isDisabled('#picker-list tr:nth-child(2) button'), true, 'a game that cannot be opened');
    assert.match(await page.textContent('#picker-count'), /3 games/);
    // Nothing changed on the board until a game is chosen.
    assert.equal(await page.evaluate(() => window.__analysis.model().nodes.length), 1);
    await screenshot(page, `analysis-picker-${screen}`);
    await page.click('#picker-list tr:nth-child(3) button');
    await page.waitForFunction(() => !document.querySelector('#picker').open);
    assert.deepEqual(await page.evaluate(() => window.__analysis.model().mainline().map((n) => n.text)), ['21-17', '12-16', '24-20', '11-14', '23-19', '14x23']);
    assert.equal(await page.textContent('#an-saved'), '', "the other game's saved line is gone");
    // An error about one text goes when the next game opens.
    await openText(page, '1. 22-17 *');
    assert.equal(await page.isVisible('#an-error'), true);
    await openText(page, `${FIRST}\n\n${SECOND}\n`);
    await page.waitForSelector('#picker[open]');
    await page.click('#picker-list tr:nth-child(1) button');
    await page.waitForFunction(() => !document.querySelector('#picker').open);
    assert.deepEqual(await page.evaluate(() => window.__analysis.model().mainline().map((n) => n.text)), ['22-18', '11-14', '18x11', '7x14']);
    assert.equal(await page.isVisible('#an-error'), false);
    // One game opens at once, as before.
    await openText(page, SECOND);
    await page.waitForFunction(() => window.__analysis.model().mainline().length === 6);
    assert.equal(await page.evaluate(() => document.querySelector('#picker').open), false);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
