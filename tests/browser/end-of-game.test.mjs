// The end of a game on the game page (issue 55): a result is final, whatever ended the game and
// whichever way a take-back is asked for (item 2), and a rematch is one tap away: the same
// opponent, game and clock with the colours swapped, the game that ended kept as it was in the
// saved games (item 3). On a phone (touch) and at a desk, in the languages whose words matter.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickMove, history, screenshot, PHONE, DESKTOP, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** A button pressed as the screen's player presses it: a tap on a phone, a click at a desk. */
const press = (page, screen, sel) => (screen === 'phone' ? page.tap(sel) : page.click(sel));

/** Every game in the saved games (the library's IndexedDB), once the saves asked are written. */
async function savedGames(page) {
  await page.evaluate(() => window.__dama.saved());
  return page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('dama');
    req.onerror = () => reject(req.error);
    req.onsuccess = () => {
      const all = req.result.transaction('games').objectStore('games').getAll();
      all.onsuccess = () => {
        req.result.close();
        resolve(all.result.map((g) => ({ result: g.result, plies: g.plies, finished: g.finished, pdn: g.pdn })).sort((a, b) => b.plies - a.plies));
      };
    };
  }));
}

/** Every way there is to ask for a take-back, but the button: the element's API, the page's test hook, the core's record. */
const tryEveryUndo = (page) =>
  page.evaluate(() => {
    const board = window.__dama.board;
    board.undo();
    board.session.undo();
    board.session.record.undo();
    board.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true, bubbles: true }));
  });

