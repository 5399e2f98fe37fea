// Share by link (issue 25, item 4): "Copy link" on the analysis board, on the game page's games
// dialog and on a finished puzzle; a game's link carries its PDN (variations and comments) packed
// in the address's fragment. A 335-ply game with variations and comments round-trips unchanged;
// a damaged link is refused in words and the board opens empty; a game too long for a link is
// said, nothing lost.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setup, openPage, newPage, clickMove, pressInView, CLIPBOARD, SIZES } from './helpers.mjs';
import { PHONE, DESKTOP, openAnalysis, openText } from './analysis-page.mjs';
import { loadCore } from '../unit/core.mjs';
import { randomGames } from '../../scripts/random-games.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

const LONG = readFileSync(new URL('./fixtures/long-336.pdn', import.meta.url), 'utf8');
const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

for (const [screen, options] of SIZES) {
  test(`a 335-ply game with variations and comments round-trips through a link, at the move shown (${screen})`, { timeout: 60000 }, async () => {
    const page = await openAnalysis(env, '', { ...options, ...CLIPBOARD });
    await openText(page, LONG);
    const pdn = await page.evaluate(() => window.__analysis.pdn());
    assert.match(pdn, /A variation\./);
    const plies = await page.evaluate(() => window.__analysis.model().mainline().length);
    assert.ok(plies >= 300, `${plies} plies`);
    // To the 200th ply of the main line, then the link.
    await page.evaluate(() => window.__analysis.model().goto(window.__analysis.model().mainlineAt(200).id));
    await page.click('#an-copy-link');
    await page.waitForFunction(() => /Link copied/.test(document.getElementById('an-saved').textContent));
    const link = await clipboard(page);
    assert.ok(link.length < 6000, `${link.length} characters for ${pdn.length} of PDN`);
    const params = new URLSearchParams(link.split('#')[1]);
    assert.deepEqual([...params.keys()].sort(), ['ply', 'variant', 'z'], 'no saved game named, the game packed');
    assert.equal(params.get('ply'), '200');
    const opened = await newPage(env, options);
    await opened.goto(link);
    await opened.waitForFunction(() => !!window.__analysis && window.__analysis.model().mainline().length > 0);
    assert.equal(await opened.evaluate(() => window.__analysis.pdn()), pdn, 'the same PDN, variations and comments');
    assert.equal(await opened.evaluate(() => window.__analysis.model().currentNode.ply), 200);
    assert.deepEqual(opened.errors, []);
    await opened.context().close();
    await page.context().close();
  });
}

test('a Brazilian game with a variation and comments round-trips through a link, in its own notation (phone)', { timeout: 60000 }, async () => {
  const core = await loadCore();
  const [text] = randomGames(core, 'brazilian', 1, { seed: 7, maxPlies: 700 });
  const page = await openAnalysis(env, '', { ...PHONE, ...CLIPBOARD });
  await openText(page, text);
  // A comment on the 10th move, and a variation beside the 11th with its own comment.
  await page.evaluate(() => {
    const m = window.__analysis.model();
    const tenth = m.mainlineAt(10);
    m.setComment(tenth.id, 'Prende la dama? Não: a pedra.');
    m.goto(tenth.id);
    const g = m.gameAt(tenth.id);
    const next = m.mainlineAt(11).text;
    const other = g.legalMoves().map((x) => x.text).find((t) => t !== next);
    g.free();
    if (other) {
      const v = m.play(other);
      m.setComment(v, 'A variation.');
    }
    m.goto(m.mainlineAt(20).id);
  });
  const pdn = await page.evaluate(() => window.__analysis.pdn());
  assert.match(pdn, /\{A variation\.\}/, 'a variation with its comment');
  assert.match(pdn, /[a-h][1-8][-x][a-h][1-8]/, 'Brazilian notation');
  await page.click('#an-copy-link');
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('an-saved').textContent));
  const link = await clipboard(page);
  const params = new URLSearchParams(link.split('#')[1]);
  assert.deepEqual([params.get('variant'), params.get('ply')], ['brazilian', '20']);
  const opened = await newPage(env, PHONE);
  await opened.goto(link);
  await opened.waitForFunction(() => !!window.__analysis && window.__analysis.model().mainline().length > 0);
  assert.equal(await opened.evaluate(() => window.__analysis.pdn()), pdn, 'the same PDN, variation and comments');
  assert.equal(await opened.evaluate(() => window.__analysis.model().currentNode.ply), 20);
  assert.deepEqual([...page.errors, ...opened.errors], []);
  await opened.context().close();
  await page.context().close();
});

