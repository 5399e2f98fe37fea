// Analysis in the embed (issue 25, item 6): `<dama-board analysis>` and the frame's
// mode=analysis show an evaluation bar and the engine's best line under the board, from the
// analysis worker, following the position shown; Brazilian in its own notation; axe clean.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, screenshot, axeViolations, DESKTOP, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});


/** The element's analysis as shown: the bar's value and text, and the line. */
const shown = (page, id) =>
  page.evaluate((sel) => {
    const root = document.querySelector(sel).shadowRoot;
    const bar = root.querySelector('.eval-bar');
    return { hidden: root.querySelector('.eval').hidden, value: Number(bar.getAttribute('aria-valuenow')), text: bar.getAttribute('aria-valuetext'), line: root.querySelector('.eval-line').textContent };
  }, id);

for (const [screen, options] of SIZES) {
  test(`boards with the analysis attribute show the bar and the best line, following the moves (${screen})`, { timeout: 60000 }, async () => {
    const page = await newPage(env, options);
    await page.goto(`${env.server.url}tests/browser/fixtures/analysis-board.html`);
    // Two kings against one: a win for White the engine finds, the bar full on White's side.
    await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#it').shadowRoot.querySelector('.eval-line').textContent), null, { timeout: 30000 });
    let it = await shown(page, '#it');
    assert.equal(it.hidden, false);
    assert.ok(it.value >= 90, JSON.stringify(it));
    assert.match(it.line, /^\+(#\d*|\d+\.\d\d) · \d+-\d+/);
    // The Brazilian board from the start: its line in its own notation.
    await page.waitForFunction(() => /depth \d+/.test(document.querySelector('#br').shadowRoot.querySelector('.eval-line').textContent), null, { timeout: 30000 });
    const br = await shown(page, '#br');
    assert.match(br.line, /^[+−]\d+\.\d\d · [a-h][1-8]-[a-h][1-8]/);
    assert.ok(br.value > 20 && br.value < 80, JSON.stringify(br));
    // A move played: the line is the new position's.
    const before = it.line;
    await page.evaluate(() => document.querySelector('#it').play('29-25'));
    await page.waitForFunction((old) => {
      const line = document.querySelector('#it').shadowRoot.querySelector('.eval-line').textContent;
      return line !== old && /depth \d+/.test(line);
    }, before, { timeout: 30000 });
    it = await shown(page, '#it');
    assert.ok(it.value >= 90, 'still White winning, Black to move');
    assert.match(it.line, /^\+(#\d*|\d+\.\d\d) · \d+-\d+/, 'the Black move first, the score White\'s');
    // Switched off: the bar goes.
    await screenshot(page, `embed-analysis-${screen}`);
    await page.evaluate(() => document.querySelector('#it').removeAttribute('analysis'));
    await page.waitForFunction(() => document.querySelector('#it').shadowRoot.querySelector('.eval').hidden);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the frame with mode=analysis: both sides move, the engine analyses', { timeout: 60000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.goto(`${env.server.url}www/frame.html?mode=analysis&variant=brazilian`);
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('board').shadowRoot.querySelector('.eval-line').textContent), null, { timeout: 30000 });
  await page.evaluate(() => document.getElementById('board').play('c3-d4'));
  // Black's move from the board too: both sides move in analysis.
  assert.equal(await page.evaluate(() => document.getElementById('board').humanToMove()), true);
  await page.evaluate(() => document.getElementById('board').play('f6-g5'));
  assert.equal(await page.evaluate(() => document.getElementById('board').history().length), 2);
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('board').shadowRoot.querySelector('.eval-line').textContent), null, { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
