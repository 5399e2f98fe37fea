// What docs/EMBED.md promises of the <dama-board> element that no other test checks (issue 57,
// item 4): loaded from another origin, its engine worker is made from a blob of the page's own
// origin and the computer answers; in remote mode offerDraw() sends the `drawoffer` event and
// the game goes on until agreeDraw(); the New game buttons send `newgamerequest`, and its
// preventDefault() leaves the game as it is. (The frame's `draw` message: remote.test.mjs.)

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { setup, newPage, clickMove, PHONE, DESKTOP } from './helpers.mjs';
import { ROOT, TYPES, serveFiles } from './server.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** The site on a second origin, as a host that lets other sites load it (CORS) serves it. */
const corsServer = () =>
  serveFiles(ROOT, async (req, res, path) => {
    const body = await readFile(path);
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', 'access-control-allow-origin': '*' });
    res.end(req.method === 'HEAD' ? undefined : body);
  });

/** The bare host page (fixtures/element-host.html), the element loaded from `from` (default its own origin). */
async function hostPage(options, from = null) {
  const page = await newPage(env, options);
  await page.goto(`${env.server.url}tests/browser/fixtures/element-host.html${from ? `?from=${encodeURIComponent(from)}` : ''}`);
  await page.waitForFunction(() => window.__loaded === true);
  return page;
}

/** Adds `<dama-board id="b">` with `attrs` to the page; resolves once its game is set up. */
async function addBoard(page, attrs) {
  await page.evaluate(async (a) => {
    const b = document.createElement('dama-board');
    b.id = 'b';
    for (const [k, v] of Object.entries(a)) b.setAttribute(k, v);
    document.body.append(b);
    await b.whenReady();
  }, attrs);
  await page.waitForFunction(() => !!document.getElementById('b').session?.record);
}
const events = (page, type) => page.evaluate((t) => window.__events.filter((e) => e.type === t), type);
/** Plays `text` on the board by clicking its squares, as the player does. */
async function playOnBoard(page, text) {
  const n = (await history(page)).length;
  await clickMove(page, text, '#b');
  await page.waitForFunction((k) => document.getElementById('b').history().length > k, n, { timeout: 5000 });
}
const history = (page) => page.evaluate(() => document.getElementById('b').history().map((m) => m.text));

test('the element loaded from another origin: its engine worker is made from a blob of the page\'s origin that imports the script, and the computer answers', { timeout: 60000 }, async () => {
  const site = await corsServer();
  try {
    const siteOrigin = new URL(site.url).origin;
    const pageOrigin = new URL(env.server.url).origin;
    assert.notEqual(siteOrigin, pageOrigin);
    const page = await hostPage(DESKTOP, siteOrigin);
    const workers = [];
    page.on('worker', (w) => workers.push(w));
    const requests = [];
    page.context().on('request', (r) => requests.push(r.url()));
    await addBoard(page, { mode: 'computer', side: 'black', level: '1' });
    // The element's code is the other site's.
    const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    assert.ok(loaded.includes(`${siteOrigin}/www/element/element.js`), 'the element came from the other origin');
    // The computer (White) moves first: it answers from a worker of the page's own origin.
    await page.waitForFunction(() => window.__events.some((e) => e.type === 'move' && e.detail.by === 'computer'), null, { timeout: 30000 });
    const urls = workers.map((w) => w.url());
    const engine = workers.filter((w) => w.url().startsWith(`blob:${pageOrigin}/`));
    assert.equal(engine.length, 1, `one engine worker from a blob of ${pageOrigin}: ${urls.join(', ')}`);
    assert.deepEqual(urls.filter((u) => u.startsWith(siteOrigin)), [], 'no worker started from the other origin\'s address');
    assert.ok(requests.includes(`${siteOrigin}/www/engine/engine.worker.js`), 'the blob imports the other site\'s engine script');
    assert.equal((await history(page)).length, 1);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  } finally {
    await site.close();
  }
});

