// Every page reads its address defensively (issue 20, item 11): a malformed escape, an
// unknown value or a huge one is named and ignored; the page always comes up and works.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('puzzles: #% and other malformed escapes name the address and open a puzzle', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  for (const hash of ['#%', '#%E0%A4%A', '#%zz', `#${'x'.repeat(5000)}`]) {
    await page.goto(`${env.server.url}www/puzzles.html${hash}`);
    await page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
    const id = await page.evaluate(() => window.__puzzles.id());
    assert.match(id ?? '', /^it-\d+$/, `${hash.slice(0, 20)}: a puzzle is open`);
    const status = await page.evaluate(() => window.__puzzles.status());
    assert.match(status, /There is no puzzle/, `${hash.slice(0, 20)}: named`);
    assert.ok(status.length < 300, 'a long address is cut in the message');
  }
  // The same on a change of the address while the page is open.
  await page.evaluate(() => {
    location.hash = '%E0%A4%A';
  });
  await page.waitForFunction(() => /There is no puzzle %E0%A4%A/.test(window.__puzzles.status()));
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the game page and the analysis board name what they cannot read, and ignore it', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.goto(`${env.server.url}?mode=%E0%A4%A&level=99&variant=chess&side=%`);
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  const notice = await page.textContent('#notice');
  for (const part of ['level=99', 'variant=chess', 'side=%']) assert.ok(notice.includes(part), `${part} in "${notice}"`);
  assert.equal(await page.evaluate(() => window.__dama.variant()), 'italian');
  assert.equal(await page.evaluate(() => window.__dama.board.level), 5);
  await page.goto(`${env.server.url}www/analysis.html#variant=%&ply=-3&pdn=%E0%A4%A&id=${'y'.repeat(200)}`);
  await page.waitForFunction(() => !!window.__analysis, null, { timeout: 15000 });
  const error = await page.textContent('#an-error');
  for (const part of ['variant=%', 'ply=-3', 'id=']) assert.ok(error.includes(part), `${part} in "${error}"`);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
