// The online page's lobby and a game's end through the running dama server
// (online-pages.mjs): a seek posted by one context is listed on another's page, accepted from
// the keyboard, and both land in the same game; a cancelled seek leaves the other's list (the
// player's other tab shows it as theirs, with no Accept); a rated seek is not offered before
// sign-in, and the server's refusal of one forced through is said in the page's words
// (Italian); a custom time control makes a challenge whose game shows it; after a resignation
// one asks for a rematch, the other sees the ask and accepts, and both are in a new game with
// the colours swapped; a rated game between two accounts ends with both rating changes shown.
// Phone (360×740) and desktop screenshots of each.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DESKTOP, screenshot, pressInView } from './helpers.mjs';
import { onlinePages, GUARD, state, phase, play, challengeLink } from './online-pages.mjs';

const { server, person, closeAll } = onlinePages();
const SMALL_PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true };

/** The seeks a page lists, as their rows read. */
const listed = (page) => page.$$eval('#on-seeks li', (lis) => lis.map((li) => li.textContent.replace(/\s+/g, ' ').trim()));
/** Waits until `page` lists `n` seeks. */
const seeksShown = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#on-seeks li').length === k, n, GUARD);

/** Waits until `page`'s lobby socket is subscribed. */
const lobbyOpen = (page) => page.waitForFunction(() => window.__online?.lobby?.() === 'open', null, GUARD);

/** `page` posts a seek from its form: the game and a control among the presets. */
async function postSeek(page, { variant = 'italian', control = '3+2' } = {}) {
  await lobbyOpen(page);
  await page.selectOption('#on-seek-variant', variant);
  await page.selectOption('#on-seek-control', control);
  await page.click('#on-seek-post');
  await page.waitForSelector('#on-seeks li.mine', GUARD);
}

/** A new account for this page's context, signed in, and the page loaded again. */
async function signUp(page, name) {
  const status = await page.evaluate(async (n) => (await fetch('../api/account', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: n, password: 'a long password' }) })).status, name);
  assert.equal(status, 201);
  await page.reload();
  await page.waitForFunction(() => window.__online?.ready === true, null, GUARD);
  await page.waitForSelector('#on-signed:not([hidden])', GUARD);
}

/** Waits until `page` is in a game other than `not`, live, its board drawn. */
async function inNewGame(page, not) {
  await page.waitForFunction((old) => window.__online?.game?.phase === 'live' && window.__online.game.id && window.__online.game.id !== old && document.querySelector('#board').isReady && document.querySelector('#board').canvas, not, GUARD);
  return state(page);
}

