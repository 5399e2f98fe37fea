// Games and positions on the app page: PDN out and back in, FEN, the board editor, and the
// game kept across reloads (and a broken saved game never breaking the page).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, clickMove, clickSquare, history, screenshot, pressInView, PHONE, DESKTOP, CLIPBOARD } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

test('PDN round trip through the page: export, copy, download, import; a bad file loses nothing', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=friend', { permissions: ['clipboard-read', 'clipboard-write'] });
  const moves = ['22-18', '9-13', '18x9', '10-14'];
  for (const m of moves) await clickMove(page, m);
  assert.deepEqual(await history(page), moves);

  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  const pdn = await page.inputValue('#pdn-out');
  for (const tag of ['Event', 'Site', 'Date', 'White', 'Black', 'Result']) assert.match(pdn, new RegExp(`\\[${tag} "[^"]+"\\]`), `${tag} tag`);
  assert.match(pdn, /\[GameType "22"\]/);
  assert.match(pdn, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
  assert.match(pdn, /1\. 22-18 9-13 2\. 18x9 10-14 \*/);
  await screenshot(page, 'desktop-games-dialog');

  await pressInView(page, '#pdn-copy', DESKTOP, { scroll: true });
  await page.waitForSelector('#games-message:not([hidden])');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), pdn);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pdn-download')]);
  assert.match(download.suggestedFilename(), /^dama-\d{8}\.pdn$/);
  assert.equal(readFileSync(await download.path(), 'utf8'), pdn);

  // A bad text: a clear message, the game untouched.
  await page.fill('#pdn-in', '[GameType "22"]\n1. 22-18 9-13 2. 18-14 *');
  await pressInView(page, '#pdn-open', DESKTOP, { scroll: true });
  // The text is read in a worker: the answer comes a moment later.
  await page.waitForFunction(() => /could not be opened/.test(document.querySelector('#games-message').textContent));
  assert.match(await page.textContent('#games-message'), /could not be opened.*current game was kept.*18-14/s);
  assert.equal(await page.evaluate(() => document.querySelector('#games-message').classList.contains('bad')), true);
  await page.fill('#pdn-in', 'not a game at all');
  await pressInView(page, '#pdn-open', DESKTOP, { scroll: true });
  await page.waitForFunction(() => /bad PDN/.test(document.querySelector('#games-message').textContent));
  assert.match(await page.textContent('#games-message'), /bad PDN/);
  assert.deepEqual(await history(page), moves);
  await screenshot(page, 'desktop-games-bad-pdn');

  // The same game back in, from a file, after a new game.
  await page.keyboard.press('Escape');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  assert.deepEqual(await history(page), []);
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.setInputFiles('#pdn-file', { name: 'game.pdn', mimeType: 'text/plain', buffer: Buffer.from(pdn) });
  await page.waitForFunction(() => window.__dama.history().length === 4);
  assert.deepEqual(await history(page), moves);
  assert.equal(await page.isVisible('#games'), false, 'the dialog closes on success');
  // Tags of an opened game are kept for the next export.
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  const again = await page.inputValue('#pdn-out');
  assert.match(again, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
  assert.match(again, /1\. 22-18 9-13 2\. 18x9 10-14 \*/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('FEN: shown, copied and set up; a resigned game keeps its result through PDN', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend', { permissions: ['clipboard-read', 'clipboard-write'] });
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  assert.equal(await page.inputValue('#fen-field'), START);
  await pressInView(page, '#fen-copy', DESKTOP, { scroll: true });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), START);
  await page.fill('#fen-field', 'B:WK30,22:B9,27');
  await pressInView(page, '#fen-set', DESKTOP, { scroll: true });
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:W22,K30:B9,27');
  assert.equal(await page.evaluate(() => window.__dama.turn()), 'black');
  // A bad FEN is refused with the core's reason.
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#fen-field', 'W:W1:B2');
  await pressInView(page, '#fen-set', DESKTOP, { scroll: true });
  assert.match(await page.textContent('#games-message'), /crowned/);
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:W22,K30:B9,27');
  await page.keyboard.press('Escape');

  // Resign, export, import: the result comes back.
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await clickMove(page, '22-18');
  await pressInView(page, '#btn-resign', DESKTOP, { scroll: true });
  await pressInView(page, '#btn-resign', DESKTOP, { scroll: true });
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  const pdn = await page.inputValue('#pdn-out');
  assert.match(pdn, /\[Result "1-0"\]/);
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await page.fill('#pdn-in', pdn);
  await pressInView(page, '#pdn-open', DESKTOP, { scroll: true });
  await page.waitForFunction(() => window.__dama.history().length === 1);
  assert.deepEqual(await page.evaluate(() => window.__dama.result()?.reason), 'resignation');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the board editor places pieces and refuses impossible positions with the reason', { timeout: 30000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await pressInView(page, '#open-editor', DESKTOP, { scroll: true });
  assert.equal(await page.isVisible('#editor'), true);
  await pressInView(page, '#editor-clear', DESKTOP, { scroll: true });
  // An empty board would start a game already lost: the reason shown, Play disabled, and the
  // editor stays open.
  assert.match(await page.textContent('#editor-fen'), /over before it starts: White, to move, has no pieces/);
  assert.equal(await page.isDisabled('#editor-play'), true, 'a position that cannot be played cannot be started');
  assert.equal(await page.evaluate(() => window.__dama.board.editing), true, 'still editing');
  // A white man on square 2 (Black's back row) would have been crowned: refused at the tap,
  // with the rule, and the square stays empty (issue 21, item 15).
  await page.check('#editor input[name="tool"][value="1"]');
  await clickSquare(page, 2);
  assert.match(await page.textContent('#notice'), /white man cannot stand on square 2: it would have been crowned there/i);
  assert.equal(await page.evaluate(() => window.__dama.board.pieces()[1]), 0, 'square 2 stays empty');
  await page.check('#editor input[name="tool"][value="-2"]');
  await clickSquare(page, 20);
  await page.check('#editor input[name="tool"][value="1"]');
  await clickSquare(page, 22);
  assert.equal(await page.isDisabled('#editor-play'), false, 'a man and a king: a position');
  await screenshot(page, 'desktop-editor-refused');
  // Thirteen white men: too many, said where the FEN would be, and Play disabled.
  await pressInView(page, '#editor-clear', DESKTOP, { scroll: true });
  await page.check('#editor input[name="tool"][value="1"]');
  for (let sq = 13; sq <= 25; sq++) await clickSquare(page, sq);
  assert.match(await page.textContent('#editor-fen'), /13 pieces.*at most 12/);
  assert.equal(await page.isDisabled('#editor-play'), true);
  // Tapping a piece with the same tool takes it off; a king, Black to move: a good position.
  await pressInView(page, '#editor-clear', DESKTOP, { scroll: true });
  await page.check('#editor input[name="tool"][value="2"]');
  await clickSquare(page, 1);
  await clickSquare(page, 30);
  await clickSquare(page, 30);
  await page.check('#editor input[name="tool"][value="-1"]');
  await clickSquare(page, 14);
  await page.check('#editor input[name="turn"][value="black"]');
  assert.equal(await page.textContent('#editor-fen'), 'B:WK1:B14');
  await pressInView(page, '#editor-play', DESKTOP, { scroll: true });
  assert.equal(await page.isVisible('#editor'), false);
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:WK1:B14');
  assert.equal(await page.evaluate(() => window.__dama.turn()), 'black');
  // Cancel leaves the game as it was.
  await pressInView(page, '#btn-games', DESKTOP, { scroll: true });
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await pressInView(page, '#open-editor', DESKTOP, { scroll: true });
  await pressInView(page, '#editor-clear', DESKTOP, { scroll: true });
  await pressInView(page, '#editor-cancel', DESKTOP, { scroll: true });
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:WK1:B14');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

// The three tests above run at a desk, each control checked in view before its click; on a
// phone the same controls are tapped, each first checked in view (scrolled to, as a player
// scrolls the dialog or the page): Games and positions behind More, PDN copy, download and
// open, FEN copy and set, the board editor.
test('phone: Games and positions, PDN, FEN and the board editor: each control in view and tapped', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=friend', { ...PHONE, ...CLIPBOARD });
  const tap = (/** @type {string} */ sel) => pressInView(page, sel, PHONE, { scroll: true });
  const openGames = async () => {
    // More stays open after a dialog it opened closes.
    if (!(await page.isVisible('#btn-games'))) await tap('#btn-more');
    await tap('#btn-games');
    await page.waitForSelector('#games[open]');
  };
  await clickMove(page, '22-18');
  await openGames();
  const pdn = await page.inputValue('#pdn-out');
  assert.match(pdn, /1\. 22-18 \*/);
  await tap('#pdn-copy');
  await page.waitForSelector('#games-message:not([hidden])');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), pdn);
  const [download] = await Promise.all([page.waitForEvent('download'), tap('#pdn-download')]);
  assert.equal(readFileSync(await download.path(), 'utf8'), pdn);
  await page.fill('#pdn-in', 'not a game at all');
  await tap('#pdn-open');
  await page.waitForFunction(() => /bad PDN/.test(document.querySelector('#games-message').textContent));
  assert.deepEqual(await history(page), ['22-18']);
  await screenshot(page, 'phone-games-bad-pdn');
  await tap('#fen-copy');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), await page.inputValue('#fen-field'));
  await page.fill('#fen-field', 'B:WK30,22:B9,27');
  await tap('#fen-set');
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:W22,K30:B9,27');

  // The editor, under the board: a king and a man placed, Black to move, played.
  await openGames();
  await tap('#open-editor');
  await tap('#editor-clear');
  // The pieces to choose are under the board, whose top rows are then above the fold: the
  // player scrolls back up to the board to tap its squares.
  const onBoard = async (/** @type {number} */ sq) => {
    await page.locator('#board').scrollIntoViewIfNeeded();
    await clickSquare(page, sq);
  };
  await tap('#editor label:has(input[name="tool"][value="2"])');
  await onBoard(1);
  await tap('#editor label:has(input[name="tool"][value="-1"])');
  await onBoard(14);
  await tap('#editor label:has(input[name="turn"][value="black"])');
  assert.equal(await page.textContent('#editor-fen'), 'B:WK1:B14');
  await screenshot(page, 'phone-editor');
  await tap('#editor-play');
  assert.equal(await page.isVisible('#editor'), false);
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:WK1:B14');
  // Cancel leaves the game as it was.
  await openGames();
  await tap('#open-editor');
  await tap('#editor-clear');
  await tap('#editor-cancel');
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:WK1:B14');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the game survives a reload; a corrupt or unknown saved game is dropped with a notice', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await clickMove(page, '22-18');
  await clickMove(page, '9-13');
  // Sounds are off until switched on, and the switch is remembered too.
  assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'false');
  await page.click('#btn-sound');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.deepEqual(await history(page), ['22-18', '9-13']);
  assert.equal(await page.getAttribute('#btn-sound', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => document.querySelector('#board').hasAttribute('sound')), true);
  assert.equal(await page.isVisible('#notice'), false);

  const broken = [
    '{not json',
    JSON.stringify({ v: 99, startFen: START, moves: [] }),
    JSON.stringify({ v: 2, startFen: START, moves: ['22-17'] }),
    JSON.stringify({ v: 2, startFen: 'W:W1:B2', moves: [] }),
    JSON.stringify({ v: 2, startFen: START, moves: 'nope' }),
    JSON.stringify([1, 2, 3]),
    'null',
  ];
  for (const saved of broken) {
    // The page's saves first: the library's, once written, write the tab's copy again.
    await page.evaluate(() => window.__dama.saved());
    // As the page saves it: in this tab's storage and in the one all tabs share.
    await page.evaluate((s) => [localStorage, sessionStorage].forEach((st) => st.setItem('dama.game', s)), saved);
    await page.reload();
    await page.waitForFunction(() => window.__dama?.ready === true);
    const fen = await page.evaluate(() => window.__dama.fen());
    assert.equal(fen, START, saved);
    if (saved !== 'null') {
      assert.equal(await page.isVisible('#notice'), true, saved);
      assert.match(await page.textContent('#notice'), /saved game could not be restored/);
    }
    // The broken save is gone: the next reload is clean.
    assert.notEqual(await page.evaluate(() => localStorage.getItem('dama.game')), saved);
  }
  await screenshot(page, 'desktop-corrupt-save');
  // An old (version 1) save from before the element still loads.
  await page.evaluate(() =>
    [localStorage, sessionStorage].forEach((st) => st.setItem('dama.game', JSON.stringify({ v: 1, startFen: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', moves: ['22-18'], mode: 'friend', human: 'white', level: 3, orientation: 'white', ended: null }))),
  );
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.deepEqual(await history(page), ['22-18']);
  assert.equal(await page.evaluate(() => window.__dama.board.mode), 'two-players');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
