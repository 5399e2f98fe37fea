// The trainer's Brazilian puzzles (issue 25, item 3): the game chosen on the page (kept for the
// next visit), a Brazilian puzzle solved by taps on the Brazilian board in its own notation, a
// shared link to a puzzle of the other game opening that game's page, and the record kept per
// game. At phone and desktop size.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, newPage, pointInBox, screenshot, DESKTOP, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const FILE = JSON.parse(readFileSync(new URL('../../www/puzzles/brazilian.json', import.meta.url), 'utf8'));

const ready = (page) => page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
const idle = (page) => page.waitForFunction(() => !window.__puzzles.busy(), null, { timeout: 10000 });

/** A tap on the square named `name` ("c3"), from the canvas's box and the orientation. */
async function tap(page, name) {
  await page.locator('#board canvas').scrollIntoViewIfNeeded();
  const { box, orientation } = await page.evaluate(() => {
    const r = window.__puzzles.canvas.getBoundingClientRect();
    return { box: { x: r.x, y: r.y, width: r.width }, orientation: window.__puzzles.orientation() };
  });
  const [x, y] = pointInBox(box, orientation, name, 'brazilian');
  await page.mouse.click(x, y);
}

for (const [screen, options] of SIZES) {
  test(`a Brazilian puzzle chosen, solved by taps in its own notation; the game kept for the next visit (${screen})`, { timeout: 60000 }, async () => {
    // A puzzle whose line is the solver's move alone (no route to choose among captures).
    const p = FILE.puzzles.find((x) => x.line.length === 1 && !x.line[0].includes('x'));
    const page = await newPage(env, options);
    await page.goto(`${env.server.url}www/puzzles.html`);
    await ready(page);
    assert.match(await page.evaluate(() => window.__puzzles.id()), /^it-/, 'Italian at a first visit');
    await Promise.all([page.waitForNavigation(), page.selectOption('#pz-game', 'brazilian')]);
    await ready(page);
    assert.match(await page.evaluate(() => window.__puzzles.id()), /^br-/);
    assert.equal(await page.inputValue('#pz-game'), 'brazilian');
    // The puzzle asked for by its id, solved with a tap on each square of its move.
    await page.evaluate((id) => (location.hash = id), p.id);
    await page.waitForFunction((id) => window.__puzzles.id() === id, p.id);
    await idle(page);
    const [from, to] = p.line[0].split('-');
    await tap(page, from);
    await tap(page, to);
    await page.waitForFunction(() => /Solved/.test(window.__puzzles.status()), null, { timeout: 10000 });
    const stats = await page.evaluate(() => window.__puzzles.stats());
    assert.equal(stats.solved, 1);
    await screenshot(page, `brazilian-puzzle-${screen}`);
    // The next visit opens Brazilian puzzles; the Italian record is its own.
    await page.goto(`${env.server.url}www/puzzles.html`);
    await ready(page);
    assert.match(await page.evaluate(() => window.__puzzles.id()), /^br-/);
    assert.equal((await page.evaluate(() => window.__puzzles.stats())).solved, 1);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('a link to a puzzle of the other game opens that game\'s page at that puzzle', { timeout: 60000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.goto(`${env.server.url}www/puzzles.html?game=italian#${FILE.puzzles[4].id}`);
  await page.waitForFunction((id) => window.__puzzles?.id() === id, FILE.puzzles[4].id, { timeout: 15000 });
  assert.equal(await page.inputValue('#pz-game'), 'brazilian');
  await page.context().close();
});
