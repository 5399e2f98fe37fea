// Two promises of docs/RELIABILITY.md about the saved games (IndexedDB, www/library/library.js)
// that no other test checks (issue 57, item 4): a record written before records had revisions
// (no `rev`) counts as revision 0, so the game page that opens it writes over it in place and
// numbers on from 1; and a game whose PDN is over 1 MiB is refused: the page says why, the game
// stays in its tab (and can be exported), and the copy saved before stays whole, at its revision.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickMove, history } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** library.js's MAX_PDN: the most PDN a saved game may hold. */
const MAX_PDN = 1 << 20;

/** The saved game `id` as stored ({rev, pdn}), or null. */
const stored = (page, id) =>
  page.evaluate(async (k) => {
    const { Library } = await import('/www/library/library.js');
    const rec = await (await Library.open()).get(k);
    return rec ? { rev: rec.rev, pdn: rec.pdn } : null;
  }, id);
/** The ids of every saved game. */
const savedIds = (page) =>
  page.evaluate(async () => {
    const { Library } = await import('/www/library/library.js');
    return (await (await Library.open()).list()).map((g) => g.id).sort();
  });
/** The library record the game on the board is saved in, as the tab's own copy names it. */
const libraryId = (page) => page.evaluate(() => JSON.parse(sessionStorage.getItem('dama.game')).libraryId);
const noticeText = (page) => page.textContent('#notice');

test('a saved game from before revisions (no rev) is revision 0: opened from the list and played on, it is written over in place, at revision 1 then 2', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  // The record as the library wrote it before revisions: every field but `rev`.
  const old = {
    id: 'before-revisions-1',
    pdn: '[Event "Club night"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n\n1. 22-18 11-14 *\n',
    white: 'Anna',
    black: 'Bruno',
    result: '*',
    variant: 'italian',
    plies: 2,
    date: '2024-05-01',
    event: 'Club night',
    updated: Date.now() - 86400000,
    finished: false,
    snapshot: null,
  };
  await page.evaluate(async (rec) => {
    const { Library } = await import('/www/library/library.js');
    const lib = await Library.open();
    const tx = lib.db.transaction('games', 'readwrite');
    tx.objectStore('games').put(rec);
    await new Promise((ok, ko) => {
      tx.oncomplete = ok;
      tx.onerror = () => ko(tx.error);
    });
  }, old);
  assert.deepEqual(await stored(page, old.id), { rev: undefined, pdn: old.pdn });

  await page.click('#btn-library');
  await page.waitForSelector('#library[open]');
  await page.waitForSelector('#library-list:not([aria-busy])', { state: 'attached' });
  await page.click('#library-list tr:has-text("Anna") button:has-text("Open")');
  await page.waitForFunction(() => window.__dama.history().length === 2);
  await page.evaluate(() => window.__dama.saved());
  assert.equal(await libraryId(page), old.id, 'the game shown is the saved one');
  let now = await stored(page, old.id);
  assert.equal(now.rev, 1, 'the first write over a record of revision 0 makes revision 1');
  assert.match(now.pdn, /1\. 22-18 11-14 \*/);

  await clickMove(page, '18x11');
  await page.evaluate(() => window.__dama.saved());
  now = await stored(page, old.id);
  assert.equal(now.rev, 2);
  assert.match(now.pdn, /1\. 22-18 11-14 2\. 18x11 \*/);
  assert.deepEqual(await savedIds(page), [old.id], 'written in place: no game saved apart');
  assert.doesNotMatch(await noticeText(page), /saved as a new game|could not be added/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// 16 KiB is the most a comment may hold (the core's bound), so 1 MiB of PDN takes some 65
// comments: one before and one after each of 33 moves.
const PLIES = 33;
const COMMENT = 16000;

/**
 * An Italian game of PLIES moves (each the first legal one, as the core lists them: the game
 * goes on past them), each with a comment of COMMENT characters before and after it, but the
 * last move's after, which has `pad`: its PDN, written by the core.
 */
const bigGame = (page, pad) =>
  page.evaluate(
    async ([plies, size, p]) => {
      const { loadWasm } = await import('/www/shared/wasm.js');
      const { GameRecord } = await loadWasm();
      const r = new GameRecord('game', 'italian');
      try {
        for (let i = 0; i < plies; i++) {
          r.play(r.legalMoves()[0].text);
          r.setPreComment(r.cursor(), 'x'.repeat(size));
          r.setComment(r.cursor(), 'x'.repeat(i < plies - 1 ? size : p));
        }
        if (r.result()) throw new Error('the game ended before its last move');
        return r.toPdn();
      } finally {
        r.free();
      }
    },
    [PLIES, COMMENT, pad],
  );

/** Opens `pdn` as a file from the Games dialog, as a player does; resolves once it is on the board and saved. */
async function openFile(page, pdn) {
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]');
  await page.setInputFiles('#pdn-file', { name: 'long.pdn', mimeType: 'text/plain', buffer: Buffer.from(pdn) });
  await page.waitForSelector('#games:not([open])', { state: 'attached' });
  await page.waitForFunction((n) => window.__dama.history().length === n, PLIES);
  await page.evaluate(() => window.__dama.saved());
}

test('a saved game over 1 MiB of PDN: the save is refused and said, the copy saved at 1 MiB stays whole at its revision, the game stays in its tab and exports whole', { timeout: 120000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  // How long the page writes the game: the last comment's length moves it one for one. A
  // first file finds where the game stands; the second is 1 MiB exactly, the most a save holds.
  await openFile(page, await bigGame(page, 100));
  const probe = await libraryId(page);
  const probed = (await stored(page, probe)).pdn.length;
  assert.ok(probed < MAX_PDN && probed > MAX_PDN - COMMENT, `the first file's game is ${probed} characters`);
  await openFile(page, await bigGame(page, 100 + MAX_PDN - probed));
  const id = await libraryId(page);
  assert.notEqual(id, probe);
  const before = await stored(page, id);
  assert.ok(before, 'a game of 1 MiB exactly is saved');
  assert.equal(before.pdn.length, MAX_PDN);
  assert.equal(before.rev, 1);

  // One move more: over the bound.
  const next = await page.evaluate(() => window.__dama.board.legalMoves()[0].text);
  await clickMove(page, next);
  await page.waitForFunction((n) => window.__dama.history().length === n, PLIES + 1);
  await page.evaluate(() => window.__dama.saved());
  const notice = await noticeText(page);
  const said = notice.match(/could not be added to your saved games: a game of (\d+) characters is over the 1048576 a saved game may hold\. It is still kept in this tab/);
  assert.ok(said, `the page says why: ${notice}`);
  const pdn = await page.evaluate(() => window.__dama.board.pdn());
  assert.equal(Number(said[1]), pdn.length, 'the length said is the game\'s');
  assert.ok(pdn.length > MAX_PDN);
  assert.deepEqual(await stored(page, id), before, 'the saved copy is the one before, whole, at its revision');
  assert.deepEqual((await savedIds(page)).sort(), [id, probe].sort(), 'nothing else written');
  // The game stays in the tab, its last move and comments with it, and exports whole.
  assert.equal((await history(page)).at(-1), next);
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]');
  assert.equal(await page.inputValue('#pdn-out'), pdn);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
