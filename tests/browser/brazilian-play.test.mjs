// Brazilian draughts on the game page, played as a person would: chosen in the New game
// dialog and remembered, a game against the computer by clicks, a flying king's capture chosen
// among its routes, a man passing the far row mid-capture, PDN (GameType 26) out and back in,
// the refusals and the end-of-game texts in each language, and the page in Portuguese.
// Squares are clicked by name (c3) with the Brazilian geometry worked out in helpers.mjs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, openPage, clickMove, clickSquare, history, screenshot, settle, pickLanguage } from './helpers.mjs';
import { ROOT } from './server.mjs';
import init, { Game } from '../../www/pkg/dama_wasm.js';
import { localizeRefusal } from '../../www/shared/i18n.js';
import { loadTables } from '../unit/i18n-node.mjs';

let env;
before(async () => {
  env = await setup();
  // The core itself, to check the page's moves against (the same wasm the page loads).
  await init({ module_or_path: readFileSync(join(ROOT, 'www', 'pkg', 'dama_wasm_bg.wasm')) });
  await loadTables(); // the refusals' words, from the disk
});
after(async () => {
  await env?.close();
});

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
const status = (page) => page.textContent('#status');
const variant = (page) => page.evaluate(() => window.__dama.variant());
const cells = (page) => page.evaluate(() => Array.from(window.__dama.board.pieces()));
// The king on c5 takes d6 and may stop on e7 or on f8: from e7 it goes on over f6 and f4, from
// f8 over g7 and f4, and either route may end on e3, d2 or c1. Six captures of three pieces.
const FLYING = 'W:WK14:B2,8,10,11,19';

// The Brazilian numbers of a few squares (1 = b8, 29 = a1; RULES.md).
const SQ = { f8: 3, g7: 8, e7: 7, d6: 10, f6: 11, h6: 12, c5: 14, f4: 19, e3: 23, d2: 26, c1: 30 };

test('every refusal the core gives is worded in each language; English keeps the core\'s words', () => {
  // The element shows the core's clause as a sentence (element/element.js's sentence()).
  const sentence = (s) => s.charAt(0).toUpperCase() + s.slice(1) + (/[.!?]$/.test(s) ? '' : '.');
  const positions = {
    italian: [START, 'W:WK21,31:B10,18,27', 'W:WK23,31:B19,26,27', 'W:WK23:B19,K28', 'W:WK30:B10,12,18,K20,K26,27', 'W:W30:BK26', 'W:W22,K30:B9,27', 'W:W30:B27', 'W:W22:B1'],
    brazilian: [START, FLYING, 'W:W22,K31:B10,18,24', 'W:WK31,22:B1', 'W:W10:B1,7,8', 'W:W22:B18,19', 'W:W30:B27'],
  };
  const seen = new Set();
  for (const [variant, fens] of Object.entries(positions)) {
    for (const fen of fens) {
      const g = Game.fromFen(fen, variant);
      for (let from = 0; from <= 32; from++) {
        for (let to = 1; to <= 32; to++) {
          const why = g.whyIllegal(from, to);
          if (why) seen.add(why);
        }
      }
      g.free();
    }
  }
  // A game that is over refuses everything.
  const over = Game.fromFen('W:W22:B18', 'brazilian');
  over.play(over.legalMoves()[0].text);
  seen.add(over.whyIllegal(15, 11));
  over.free();
  // Every rule of both games: the 13 Italian ones (stopping part-way along a capture among them),
  // and 4 worded anew for Brazilian (squares aside).
  const kinds = new Set([...seen].map((s) => s.replace(/\b([a-h][1-8]|\d+)\b/g, '#')));
  assert.equal(kinds.size, 17, [...kinds].join('\n'));
  for (const why of seen) {
    assert.equal(localizeRefusal(why, 'en', () => 'unknown'), sentence(why), why);
    for (const lang of ['it', 'pt-BR']) {
      const text = localizeRefusal(why, lang, () => 'unknown');
      assert.notEqual(text, 'unknown', `${lang}: ${why}`);
      assert.notEqual(text, sentence(why), `${lang} has its own words for: ${why}`);
      // The squares it names survive the translation.
      for (const sq of why.match(/\b([a-h][1-8]|\d+)\b/g) ?? []) assert.ok(text.includes(sq), `${lang} keeps ${sq}: ${text}`);
    }
  }
});

