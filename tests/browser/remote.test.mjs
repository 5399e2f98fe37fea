// A board any site can wire to its own server (issue 25, item 7): board.play(move) from script
// (move text or from/to; an illegal move refused with the rule's reason, the game unchanged),
// mode="remote" where the player moves one colour and the page the other, the frame taking the
// page's moves by postMessage from the origins it names only, and the example of docs/ that
// joins two boards in two tabs through a BroadcastChannel.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, PHONE, DESKTOP } from './helpers.mjs';
import { startServer } from './server.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});


/** The docs example at `side` in game `variant`, in `context` (two tabs of one browser share its channel). */
async function exampleTab(context, side, game, variant) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (err) => page.errors.push(String(err)));
  await page.goto(`${env.server.url}docs/examples/remote.html?side=${side}&game=${game}&variant=${variant}`);
  await page.waitForFunction(() => document.getElementById('board').session?.record);
  return page;
}
const moves = (page) => page.evaluate(() => document.getElementById('board').history().map((m) => m.text));

// Brazilian on the phone, Italian at a desk: each game's notation and each screen once.
for (const [screen, options, variant, [w1, b1]] of [
  ['phone', PHONE, 'brazilian', ['c3-d4', 'f6-g5']],
  ['desktop', DESKTOP, 'italian', ['22-18', '12-15']],
]) {
  test(`two tabs play one game through the docs example: each side moves its own pieces only, the other's come by play() (${variant}, ${screen})`, { timeout: 60000 }, async () => {
    const first = await newPage(env, options);
    const context = first.context();
    await first.close();
    const game = `t${Date.now()}`;
    const white = await exampleTab(context, 'white', game, variant);
    const black = await exampleTab(context, 'black', game, variant);
    // Black cannot move White's men, nor move first.
    assert.equal(await black.evaluate(() => document.getElementById('board').ground.state.movable.color), null);
    await clickMove(white, w1);
    await black.waitForFunction(() => document.getElementById('board').history().length === 1);
    assert.deepEqual(await moves(black), [w1]);
    // White waits: its board takes no move of Black's men.
    assert.equal(await white.evaluate(() => document.getElementById('board').ground.state.movable.color), null);
    assert.match(await white.evaluate(() => document.getElementById('board').statusText()), /opponent/i);
    await clickMove(black, b1);
    await white.waitForFunction(() => document.getElementById('board').history().length === 2);
    assert.deepEqual(await moves(white), [w1, b1]);
    // Undo takes nothing back against an opponent elsewhere.
    assert.equal(await white.evaluate(() => document.getElementById('board').canUndo()), false);
    // A draw offered in one tab, accepted in the other: both games end drawn.
    black.on('dialog', (d) => d.accept());
    await white.click('#offer');
    await white.waitForFunction(() => document.getElementById('board').result()?.reason === 'agreement');
    await black.waitForFunction(() => document.getElementById('board').result()?.reason === 'agreement');
    assert.deepEqual([...white.errors, ...black.errors], []);
    await context.close();
  });
}

