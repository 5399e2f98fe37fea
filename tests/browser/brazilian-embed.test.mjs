// Brazilian draughts outside the app page: <dama-board variant="brazilian"> on a host page
// (attribute, methods, the engine worker answering in that game, a PDN's GameType switching
// the game), the iframe's variant= parameter, and the embedding example's Brazilian frame.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, clickSquare, screenshot, settle } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

// A host page (fixtures/brazilian-element.html) with the element's markup written by the test.
async function hostPage(markup, options = {}) {
  const page = await newPage(env, { viewport: { width: 600, height: 700 }, ...options });
  await page.goto(`${env.server.url}tests/browser/fixtures/brazilian-element.html`);
  await page.waitForFunction(() => customElements.get('dama-board'));
  await page.evaluate((html) => {
    document.getElementById('host').innerHTML = html;
  }, markup);
  await page.waitForFunction(() => document.getElementById('br')?.isReady);
  return page;
}

// Runs `fn(board, arg)` in the page on the element #br.
const el = (page, fn, arg) => page.$eval('#br', fn, arg);

test('<dama-board variant="brazilian">: the Brazilian board, its moves, and the computer answering in that game', { timeout: 60000 }, async () => {
  const page = await hostPage('<dama-board id="br" variant="brazilian" mode="computer" side="black" level="1" controls></dama-board>');
  // The computer plays White's first move, in algebraic notation; the board is turned for Black.
  await page.waitForFunction(() => document.getElementById('br').history().length === 1, null, { timeout: 20000 });
  const s = await el(page, (b) => ({ variant: b.variant, orientation: b.orientation, turn: b.turn(), first: b.history()[0].text, name: b.squareName(22) }));
  assert.equal(s.variant, 'brazilian');
  assert.equal(s.orientation, 'black');
  assert.equal(s.turn, 'black');
  assert.match(s.first, /^[a-h]3-[a-h]4$/);
  assert.equal(s.name, 'c3');
  // Black answers by clicks on the turned board.
  const reply = (await el(page, (b) => b.legalMoves().map((m) => m.text)))[0];
  await clickMove(page, reply, '#br');
  await page.waitForFunction(() => document.getElementById('br').history().length === 3, null, { timeout: 20000 });
  assert.match((await el(page, (b) => b.history()[2].text)), /^[a-h][1-8][-x][a-h][1-8]/);
  await settle(page);
  await page.locator('#br').screenshot({ path: new URL('./screenshots/brazilian-element-black.png', import.meta.url).pathname });

  // The attribute switches the game (a new game); back to Italian and its numbering.
  await page.evaluate(() => document.getElementById('br').setAttribute('variant', 'italian'));
  await page.waitForFunction(() => document.getElementById('br').variant === 'italian');
  await page.waitForFunction(() => document.getElementById('br').history().length === 1, null, { timeout: 20000 });
  assert.match(await el(page, (b) => b.history()[0].text), /^\d+-\d+$/);
  assert.equal(await el(page, (b) => b.squareName(22)), '22');
  // newGame({variant}) and a FEN read in that game's numbering.
  await el(page, (b) => b.newGame({ variant: 'brazilian', mode: 'two-players', fen: 'W:W10:B1,7,8' }));
  assert.deepEqual(await el(page, (b) => [b.variant, b.legalMoves().map((m) => m.text)]), ['brazilian', ['d6xh6']]);
  // A refusal event carries the rule in the game's words.
  const refusal = page.evaluate(() => new Promise((r) => document.getElementById('br').addEventListener('illegal', (e) => r(e.detail), { once: true })));
  await clickSquare(page, 'd6', '#br');
  await clickSquare(page, 'e5', '#br');
  assert.match((await refusal).reason, /^Capturing is compulsory: the piece on d6 must capture\.$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a PDN with GameType 26 makes the element Brazilian; pdn() writes 26; a PDN without one follows variant', { timeout: 30000 }, async () => {
  const pdn = '[GameType "26"]\n1. c3-d4 f6-g5 2. g3-h4 *';
  const page = await hostPage(`<dama-board id="br" mode="view" ply="end" pdn='${pdn}'></dama-board>`);
  assert.deepEqual(await el(page, (b) => [b.variant, b.history().map((m) => m.text), b.reviewing]), ['brazilian', ['c3-d4', 'f6-g5', 'g3-h4'], 3]);
  assert.match(await el(page, (b) => b.pdn()), /\[GameType "26"\][\s\S]*1\. c3-d4 f6-g5 2\. g3-h4 \*/);
  // load() of an Italian game switches back; of a bare move list, reads it as the game played.
  await el(page, (b) => b.load('[GameType "22"]\n1. 22-18 *'));
  assert.deepEqual(await el(page, (b) => [b.variant, b.pdn().match(/GameType "(\d+)"/)[1]]), ['italian', '22']);
  await el(page, (b) => b.setAttribute('variant', 'brazilian'));
  await page.waitForFunction(() => document.getElementById('br').variant === 'brazilian');
  await el(page, (b) => b.setAttribute('pdn', '1. e3-f4 *'));
  await page.waitForFunction(() => document.getElementById('br').history().length === 1);
  assert.deepEqual(await el(page, (b) => [b.variant, b.history()[0].text]), ['brazilian', 'e3-f4']);
  // A bad FEN for the game: the notice says why and the start position is shown.
  await el(page, (b) => {
    b.removeAttribute('pdn');
    b.setAttribute('fen', 'W:W1:B2'); // a white man on b8, White's far row
  });
  await page.waitForFunction(() => document.getElementById('br').notice !== '');
  assert.equal(await el(page, (b) => b.fen()), START);
  assert.equal(await el(page, (b) => b.variant), 'brazilian');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the iframe takes variant= from the address, with the Brazilian board and its coordinates', { timeout: 40000 }, async () => {
  const page = await newPage(env, { viewport: { width: 420, height: 480 } });
  await page.goto(`${env.server.url}www/frame.html?variant=brazilian&mode=two-players&lang=pt-BR`);
  await page.waitForFunction(() => document.getElementById('board')?.isReady);
  assert.deepEqual(await page.evaluate(() => {
    const b = document.getElementById('board');
    return [b.variant, b.fen(), b.legalMoves().length];
  }), ['brazilian', START, 7]);
  await clickMove(page, 'c3-d4');
  await clickMove(page, 'f6-g5');
  await clickMove(page, 'd4-e5');
  assert.deepEqual(await page.evaluate(() => document.getElementById('board').history().map((m) => m.text)), ['c3-d4', 'f6-g5', 'd4-e5']);
  // The frame's status line speaks Portuguese, and Black must take.
  const bar = () => page.evaluate(() => document.getElementById('board').shadowRoot.querySelector('.status').textContent);
  assert.match(await bar(), /Vez das Pretas/);
  await clickSquare(page, 'b6');
  await clickSquare(page, 'a5');
  assert.equal(await bar(), 'A tomada é obrigatória: a peça em d6 deve tomar.');
  await settle(page);
  await screenshot(page, 'brazilian-frame-pt');

  // The frame passes moves to its parent page like any other.
  await page.goto(`${env.server.url}www/frame.html?variant=brazilian&mode=computer&side=black&level=1`);
  await page.waitForFunction(() => document.getElementById('board')?.history().length === 1, null, { timeout: 20000 });
  assert.equal(await page.evaluate(() => document.getElementById('board').variant), 'brazilian');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the embedding example shows a Brazilian game in its second frame', { timeout: 30000 }, async () => {
  const page = await newPage(env, { viewport: { width: 1100, height: 1700 } });
  await page.goto(`${env.server.url}www/embed.html`);
  await page.waitForFunction(() => document.getElementById('frame-br')?.contentDocument?.getElementById('board')?.isReady);
  const s = await page.evaluate(() => {
    const b = document.getElementById('frame-br').contentDocument.getElementById('board');
    return { variant: b.variant, mode: b.mode, n: b.history().length, ply: b.reviewing, last: b.history().at(-1).text };
  });
  assert.deepEqual(s, { variant: 'brazilian', mode: 'view', n: 10, ply: 10, last: 'f6xb6' });
  await page.locator('#frame-br').scrollIntoViewIfNeeded();
  await settle(page);
  await page.locator('#frame-br').screenshot({ path: new URL('./screenshots/brazilian-embed-frame.png', import.meta.url).pathname });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
