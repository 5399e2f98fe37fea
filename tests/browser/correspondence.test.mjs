// Correspondence by link (issue 25, item 5): two players in two browsers (each its own storage),
// a game where each move gives a link; opening it shows the game with the friend's move played,
// for the other side to answer, and both keep the game in their library under one id. A stale
// link (the game here has moved on), one that does not follow the game saved here, one with an
// illegal move or a damaged one is refused with the reason, and the game saved here is unchanged.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, screenshot, axeViolations, CLIPBOARD, PHONE, DESKTOP } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const ready = (page) => page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
const moves = (page) => page.evaluate(() => window.__dama.history());
/** The game saved in this browser's library under `id`: its PDN, or null. */
const saved = async (page, id) => (await savedRecord(page, id))?.pdn ?? null;

/** The record saved in this browser's library under `id`, or null. */
const savedRecord = (page, id) =>
  page.evaluate(
    (key) =>
      new Promise((resolve) => {
        const req = indexedDB.open('dama');
        req.onsuccess = () => {
          const get = req.result.transaction('games').objectStore('games').get(key);
          get.onsuccess = () => resolve(get.result ?? null);
          get.onerror = () => resolve(null);
        };
        req.onerror = () => resolve(null);
      }),
    id,
  );
/** Sends the player's move: the panel's link, copied. */
async function sendLink(page) {
  await page.waitForSelector('#corr', { state: 'visible' });
  await page.click('#corr-copy');
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('corr-said').textContent));
  return page.evaluate(() => navigator.clipboard.readText());
}
/** The payload of a link, and a link of another payload (a tampered or made-up one). */
const payloadOf = (page, link) => page.evaluate(async (l) => JSON.parse(await (await import('/www/shared/share.js')).unpackText(new URL(l).hash.slice(3))), link);
const linkOf = (page, p) => page.evaluate(async (x) => `${location.origin}/index.html#c=${await (await import('/www/shared/share.js')).packText(JSON.stringify(x))}`, p);

