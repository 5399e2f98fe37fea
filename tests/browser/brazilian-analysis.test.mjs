// The Brazilian analysis board writes no square numbers over its rank labels (issue 21, item
// 15): a Brazilian board shows its files and ranks, an Italian one its square numbers.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, screenshot } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('the Brazilian analysis board has edge labels and no square numbers; the Italian one its numbers', { timeout: 60000 }, async () => {
  const page = await newPage(env, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await page.goto(`${env.server.url}www/analysis.html#variant=brazilian`);
  await page.waitForFunction(() => !!window.__analysis, null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.__analysis.numbers()), false);
  await screenshot(page, 'analysis-brazilian-phone');
  await page.goto(`${env.server.url}www/analysis.html#variant=italian`);
  await page.reload();
  await page.waitForFunction(() => !!window.__analysis, null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.__analysis.numbers()), true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