test('remote mode: offerDraw() sends the drawoffer event with the player\'s colour and the game goes on; agreeDraw() ends it drawn by agreement; neither once it is over, and no drawoffer in another mode', { timeout: 60000 }, async () => {
  const page = await hostPage(DESKTOP);
  await addBoard(page, { mode: 'remote', side: 'black', controls: '' });
  // The opponent (White) moves from the page, the player on the board; White is to move again.
  await page.evaluate(() => document.getElementById('b').play('22-18'));
  await playOnBoard(page, '11-15');
  assert.deepEqual(await history(page), ['22-18', '11-15']);
  const offered = await page.evaluate(() => document.getElementById('b').offerDraw());
  assert.equal(offered, false, 'the game did not end in a draw');
  const offers = await events(page, 'drawoffer');
  assert.deepEqual(
    offers.map((e) => [e.board, e.detail, e.bubbles, e.composed]),
    [['b', { color: 'black' }, true, true]],
    'one drawoffer, the player\'s colour (not the side to move)',
  );
  assert.equal((await events(page, 'notice')).at(-1).detail.text, 'Draw offered: the game goes on until your opponent accepts.');
  assert.equal(await page.evaluate(() => document.getElementById('b').result() ?? null), null, 'the game goes on');
  assert.deepEqual(await events(page, 'gameover'), []);

  // The opponent accepts on the server: the page calls agreeDraw().
  assert.equal(await page.evaluate(() => document.getElementById('b').agreeDraw()), true);
  const result = await page.evaluate(() => document.getElementById('b').result());
  assert.deepEqual([result.winner, result.reason], [null, 'agreement']);
  const over = await events(page, 'gameover');
  assert.deepEqual(over.map((e) => [e.detail.winner, e.detail.reason]), [[null, 'agreement']]);
  // Over: neither does anything more.
  assert.deepEqual(await page.evaluate(() => [document.getElementById('b').offerDraw(), document.getElementById('b').agreeDraw()]), [false, false]);
  assert.equal((await events(page, 'drawoffer')).length, 1);
  assert.equal((await events(page, 'gameover')).length, 1);

  // Against the computer an offer is the computer's to answer (declined at the start), never
  // the page's: no drawoffer, and agreeDraw() is not for it.
  await page.evaluate(() => document.getElementById('b').newGame({ mode: 'computer', side: 'white', level: 1 }));
  await page.waitForFunction(() => !document.getElementById('b').result());
  assert.deepEqual(await page.evaluate(() => [document.getElementById('b').offerDraw(), document.getElementById('b').agreeDraw()]), [false, false]);
  assert.equal((await events(page, 'drawoffer')).length, 1);
  assert.equal(await page.evaluate(() => document.getElementById('b').result() ?? null), null);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
]) {
  test(`New game sends newgamerequest: preventDefault() keeps the game as it is; without it, a new game of the same kind starts (the bar's button and the end card's, ${screen})`, { timeout: 60000 }, async () => {
    const page = await hostPage(options);
    await addBoard(page, { mode: 'two-players', controls: '' });
    const requests = async () => (await events(page, 'newgamerequest')).map((e) => [e.detail.options.mode, e.cancelable, e.bubbles, e.composed]);
    const sameRecord = () => page.evaluate(() => document.getElementById('b').session.record === window.__record);
    await playOnBoard(page, '22-18');
    await page.evaluate(() => {
      window.__record = document.getElementById('b').session.record;
      window.__prevent = (e) => e.preventDefault();
      document.addEventListener('newgamerequest', window.__prevent);
    });

    // Prevented: the bar's button, then the end card's.
    await page.click('#b .tools [data-act="new"]');
    assert.deepEqual(await requests(), [['two-players', true, true, true]]);
    assert.deepEqual(await history(page), ['22-18']);
    assert.equal(await sameRecord(), true, 'the same game');
    await page.evaluate(() => document.getElementById('b').resign());
    await page.click('#b .card [data-act="new"]');
    assert.equal((await requests()).length, 2);
    assert.deepEqual(await history(page), ['22-18']);
    assert.equal(await sameRecord(), true);
    assert.equal(await page.evaluate(() => document.getElementById('b').result()?.reason), 'resignation', 'the game that ended stays shown');

    // Not prevented: the card's button starts a new game of the same kind, and so does the bar's.
    await page.evaluate(() => document.removeEventListener('newgamerequest', window.__prevent));
    await page.click('#b .card [data-act="new"]');
    assert.equal((await requests()).length, 3);
    assert.deepEqual(await history(page), []);
    assert.equal(await sameRecord(), false, 'a new game');
    assert.deepEqual(await page.evaluate(() => [document.getElementById('b').session.mode, document.getElementById('b').result() ?? null]), ['two-players', null]);
    await playOnBoard(page, '22-18');
    await page.click('#b .tools [data-act="new"]');
    assert.deepEqual(await requests(), Array(4).fill(['two-players', true, true, true]));
    assert.deepEqual(await history(page), []);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