test('two friends play by link: each move a link, the game kept by both, stale and tampered links refused', { timeout: 120000 }, async () => {
  const anna = await newPage(env, { viewport: { width: 1280, height: 800 }, ...CLIPBOARD });
  const bruno = await newPage(env, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, ...CLIPBOARD });
  // Anna starts a game by link as White (the address's mode=remote, as the New game dialog's
  // "A friend anywhere, by link" does).
  await anna.goto(`${env.server.url}?mode=remote&side=white`);
  await ready(anna);
  assert.equal(await anna.isVisible('#corr'), false, 'nothing to send before her move');
  await clickMove(anna, '22-18');
  const first = await sendLink(anna);
  const p1 = await payloadOf(anna, first);
  assert.deepEqual([p1.moves, p1.by, p1.variant], [['22-18'], 'white', 'italian']);
  assert.ok(first.length < 400, `${first.length} characters`);
  // No draw to offer by link (nothing would carry it to the friend).
  assert.equal(await anna.isVisible('#btn-draw'), false);
  // Anna cannot move Black's men meanwhile.
  assert.equal(await anna.evaluate(() => window.__dama.board.humanToMove()), false);

  // Bruno opens it: the game with Anna's move, Black to answer.
  await bruno.goto(first);
  await ready(bruno);
  await bruno.waitForFunction(() => window.__dama.history().length === 1);
  assert.match(await bruno.textContent('#notice'), /White sent this move on \d{4}-\d\d-\d\d: your turn/);
  assert.equal(await bruno.evaluate(() => window.__dama.board.orientation), 'black');
  await clickMove(bruno, '10-14');
  const second = await sendLink(bruno);
  assert.deepEqual((await payloadOf(bruno, second)).moves, ['22-18', '10-14']);
  await bruno.evaluate(() => window.__dama.saved());
  assert.match(await saved(bruno, p1.id), /22-18\s+10-14/, 'Bruno keeps the game under its id');

  // Anna writes a note on her move in her saved game (as the analysis board saves one).
  await anna.evaluate(() => window.__dama.saved());
  await anna.evaluate(
    (key) =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('dama');
        req.onsuccess = () => {
          const store = req.result.transaction('games', 'readwrite').objectStore('games');
          const get = store.get(key);
          get.onsuccess = () => {
            const rec = get.result;
            rec.pdn = rec.pdn.replace('22-18', "22-18 {Anna's note}");
            store.put(rec).onsuccess = resolve;
          };
        };
        req.onerror = reject;
      }),
    p1.id,
  );
  // Anna opens Bruno's answer in her page: the same game goes on, in her library too, her
  // note kept.
  await anna.goto(second);
  await anna.waitForFunction(() => window.__dama?.ready && window.__dama.history().length === 2);
  assert.deepEqual(await moves(anna), ['22-18', '10-14']);
  await anna.evaluate(() => window.__dama.saved());
  assert.match(await saved(anna, p1.id), /22-18\s+\{Anna's note\}\s+(1\.\.\.\s+)?10-14/);
  // Anna opens her own first link (to check it): her game stays as it is, and hers.
  await anna.goto(first);
  await anna.waitForFunction(() => window.__dama?.ready && /your own link/.test(document.getElementById('notice').textContent));
  assert.deepEqual(await moves(anna), ['22-18', '10-14']);
  assert.equal(await anna.evaluate(() => window.__dama.board.orientation), 'white');
  assert.equal(await anna.evaluate(() => window.__dama.board.humanToMove()), true, 'still White, to move');

  // Bruno opens Anna's first link again: stale, refused; his game is as it was.
  await bruno.goto(first);
  await bruno.waitForFunction(() => window.__dama?.ready && /refused/.test(document.getElementById('notice').textContent));
  assert.match(await bruno.textContent('#notice'), /the game here has moved on: it has 2 moves, the link 1/);
  assert.deepEqual(await moves(bruno), ['22-18', '10-14']);
  // A link that does not follow the game saved here (another first move), one with a move that
  // is not legal, and a damaged one: refused, nothing changed.
  for (const [link, reason] of [
    [await linkOf(bruno, { ...p1, moves: ['21-17', '10-14', '17-13'] }), /does not follow the game saved here: move 1 differs/],
    [await linkOf(bruno, { ...p1, moves: ['22-18', '10-14', '18-11'] }), /move 3 \(18-11\) is not legal/],
    [`${env.server.url}index.html#c=AAAA%21`, /cannot be read/],
  ]) {
    // Only the fragment changes from one link to the next (the page stays, hashchange opens
    // it): wait for this link's own reason, not the last one's refusal still shown.
    await bruno.goto(link);
    await bruno.waitForFunction((re) => window.__dama?.ready && new RegExp(re).test(document.getElementById('notice').textContent), reason.source);
    assert.match(await bruno.textContent('#notice'), reason);
    assert.match(await saved(bruno, p1.id), /22-18\s+10-14/);
  }
  assert.deepEqual([...anna.errors, ...bruno.errors], []);
  await anna.context().close();
  await bruno.context().close();
});

/** The game's end as the page's core says it: its reason and winner, or null. */
const result = (page) => page.evaluate(() => window.__dama.result());

