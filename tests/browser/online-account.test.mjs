// The online page's accounts and the ends of a game besides a move: two players sign up on the
// page and play a rated game (the Rated box usable only once signed in), agree a draw, and
// find their ratings stored and the game in their lists; signing out everywhere signs the page
// out; the server's refusals said in the page's language; a game aborted before a side's
// first move; an opponent who closed the tab claimed against once the grace is over; and the
// lobby and a game checked by axe, at phone and desktop size, the lobby worked with the
// keyboard alone. Through the running dama server (online-pages.mjs); the waits are the
// server's verdicts, timeouts hang guards.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SIZES, axeViolations, screenshot } from './helpers.mjs';
import { onlinePages, GUARD, state, phase, startGame, play, stored } from './online-pages.mjs';

const { person, closeAll } = onlinePages();

/** Makes an account on the page (the sign-up form) and waits until the page says so. */
async function signUp(page, name) {
  await page.click('.on-account summary');
  await page.fill('#on-acc-name', name);
  await page.fill('#on-acc-password', `${name}-secret-1`);
  await page.click('#on-sign-up');
  await page.waitForSelector('#on-signed:not([hidden])', GUARD);
  assert.match(await page.textContent('#on-signed-as'), new RegExp(`Signed in as ${name}\\.`));
}

/** What the server says of this browser's player. */
const me = (page) => page.evaluate(async () => (await fetch('../api/me')).json());