for (const [screen, options] of SIZES) {
  test(`${screen}: against the computer a take-back is allowed during the game, never after a resignation`, { timeout: 60000 }, async () => {
    const page = await openPage(env, '?mode=computer&color=white&level=1', options);
    await clickMove(page, '22-18');
    await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
    // During the game, casual play: the player takes back their move and the computer's answer.
    assert.equal(await page.isDisabled('#btn-undo'), false);
    await press(page, screen, '#btn-undo');
    assert.deepEqual(await history(page), []);
    await clickMove(page, '22-18');
    await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
    const played = await history(page);
    // Resign (the button asks once more).
    await press(page, screen, '#btn-resign');
    await press(page, screen, '#btn-resign');
    await page.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
    const status = await page.textContent('#status');
    assert.match(status, /wins/);
    assert.equal(await page.isDisabled('#btn-undo'), true, 'Undo is off once the game has a result');
    await tryEveryUndo(page);
    assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'resignation', 'the result stays');
    assert.deepEqual(await history(page), played);
    assert.equal(await page.textContent('#status'), status);
    // Looking back and returning by the keys leaves it over too.
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'resignation');
    // The saved game holds the game played, 0-1, and so it stays after a reload.
    let games = await savedGames(page);
    assert.equal(games.length, 1);
    assert.deepEqual([games[0].result, games[0].plies, games[0].finished], ['0-1', 2, true]);
    assert.match(games[0].pdn, /\[Result "0-1"\]/);
    await page.reload();
    await page.waitForFunction(() => window.__dama?.ready === true);
    assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'resignation');
    assert.equal(await page.isDisabled('#btn-undo'), true, 'after a reload too');
    await tryEveryUndo(page);
    assert.deepEqual(await history(page), played);
    games = await savedGames(page);
    assert.deepEqual([games.length, games[0].result, games[0].plies], [1, '0-1', 2]);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`${screen}: between two players an agreed draw and a win are final; a take-back before the end is kept out of the saved game`, { timeout: 60000 }, async () => {
    const page = await openPage(env, '?mode=friend', options);
    await clickMove(page, '22-18');
    await clickMove(page, '11-15');
    // A take-back between two players at one board, as before: then another move.
    await press(page, screen, '#btn-undo');
    assert.deepEqual(await history(page), ['22-18']);
    await clickMove(page, '12-16');
    await press(page, screen, '#btn-draw');
    await press(page, screen, '#btn-draw');
    await page.waitForFunction(() => window.__dama.result()?.reason === 'agreement');
    assert.equal(await page.isDisabled('#btn-undo'), true);
    await tryEveryUndo(page);
    assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'agreement');
    let games = await savedGames(page);
    assert.deepEqual([games[0].result, games[0].plies], ['1/2-1/2', 2]);
    // A win on the board: the last piece taken.
    await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players', fen: 'W:W30,31:B27' }));
    await clickMove(page, '30x23');
    await page.waitForFunction(() => window.__dama.result()?.winner === 'white');
    assert.equal(await page.isDisabled('#btn-undo'), true, 'a win is final');
    await tryEveryUndo(page);
    assert.deepEqual(await history(page), ['30x23']);
    assert.equal(await page.evaluate(() => window.__dama.result()?.winner), 'white');
    // Moves taken back just before a resignation are not the game's: the saved game ends where
    // the game did.
    await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
    for (const m of ['22-18', '12-16', '21-17', '9-13']) await clickMove(page, m);
    await press(page, screen, '#btn-undo');
    await press(page, screen, '#btn-undo');
    await press(page, screen, '#btn-resign');
    await press(page, screen, '#btn-resign');
    await page.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
    games = await savedGames(page);
    const resigned = games.find((g) => g.result === '0-1');
    assert.ok(resigned, JSON.stringify(games));
    assert.deepEqual([resigned.result, resigned.plies], ['0-1', 2]);
    assert.match(resigned.pdn, /\n1\. 22-18 12-16 0-1\s*$/);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('phone, in Italian: Rivincita plays the computer again at its level, game and clock, colours swapped; the game that ended stays saved', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=computer&color=white&level=1', { ...PHONE, locale: 'it-IT' });
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'computer', side: 'white', level: 2, clock: { initialMs: 180_000, incrementMs: 2000 } }));
  assert.equal(await page.isVisible('#btn-rematch'), false, 'no rematch during the game');
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  await page.tap('#btn-resign');
  await page.tap('#btn-resign');
  await page.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
  // Rematch where Resign was, and on the board's card beside New game.
  assert.equal(await page.textContent('#btn-rematch'), 'Rivincita');
  assert.equal(await page.isVisible('#btn-resign'), false);
  assert.equal(await page.textContent('#board .card [data-act="rematch"]'), 'Rivincita');
  const box = await page.locator('#btn-rematch').boundingBox();
  assert.ok(box && box.height >= 44 && box.y + box.height <= PHONE.viewport.height, `in reach: ${JSON.stringify(box)}`);
  await screenshot(page, 'phone-rematch-it');
  await page.tap('#btn-rematch');
  // The computer, at level 2, plays White now and opens; the player has Black, from their side.
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 20000 });
  const now = await page.evaluate(() => {
    const b = window.__dama.board;
    return { mode: b.mode, human: b.session.human, level: b.session.level, variant: b.variant, orientation: b.orientation, clock: b.session.clock?.control, result: window.__dama.result() };
  });
  assert.deepEqual(now, { mode: 'computer', human: 'black', level: 2, variant: 'italian', orientation: 'black', clock: { initialMs: 180_000, incrementMs: 2000 }, result: null });
  assert.equal(await page.isVisible('#btn-rematch'), false);
  assert.equal(await page.isVisible('#btn-resign'), true);
  // Two games saved: the one that ended, as it was, and the rematch.
  const games = await savedGames(page);
  assert.equal(games.length, 2);
  assert.deepEqual([games[0].result, games[0].plies, games[0].finished], ['0-1', 2, true]);
  assert.deepEqual([games[1].result, games[1].plies, games[1].finished], ['*', 1, false]);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('desktop, in Portuguese: Revanche on the end card replays the friend at this board, Brazilian draughts and the clock again, the board turned', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend', { ...DESKTOP, locale: 'pt-BR' });
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players', variant: 'brazilian', clock: { initialMs: 300_000, incrementMs: 0 } }));
  await clickMove(page, 'c3-d4');
  await clickMove(page, 'f6-g5');
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
  assert.equal(await page.textContent('#board .card [data-act="rematch"]'), 'Revanche');
  assert.equal(await page.textContent('#btn-rematch'), 'Revanche');
  await screenshot(page, 'desktop-rematch-pt-BR');
  await page.click('#board .card [data-act="rematch"]');
  await page.waitForFunction(() => window.__dama.result() === null);
  const now = await page.evaluate(() => {
    const b = window.__dama.board;
    return { mode: b.mode, variant: b.variant, orientation: b.orientation, clock: b.session.clock?.control, moves: window.__dama.history().length };
  });
  // The two swap colours and keep their seats: the one who had White at the bottom has Black.
  assert.deepEqual(now, { mode: 'two-players', variant: 'brazilian', orientation: 'black', clock: { initialMs: 300_000, incrementMs: 0 }, moves: 0 });
  assert.equal(await page.textContent('#player-bottom .clock'), '5:00');
  assert.equal(await page.textContent('#player-top .clock'), '5:00');
  await clickMove(page, 'c3-d4');
  const games = await savedGames(page);
  assert.equal(games.length, 2);
  assert.deepEqual([games[0].result, games[0].plies], ['0-1', 2], 'White, to move, resigned: kept as it was');
  assert.deepEqual([games[1].result, games[1].plies], ['*', 1]);
  // "New game" still chooses anew.
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
