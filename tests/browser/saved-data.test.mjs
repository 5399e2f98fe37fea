// A player's saved games never lose anything nor go back in time (issue 20, items 7-10):
// reopening a saved game keeps its comments and variations; an analysis tab never writes its
// older copy over a game that has moved on; a resignation in an imported game survives a
// reload; a reload does not give the clock back its time. And an analysis link naming a saved
// game (anyone can write one) never changes it by itself (issue 56, item 1).

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, clickMove, history, waitForAsync, screenshot, axeViolations, DESKTOP } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const PDN = '[Event "Club night"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n{A quiet opening.} 1. 22-18 {the usual} (1. 21-17 11-14 2. 17-13) 1... 11-14 2. 18x11 7x14 *';

/** Every saved game in the page's IndexedDB, as stored. */
const records = (page) =>
  page.evaluate(async () => {
    const { Library } = await import('./www/library/library.js').catch(() => import('./library/library.js'));
    return (await Library.open()).list();
  });

async function importPdn(page, pdn) {
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', pdn);
  await page.click('#pdn-open');
  await page.waitForFunction(() => !document.querySelector('#games')?.open);
}

async function openLibrary(page) {
  await page.click('#btn-library');
  await page.waitForSelector('#library[open]');
  await page.waitForSelector('#library-list:not([aria-busy])', { state: 'attached' });
}

test('a saved game opened again keeps its comments and variations, and so does its record (item 7)', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await importPdn(page, PDN);
  await page.waitForFunction(() => window.__dama.history().length === 4);
  // Another game, then the first one again from Saved games.
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  await clickMove(page, '21-17');
  await waitForAsync(page, async () => {
    const { Library } = await import('./www/library/library.js');
    return (await (await Library.open()).list()).length === 2;
  });
  await openLibrary(page);
  const row = page.locator('#library-list tr', { hasText: 'Anna' });
  await row.locator('button', { hasText: 'Open' }).click();
  await page.waitForFunction(() => window.__dama.history().length === 4);
  const text = (await page.textContent('#moves')).replace(/\s+/g, ' ');
  for (const part of ['A quiet opening.', 'the usual', '21-17', '17-13']) assert.ok(text.includes(part), `${part} in "${text}"`);
  assert.equal(await page.locator('#moves .variation').count(), 1);
  // Played on, the record keeps them too: nothing is ever written without them.
  await clickMove(page, '21-17');
  assert.equal((await history(page)).length, 5);
  await waitForAsync(page, async () => {
    const { Library } = await import('./www/library/library.js');
    const all = await (await Library.open()).list();
    return all.some((r) => r.plies === 5);
  });
  const saved = (await records(page)).find((r) => r.white === 'Anna');
  assert.ok(saved, 'the record is there');
  assert.match(saved.pdn, /\{the usual\}/);
  assert.match(saved.pdn, /\(1\. 21-17 11-14 2\. 17-13\)/);
  assert.match(saved.pdn, /3\. 21-17/);
  assert.equal((await records(page)).length, 2, 'no third record');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an analysis tab never writes its older copy over a game that has moved on (item 8)', { timeout: 90000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  for (const m of ['22-18', '11-14', '18x11', '7x14']) await clickMove(page, m);
  const [tab] = await Promise.all([page.context().waitForEvent('page'), page.click('#btn-analyse')]);
  await tab.waitForFunction(() => !!window.__analysis);
  // The game goes on in its own tab to 7 plies, and Black resigns.
  for (const m of ['21-17', '14-19', '23x14']) await clickMove(page, m);
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
  await waitForAsync(page, async () => {
    const { Library } = await import('./www/library/library.js');
    const all = await (await Library.open()).list();
    return all.length === 1 && all[0].finished && all[0].plies === 7;
  });
  // The analysis tab reviews its 4 plies: saved apart, and it says so.
  await tab.click('#an-review');
  await tab.waitForFunction(() => !window.__analysis.review().running && window.__analysis.review().moves.length === 4, null, { timeout: 45000 });
  await tab.waitForFunction(() => /new game/.test(document.getElementById('an-saved').textContent), null, { timeout: 10000 });
  assert.doesNotMatch(await tab.textContent('#an-saved'), /^Saved, with its review/);
  const all = await records(page);
  assert.equal(all.length, 2, 'the game and the review apart');
  const game = all.find((r) => r.plies === 7);
  assert.ok(game, 'the game keeps its 7 plies');
  assert.equal(game.result, '1-0');
  assert.equal(game.finished, true);
  assert.match(game.pdn, /23x14/);
  const review = all.find((r) => r.plies === 4);
  assert.match(review.pdn, /%eval/);
  // A review while the game has not moved on is written into it, and the game's tab keeps it
  // when it plays on: its moves follow the review's comments in the one record.
  const page2 = await openPage(env, '?mode=friend');
  await page2.evaluate(() => window.__dama.board.newGame({ mode: 'two-players' }));
  for (const m of ['22-18', '11-14']) await clickMove(page2, m);
  const [tab2] = await Promise.all([page2.context().waitForEvent('page'), page2.click('#btn-review-game')]);
  await tab2.waitForFunction(() => window.__analysis && !window.__analysis.review().running && window.__analysis.review().moves.length === 2, null, { timeout: 30000 });
  await tab2.waitForFunction(() => /^Saved, with its review/.test(document.getElementById('an-saved').textContent));
  await clickMove(page2, '18x11');
  await waitForAsync(page2, async () => {
    const { Library } = await import('./www/library/library.js');
    return (await (await Library.open()).list()).some((r) => r.plies === 3);
  });
  const merged = (await records(page2)).filter((r) => r.pdn.includes('18x11'));
  assert.equal(merged.length, 1, 'one record');
  // The review's comment follows the move, after its mark if the review judged it (22-18 is
  // called an inaccuracy when the machine is loaded and the review searches less deeply).
  assert.match(merged[0].pdn, /22-18 (\$\d+ )?\{\[%eval [^\]]+\]/, 'the review is kept');
  assert.match(await page2.textContent('#moves'), /18x11/);
  assert.deepEqual([...page.errors, ...tab.errors ?? [], ...page2.errors], []);
  await page.context().close();
  await page2.context().close();
});

