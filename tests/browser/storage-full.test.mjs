// A full storage while a game is saved (issue 56, item 7): IndexedDB out of quota refuses the
// library's write of a game played on the page, and of a friend's move opened from a
// correspondence link. Nothing is half-kept: the saved game stays the copy written before,
// whole, at its revision; the page says why, and keeps the game; once there is room the next
// save writes the whole game. (A puzzle's result in a full localStorage: puzzles.test.mjs.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, history, fillableStorage, fillStorage, CLIPBOARD } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const ready = (page) => page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
const FAILED = /could not be added to your saved games: .*quota.*It is still kept in this tab/;

/** The saved game `id` as stored ({rev, pdn}), or null. */
const stored = (page, id) =>
  page.evaluate(async (k) => {
    const { Library } = await import('./www/library/library.js');
    const rec = await (await Library.open()).get(k);
    return rec ? { rev: rec.rev, pdn: rec.pdn } : null;
  }, id);
const libraryId = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('dama.game')).libraryId);


/** The page at `query` with storage that can be filled, 22-18 played and saved: its record id and stored copy. */
async function savedFirstMove(page, query) {
  await fillableStorage(page);
  await page.goto(env.server.url + query);
  await ready(page);
  await clickMove(page, '22-18');
  await page.evaluate(() => window.__dama.saved());
  const id = await libraryId(page);
  const before = await stored(page, id);
  assert.match(before.pdn, /1\. 22-18 \*/);
  return { id, before };
}

test('a game saved while IndexedDB is full: the earlier copy stays whole, the page says why, the next save with room writes it all', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  const { id, before } = await savedFirstMove(page, '?mode=friend');

  await fillStorage(page, 'indexedDB');
  await clickMove(page, '11-14');
  await page.evaluate(() => window.__dama.saved());
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#notice').textContent), FAILED.source, { timeout: 5000 });
  assert.deepEqual(await stored(page, id), before, 'the saved game is the copy written before, whole');
  assert.deepEqual(await history(page), ['22-18', '11-14'], 'the page keeps the game');
  assert.equal(await page.evaluate(() => (window.__dama.board.session.record ? 1 : 0)), 1);

  // Room again: the next move saves the whole game, over the same record.
  await fillStorage(page, null);
  await clickMove(page, '18x11');
  await page.evaluate(() => window.__dama.saved());
  const after = await stored(page, id);
  assert.match(after.pdn, /1\. 22-18 11-14 2\. 18x11 \*/);
  assert.equal(after.rev, before.rev + 1);
  const all = await page.evaluate(async () => (await (await (await import('./www/library/library.js')).Library.open()).list()).length);
  assert.equal(all, 1, 'one game, not two');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a friend's move opened while IndexedDB is full: shown, the save refused and said, the saved game unchanged; with room, the tab's copy is saved at the next visit", { timeout: 60000 }, async () => {
  const page = await newPage(env, CLIPBOARD);
  const { id, before } = await savedFirstMove(page, '?mode=remote&side=white');
  // The friend's answer, as their page writes it.
  const p = { v: 1, id, variant: 'italian', fen: await page.evaluate(() => window.__dama.board.session.record.startFen()), moves: ['22-18', '11-14'], by: 'black', date: new Date().toISOString() };
  const hash = await page.evaluate(async (x) => `c=${await (await import('/www/shared/share.js')).packText(JSON.stringify(x))}`, p);

  await fillStorage(page, 'indexedDB');
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 10000 });
  await page.evaluate(() => window.__dama.saved());
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#notice').textContent), FAILED.source, { timeout: 5000 });
  assert.deepEqual(await stored(page, id), before, 'the saved game is the copy written before, whole');
  assert.deepEqual(await history(page), ['22-18', '11-14']);

  // With room: the tab's own copy, resumed at the reload, is saved whole; the link opened again
  // has nothing new.
  await fillStorage(page, null);
  await page.evaluate(() => (location.hash = ''));
  await page.reload();
  await ready(page);
  assert.deepEqual(await history(page), ['22-18', '11-14']);
  await page.evaluate(() => window.__dama.saved());
  const after = await stored(page, id);
  assert.match(after.pdn, /1\. 22-18 11-14 \*/);
  assert.equal(after.rev, before.rev + 1);
  await page.evaluate((h) => (location.hash = h), hash);
  await page.waitForFunction(() => /This link has no new move/.test(document.querySelector('#notice').textContent), null, { timeout: 10000 });
  assert.equal((await stored(page, id)).pdn, after.pdn);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