for (const [screen, options] of [['phone', SMALL_PHONE], ['desktop', DESKTOP]]) {
  test(`on a ${screen}: a seek listed on another's page, accepted from the keyboard, both in the same game`, async () => {
    try {
      const a = await person('www/online.html', { options, name: 'Ada' });
      const b = await person('www/online.html', { options, name: 'Ben' });
      await postSeek(a);
      assert.match(await a.textContent('#on-seek-said'), /Your seek is in the lobby/);
      assert.match((await listed(a))[0], /Your seek.*Italian draughts · 3'\+2" · Casual.*Cancel/);
      await seeksShown(b, 1);
      assert.match((await listed(b))[0], /^Ada Italian draughts · 3'\+2" · Casual Accept$/);
      assert.match(await b.getAttribute('#on-seeks li button', 'aria-label'), /^Accept: Ada, Italian draughts/);
      await screenshot(b, `online-lobby-seeks-${screen}`);
      // The button is a button: focused and pressed with the keyboard.
      await b.locator('#on-seeks li button').evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await b.focus('#on-seeks li button');
      await b.keyboard.press('Enter');
      const [sa, sb] = [await inNewGame(a, ''), await inNewGame(b, '')];
      assert.equal(sa.id, sb.id, 'the same game');
      assert.deepEqual([sa.you, sb.you].sort(), ['black', 'white']);
      assert.match(await a.textContent('#on-game'), /Italian draughts · 3'\+2"/);
      for (const p of [a, b]) assert.deepEqual(p.errors, []);
    } finally {
      await closeAll();
    }
  });
}

test("a cancelled seek leaves the other's list; the player's other tab shows it as theirs, with no Accept", async () => {
  try {
    const a = await person('www/online.html', { name: 'Cleo' });
    const b = await person('www/online.html', { name: 'Dino' });
    await seeksShown(b, 0);
    await postSeek(a, { variant: 'brazilian', control: '1+0' });
    await seeksShown(b, 1);
    assert.match((await listed(b))[0], /Cleo Brazilian draughts · 1'\+0"/);
    // Cleo's second tab: her seek is hers, with no Accept (nor a Cancel: the seek is the
    // other tab's).
    const again = await a.context().newPage();
    await again.goto(a.url());
    await seeksShown(again, 1);
    assert.deepEqual(await listed(again), ['Your seek, from another tab or device Brazilian draughts · 1\'+0" · Casual']);
    assert.equal(await again.locator('#on-seeks li button').count(), 0);
    await screenshot(again, 'online-lobby-own-seek-elsewhere');
    await a.click('#on-seeks li.mine button');
    await seeksShown(b, 0);
    await seeksShown(a, 0);
    await seeksShown(again, 0);
    assert.ok(await b.locator('#on-seeks-none').isVisible(), 'the list says it is empty');
    assert.equal(await a.locator('#on-seek-said').isVisible(), false, 'no more "your seek is in the lobby"');
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});

test("a rated seek is not offered before sign-in; forced through, the server's refusal is said in the page's words", async () => {
  try {
    const a = await person('www/online.html', { lang: 'it', name: 'Elsa' });
    const rated = a.locator('#on-seek-rated');
    assert.equal(await rated.isDisabled(), true, 'the box is not usable');
    assert.ok(await a.locator('#on-seek-rated-help').isVisible());
    assert.equal(await a.locator('#on-seek-range-row').isVisible(), false, 'no range for a casual seek');
    // Forced: the server refuses, and the page says why in Italian.
    await lobbyOpen(a);
    await rated.evaluate((e) => ((e.disabled = false), (e.checked = true), e.dispatchEvent(new Event('change'))));
    await a.click('#on-seek-post');
    await a.waitForFunction(() => /richiede un account/.test(document.querySelector('#on-seek-said').textContent), null, GUARD);
    assert.match(await a.textContent('#on-seek-said'), /^Una partita valida per il punteggio richiede un account: accedi\. \(/);
    assert.equal(await a.locator('#on-seeks li').count(), 0, 'nothing listed');
    // Signed in, the box is usable, and with it the range of ratings accepted.
    await signUp(a, 'Elsa');
    assert.equal(await rated.isDisabled(), false);
    await rated.check();
    assert.ok(await a.locator('#on-seek-range-row').isVisible());
    assert.deepEqual(a.errors, []);
  } finally {
    await closeAll();
  }
});

test('a custom time control makes a challenge whose game shows it', async () => {
  try {
    const a = await person('www/online.html', { name: 'Fabio' });
    const b = await person('www/online.html', { name: 'Gina' });
    assert.equal(await a.locator('#on-custom').isVisible(), false);
    await a.selectOption('#on-control', 'custom');
    assert.ok(await a.locator('#on-custom').isVisible());
    await a.fill('#on-custom-min', '7');
    await a.fill('#on-custom-inc', '4');
    await a.selectOption('#on-color', 'white');
    await a.click('#on-create');
    await phase(a, 'waiting');
    await b.goto(await challengeLink(a));
    await b.waitForFunction(() => window.__online?.ready === true, null, GUARD);
    for (const p of [a, b]) await phase(p, 'live');
    for (const p of [a, b]) assert.match(await p.textContent('#on-game'), /7'\+4"/);
    const g = await a.evaluate(async (id) => (await fetch(`../api/games/${id}`)).json(), (await state(a)).id);
    assert.deepEqual([g.base_ms, g.increment_ms], [420_000, 4_000]);
    // No time at all is no control: the form says so and sends nothing.
    await a.goto(server().url + 'www/online.html');
    await a.waitForFunction(() => window.__online?.ready === true, null, GUARD);
    await a.selectOption('#on-seek-control', 'custom');
    await a.fill('#on-seek-custom-min', '0');
    await a.fill('#on-seek-custom-inc', '0');
    assert.equal(await a.locator('#on-seek-custom-min').evaluate((e) => e.validity.valid), false);
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});

for (const [screen, options] of [['phone', SMALL_PHONE], ['desktop', DESKTOP]]) {
  test(`on a ${screen}: after a resignation, a rematch asked by one, shown to the other, accepted: a new game, colours swapped`, async () => {
    try {
      const a = await person('www/online.html', { options, name: 'Hana' });
      const b = await person('www/online.html', { options, name: 'Ivo' });
      await postSeek(a, { control: '5+3' });
      await seeksShown(b, 1);
      await b.click('#on-seeks li button');
      const first = await inNewGame(a, '');
      await inNewGame(b, '');
      const [white, black] = first.you === 'white' ? [a, b] : [b, a];
      await play(white, black, ['21-17', '11-14']);
      await pressInView(white, '#on-resign', options, { scroll: true });
      for (const p of [a, b]) await phase(p, 'over');
      await white.waitForSelector('#on-rematch:not([hidden])', GUARD);
      await pressInView(white, '#on-rematch', options, { scroll: true });
      await white.waitForFunction(() => /You asked for a rematch: waiting for/.test(document.querySelector('#on-rematch-said').textContent), null, GUARD);
      await black.waitForSelector('#on-rematch-ask:not([hidden])', GUARD);
      const asker = first.you === 'white' ? 'Hana' : 'Ivo';
      assert.equal(await black.textContent('#on-rematch-text'), `${asker} asks for a rematch.`);
      assert.equal(await black.locator('#on-rematch').isVisible(), false, 'one button: the ask\'s');
      await black.locator('#on-rematch-accept').evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await screenshot(black, `online-rematch-asked-${screen}`);
      await pressInView(black, '#on-rematch-accept', options);
      const [na, nb] = [await inNewGame(a, first.id), await inNewGame(b, first.id)];
      assert.equal(na.id, nb.id, 'the same new game');
      assert.equal(na.you, first.you === 'white' ? 'black' : 'white', 'colours swapped');
      assert.equal(nb.you, first.you === 'white' ? 'white' : 'black');
      assert.match(await a.textContent('#on-game'), /5'\+3"/);
      for (const p of [a, b]) assert.deepEqual(p.errors, []);
    } finally {
      await closeAll();
    }
  });
}

test('a rated game between two accounts, met in the lobby: both rating changes at the end', async () => {
  try {
    const a = await person('www/online.html', { lang: 'pt-BR' });
    const b = await person('www/online.html', { lang: 'pt-BR' });
    await signUp(a, 'Jana');
    await signUp(b, 'Kurt');
    await a.check('#on-seek-rated');
    await a.selectOption('#on-seek-range', '');
    await postSeek(a, { control: '10+5' });
    await seeksShown(b, 1);
    assert.match((await listed(b))[0], /^Jana \(1500\?\) .*Valendo rating/);
    await b.click('#on-seeks li button');
    const first = await inNewGame(a, '');
    await inNewGame(b, '');
    const [white, black] = first.you === 'white' ? [a, b] : [b, a];
    await play(white, black, ['21-17', '11-14']);
    await white.click('#on-resign');
    for (const p of [a, b]) await p.waitForSelector('#on-ratings:not([hidden]) li', GUARD);
    const lines = await black.$$eval('#on-ratings li', (lis) => lis.map((li) => li.textContent));
    assert.equal(lines.length, 2);
    for (const line of lines) assert.match(line, /^Rating de (Jana|Kurt): 1500 → \d+\? \([+−]\d+\)$/);
    assert.match(lines.join(' '), /\(\+\d+\)/, 'the winner gains');
    await screenshot(black, 'online-rated-end-desktop');
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});
