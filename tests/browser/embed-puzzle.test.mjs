// A puzzle on any page (issue 25, item 6): `<dama-board puzzle="...">` shows the site's puzzle
// with the solver to move and the board turned to the solver, takes back a move that is not the
// line's, answers the right one after a pause, and says when it is solved (a `puzzle` event
// too); Italian and Brazilian; an unknown id is said.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, newPage, clickMove, screenshot, axeViolations } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const read = (game) => JSON.parse(readFileSync(new URL(`../../www/puzzles/${game}.json`, import.meta.url), 'utf8')).puzzles;
const events = (page) => page.evaluate(() => window.__puzzleEvents.map((e) => e.result));
const notice = (page) => page.evaluate(() => document.getElementById('p').notice);

async function openPuzzle(id, options = {}) {
  const page = await newPage(env, { viewport: { width: 1000, height: 900 }, ...options });
  await page.goto(`${env.server.url}tests/browser/fixtures/puzzle-board.html?id=${id}`);
  await page.waitForFunction(() => window.__puzzleEvents.length > 0, null, { timeout: 15000 });
  return page;
}

for (const [game, screen, options] of [
  ['italian', 'desktop', {}],
  ['brazilian', 'phone', { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
]) {
  test(`a ${game} puzzle on a page: a wrong move taken back, the line answered and solved (${screen})`, { timeout: 60000 }, async () => {
    // A puzzle with a reply in its line, and a quiet first move (its two squares say it).
    const p = read(game).find((x) => x.line.length === 3 && !x.line[0].includes('x'));
    const page = await openPuzzle(p.id, options);
    assert.deepEqual(await events(page), ['started']);
    const solver = p.fen.startsWith('B') ? 'black' : 'white';
    assert.match(await notice(page), new RegExp(`^${solver === 'white' ? 'White' : 'Black'} to play and win`));
    assert.equal(await page.evaluate(() => document.getElementById('p').orientation), solver);
    assert.equal(await page.evaluate(() => document.getElementById('p').fen()), p.fen);
    // Another legal move of the solver: taken back, said.
    const wrong = await page.evaluate((right) => document.getElementById('p').legalMoves().find((m) => m.text !== right && !m.captured.length)?.text, p.line[0]);
    if (wrong) {
      await clickMove(page, wrong, '#p');
      await page.waitForFunction(() => window.__puzzleEvents.some((e) => e.result === 'wrong'));
      assert.match(await notice(page), /is not the move/);
      assert.equal(await page.evaluate(() => document.getElementById('p').history().length), 0);
      await page.waitForFunction(() => !document.getElementById('p').animating);
    }
    // The line: the solver's move, the reply by itself, the solver's last.
    await clickMove(page, p.line[0], '#p');
    await page.waitForFunction(() => document.getElementById('p').history().length === 2, null, { timeout: 10000 });
    assert.deepEqual(await page.evaluate(() => document.getElementById('p').history().map((m) => m.text)), p.line.slice(0, 2));
    await page.waitForFunction(() => !document.getElementById('p').animating);
    await clickMove(page, p.line[2], '#p');
    await page.waitForFunction(() => window.__puzzleEvents.some((e) => e.result === 'solved'));
    assert.equal(await notice(page), 'Solved!');
    await screenshot(page, `embed-puzzle-${game}-${screen}`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('an unknown puzzle id is said, and the board stays usable', { timeout: 30000 }, async () => {
  const page = await newPage(env, {});
  await page.goto(`${env.server.url}tests/browser/fixtures/puzzle-board.html?id=it-999999`);
  await page.waitForFunction(() => /could not be opened/.test(document.getElementById('p').notice), null, { timeout: 15000 });
  assert.match(await notice(page), /there is no puzzle it-999999/);
  await page.context().close();
});