test('a damaged or oversized link is refused in words and the board opens empty; a game too long for a link is said, nothing lost', { timeout: 60000 }, async () => {
  for (const [z, reason] of [
    ['!!!', /not base64url/],
    ['AAAAAAAA', /damaged/],
    ['x'.repeat(100_001), /over 100000 characters/],
  ]) {
    const page = await openAnalysis(env, `#z=${z}`, DESKTOP);
    await page.waitForFunction(() => document.getElementById('an-error').textContent.length > 0);
    assert.match(await page.textContent('#an-error'), reason);
    assert.match(await page.textContent('#an-error'), /The game in the link could not be opened/);
    assert.equal(await page.evaluate(() => window.__analysis.model().mainline().length), 0);
    await page.context().close();
  }
  // A game whose comments cannot be packed small: the link would be too long.
  const page = await openAnalysis(env, '', { ...DESKTOP, ...CLIPBOARD });
  let noise = '';
  let x = 1;
  for (let i = 0; i < 90_000; i++) {
    // xorshift32: random enough that deflate cannot pack it.
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    noise += 'abcdefghijklmnopqrstuvwxyz0123456789'[(x >>> 0) % 36];
  }
  await openText(page, `[GameType "22"]\n1. 22-18 {${noise}} 10-14 {${noise}} *`);
  const before = await page.evaluate(() => window.__analysis.pdn());
  await page.click('#an-copy-link');
  await page.waitForFunction(() => /too long for a link/.test(document.getElementById('an-saved').textContent));
  assert.equal(await page.evaluate(() => window.__analysis.pdn()), before);
  await page.context().close();
});

test('the game page copies a link to the game, which opens on the analysis board; a finished puzzle copies its own', { timeout: 90000 }, async () => {
  const page = await openPage(env, '', { ...DESKTOP, ...CLIPBOARD });
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length >= 1 && !window.__dama.thinking());
  const moves = await page.evaluate(() => window.__dama.history());
  if (await page.isVisible('#btn-more')) await page.click('#btn-more');
  await pressInView(page, '#btn-games', DESKTOP);
  // The games' window lays out its buttons once open; a press before would find nothing there.
  await page.waitForSelector('#pdn-link', { state: 'visible' });
  await pressInView(page, '#pdn-link', DESKTOP);
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('games-message').textContent));
  const link = await clipboard(page);
  assert.match(link, /\/www\/analysis\.html#variant=italian&z=/);
  const opened = await newPage(env, DESKTOP);
  await opened.goto(link);
  await opened.waitForFunction((n) => !!window.__analysis && window.__analysis.model().mainline().length === n, moves.length);
  assert.deepEqual(await opened.evaluate(() => window.__analysis.model().mainline().map((n) => n.text)), moves);
  await opened.context().close();
  await page.context().close();

  // A puzzle, once its solution is shown: a link to the same puzzle, to solve.
  const pz = await newPage(env, { ...DESKTOP, ...CLIPBOARD });
  await pz.goto(`${env.server.url}www/puzzles.html`);
  await pz.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
  assert.equal(await pz.isVisible('#pz-link'), false, 'not while the puzzle is open');
  const id = await pz.evaluate(() => window.__puzzles.id());
  await pressInView(pz, '#pz-solution', DESKTOP);
  await pz.waitForSelector('#pz-link', { state: 'visible', timeout: 15000 });
  await pressInView(pz, '#pz-link', DESKTOP);
  await pz.waitForFunction(() => document.getElementById('pz-link-said').textContent !== '');
  const pzLink = await clipboard(pz);
  assert.equal(new URL(pzLink).hash, `#${encodeURIComponent(id)}`);
  const again = await newPage(env, DESKTOP);
  await again.goto(pzLink);
  await again.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
  assert.equal(await again.evaluate(() => window.__puzzles.id()), id);
  await again.context().close();
  await pz.context().close();
});

// The test above opens its links at a desk; on a phone the same Copy link buttons (the game's
// behind More, in Games and positions) are tapped, each in view (scrolled to in the dialog).
test('phone: the game page\'s and a finished puzzle\'s Copy link are in view and tapped, and copy their links', { timeout: 60000 }, async () => {
  const page = await openPage(env, '?mode=friend', { ...PHONE, ...CLIPBOARD });
  await clickMove(page, '22-18');
  await pressInView(page, '#btn-more', PHONE);
  await pressInView(page, '#btn-games', PHONE, { scroll: true }); // More's buttons reach below the fold
  await pressInView(page, '#pdn-link', PHONE, { scroll: true });
  await page.waitForFunction(() => /Link copied/.test(document.getElementById('games-message').textContent));
  assert.match(await clipboard(page), /\/www\/analysis\.html#variant=italian&z=/);
  assert.deepEqual(page.errors, []);
  await page.context().close();

  const pz = await newPage(env, { ...PHONE, ...CLIPBOARD });
  await pz.goto(`${env.server.url}www/puzzles.html`);
  await pz.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
  const id = await pz.evaluate(() => window.__puzzles.id());
  await pressInView(pz, '#pz-solution', PHONE);
  await pz.waitForSelector('#pz-link', { state: 'visible', timeout: 15000 });
  await pressInView(pz, '#pz-link', PHONE, { scroll: true });
  await pz.waitForFunction(() => document.getElementById('pz-link-said').textContent !== '');
  assert.equal(new URL(await clipboard(pz)).hash, `#${encodeURIComponent(id)}`);
  assert.deepEqual(pz.errors, []);
  await pz.context().close();
});
