// The online page through the running dama server (online-server.mjs: the binary over a
// temporary SQLite file): two Chromium contexts play whole games with clocks, in Italian and in
// Brazilian, while a third watches; a player's network cut for 10 s mid-game comes back by
// itself and the game goes on with no move doubled; the server killed with SIGKILL mid-game and
// started again: both boards resume at the same move, the clocks within a second; a flag falls
// and the server declares it. "Play online" shows in the menu where the server serves the site,
// and nowhere on a static host. The waits are the server's verdicts; timeouts are hang guards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, SIZES, PHONE, screenshot, pressInView, notInView } from './helpers.mjs';
import { onlinePages, GUARD, ready, state, phase, boardAt, startGame, play, stored } from './online-pages.mjs';

const { server, person, closeAll } = onlinePages();

for (const [variant, lang, moves] of [
  ['italian', 'it', ['21-17', '11-14', '24-20']],
  ['brazilian', 'pt-BR', ['g3-h4', 'd6-e5', 'a3-b4']],
]) {
  test(`a whole ${variant} game with clocks between two contexts, in ${lang}, watched by a third`, async () => {
    try {
      const a = await person('www/online.html', { lang, name: 'Anna' });
      const b = await person('www/online.html', { lang, name: 'Bruno' });
      await startGame(a, b, { variant });
      const id = (await state(a)).id;
      assert.equal((await state(a)).you, 'white');
      assert.equal((await state(b)).you, 'black');
      const watcher = await person(`www/online.html#g=${id}`, { lang });
      await phase(watcher, 'live');
      assert.equal((await state(watcher)).you, null, 'a watcher has no side');
      assert.ok(await watcher.locator('#on-controls').isHidden(), 'and no controls');
      assert.equal(await watcher.locator('#board').getAttribute('readonly'), '', 'nor a board that takes moves');
      await play(a, b, moves);
      await boardAt(watcher, moves.length);
      // The clocks are the server's: each side's shown, White's (to move... Black's) running.
      const clocks = await a.$$eval('.player .clock', (els) => els.map((e) => e.textContent));
      assert.ok(clocks.every((c) => /^\d:\d\d$/.test(c)), clocks.join(' '));
      // Black resigns: every page says who won and how, in its language.
      await b.click('#on-resign');
      for (const p of [a, b, watcher]) await phase(p, 'over');
      const end = (await state(watcher)).end;
      assert.deepEqual(end, { winner: 'white', reason: 'resignation' });
      const words = { it: /Vince il Bianco\. Per abbandono\./, 'pt-BR': /As brancas venceram\. Por abandono\./ }[lang];
      for (const p of [a, b, watcher]) assert.match(await p.textContent('#on-status'), words);
      for (const p of [a, b, watcher]) assert.deepEqual((await state(p)).board, moves, 'every board at the same moves');
      const g = await stored(a, id);
      assert.deepEqual(g.moves.map((m) => m.text), moves, 'stored as played');
      assert.equal(g.result, '1-0');
      // The finished game's PDN, with each move's clock, for the analysis board.
      assert.ok(await a.locator('#on-analyse').isVisible());
      const pdn = await a.evaluate(async (i) => (await fetch(`../api/games/${i}/pdn`)).text(), id);
      assert.match(pdn, /\[%clk \d+:\d\d:\d\d\]/);
      await screenshot(a, `online-${variant}-end-desktop`);
      for (const p of [a, b, watcher]) assert.deepEqual(p.errors, []);
    } finally {
      await closeAll();
    }
  });
}

test("a player's network cut for 10 s mid-game: the page reconnects by itself and the game goes on, no move doubled", async () => {
  try {
    const a = await person('www/online.html', { name: 'Ada' });
    const b = await person('www/online.html', { name: 'Ben' });
    await startGame(a, b);
    const { id } = await state(a);
    await play(a, b, ['21-17', '11-14']);
    await a.context().setOffline(true);
    // White moves while its page is cut off: the move waits, and goes when the link is back.
    await clickMove(a, '24-20');
    await a.waitForFunction(() => window.__online?.game?.link?.state !== 'open', null, GUARD);
    await new Promise((r) => setTimeout(r, 10_000));
    await a.context().setOffline(false);
    await a.waitForFunction(() => window.__online?.game?.link?.state === 'open', null, GUARD);
    await boardAt(b, 3);
    await boardAt(a, 3);
    await play(a, b, ['7-11', '22-18'], 3);
    const g = await stored(a, id);
    assert.deepEqual(g.moves.map((m) => m.text), ['21-17', '11-14', '24-20', '7-11', '22-18'], 'each move stored once');
    assert.deepEqual((await state(a)).board, (await state(b)).board);
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  } finally {
    await closeAll();
  }
});