test('Brazilian by link: a draw offered with a move, declined by a move, offered again and accepted; a resignation ends the game on both boards', { timeout: 120000 }, async () => {
  const anna = await newPage(env, { ...PHONE, ...CLIPBOARD });
  const bruno = await newPage(env, { ...DESKTOP, ...CLIPBOARD });
  await anna.goto(`${env.server.url}?mode=remote&side=white&variant=brazilian`);
  await ready(anna);
  await clickMove(anna, 'c3-d4');
  // Her move with a draw offer.
  await anna.waitForSelector('#corr', { state: 'visible' });
  await anna.check('#corr-offer');
  const l1 = await sendLink(anna);
  const p1 = await payloadOf(anna, l1);
  assert.deepEqual([p1.variant, p1.moves, p1.act], ['brazilian', ['c3-d4'], 'offer']);

  // Bruno sees the offer, and a move declines it.
  await bruno.goto(l1);
  await bruno.waitForFunction(() => window.__dama?.ready && window.__dama.history().length === 1);
  assert.match(await bruno.textContent('#notice'), /White sent this move on \d{4}-\d\d-\d\d and offers a draw: your turn/);
  assert.equal(await bruno.isVisible('#corr-offered'), true);
  await clickMove(bruno, 'f6-g5');
  assert.equal(await bruno.isVisible('#corr-offered'), false, 'declined by the move');
  const l2 = await sendLink(bruno);
  assert.equal((await payloadOf(bruno, l2)).act, undefined);
  await anna.goto(l2);
  await anna.waitForFunction(() => window.__dama?.ready && window.__dama.history().length === 2);
  // A made-up link accepting her first offer, a move later: refused, the game goes on.
  const forged = await linkOf(anna, { ...p1, moves: ['c3-d4', 'f6-g5'], by: 'black', act: 'accept' });
  await anna.goto(forged);
  await anna.waitForFunction(() => window.__dama?.ready && /refused/.test(document.getElementById('notice').textContent));
  assert.match(await anna.textContent('#notice'), /accepts a draw that was not offered from this browser at this move/);
  assert.equal(await result(anna), null);

  // Offered again with her next move; Bruno's page reloaded still offers it; he accepts.
  await clickMove(anna, 'b2-c3');
  await anna.check('#corr-offer');
  await screenshot(anna, 'correspondence-offer-phone');
  assert.deepEqual(await axeViolations(anna), [], 'the panel with its offer');
  const l3 = await sendLink(anna);
  await bruno.goto(l3);
  await bruno.waitForFunction(() => window.__dama?.ready && window.__dama.history().length === 3);
  await bruno.reload();
  await ready(bruno);
  await bruno.waitForSelector('#corr-offered', { state: 'visible' });
  await screenshot(bruno, 'correspondence-offered-desktop');
  assert.deepEqual(await axeViolations(bruno), [], 'the offer received');
  await bruno.click('#corr-accept');
  await bruno.waitForFunction(() => window.__dama.result()?.reason === 'agreement');
  assert.equal(await bruno.isVisible('#corr-end'), true, 'the panel says to send the ending');
  assert.equal(await bruno.isVisible('#corr-offer-row'), false);
  const l4 = await sendLink(bruno);
  const p4 = await payloadOf(bruno, l4);
  assert.deepEqual([p4.act, p4.by, p4.moves.length], ['accept', 'black', 3]);
  await anna.goto(l4);
  await anna.waitForFunction(() => window.__dama?.ready && window.__dama.result()?.reason === 'agreement');
  assert.match(await anna.textContent('#notice'), /Black accepted your draw offer on \d{4}-\d\d-\d\d: the game is drawn/);
  assert.equal(await anna.isVisible('#corr'), false, 'nothing to send back');
  for (const page of [anna, bruno]) {
    await page.evaluate(() => window.__dama.saved());
    assert.match(await saved(page, p1.id), /\[Result "1\/2-1\/2"\]/);
  }
  // A move sent into a game over here is refused, the game unchanged.
  const late = await linkOf(anna, { ...p1, moves: ['c3-d4', 'f6-g5', 'b2-c3', 'g7-f6'], by: 'black' });
  await anna.goto(late);
  await anna.waitForFunction(() => /refused/.test(document.getElementById('notice').textContent));
  assert.match(await anna.textContent('#notice'), /the game saved here is over/);
  assert.equal((await moves(anna)).length, 3);

  // Another game: Bruno resigns after Anna's first move, and his link ends it for her.
  await anna.goto(`${env.server.url}?mode=remote&side=white&variant=brazilian`);
  await ready(anna);
  await anna.evaluate(() => window.__dama.board.newGame({ variant: 'brazilian', mode: 'remote', side: 'white' }));
  await clickMove(anna, 'e3-f4');
  const r1 = await sendLink(anna);
  await bruno.goto(r1);
  await bruno.waitForFunction(() => window.__dama?.ready && window.__dama.history().length === 1 && window.__dama.history()[0] === 'e3-f4');
  await bruno.click('#btn-resign');
  await bruno.click('#btn-resign');
  await bruno.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
  const r2 = await sendLink(bruno);
  assert.equal((await payloadOf(bruno, r2)).act, 'resign');
  await anna.goto(r2);
  await anna.waitForFunction(() => window.__dama?.ready && window.__dama.result()?.reason === 'resignation');
  assert.match(await anna.textContent('#notice'), /Black resigned on \d{4}-\d\d-\d\d: you win/);
  const ended = await result(anna);
  assert.deepEqual([ended.winner, ended.reason], ['white', 'resignation']);
  await screenshot(anna, 'correspondence-resigned-phone');
  assert.deepEqual([...anna.errors, ...bruno.errors], []);
  await anna.context().close();
  await bruno.context().close();
});