test('board.play(): text or from/to, Brazilian names too; an illegal move refused with the rule and the game unchanged', { timeout: 60000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.goto(`${env.server.url}docs/examples/remote.html?side=white&game=play`);
  await page.waitForFunction(() => document.getElementById('board').session?.record);
  const r = await page.evaluate(() => {
    const b = document.getElementById('board');
    const out = {};
    const events = [];
    b.addEventListener('move', (e) => events.push(e.detail));
    const tryPlay = (m) => {
      try {
        return { ok: b.play(m).text };
      } catch (err) {
        return { error: err.message };
      }
    };
    out.text = tryPlay('22-18');
    out.wrongSide = tryPlay('21-17');
    out.fromTo = tryPlay({ from: 11, to: 14 });
    out.capture = tryPlay({ from: 18, to: 11 });
    out.nonsense = tryPlay('hello');
    out.badSquare = tryPlay({ from: 99, to: 1 });
    out.history = b.history().map((m) => m.text);
    out.events = events.map((d) => [d.move, d.by]);
    return out;
  });
  assert.deepEqual(r.text, { ok: '22-18' });
  assert.match(r.wrongSide.error, /./);
  assert.deepEqual(r.fromTo, { ok: '11-14' });
  assert.deepEqual(r.capture, { ok: '18x11' }, 'from/to of a capture');
  assert.match(r.nonsense.error, /./);
  assert.match(r.badSquare.error, /99 is not a square/);
  assert.deepEqual(r.history, ['22-18', '11-14', '18x11']);
  assert.deepEqual(r.events, [['22-18', 'script'], ['11-14', 'script'], ['18x11', 'script']]);
  // A move that is not legal: the rule's reason (capturing is compulsory).
  const refused = await page.evaluate(() => {
    const b = document.getElementById('board');
    try {
      b.play({ from: 9, to: 13 });
      return null;
    } catch (err) {
      return { error: err.message, plies: b.history().length };
    }
  });
  assert.equal(refused.plies, 3);
  assert.match(refused.error, /captur/i);
  // Brazilian: squares by their names.
  await page.evaluate(() => {
    const b = document.getElementById('board');
    b.setAttribute('variant', 'brazilian');
  });
  await page.waitForFunction(() => document.getElementById('board').variant === 'brazilian' && document.getElementById('board').history().length === 0);
  const br = await page.evaluate(() => document.getElementById('board').play({ from: 'c3', to: 'd4' }).text);
  assert.equal(br, 'c3-d4');
  await page.context().close();
});

test('the frame takes the opponent\'s moves by postMessage from the origins it names, answers a refusal to that origin, and ignores any other', { timeout: 60000 }, async () => {
  const page = await newPage(env, DESKTOP);
  await page.goto(`${env.server.url}tests/browser/fixtures/remote-frame.html`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => document.getElementById('board').session?.record);
  // White (the player) moves on the board; Black's move comes from the page.
  await frame.evaluate(() => document.getElementById('board').play('22-18'));
  // A move that is not legal: refused, with the reason, to this page's origin; nothing played.
  await page.evaluate(() => window.send({ type: 'play', move: '1-5' }));
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'refused'));
  let refused = await page.evaluate(() => window.__messages.find((m) => m.type === 'refused'));
  assert.deepEqual([refused.request, refused.move, refused.origin], ['play', '1-5', new URL(env.server.url).origin]);
  assert.ok(refused.reason.length > 5, refused.reason);
  assert.equal(await frame.evaluate(() => document.getElementById('board').history().length), 1);
  // Black's move from the page: played, and told as every move is.
  await page.evaluate(() => window.send({ type: 'play', move: '10-14' }));
  await frame.waitForFunction(() => document.getElementById('board').history().length === 2);
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'move' && m.detail.move === '10-14'));
  const told = await page.evaluate(() => window.__messages.find((m) => m.type === 'move' && m.detail.move === '10-14'));
  assert.equal(told.detail.by, 'script');
  // White's turn is the player's: the page cannot play it.
  await page.evaluate(() => window.send({ type: 'play', move: '21-17' }));
  await page.waitForFunction(() => window.__messages.filter((m) => m.type === 'refused').length === 2);
  refused = await page.evaluate(() => window.__messages.filter((m) => m.type === 'refused')[1]);
  assert.match(refused.reason, /player's own turn/);
  assert.equal(await frame.evaluate(() => document.getElementById('board').history().length), 2);
  // The opponent resigns on the page's server: the player wins.
  await page.evaluate(() => window.send({ type: 'resign', color: 'black' }));
  await frame.waitForFunction(() => document.getElementById('board').result()?.winner === 'white');
  await page.context().close();

  // A page of another origin, which the frame was not told of: its moves are ignored.
  const other = await startServer();
  try {
    const host = await newPage(env, DESKTOP);
    const frameOrigin = new URL(env.server.url).origin;
    await host.goto(`${other.url}tests/browser/fixtures/remote-frame.html?frame=${encodeURIComponent(frameOrigin)}&allow=${encodeURIComponent(frameOrigin)}`);
    const f = await (await host.waitForSelector('iframe')).contentFrame();
    await f.waitForFunction(() => document.getElementById('board').session?.record);
    await f.evaluate(() => document.getElementById('board').play('22-18'));
    // Judged by order, not by a wait: a listener of the test's, added after the frame's own, sees
    // each message after the frame has handled it; then the frame posts a mark to the host, which
    // arrives after any answer the frame posted before it (one window's messages to another keep
    // their order).
    await f.evaluate(() => {
      window.__seen = [];
      addEventListener('message', (e) => window.__seen.push(e.data?.move));
    });
    await host.evaluate(() => window.send({ type: 'play', move: '10-14' }));
    await host.evaluate(() => window.send({ type: 'play', move: 'nonsense' }));
    await f.waitForFunction(() => window.__seen.includes('nonsense'));
    await f.evaluate(() => parent.postMessage({ source: 'dama', type: 'mark' }, '*'));
    await host.waitForFunction(() => window.__messages.some((m) => m.type === 'mark'));
    assert.equal(await f.evaluate(() => document.getElementById('board').history().length), 1);
    assert.deepEqual(await host.evaluate(() => window.__messages.map((m) => m.type)), ['move', 'mark'], 'no answer to a stranger (only the frame\'s own 22-18 was told)');
    // A move from the origin the frame names, from the same parent, is taken: the stranger's
    // were ignored for their origin alone. (A message the parent posts always bears the
    // parent's origin, so this one is dispatched in the frame, from the parent, with the named one.)
    const taken = await f.evaluate((origin) => {
      dispatchEvent(new MessageEvent('message', { data: { source: 'dama', type: 'play', move: '9-13' }, origin, source: parent }));
      return document.getElementById('board').history().map((m) => m.text);
    }, frameOrigin);
    assert.deepEqual(taken, ['22-18', '9-13'], 'only the named origin\'s move was played');
    await host.context().close();
  } finally {
    await other.close();
  }
});