// Moves from `fen` (Brazilian) to the end of the game by `reason`, found with the core: no
// captures, and no move that lets the other side capture or ends the game another way.
function walkTo(fen, reason) {
  const g = Game.fromFen(fen, 'brazilian');
  const moves = [];
  for (let ply = 0; !g.result() && ply < 200; ply++) {
    const legal = g.legalMoves();
    let chosen = null;
    for (let k = 0; k < legal.length && !chosen; k++) {
      const m = legal[(ply * 7 + k) % legal.length];
      if (m.capture) continue;
      g.play(m.text);
      const r = g.result();
      if (r ? r.reason === reason : !g.legalMoves().some((x) => x.capture)) chosen = m;
      g.undo();
    }
    assert.ok(chosen, `no quiet move after ${moves.join(' ')}`);
    g.play(chosen.text);
    moves.push(chosen.text);
  }
  assert.equal(g.result()?.reason, reason);
  g.free();
  return moves;
}

// Starts a game from the New game dialog as a player would.
async function startFromDialog(page, { game, mode = 'computer', color = 'white', level = 1 }) {
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  await page.check(`#new-game input[name="variant"][value="${game}"]`);
  await page.check(`#new-game input[name="mode"][value="${mode}"]`);
  if (mode === 'computer') await page.check(`#new-game input[name="color"][value="${color}"]`);
  await page.$eval('#new-game input[name="level"]', (el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, String(level));
  await page.click('#new-game button[value="start"]');
  await page.waitForFunction((g) => window.__dama.variant() === g && !document.querySelector('#new-game').open, game);
}

test('a Brazilian game against the computer, chosen in the New game dialog, played by clicks', { timeout: 60000 }, async () => {
  const page = await openPage(env);
  assert.equal(await variant(page), 'italian', 'Italian until another game is chosen');
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  assert.equal(await page.isChecked('#new-game input[name="variant"][value="italian"]'), true);
  assert.equal(await page.textContent('#new-game .game-choice legend'), 'Game');
  assert.match(await page.textContent('#new-game .game-choice'), /Italian draughts[\s\S]*Brazilian draughts/);
  assert.equal(await page.isVisible('#level-elo'), true);
  await page.$eval('#new-game input[name="level"]', (el) => {
    el.value = '5';
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
  const italian = await page.getAttribute('#level-elo', 'title');
  await page.check('#new-game input[name="variant"][value="brazilian"]');
  // Each game's levels were measured in its own games: Brazilian's figure for level 5.
  assert.equal(await page.isVisible('#level-elo'), true);
  const brazilian = await page.getAttribute('#level-elo', 'title');
  assert.match(brazilian ?? '', /^About \+\d+ Elo above level 1\.$/);
  assert.notEqual(brazilian, italian);
  await screenshot(page, 'brazilian-new-game-dialog');
  await page.click('#new-game button[value="cancel"]');
  assert.equal(await variant(page), 'italian', 'cancel changes nothing');

  await startFromDialog(page, { game: 'brazilian', level: 1 });
  assert.equal(await page.evaluate(() => window.__dama.fen()), START);
  assert.deepEqual((await page.evaluate(() => window.__dama.legalMoves())).sort(), ['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4']);
  assert.equal(await page.textContent('#subtitle'), 'Brazilian draughts');
  assert.match(await page.textContent('#rules-summary'), /Kings fly/);
  assert.equal(await page.getAttribute('#rules-link', 'href'), 'www/rules.html#brazilian');
  // Files and ranks on the edges instead of the square numbers, unless asked for.
  assert.equal(await page.evaluate(() => window.__dama.board.numbers), false);
  assert.equal(await page.isVisible('#engine-data'), false, 'the Italian book and tables are not claimed for Brazilian');

  // A wrong square is refused in the Brazilian rules' words, squares named c3, d4...
  await clickSquare(page, 'c3');
  await clickSquare(page, 'c5');
  assert.match(await page.textContent('#notice'), /^Men move one square diagonally forward and kings any distance along a free diagonal/);
  await clickSquare(page, 'd4'); // the man stays picked up after a refusal
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  const [mine, reply] = await history(page);
  assert.equal(mine, 'c3-d4');
  // The computer's answer is one of the core's Brazilian moves in that position.
  const g = new Game('brazilian');
  g.play('c3-d4');
  const legal = g.legalMoves().map((m) => m.text);
  g.free();
  assert.ok(legal.includes(reply), `${reply} is one of ${legal}`);
  assert.match(reply, /^[a-h][1-8][-x][a-h][1-8]/);
  await page.waitForFunction(() => /Your move/.test(document.querySelector('#status').textContent));
  assert.match(await page.textContent('#moves'), new RegExp(`1\\.\\s*c3-d4\\s*${reply}`));
  // The computer's first Brazilian search fetched that game's book and tables: both claimed.
  await page.waitForFunction(() => window.__dama.engine.data.brazilianTables === 4 && window.__dama.engine.data.brazilianBook, null, { timeout: 20000 });
  assert.equal(await page.textContent('#engine-data'), 'Endgame tables: up to 4 pieces · Opening book');

  // The hint comes from the engine worker, rebuilt in the Brazilian game: an algebraic move.
  await page.click('#btn-hint');
  await page.waitForFunction(() => /Hint: [a-h][1-8][-x][a-h][1-8]/.test(document.querySelector('#status').textContent), null, { timeout: 15000 });
  const hint = (await status(page)).match(/Hint: (\S+?)\.?$/)[1];
  assert.ok((await page.evaluate(() => window.__dama.legalMoves())).includes(hint), hint);
  // Select a piece so the screenshot shows destinations, the last move and the hint.
  await clickSquare(page, (await page.evaluate(() => window.__dama.legalMoves()[0])).slice(0, 2));
  await screenshot(page, 'brazilian-desktop-game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the choice of game and the Brazilian game in progress survive a reload; an old saved game is Italian', { timeout: 60000 }, async () => {
  const page = await openPage(env);
  await startFromDialog(page, { game: 'brazilian', mode: 'two-players' });
  for (const m of ['c3-d4', 'f6-g5', 'g3-h4']) await clickMove(page, m);
  assert.deepEqual(await history(page), ['c3-d4', 'f6-g5', 'g3-h4']);
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('dama.settings'))).variant, 'brazilian');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('dama.game'))).variant, 'brazilian');

  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await variant(page), 'brazilian');
  assert.deepEqual(await history(page), ['c3-d4', 'f6-g5', 'g3-h4']);
  assert.equal(await page.textContent('#subtitle'), 'Brazilian draughts');
  // Still the Brazilian board: a click on e7 and f6 plays Black's e7-f6.
  await clickMove(page, 'e7-f6');
  assert.deepEqual((await history(page)).at(-1), 'e7-f6');
  // The square numbers are the Brazilian game's own choice, kept apart from the Italian one.
  assert.equal(await page.evaluate(() => window.__dama.board.numbers), false);
  await page.click('#btn-numbers');
  assert.equal(await page.evaluate(() => window.__dama.board.numbers), true);
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('dama.settings')));
  assert.deepEqual([saved.numbers, saved.numbersBrazilian], [true, true]);
  await page.click('#btn-numbers');
  // The dialog offers the remembered game, and a new game from it is Brazilian again.
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  assert.equal(await page.isChecked('#new-game input[name="variant"][value="brazilian"]'), true);
  await page.click('#new-game button[value="start"]');
  await page.waitForFunction(() => window.__dama.history().length === 0);
  assert.equal(await variant(page), 'brazilian');

  // A game saved before the choice of game existed has no variant: it comes back Italian.
  await page.evaluate(() => {
    const old = JSON.stringify({ v: 2, startFen: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', moves: ['22-18', '12-16'], mode: 'two-players', side: 'white', level: 3, orientation: 'white' });
    for (const st of [localStorage, sessionStorage]) st.setItem('dama.game', old);
  });
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await variant(page), 'italian');
  assert.deepEqual(await history(page), ['22-18', '12-16']);
  assert.equal(await page.textContent('#subtitle'), 'Italian draughts');
  assert.equal(await page.isVisible('#notice'), false, 'read without complaint');
  assert.equal(await page.evaluate(() => window.__dama.board.numbers), true, 'Italian keeps its numbers');
  // The settings still say Brazilian for the next new game.
  await page.click('#btn-new');
  await page.waitForSelector('#new-game[open]');
  assert.equal(await page.isChecked('#new-game input[name="variant"][value="brazilian"]'), true);
  await page.click('#new-game button[value="cancel"]');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a flying king chooses its route and its landing square by clicks', { timeout: 40000 }, async () => {
  const page = await openPage(env, `?variant=brazilian&mode=two-players&fen=${encodeURIComponent(FLYING)}`);
  assert.equal(await variant(page), 'brazilian');
  const legal = await page.evaluate(() => window.__dama.legalMoves());
  assert.deepEqual(legal.sort(), ['c5xe7xg5xc1', 'c5xe7xg5xd2', 'c5xe7xg5xe3', 'c5xf8xh6xc1', 'c5xf8xh6xd2', 'c5xf8xh6xe3']);

  // c5 then d2: two routes end there, both drawn and listed; a tap on f8 picks that route.
  await clickSquare(page, 'c5');
  await clickSquare(page, 'd2');
  await page.waitForSelector('#choices:not([hidden])');
  assert.match(await page.textContent('#choices p'), /end on d2/);
  const buttons = await page.locator('#choices button').allTextContents();
  assert.deepEqual(buttons.sort(), ['c5xe7xg5xd2: takes d6, f6, f4, via e7, g5', 'c5xf8xh6xd2: takes d6, g7, f4, via f8, h6']);
  await settle(page);
  await screenshot(page, 'brazilian-flying-king-choice');
  await clickSquare(page, 'f8');
  assert.deepEqual(await history(page), ['c5xf8xh6xd2']);
  assert.equal(await page.isVisible('#choices'), false);
  let board = await cells(page);
  assert.equal(board[SQ.d2 - 1], 2, 'the king stands on d2');
  for (const sq of ['d6', 'g7', 'f4']) assert.equal(board[SQ[sq] - 1], 0, `${sq} was taken`);
  assert.equal(board[SQ.f6 - 1], -1, 'f6 was not on this route');

  // Again, ending on e3 this time, choosing the other route by tapping a piece it takes (f6).
  await page.click('#btn-undo');
  assert.deepEqual(await history(page), []);
  await clickSquare(page, 'c5');
  await clickSquare(page, 'e3');
  await page.waitForSelector('#choices:not([hidden])');
  await clickSquare(page, 'f6');
  assert.deepEqual(await history(page), ['c5xe7xg5xe3']);
  board = await cells(page);
  assert.equal(board[SQ.e3 - 1], 2);
  assert.equal(board[SQ.g7 - 1], -1, 'g7 stays');

  // And a landing square with one route only needs no choice: c1 by the button, e7 route.
  await page.click('#btn-undo');
  await clickSquare(page, 'c5');
  await clickSquare(page, 'c1');
  await page.waitForSelector('#choices:not([hidden])');
  await page.click('#choices button:has-text("via e7")');
  assert.deepEqual(await history(page), ['c5xe7xg5xc1']);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a man passing the far row mid-capture goes on capturing backward and stays a man', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?variant=brazilian&mode=two-players');
  // Set it up in the board editor, on the Brazilian board: a white man on d6, black men on
  // e7 and g7, and one on b8 so the game goes on.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.click('#open-editor');
  await page.click('#editor-clear');
  await page.check('#editor input[name="tool"][value="1"]');
  await clickSquare(page, 'd6');
  await page.check('#editor input[name="tool"][value="-1"]');
  await clickSquare(page, 'e7');
  await clickSquare(page, 'g7');
  await clickSquare(page, 'b8');
  assert.equal(await page.textContent('#editor-fen'), 'W:W10:B1,7,8');
  await page.click('#editor-play');
  await page.waitForFunction(() => !window.__dama.board.editing);
  assert.equal(await variant(page), 'brazilian');
  assert.deepEqual(await page.evaluate(() => window.__dama.legalMoves()), ['d6xh6']);

  // Stopping on f8, the far row, is refused: the capture must go on.
  await clickSquare(page, 'd6');
  await clickSquare(page, 'f8');
  assert.deepEqual(await history(page), []);
  assert.match(await page.textContent('#notice'), /capture/i);
  // d6xf8xh6: over e7 to f8, then back over g7 to h6, still a man. (The man stays picked up
  // after the refusal.)
  let move = page.evaluate(() => new Promise((r) => document.querySelector('#board').addEventListener('move', (e) => r(e.detail), { once: true })));
  await clickSquare(page, 'h6');
  move = await move;
  assert.deepEqual(await history(page), ['d6xh6']);
  assert.deepEqual(move.path, [SQ.f8, SQ.h6]);
  assert.equal(move.promotes, false);
  const board = await cells(page);
  assert.equal(board[SQ.h6 - 1], 1, 'a man on h6, not a king');
  assert.equal(board[SQ.f8 - 1], 0);
  assert.equal(await page.evaluate(() => window.__dama.fen()), 'B:W12:B1');
  await settle(page);
  await screenshot(page, 'brazilian-passing-far-row');

  // A man that ends its capture on the far row is crowned.
  await page.evaluate(() => window.__dama.board.newGame({ fen: 'W:W10:B7' }));
  assert.equal(await variant(page), 'brazilian', 'a FEN is read in the game being played');
  await clickSquare(page, 'd6');
  await clickSquare(page, 'f8');
  assert.deepEqual(await history(page), ['d6xf8']);
  assert.equal((await cells(page))[SQ.f8 - 1], 2, 'crowned on f8');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('PDN GameType 26 round trip through the page: export, download, import switches the game', { timeout: 40000 }, async () => {
  const page = await openPage(env, '?variant=brazilian&mode=friend');
  const moves = ['c3-b4', 'h6-g5', 'b4-c5', 'd6xb4', 'a3xc5'];
  for (const m of moves) await clickMove(page, m);
  assert.deepEqual(await history(page), moves);

  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  const pdn = await page.inputValue('#pdn-out');
  assert.match(pdn, /\[GameType "26"\]/);
  assert.match(pdn, /1\. c3-b4 h6-g5 2\. b4-c5 d6xb4 3\. a3xc5 \*/);
  assert.equal(await page.inputValue('#fen-field'), await page.evaluate(() => window.__dama.fen()));
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#pdn-download')]);
  assert.equal(readFileSync(await download.path(), 'utf8'), pdn);
  await screenshot(page, 'brazilian-games-dialog');
  await page.keyboard.press('Escape');

  // From an Italian game, opening the file brings the Brazilian game back.
  await page.evaluate(() => window.__dama.board.newGame({ variant: 'italian', mode: 'two-players' }));
  assert.equal(await variant(page), 'italian');
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.setInputFiles('#pdn-file', { name: 'game.pdn', mimeType: 'text/plain', buffer: Buffer.from(pdn) });
  await page.waitForFunction(() => window.__dama.history().length === 5);
  assert.equal(await variant(page), 'brazilian');
  assert.deepEqual(await history(page), moves);
  assert.equal(await page.textContent('#subtitle'), 'Brazilian draughts');
  // The exported text is the same game again, GameType 26 and all.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  const again = await page.inputValue('#pdn-out');
  assert.match(again, /\[GameType "26"\]/);
  assert.match(again, /1\. c3-b4 h6-g5 2\. b4-c5 d6xb4 3\. a3xc5 \*/);
  // And it plays on in the Brazilian rules.
  await page.keyboard.press('Escape');
  await clickMove(page, 'b6xd4');
  assert.deepEqual((await history(page)).at(-1), 'b6xd4');

  // An Italian PDN opened in the Brazilian game switches back to Italian.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', '[GameType "22"]\n1. 22-18 9-13 *');
  await page.click('#pdn-open');
  await page.waitForFunction(() => window.__dama.variant() === 'italian');
  assert.deepEqual(await history(page), ['22-18', '9-13']);
  // A PDN without a GameType in a Brazilian game is read as Brazilian.
  await page.evaluate(() => window.__dama.board.newGame({ variant: 'brazilian', mode: 'two-players' }));
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', '1. c3-d4 f6-g5 *');
  await page.click('#pdn-open');
  await page.waitForFunction(() => window.__dama.history().length === 2);
  assert.equal(await variant(page), 'brazilian');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('refusals name the Brazilian rule broken, in English, Italian and Portuguese', { timeout: 40000 }, async () => {
  // Majority rule: the king on e1 could take g3, but the man on c3 takes two (c3xe5xc7).
  const fen = 'W:W22,K31:B10,18,24';
  const page = await openPage(env, `?variant=brazilian&mode=two-players&fen=${encodeURIComponent(fen)}`);
  const refusal = async () => {
    await clickSquare(page, 'a8'); // a light square: drops the piece picked up before
    await clickSquare(page, 'e1');
    await clickSquare(page, 'h4');
    return page.textContent('#notice');
  };
  assert.equal(await refusal(), 'The majority rule: you must play the capture that takes the most pieces (2).');
  await pickLanguage(page, 'it');
  assert.equal(await refusal(), 'La legge della maggioranza: bisogna giocare la presa che prende più pezzi (2).');
  await pickLanguage(page, 'pt-BR');
  assert.equal(await refusal(), 'A lei da maioria: é preciso jogar a tomada que toma mais peças (2).');
  // A man moving backward, a blocked flying king.
  await page.evaluate(() => window.__dama.board.newGame({ fen: 'W:WK31,22:B1' }));
  await clickSquare(page, 'c3');
  await clickSquare(page, 'd2');
  assert.equal(await page.textContent('#notice'), 'As pedras só andam para a frente (para trás, só tomando).');
  await clickSquare(page, 'e1');
  await clickSquare(page, 'a5');
  assert.equal(await page.textContent('#notice'), 'A peça na casa c3 bloqueia o caminho.');
  await pickLanguage(page, 'en');
  await clickSquare(page, 'a8');
  await clickSquare(page, 'e1');
  await clickSquare(page, 'a5');
  assert.equal(await page.textContent('#notice'), 'The piece on square c3 blocks the way.');

  await page.evaluate(() => window.__dama.board.newGame({ variant: 'italian' }));
  assert.equal((await page.evaluate(() => window.__dama.board.endTexts({ winner: null, reason: 'king-moves' })))[1], 'Forty moves each with only kings moving and nothing captured.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test("the Brazilian draws end the game with the game's own words", { timeout: 40000 }, async () => {
  const page = await openPage(env, '?variant=brazilian&mode=two-players');
  // The draw by king moves is 20 moves each in this game (40 in Italian), and three kings
  // against one not winning within 20 moves is its own draw: real games played to them.
  for (const [fen, reason, text] of [
    ['W:WK30:BK3', 'king-moves', 'Twenty moves each with only kings moving, nothing captured and no man moved.'],
    ['W:WK1,K2,K3:BK29', 'three-kings', 'Three kings against one did not win within 20 moves.'],
  ]) {
    const moves = walkTo(fen, reason);
    await page.evaluate(([fen, moves]) => window.__dama.board.newGame({ variant: 'brazilian', mode: 'two-players', fen, moves }), [fen, moves]);
    assert.equal(await page.evaluate(() => window.__dama.result()?.reason), reason);
    assert.equal(await page.textContent('#overlay-title'), 'Draw.');
    assert.equal(await page.textContent('#overlay-reason'), text);
    assert.equal(await status(page), `Draw. ${text}`);
  }
  await screenshot(page, 'brazilian-draw-three-kings');
  await pickLanguage(page, 'pt-BR');
  assert.equal(await page.textContent('#overlay-reason'), 'Três damas contra uma não venceram em 20 lances.');
  await pickLanguage(page, 'en');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the Portuguese page shows a Brazilian game, at desktop and phone sizes', { timeout: 60000 }, async () => {
  for (const [name, options] of [
    ['desktop', { viewport: { width: 1280, height: 800 } }],
    ['phone', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
  ]) {
    const page = await openPage(env, '', { locale: 'pt-BR', ...options });
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'pt-BR');
    assert.equal(await page.inputValue('#lang'), 'pt-BR');
    assert.deepEqual(await page.locator('#lang option').evaluateAll((os) => os.map((o) => o.value)), ['en', 'it', 'pt-BR']);
    await startFromDialog(page, { game: 'brazilian', mode: 'two-players' });
    assert.equal(await page.textContent('#btn-new'), 'Nova partida');
    assert.equal(await page.textContent('#subtitle'), 'Damas brasileiras');
    assert.match(await page.textContent('#rules-summary'), /longo alcance/);
    for (const m of ['c3-d4', 'f6-g5', 'd4-e5']) await clickMove(page, m);
    assert.match(await page.textContent('#moves'), /1\.\s*c3-d4\s*f6-g5\s*2\.\s*d4-e5/);
    assert.match(await status(page), /Pretas/);
    // Black must capture: the status says so, and a quiet move is refused in Portuguese.
    const legal = await page.evaluate(() => window.__dama.legalMoves());
    assert.ok(legal.every((m) => m.includes('x')), `Black must capture: ${legal}`);
    await clickSquare(page, 'b6');
    await clickSquare(page, 'a5');
    assert.match(await page.textContent('#notice'), /^A tomada é obrigatória: a peça em [a-h][1-8]( ou [a-h][1-8])* deve tomar\.$/);
    await clickSquare(page, legal[0].slice(0, 2));
    await settle(page);
    await screenshot(page, `brazilian-${name}-pt`);
    if (name === 'phone') {
      const box = await page.locator('#board canvas').boundingBox();
      assert.ok(box.width > 330, `board is ${box.width}px wide`);
      await page.click('#btn-new');
      await page.waitForSelector('#new-game[open]');
      await screenshot(page, 'brazilian-new-game-dialog-phone-pt');
      await page.click('#new-game button[value="cancel"]');
    }
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('the page address alone chooses the game: ?variant=brazilian', async () => {
  const page = await openPage(env, '?variant=brazilian');
  assert.equal(await page.evaluate(() => window.__dama.variant()), 'brazilian');
  assert.ok((await history(page)).length === 0, 'a new game');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