test('a friend\'s link adds the friend\'s moves only, from the game\'s own start; a link with no move, or a game over before it, says so (issue 56, item 2)', { timeout: 120000 }, async () => {
  const anna = await newPage(env, { ...PHONE, ...CLIPBOARD });
  await anna.goto(`${env.server.url}?mode=remote&side=white`);
  await ready(anna);
  await clickMove(anna, '22-18');
  const p1 = await payloadOf(anna, await sendLink(anna));
  await anna.evaluate(() => window.__dama.saved());
  const before = await saved(anna, p1.id);
  assert.match(before, /22-18/);
  /** Opens a link in Anna's page (only the fragment changes) and waits for what it says. */
  const open = async (payload, said) => {
    await anna.goto(await linkOf(anna, { ...payload, date: new Date().toISOString() }));
    await anna.waitForFunction((re) => window.__dama?.ready && new RegExp(re).test(document.getElementById('notice').textContent), said.source);
    return anna.textContent('#notice');
  };
  // Made-up links "from Black": one that plays a White move Anna never made, one from another
  // start position, one of another kind of game: refused with the reason, her game unchanged.
  for (const [payload, reason] of [
    [{ ...p1, by: 'black', moves: ['22-18', '10-13', '21-17', '13x22'] }, /refused.*it plays 21-17 for White, your side/],
    [{ ...p1, by: 'black', fen: p1.fen.replace(',32', ''), moves: ['22-18', '10-14'] }, /refused.*does not start as the game saved here/],
    [{ ...p1, by: 'black', variant: 'brazilian', moves: [] }, /refused.*does not start as the game saved here/],
  ]) {
    await open(payload, reason);
    assert.deepEqual(await moves(anna), ['22-18']);
    assert.equal(await saved(anna, p1.id), before);
  }
  // A link with Black's move only is taken.
  await open({ ...p1, by: 'black', moves: ['22-18', '10-14'] }, /Black sent this move on \d{4}-\d\d-\d\d: your turn/);
  assert.deepEqual(await moves(anna), ['22-18', '10-14']);
  await anna.evaluate(() => window.__dama.saved());
  const kept = await savedRecord(anna, p1.id);
  // A link with no new move, opened while another game is on the board: her game shown as
  // saved, and no "sent this move"; the saved game is not written again (its revision stays).
  await anna.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  const said = await open({ ...p1, by: 'black', moves: ['22-18', '10-14'] }, /no new move/);
  assert.doesNotMatch(said, /sent this move/);
  assert.deepEqual(await moves(anna), ['22-18', '10-14']);
  await anna.evaluate(() => window.__dama.saved());
  assert.deepEqual(await savedRecord(anna, p1.id), kept, 'the saved game as it was, at its revision');
  // A new game whose position has no black piece: no game to play by link.
  await open({ ...p1, id: 'no-pieces', by: 'black', fen: 'W:W21,22:B', moves: [] }, /refused.*over before its first move/);
  assert.equal(await saved(anna, 'no-pieces'), null);
  // Black's move that takes White's last piece: the game is over, not "your turn".
  const end = await open({ ...p1, id: 'last-piece', by: 'black', fen: 'B:W18:B14,1', moves: ['14x21'] }, /Black sent this move on \d{4}-\d\d-\d\d: the game is over/);
  assert.doesNotMatch(end, /your turn/);
  assert.equal((await anna.evaluate(() => window.__dama.result()))?.winner, 'black');
  await screenshot(anna, 'correspondence-forged-phone');
  assert.deepEqual(anna.errors, []);
  await anna.context().close();
});