test('a resignation in an imported game is in its PDN and survives a reload (item 9)', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await importPdn(page, PDN);
  await page.waitForFunction(() => window.__dama.history().length === 4);
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForFunction(() => window.__dama.result()?.reason === 'resignation');
  assert.match(await page.textContent('#status'), /Bruno wins|Black wins/);
  const pdn = await page.evaluate(() => window.__dama.board.pdn());
  assert.match(pdn, /\[Result "0-1"\]/);
  assert.match(pdn, /\{the usual\}/);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'resignation');
  assert.deepEqual(await history(page), ['22-18', '11-14', '18x11', '7x14']);
  await waitForAsync(page, async () => {
    const { Library } = await import('./www/library/library.js');
    const all = await (await Library.open()).list();
    return all.length === 1 && all[0].finished && all[0].result === '0-1';
  });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a reload does not give the clock back its time; a flag that fell meanwhile loses (item 10)', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend');
  await page.evaluate(() => window.__dama.board.newGame({ mode: 'two-players', clock: { initialMs: 6_000, incrementMs: 0 } }));
  await clickMove(page, '22-18');
  const left = () => page.evaluate(() => window.__dama.board.session.clock.remaining('black', window.__dama.board.session.now()));
  await page.waitForTimeout(1500);
  const before = await left();
  assert.ok(before < 5000, `Black has thought: ${before} ms left`);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  const after = await left();
  assert.ok(after <= before, `a reload gives no time back: ${after} ms after, ${before} ms before`);
  assert.equal(await page.evaluate(() => window.__dama.board.session.clock.running), 'black');
  // Reloading for ever does not help: the flag falls all the same, and stays fallen.
  for (let i = 0; i < 4 && !(await page.evaluate(() => window.__dama.result())); i++) {
    await page.waitForTimeout(1200);
    await page.reload();
    await page.waitForFunction(() => window.__dama?.ready === true);
  }
  await page.waitForFunction(() => window.__dama.result()?.reason === 'time', null, { timeout: 15000 });
  assert.equal(await page.evaluate(() => window.__dama.result().winner), 'white');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true);
  assert.equal(await page.evaluate(() => window.__dama.result()?.reason), 'time');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('an analysis link naming a saved game opens a copy: it never changes the game by itself, and a review saved into it at the player\'s asking brings its evaluations and marks only (issue 56, item 1)', { timeout: 120000 }, async () => {
  const page = await openPage(env, '?mode=friend', DESKTOP);
  for (const m of ['22-18', '10-14']) await clickMove(page, m);
  await waitForAsync(page, async () => {
    const { Library } = await import('./www/library/library.js');
    return (await (await Library.open()).list()).some((r) => r.plies === 2);
  });
  const [before] = await records(page);
  const tags = before.pdn.match(/^\[.*\]$/gm);
  assert.ok(tags.length > 0, before.pdn);
  // The link a correspondence opponent could send: the same main line, their tags, result and
  // comments, the game's id, and a review to start. Opening it is all the player does.
  const forged = '[White "Mallory"]\n[Black "Mallory"]\n[Result "0-1"]\n{Mallory was here} 1. 22-18 {mine now} 10-14 0-1';
  const hash = new URLSearchParams({ variant: 'italian', pdn: forged, id: before.id, review: '1' });
  const tab = await page.context().newPage();
  await tab.goto(`${env.server.url}www/analysis.html#${hash}`);
  await tab.waitForFunction(() => window.__analysis && !window.__analysis.review().running && window.__analysis.review().moves.length === 2, null, { timeout: 45000 });
  await tab.waitForTimeout(500); // what an automatic write would have taken
  assert.deepEqual(await records(page), [before], 'the saved game is as it was');
  await tab.waitForSelector('#an-save-review', { state: 'visible' });
  assert.match(await tab.textContent('#an-linked-said'), /opens as a copy, and your game is unchanged/);
  await tab.locator('#an-linked').scrollIntoViewIfNeeded();
  await screenshot(tab, 'analysis-link-copy-desktop');
  assert.deepEqual(await axeViolations(tab), [], 'the copy with its offer');
  // The player asks: the review goes into the game's own record, nothing of the link's.
  await tab.click('#an-save-review');
  await tab.waitForFunction(() => /saved into your game/.test(document.getElementById('an-linked-said').textContent));
  const [after] = await records(page);
  assert.equal(after.rev, before.rev + 1);
  assert.deepEqual([after.result, after.white, after.black, after.finished], [before.result, before.white, before.black, before.finished]);
  for (const tag of tags) assert.ok(after.pdn.includes(tag), `${tag} kept in ${after.pdn}`);
  assert.doesNotMatch(after.pdn, /Mallory|mine now|\[Result "0-1"\]/);
  assert.match(after.pdn, /22-18 (\$\d+ )?\{\[%eval -?[0-9.]+\]\}\s+(1\.\.\.\s+)?10-14 (\$\d+ )?\{\[%eval -?[0-9.]+\]\}/);
  assert.equal(await tab.isVisible('#an-save-review'), false, 'saved once');

  // The game page's own request carries a one-time token: its tab writes the review into the
  // game by itself; the same address opened again (copied, sent back) is a copy.
  const [own] = await Promise.all([page.context().waitForEvent('page'), page.click('#btn-review-game')]);
  await own.waitForFunction(() => /^Saved, with its review/.test(document.getElementById('an-saved').textContent), null, { timeout: 45000 });
  assert.match(own.url(), /own=[0-9a-f]{32}/);
  assert.equal(await own.isVisible('#an-linked'), false);
  const again = await page.context().newPage();
  await again.goto(own.url());
  await again.waitForFunction(() => !!window.__analysis);
  await again.waitForSelector('#an-linked', { state: 'visible' });
  // A reload of the game page's own tab is still its own request.
  await own.reload();
  await own.waitForFunction(() => !!window.__analysis);
  assert.equal(await own.isVisible('#an-linked'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