test('two players sign up on the page, play a rated game, agree a draw: both ratings stored and shown, the game in their lists; sign out everywhere', async () => {
  try {
    const a = await person('www/online.html');
    const b = await person('www/online.html');
    assert.ok(await a.isDisabled('#on-rated'), 'no rated game without an account');
    await signUp(a, 'Rita');
    await signUp(b, 'Sergio');
    assert.ok(await a.isEnabled('#on-rated'), 'rated once signed in');
    await startGame(a, b, { rated: true });
    const { id } = await state(a);
    await play(a, b, ['22-18', '12-15']);
    await a.click('#on-draw');
    await b.waitForSelector('#on-offer:not([hidden])', GUARD);
    await b.click('#on-accept');
    for (const p of [a, b]) await phase(p, 'over');
    for (const p of [a, b]) assert.deepEqual((await state(p)).end, { winner: null, reason: 'agreement' });
    for (const p of [a, b]) assert.match(await p.textContent('#on-status'), /Draw\. By agreement\./);
    const g = await stored(a, id);
    assert.equal(g.result, '1/2-1/2');
    assert.equal(g.rated, true);
    // Two new players drawn: each keeps 1500 and is still provisional (a deviation far over 110).
    for (const r of [g.white_rating, g.black_rating]) {
      assert.equal(r.before, 1500);
      assert.equal(r.after - r.before, r.diff);
      assert.ok(Math.abs(r.diff) <= 1, JSON.stringify(r));
      assert.equal(r.provisional, true);
    }
    // Each page says both players' changes, provisional marked.
    for (const p of [a, b]) {
      await p.waitForSelector('#on-ratings:not([hidden]) li', GUARD);
      const lines = await p.$$eval('#on-ratings li', (lis) => lis.map((li) => li.textContent ?? ''));
      assert.equal(lines.length, 2, lines.join(' | '));
      for (const [i, name] of ['Rita', 'Sergio'].entries()) assert.match(lines[i], new RegExp(`^${name}'s rating: 1500 → (1499|1500|1501)\\? \\((±0|\\+1|−1)\\)$`), lines.join(' | '));
    }
    // The finished game is in each player's list.
    for (const name of ['Rita', 'Sergio']) {
      const list = await a.evaluate(async (n) => (await fetch(`../api/players/${n}/games`)).json(), name);
      assert.deepEqual(list.map((x) => x.id), [id], name);
    }
    // Signing out everywhere: this page's session ends, the server says so, the page shows the name form.
    await a.click('#on-back');
    await a.waitForSelector('#on-sign-out-all', { state: 'visible', ...GUARD });
    await a.click('#on-sign-out-all');
    await a.waitForSelector('#on-anon:not([hidden])', GUARD);
    assert.ok(await a.isDisabled('#on-rated'));
    assert.equal((await me(a)).account, null);
    assert.equal((await me(b)).account.name, 'Sergio', 'the other player is still signed in');
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});

// The server's refusals carry a code (protocol.ts's ApiCode): the page says it in its own
// language, the server's English reason after it.
test('a refusal of the server is said in the page\'s language: a taken name in Italian, a wrong password in Portuguese', async () => {
  try {
    await signUp(await person('www/online.html'), 'Giulia');
    const it = await person('www/online.html', { lang: 'it' });
    await it.click('.on-account summary');
    await it.fill('#on-acc-name', 'giulia');
    await it.fill('#on-acc-password', 'another-secret-1');
    await it.click('#on-sign-up');
    await it.waitForFunction(() => /this name is taken/.test(document.getElementById('on-who-said')?.textContent ?? ''), null, GUARD);
    assert.equal(await it.textContent('#on-who-said'), 'Questo nome è già preso: scegline un altro. (this name is taken)');
    await screenshot(it, 'online-refusal-it');
    const pt = await person('www/online.html', { lang: 'pt-BR' });
    await pt.click('.on-account summary');
    await pt.fill('#on-acc-name', 'Giulia');
    await pt.fill('#on-acc-password', 'not-her-secret');
    await pt.click('#on-sign-in');
    await pt.waitForFunction(() => /wrong name or password/.test(document.getElementById('on-who-said')?.textContent ?? ''), null, GUARD);
    assert.equal(await pt.textContent('#on-who-said'), 'Nome ou senha incorretos. (wrong name or password)');
    for (const p of [it, pt]) assert.ok(await p.isVisible('#on-anon'), 'still not signed in');
    // Chromium reports each refused request in the console; the page adds nothing to them.
    assert.deepEqual(it.errors, ['Failed to load resource: the server responded with a status of 409 (Conflict)']);
    assert.deepEqual(pt.errors, ['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
  } finally {
    await closeAll();
  }
});

test('a game aborted before a side has moved: each side may abort only before its own first move, and the game ends with no result', async () => {
  try {
    const a = await person('www/online.html', { name: 'Teo' });
    const b = await person('www/online.html', { name: 'Ugo' });
    await startGame(a, b);
    const { id } = await state(a);
    for (const p of [a, b]) assert.ok(await p.isVisible('#on-abort'));
    await play(a, b, ['21-17']);
    // White has moved: it can no longer abort, but resign; Black, to move first, can still abort.
    await a.waitForSelector('#on-abort', { state: 'hidden', ...GUARD });
    assert.ok(await a.isVisible('#on-resign'));
    assert.ok(await b.isVisible('#on-abort'));
    await b.click('#on-abort');
    for (const p of [a, b]) await phase(p, 'over');
    for (const p of [a, b]) assert.deepEqual((await state(p)).end, { winner: null, reason: 'aborted' });
    for (const p of [a, b]) assert.match(await p.textContent('#on-status'), /The game was aborted\./);
    const g = await stored(a, id);
    assert.equal(g.result, null, 'an aborted game has no result');
    assert.equal(g.ended_by, 'aborted');
    for (const p of [a, b]) assert.deepEqual(p.errors, []);
  } finally {
    await closeAll();
  }
});

test('an opponent who closed the tab: the page counts the grace down, then victory is claimed and the server declares it', { timeout: 90_000 }, async () => {
  try {
    const a = await person('www/online.html', { name: 'Vera' });
    const b = await person('www/online.html', { name: 'Walter' });
    await startGame(a, b);
    const { id } = await state(a);
    await play(a, b, ['21-17', '11-14']);
    await b.context().close();
    // The claim shows at once, its buttons held until the grace (10 s after a closed tab) is over.
    await a.waitForSelector('#on-claim:not([hidden])', GUARD);
    assert.match(await a.textContent('#on-claim-text'), /Your opponent left: you can claim victory in \d+ seconds?\./);
    assert.ok(await a.isDisabled('#on-claim-win'));
    await a.waitForSelector('#on-claim-win:enabled', GUARD);
    await a.click('#on-claim-win');
    await phase(a, 'over');
    assert.deepEqual((await state(a)).end, { winner: 'white', reason: 'abandoned' });
    const g = await stored(a, id);
    assert.equal(g.result, '1-0');
    assert.equal(g.ended_by, 'abandoned');
    assert.deepEqual(a.errors, []);
  } finally {
    await closeAll();
  }
});

for (const [screen, options] of SIZES) {
  test(`on a ${screen}: axe finds nothing on the lobby, in a game and at its end`, async () => {
    try {
      const a = await person('www/online.html', { options, name: 'Xena' });
      assert.deepEqual(await axeViolations(a), [], 'the lobby');
      const b = await person('www/online.html', { options, name: 'Yuri' });
      await startGame(a, b);
      await play(a, b, ['21-17', '11-14']);
      assert.deepEqual(await axeViolations(b), [], 'a game');
      await b.click('#on-draw');
      await a.waitForSelector('#on-offer:not([hidden])', GUARD);
      assert.deepEqual(await axeViolations(a), [], 'a draw offered');
      await a.click('#on-decline');
      await a.click('#on-resign');
      await phase(b, 'over');
      assert.deepEqual(await axeViolations(b), [], 'the end');
      for (const p of [a, b]) assert.deepEqual(p.errors, []);
    } finally {
      await closeAll();
    }
  });
}

test('the lobby with the keyboard alone: the name kept, a challenge made with Enter, its link reached by Tab', async () => {
  try {
    const a = await person('www/online.html');
    // From the top of the page, Tab reaches the name, and the form is sent with Enter.
    const reached = [];
    for (let i = 0; i < 40 && !reached.includes('on-create'); i++) {
      await a.keyboard.press('Tab');
      reached.push(await a.evaluate(() => document.activeElement?.id ?? ''));
      if (reached.at(-1) === 'on-name') {
        await a.keyboard.type('Zeno');
        await a.keyboard.press('Enter');
        await a.waitForFunction(() => /Zeno/.test(document.getElementById('on-who-said')?.textContent ?? ''), null, GUARD);
      }
    }
    for (const id of ['on-name', 'on-variant', 'on-control', 'on-color', 'on-create']) assert.ok(reached.includes(id), `${id} reached by Tab: ${reached.join(' ')}`);
    assert.equal(await a.evaluate(() => document.activeElement?.id), 'on-create');
    await a.keyboard.press('Enter');
    await phase(a, 'waiting');
    // The phase is the game's state; the view follows it on its next draw.
    await a.waitForSelector('#on-link', { state: 'visible', timeout: GUARD });
    // The link to send is reached by Tab from there.
    const after = [];
    for (let i = 0; i < 15 && !after.includes('on-link'); i++) {
      await a.keyboard.press('Tab');
      after.push(await a.evaluate(() => document.activeElement?.id ?? ''));
    }
    assert.ok(after.includes('on-link') || after.includes('on-copy'), after.join(' '));
    await screenshot(a, 'online-keyboard-waiting');
    assert.deepEqual(a.errors, []);
  } finally {
    await closeAll();
  }
});
