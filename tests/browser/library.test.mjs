// The games library on the app page: a PDN file of many games through the picker, comments
// and variations shown and kept, imported players and results, playing on from any move, the
// saved games (IndexedDB) and what a new user met: the Resign button still asking in the next
// game, Black's move numbered as White's.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, newPage, openPage, clickMove, history, screenshot, fillableStorage, fillStorage } from './helpers.mjs';
import { ROOT } from './server.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

// A real multi-game file: annotated games (comments, nested variations, NAGs, set-up
// positions, both games) that the core's own tests read too.
const FILE = readFileSync(join(ROOT, 'crates/dama/tests/data/annotated.pdn'), 'utf8');
const GAMES = FILE.split(/\n\s*\n(?=\[)/).filter((g) => g.trim().startsWith('['));
const normalize = (s) => s.replace(/\s+/g, ' ').trim();

/** The games in the picker's table, as text per row. */
const pickerRows = (page) => page.$$eval('#picker-list tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent.trim())));

test('a PDN file of several games opens a picker listing every game; each opens; none is lost', { timeout: 60000 }, async () => {
  assert.ok(GAMES.length >= 5, `the file holds ${GAMES.length} games`);
  const page = await openPage(env, '?mode=friend');
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.setInputFiles('#pdn-file', { name: 'club.pdn', mimeType: 'text/plain', buffer: Buffer.from(FILE) });
  await page.waitForSelector('#picker[open]');
  await page.waitForSelector('#picker-list:not([aria-busy])', { state: 'attached' });
  const rows = await pickerRows(page);
  assert.equal(rows.length, GAMES.length, 'one row per game');
  assert.match(await page.textContent('#picker-count'), new RegExp(`${GAMES.length} games`));
  await screenshot(page, 'desktop-game-picker');
  // Every game opens, and is the game of its row: its result and number of moves.
  for (let i = 0; i < rows.length; i++) {
    if (i > 0) {
      await page.click('#btn-games');
      await page.waitForSelector('#games[open]'); // its code loads when first opened
      await page.setInputFiles('#pdn-file', { name: 'club.pdn', mimeType: 'text/plain', buffer: Buffer.from(FILE) });
      await page.waitForSelector('#picker[open]');
    }
    await page.click(`#picker-list tr:nth-child(${i + 1}) button`);
    await page.waitForFunction(() => !document.querySelector('#picker').open);
    const plies = (await history(page)).length;
    assert.equal(Math.ceil(plies / 2), Number(rows[i][4]), `game ${i + 1}: moves`);
    // Its export is the game as read: nothing lost but whitespace.
    const out = await page.evaluate(() => window.__dama.board.pdn());
    const body = (s) => normalize(s.replace(/\[[^\]]*\]/g, ''));
    assert.equal(body(out), body(GAMES[i]), `game ${i + 1}: moves, comments and variations come back`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a game with an illegal move is listed with the reason and cannot be opened; the rest can', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  const bad = '[White "X"]\n[Black "Y"]\n1. 22-18 9-13 2. 18-14 *';
  const good = '[White "Anna"]\n[Black "Bruno"]\n[Result "0-1"]\n1. 22-18 11-14 2. 18x11 7x14 0-1';
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', `${bad}\n\n${good}\n`);
  await page.click('#pdn-open');
  await page.waitForSelector('#picker[open]');
  assert.equal(await page.isDisabled('#picker-list tr:nth-child(1) button'), true);
  assert.match(await page.textContent('#picker-list tr:nth-child(1)'), /Cannot be opened.*18-14/);
  await page.click('#picker-list tr:nth-child(2) button');
  assert.deepEqual(await history(page), ['22-18', '11-14', '18x11', '7x14']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('comments and variations are shown in the move list, and a variation can be looked at and played on', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  const pdn = '[White "Anna"]\n[Black "Bruno"]\n{A quiet opening.} 1. 22-18 {the usual} (1. 21-17 11-14 (1... 12-15) 2. 17-13) 1... 11-14 $1 2. 18x11 7x14! *';
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', pdn);
  await page.click('#pdn-open');
  await page.waitForFunction(() => window.__dama.history().length === 4);
  const text = normalize(await page.textContent('#moves'));
  for (const part of ['A quiet opening.', 'the usual', '21-17', '12-15', '17-13', '11-14!', '7x14!']) assert.ok(text.includes(part), `${part} in "${text}"`);
  assert.equal(await page.locator('#moves .variation').count(), 2, 'a variation and one inside it');
  await screenshot(page, 'desktop-variations');
  // A variation's move: its position, read-only, named with its own number.
  await page.click('#moves .variation .variation button');
  assert.equal(await page.isVisible('#review'), true);
  assert.match(await page.textContent('#review-text'), /1\.\.\. 12-15/);
  const cells = await page.evaluate(() => [...window.__dama.board.pieces()]);
  assert.equal(cells[11], 0, 'the man of 12 has moved');
  assert.equal(cells[14], -1, 'to 15');
  // The export keeps all of it, and so does a reload.
  const out = await page.evaluate(() => window.__dama.board.pdn());
  assert.equal(normalize(out.replace(/\[[^\]]*\]/g, '')), normalize(pdn.replace(/\[[^\]]*\]/g, '')));
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await page.locator('#moves .variation').count(), 2, 'the variations survive a reload');
  await page.click('#moves .variation .variation button');
  // Playing on from the variation: its own line, against the computer.
  await page.click('#btn-continue-computer');
  await page.waitForFunction(() => window.__dama.board.mode === 'computer');
  assert.deepEqual((await history(page)).slice(0, 2), ['21-17', '12-15']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an imported game shows its players and result, not "You" and "Computer"; it plays on from any move', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=5');
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', '[Event "Club night"]\n[White "Rossi, M."]\n[Black "Bianchi, L."]\n[Result "1-0"]\n1. 22-18 11-14 2. 18x11 7x14 1-0');
  await page.click('#pdn-open');
  await page.waitForFunction(() => window.__dama.history().length === 4);
  const names = await page.$$eval('.player .name', (els) => els.map((e) => e.textContent));
  assert.deepEqual(names.sort(), ['Bianchi, L.', 'Rossi, M.']);
  const status = await page.textContent('#status');
  assert.doesNotMatch(status, /You win|You lose/);
  assert.match(status, /Rossi, M\. wins/);
  assert.match(status, /Black resigned/);
  // Back to the second move, then on against the computer, playing the side to move.
  await page.click('#moves button[data-ply="2"]');
  assert.match(await page.textContent('#review-text'), /1\.\.\. 11-14/, "Black's move is numbered as Black's");
  await page.click('#btn-continue-computer');
  await page.waitForFunction(() => window.__dama.board.mode === 'computer' && window.__dama.history().length === 2);
  assert.equal(await page.evaluate(() => window.__dama.board.side), 'white');
  assert.equal(await page.evaluate(() => window.__dama.result()), null);
  await clickMove(page, '18x11');
  await page.waitForFunction(() => window.__dama.history().length === 4, null, { timeout: 20000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('"Really resign?" does not carry into the next game', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await clickMove(page, '22-18');
  await page.click('#btn-resign');
  assert.equal(await page.evaluate(() => document.querySelector('#btn-resign').classList.contains('armed')), true);
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  assert.equal(await page.evaluate(() => document.querySelector('#btn-resign').classList.contains('armed')), false);
  assert.doesNotMatch(await page.textContent('#btn-resign'), /Really/);
  // After a resignation too, the button is itself again in the next game.
  await clickMove(page, '22-18');
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'resignation');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  assert.equal(await page.textContent('#btn-resign'), 'Resign');
  // One press in the new game only asks; it does not resign.
  await clickMove(page, '22-18');
  await page.click('#btn-resign');
  assert.equal(await page.evaluate(() => window.__dama.result()), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('saved games: kept as played, listed, opened, deleted and exported as one PDN', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  const openLibrary = async () => {
    await page.click('#btn-library');
    await page.waitForSelector('#library[open]');
    await page.waitForSelector('#library-list:not([aria-busy])', { state: 'attached' });
  };
  await openLibrary();
  assert.equal(await page.isVisible('#library-empty'), true);
  await page.keyboard.press('Escape');
  // A finished game and one in progress.
  await clickMove(page, '22-18');
  await clickMove(page, '11-14');
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await clickMove(page, '21-17');
  await openLibrary();
  let rows = await page.$$eval('#library-list tr', (rs) => rs.map((r) => r.textContent));
  assert.equal(rows.length, 2);
  assert.match(rows[0], /in progress/);
  assert.match(rows[1], /0-1/);
  await screenshot(page, 'desktop-library');
  // Export all: both games in one file.
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#library-export')]);
  const all = readFileSync(await download.path(), 'utf8');
  assert.equal((all.match(/\[Event /g) ?? []).length, 2);
  assert.match(all, /1\. 22-18 11-14 0-1/);
  // Open the finished game, then delete it.
  await page.click('#library-list tr:nth-child(2) button:has-text("Open")');
  await page.waitForFunction(() => window.__dama.history().length === 2);
  assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'resignation');
  await openLibrary();
  await page.click('#library-list tr:nth-child(2) button:has-text("Delete")');
  await page.waitForFunction(() => document.querySelector('#library-list').children.length === 1);
  // The library survives a reload.
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  await openLibrary();
  rows = await page.$$eval('#library-list tr', (rs) => rs.map((r) => r.textContent));
  assert.equal(rows.length, 1);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a full storage is reported and loses no game: the games saved before stay whole, the one played keeps its tab', { timeout: 30000 }, async () => {
  const page = await newPage(env);
  await fillableStorage(page);
  await page.goto(env.server.url + '?mode=friend');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // Two games saved while there is room.
  const before = await saveTwoGames(page);
  // The storage fills; a third game is played.
  await fillStorage(page, 'indexedDB');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await clickMove(page, '22-18');
  await page.evaluate(() => window.__dama.saved());
  await page.waitForFunction(() => /could not be added to your saved games.*quota/.test(document.querySelector('#notice').textContent), null, { timeout: 5000 });
  assert.deepEqual(await savedGames(page), before, 'the games saved before are all there, as they were');
  // The game is still the page's, and survives a reload (its own copy).
  assert.deepEqual(await history(page), ['22-18']);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.deepEqual(await history(page), ['22-18']);
  const after = await savedGames(page);
  for (const game of before) assert.deepEqual(after.find((g) => g.id === game.id), game, 'and after the reload');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// The library's code (play/library-dialog.js) arrives after the board is playable: the saves asked
// before it wait in their queue and are written in order, the last one last.
test("moves played before the library's code arrives are saved, in order, once it does", { timeout: 30000 }, async () => {
  const page = await newPage(env);
  /** @type {() => void} */
  let release = () => {};
  const held = new Promise((r) => (release = r));
  let asked = 0;
  await page.route('**/www/play/library-dialog.js', async (route) => {
    asked++;
    await held;
    await route.continue();
  });
  await page.goto(env.server.url + '?mode=friend');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await clickMove(page, '22-18');
  await clickMove(page, '11-14');
  await clickMove(page, '18x11');
  assert.ok(asked >= 1, 'the first save asked for the library');
  const id = await page.evaluate(() => JSON.parse(localStorage.getItem('dama.game')).libraryId);
  assert.equal(await savedPlies(page, id), null, 'nothing written while the code is on its way');
  release();
  for (let i = 0; i < 100 && (await savedPlies(page, id)) !== 3; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(await savedPlies(page, id), 3, 'the last save is the one kept');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("a library's code that cannot be loaded is reported and loses no game: the games saved before stay whole, the one played keeps its tab", { timeout: 30000 }, async () => {
  const page = await newPage(env);
  await page.goto(env.server.url + '?mode=friend');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // Two games saved while the library's code loads.
  const before = await saveTwoGames(page);
  // The next visit cannot load it; a new game is played.
  await page.route('**/www/play/library-dialog.js', (route) => route.abort());
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await clickMove(page, '22-18');
  await page.waitForFunction(() => /could not be added to your saved games/.test(document.querySelector('#notice').textContent), null, { timeout: 5000 });
  // The library's button says why it cannot open, rather than nothing.
  await page.click('#btn-library');
  await page.waitForFunction(() => /Saved games are not available/i.test(document.querySelector('#notice').textContent), null, { timeout: 5000 });
  assert.deepEqual(await history(page), ['22-18']);
  assert.deepEqual(await savedGames(page), before, 'the games saved before are all there, as they were');
  await page.unroute('**/www/play/library-dialog.js');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.deepEqual(await history(page), ['22-18'], "the tab's own copy");
  const after = await savedGames(page);
  for (const game of before) assert.deepEqual(after.find((g) => g.id === game.id), game, 'and after the reload');
  await page.context().close();
});

/**
 * Plays two games on the page (22-18 11-14, then 21-17 in a new game) and waits until both are
 * saved: the library's records, whole, as savedGames gives them.
 */
async function saveTwoGames(page) {
  await clickMove(page, '22-18');
  await clickMove(page, '11-14');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await clickMove(page, '21-17');
  await page.evaluate(() => window.__dama.saved());
  const saved = await savedGames(page);
  assert.equal(saved.length, 2, 'two games saved');
  return saved;
}

/** Every saved game in the library, each record whole (its PDN, revision, time written...), by id. */
function savedGames(page) {
  return page.evaluate(async () => {
    const { Library } = await import('./www/library/library.js');
    return (await (await Library.open()).list()).sort((a, b) => (a.id < b.id ? -1 : 1));
  });
}

/** The plies of the saved game `id` in the library, or null when it has none. */
function savedPlies(page, id) {
  return page.evaluate((k) => new Promise((resolve) => {
    const req = indexedDB.open('dama');
    req.onupgradeneeded = () => req.result.createObjectStore('games', { keyPath: 'id' }).createIndex('updated', 'updated');
    req.onsuccess = () => {
      const get = req.result.transaction('games').objectStore('games').get(k);
      get.onsuccess = () => {
        req.result.close();
        resolve(get.result ? get.result.plies : null);
      };
    };
  }), id);
}