test('the server killed with SIGKILL mid-game and started again: both boards resume at the same move, the clocks within a second', async () => {
  try {
    const a = await person('www/online.html', { name: 'Cleo' });
    const b = await person('www/online.html', { name: 'Dino' });
    await startGame(a, b);
    const { id } = await state(a);
    await play(a, b, ['21-17', '11-14', '24-20', '7-11']);
    const clocks = (p) => p.evaluate(() => ['white', 'black'].map((s) => window.__online.game.clocks.remaining(s, performance.now())));
    const before = await clocks(a);
    await server().kill();
    await a.waitForFunction(() => window.__online?.game?.link?.state !== 'open', null, GUARD);
    await server().start();
    for (const p of [a, b]) await p.waitForFunction(() => window.__online?.game?.link?.state === 'open', null, GUARD);
    for (const p of [a, b]) await boardAt(p, 4);
    for (const p of [a, b]) {
      const now = await clocks(p);
      for (const i of [0, 1]) assert.ok(Math.abs(now[i] - before[i]) < 1000 + 500, `clock ${i}: ${before[i]} then ${now[i]}`);
    }
    // And the game goes on where it was.
    await play(a, b, ['22-18', '14x21'], 4);
    assert.deepEqual((await stored(a, id)).moves.map((m) => m.text), ['21-17', '11-14', '24-20', '7-11', '22-18', '14x21']);
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});

test('a flag falls and the server declares it: Black wins on time, after the last move', async () => {
  try {
    const a = await person('www/online.html', { name: 'Eva' });
    const b = await person('www/online.html', { name: 'Fabio' });
    // A tiny control, sent as the page sends its challenge.
    const { id } = await a.evaluate(async () => {
      const res = await fetch('../api/challenge', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'italian', base_secs: 3, increment_secs: 0, color: 'white', name: 'Eva' }) });
      return res.json();
    });
    await a.goto(`${server().url}www/online.html#g=${id}`);
    await ready(a);
    await phase(a, 'waiting');
    await b.goto(`${server().url}www/online.html#g=${id}`);
    await ready(b);
    await phase(a, 'live');
    await play(a, b, ['21-17', '11-14']);
    // White thinks: its 3 s run out, and the server says so.
    for (const p of [a, b]) await phase(p, 'over');
    for (const p of [a, b]) assert.deepEqual((await state(p)).end, { winner: 'black', reason: 'time' });
    for (const p of [a, b]) assert.deepEqual((await state(p)).moves, ['21-17', '11-14'], 'the end came after the last move');
    assert.match(await a.textContent('#on-status'), /Black won\. On time\./);
    const g = await stored(a, (await state(a)).id);
    assert.equal(g.result, '0-1');
    assert.equal(g.ended_by, 'time');
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});

for (const [screen, options] of SIZES) {
  test(`on a ${screen}: the lobby and a game, every control in view`, async () => {
    try {
      const a = await person('www/online.html', { options, name: 'Gia' });
      for (const sel of ['#on-name', '#on-create', '#on-control']) assert.deepEqual(await notInView(a.locator(sel).first(), sel).then((w) => (w.length ? a.locator(sel).evaluate((e) => e.scrollIntoView({ block: 'center' })).then(() => notInView(a.locator(sel), sel)) : w)), []);
      await screenshot(a, `online-lobby-${screen}`);
      const b = await person('www/online.html', { options, name: 'Hugo' });
      await startGame(a, b);
      await play(a, b, ['21-17', '11-14']);
      await screenshot(a, `online-game-${screen}`);
      await pressInView(a, '#on-draw', options, { scroll: true });
      await b.waitForSelector('#on-offer:not([hidden])', GUARD);
      await pressInView(b, '#on-decline', options, { scroll: true });
      await a.waitForFunction(() => window.__online?.game?.offer === null, null, GUARD);
      await pressInView(a, '#on-resign', options, { scroll: true });
      await phase(b, 'over');
      await screenshot(b, `online-over-${screen}`);
      for (const p of [a, b]) assert.deepEqual(p.errors, []);
    } finally {
      await closeAll();
    }
  });
}

test('"Play online" in the menu where the server serves the site, and nowhere on a static host', async () => {
  try {
    const page = await person('www/online.html');
    for (const path of ['', 'www/rules.html', 'www/analysis.html', 'www/puzzles.html']) {
      await page.goto(server().url + path);
      await page.waitForSelector('#online-link', { state: 'attached', ...GUARD });
      assert.match(await page.getAttribute('#online-link', 'href'), /\/www\/online\.html$/);
    }
  } finally {
    await closeAll();
  }
  const env = await setup();
  try {
    const page = await newPage(env, PHONE);
    await page.goto(env.server.url + 'www/rules.html');
    await page.waitForFunction(() => sessionStorage.getItem('dama.online.served') !== null, null, GUARD);
    assert.equal(await page.$('#online-link'), null, 'no link to a page that cannot work');
    assert.deepEqual(page.errors, []);
  } finally {
    await env.close();
  }
});
