// Correspondence by link (issue 25, item 5): two players in two browsers (each its own storage),
// a game where each move gives a link; opening it shows the game with the friend's move played,
// for the other side to answer, and both keep the game in their library under one id. A stale
// link (the game here has moved on), one that does not follow the game saved here, one with an
// illegal move or a damaged one is refused with the reason, and the game saved here is unchanged.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, CLIPBOARD } from './helpers.mjs';

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
const saved = (page, id) =>
  page.evaluate(
    (key) =>
      new Promise((resolve) => {
        const req = indexedDB.open('dama');
        req.onsuccess = () => {
          const get = req.result.transaction('games').objectStore('games').get(key);
          get.onsuccess = () => resolve(get.result?.pdn ?? null);
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