test('the frame\'s host speaks for the remote side only: it cannot resign the player, nor agree a draw the player did not offer (issue 56, item 3)', { timeout: 60000 }, async () => {
  const page = await newPage(env, PHONE);
  await page.goto(`${env.server.url}tests/browser/fixtures/remote-frame.html`);
  const frame = await (await page.waitForSelector('iframe')).contentFrame();
  await frame.waitForFunction(() => document.getElementById('board').session?.record);
  const refusals = () => page.evaluate(() => window.__messages.filter((m) => m.type === 'refused'));
  /** Sends a request and waits for its refusal: its reason. */
  const refused = async (request) => {
    const n = (await refusals()).length;
    await page.evaluate((m) => window.send(m), request);
    await page.waitForFunction((k) => window.__messages.filter((m) => m.type === 'refused').length > k, n);
    const r = (await refusals())[n];
    assert.equal(r.request, request.type);
    return r.reason;
  };
  const result = () => frame.evaluate(() => document.getElementById('board').result());
  await frame.evaluate(() => document.getElementById('board').play('22-18'));
  await page.evaluate(() => window.send({ type: 'play', move: '10-14' }));
  await frame.waitForFunction(() => document.getElementById('board').history().length === 2);
  // The player is White: the page may not resign White, nor resign with no side named.
  assert.match(await refused({ type: 'resign', color: 'white' }), /resign for the opponent only/);
  assert.match(await refused({ type: 'resign' }), /resign for the opponent only/);
  // No draw offered by the player: the page cannot end the game drawn.
  assert.match(await refused({ type: 'draw' }), /has not offered a draw/);
  assert.equal(await result(), null, 'the game goes on');
  // The player offers a draw, the page's side answers with a move (declined): still nothing
  // to accept.
  await frame.evaluate(() => document.getElementById('board').play('21-17'));
  await frame.evaluate(() => document.getElementById('board').offerDraw());
  await page.waitForFunction(() => window.__messages.some((m) => m.type === 'drawoffer'));
  await page.evaluate(() => window.send({ type: 'play', move: '14x21' }));
  await frame.waitForFunction(() => document.getElementById('board').history().length === 4);
  assert.match(await refused({ type: 'draw' }), /has not offered a draw/);
  assert.equal(await result(), null);
  // Offered again, and accepted: drawn by agreement.
  await frame.evaluate(() => document.getElementById('board').offerDraw());
  await page.evaluate(() => window.send({ type: 'draw' }));
  await frame.waitForFunction(() => document.getElementById('board').result()?.reason === 'agreement');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
