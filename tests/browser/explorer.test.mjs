// The analysis board's explorer (issue 25, items 1 and 2), in both games, at phone and desktop
// size: the opening book's moves with their scores and depth, the endgame tables' value of
// every move sorted as a tablebase panel is (and the evaluation bar saying the tables' result
// with the engine off), what is missing said, and the games of the saved games and of a PDN
// file loaded into it, each move's games one click away; the file kept for the next visit.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, screenshot, axeViolations, waitForAsync, SIZES } from './helpers.mjs';
import { DESKTOP, openAnalysis } from './analysis-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** The rows of an explorer table, as the text of each cell. */
const rows = (page, id) => page.$$eval(`#${id} tbody tr`, (trs) => trs.map((r) => [...r.cells].map((c) => c.textContent.trim())));
/** Waits for the explorer's answer of the position shown, once the worker has the book and the 4-piece tables. */
const answered = (page) =>
  page.waitForFunction(
    () => {
      const a = window.__analysis.explorer().answer;
      return a !== null && a.bookPositions > 0 && a.tablePieces >= 4;
    },
    null,
    { timeout: 30000 },
  );
/** The position's legal moves, from the page's core. */
const legal = (page) =>
  page.evaluate(() => {
    const m = window.__analysis.model();
    const g = m.gameAt(m.current);
    const moves = g.legalMoves().map((x) => x.text);
    g.free();
    return moves;
  });
const fenHash = (fen, variant = 'italian') => `#variant=${variant}&fen=${encodeURIComponent(fen)}`;

for (const [screen, options] of SIZES) {
  for (const variant of ['italian', 'brazilian']) {
    test(`the book's moves of the start, and a book move played from the panel (${variant}, ${screen})`, { timeout: 60000 }, async () => {
      const page = await openAnalysis(env, `#variant=${variant}`, options);
      await answered(page);
      const book = await rows(page, 'ex-book');
      assert.ok(book.length >= 2, JSON.stringify(book));
      const moves = await legal(page);
      for (const [move, score] of book) {
        assert.ok(moves.includes(move), `${move} is legal`);
        assert.match(score, /^[+−]\d+\.\d\d$/);
      }
      // Best first, as the book stores them.
      const value = (s) => (s[0] === '−' ? -1 : 1) * Number(s.slice(1));
      assert.ok(book.every((r, i) => i === 0 || value(book[i - 1][1]) >= value(r[1])));
      assert.match(await page.textContent('#ex-book-note'), /The book holds \d+ positions, its moves scored by searches of depth 1[78]/);
      // Far from any table: the tables' part says nothing.
      assert.equal(await page.isVisible('#ex-tables-h'), false);
      await page.click(`#ex-book tbody tr:first-child button.ex-move`);
      // The move is played once the click's handler has run: wait for it rather than look at once.
      const played = () => page.evaluate(() => window.__analysis.model().movesTo(window.__analysis.model().current));
      await page.waitForFunction((m) => JSON.stringify(window.__analysis.model().movesTo(window.__analysis.model().current)) === JSON.stringify([m]), book[0][0], { timeout: 10000 }).catch(() => {});
      assert.deepEqual(await played(), [book[0][0]]);
      await answered(page);
      assert.equal(await page.evaluate(() => window.__analysis.model().currentNode.ply), 1);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  test(`the endgame tables' moves, sorted, and the bar saying the tables' result (${screen})`, { timeout: 60000 }, async () => {
    // Italian: two kings against one, White to move: won.
    const page = await openAnalysis(env, fenHash('W:WK29,K30:BK4'), options);
    await answered(page);
    const moves = await legal(page);
    let table = await rows(page, 'ex-tables');
    assert.deepEqual(table.map((r) => r[0]).sort(), [...moves].sort(), 'every legal move, once');
    assert.ok(table.every((r) => r[1] === 'Win' && Number(r[2]) > 0));
    assert.match(await page.textContent('#ex-value'), /^White wins: so say the endgame tables, a capture or a man move within \d+ plies\.$/);
    const best = Number(table[0][2]);
    assert.ok(table.every((r) => Number(r[2]) >= best), 'the shortest win first');
    assert.match(await page.getAttribute('#evalbar', 'aria-valuetext'), /^White wins/);
    // One of the moves played from the panel: the tables' value carries on, for Black now.
    await page.click('#ex-tables tbody tr:first-child button.ex-move');
    await answered(page);
    table = await rows(page, 'ex-tables');
    assert.ok(table.length > 0 && table.every((r) => r[1] === 'Loss'));
    assert.match(await page.textContent('#ex-value'), /^White wins/);
    assert.ok(table.every((r, i) => i === 0 || Number(table[i - 1][2]) >= Number(r[2])), 'the longest loss first');
    await screenshot(page, `explorer-tables-${screen}`);
    await page.context().close();

    // Brazilian: a position with wins, draws and losses among its moves (a man and a king
    // each); sorted wins, draws, losses.
    const br = await openAnalysis(env, fenHash('W:W13,K28:B20,K1', 'brazilian'), options);
    await answered(br);
    const brTable = await rows(br, 'ex-tables');
    assert.deepEqual(brTable.map((r) => r[0]).sort(), [...(await legal(br))].sort());
    const rank = { Win: 2, Draw: 1, Loss: 0 };
    assert.ok(brTable.every((r, i) => i === 0 || rank[brTable[i - 1][1]] >= rank[r[1]]), JSON.stringify(brTable));
    assert.equal(await br.isVisible('#ex-tables'), true);
    await br.context().close();
  });

  test(`what the tables lack is said: five pieces, and nothing far from them (${screen})`, { timeout: 60000 }, async () => {
    const page = await openAnalysis(env, fenHash('W:W28,29,K30:B5,K4'), options);
    await answered(page);
    assert.equal(await page.isVisible('#ex-tables'), false);
    assert.match(await page.textContent('#ex-tables-note'), /this position has 5 pieces, the tables here go up to 4\. The 5-piece tables are downloaded from the settings/);
    assert.equal(await page.textContent('#ex-value'), '');
    assert.equal(await page.getAttribute('#evalbar', 'aria-valuetext'), '—', 'no value, with the engine off');
    await page.context().close();
  });
}

/** A PDN file of three Italian games from the start, two by 22-18 and one by 21-17. */
const FILE = [
  '[Event "Club"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "2-0"]\n1. 22-18 11-14 2. 18x11 7x14 2-0',
  '[Event "Club"]\n[White "Carla"]\n[Black "Dario"]\n[Result "1-1"]\n1. 22-18 10-14 1-1',
  '[Event "Club"]\n[White "Elena"]\n[Black "Franco"]\n[Result "0-2"]\n1. 21-17 12-16 0-2',
].join('\n\n');

test('a move played: the panel keeps the answer before, dimmed and not playable, until the next comes (nothing below it moves meanwhile)', { timeout: 60000 }, async () => {
  const page = await openAnalysis(env, '#variant=italian', DESKTOP);
  await answered(page);
  // The games' part's place in the panel (the panel itself moves down with the move list).
  const before = await page.evaluate(() => ({
    top: document.getElementById('ex-games-h').getBoundingClientRect().top - document.getElementById('ex-body').getBoundingClientRect().top,
    book: [...document.querySelectorAll('#ex-book tbody tr')].map((r) => r.textContent),
  }));
  assert.ok(before.book.length >= 2);
  // The book's first move played from the panel, and the panel as drawn in the same task,
  // before the worker can answer.
  const during = await page.evaluate(() => {
    const first = /** @type {HTMLButtonElement} */ (document.querySelector('#ex-book tbody tr button.ex-move'));
    first.click();
    const book = document.getElementById('ex-book');
    return {
      waiting: window.__analysis.explorer().waiting,
      top: document.getElementById('ex-games-h').getBoundingClientRect().top - document.getElementById('ex-body').getBoundingClientRect().top,
      book: [...book.querySelectorAll('tbody tr')].map((r) => r.textContent),
      disabled: [...book.querySelectorAll('button.ex-move')].every((b) => /** @type {HTMLButtonElement} */ (b).disabled),
      stale: /** @type {HTMLElement} */ (book.parentElement).classList.contains('ex-stale'),
      busy: /** @type {HTMLElement} */ (book.parentElement).getAttribute('aria-busy'),
    };
  });
  assert.deepEqual(during, { waiting: true, top: before.top, book: before.book, disabled: true, stale: true, busy: 'true' });
  await answered(page);
  const after = await page.evaluate(() => {
    const book = document.getElementById('ex-book');
    return {
      book: [...book.querySelectorAll('tbody tr')].map((r) => r.textContent),
      enabled: [...book.querySelectorAll('button.ex-move')].every((b) => !(/** @type {HTMLButtonElement} */ (b).disabled)),
      stale: document.querySelectorAll('.ex-stale').length,
      busy: /** @type {HTMLElement} */ (book.parentElement).getAttribute('aria-busy'),
    };
  });
  assert.notDeepEqual(after.book, before.book, "the next position's book moves drawn");
  assert.deepEqual({ ...after, book: undefined }, { book: undefined, enabled: true, stale: 0, busy: 'false' });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

for (const [screen, options] of SIZES) {
  test(`the games of a loaded file and of the saved games, each move's games one click away, kept for the next visit (${screen})`, { timeout: 90000 }, async () => {
    const page = await openAnalysis(env, '', options);
    // The panel clicked only once its answer is in: the answer fills the tables' and the book's
    // parts above the games' (and moves everything below them), and one landing between a
    // click's press and its release sends the release elsewhere, the click lost.
    await answered(page);
    await page.waitForFunction(() => window.__analysis.explorer().games === 'ready');
    assert.match(await page.textContent('#ex-games-note'), /No game reached this position\. 0 games indexed/);
    await page.setInputFiles('#ex-file', { name: 'club.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(FILE) });
    await page.waitForFunction(() => window.__analysis.explorer().indexed === 3);
    let games = await rows(page, 'ex-games');
    assert.deepEqual(games.map((r) => [r[0], r[1], r[3]]), [['22-18', '2', '75%'], ['21-17', '1', '0%']]);
    assert.match(await page.textContent('#ex-games-note'), /^3 games reached this position\. 3 games indexed: your saved games and 1 added file\./);
    // 22-18's games: two links, each opening its game at this position (ply 0) in a new tab.
    await page.click('#ex-games tbody tr:first-child button.ex-count');
    const links = await page.$$eval('#ex-game-list a', (as) => as.map((a) => ({ text: a.textContent, href: a.getAttribute('href'), target: a.target })));
    assert.equal(links.length, 2);
    assert.match(links[0].text, /^Anna – Bruno 1-0 · Club$/);
    assert.match(links[1].text, /^Carla – Dario ½-½ · Club$/);
    for (const l of links) {
      assert.equal(l.target, '_blank');
      const params = new URLSearchParams(l.href.split('#')[1]);
      assert.equal(params.get('ply'), '0');
      assert.match(params.get('pdn'), /22-18/);
    }
    const opened = await page.context().newPage();
    await opened.goto(`${env.server.url}www/${links[0].href}`);
    await opened.waitForFunction(() => !!window.__analysis);
    assert.match(await opened.evaluate(() => window.__analysis.pdn()), /White "Anna"/);
    await opened.close();
    // On after 22-18: what those two games did next.
    await page.click('#ex-games tbody tr:first-child button.ex-move');
    await page.waitForFunction(() => document.querySelectorAll('#ex-games tbody tr').length === 2);
    games = await rows(page, 'ex-games');
    assert.deepEqual(games.map((r) => [r[0], r[1], r[3]]).sort(), [['10-14', '1', '50%'], ['11-14', '1', '100%']]);
    // A saved game joins the index (saved once the new position's answer is in: the button is
    // below the panel).
    await answered(page);
    await page.click('#an-save');
    await page.waitForFunction(() => window.__analysis.explorer().indexed === 4, null, { timeout: 30000 });
    await screenshot(page, `explorer-games-${screen}`);
    assert.deepEqual(await axeViolations(page), [], 'the page with the explorer filled');
    // The next visit: the file is still there, and the index is the one kept (once it is kept:
    // in the background); removed, the file is gone (the saved game stays), indexed again.
    // The page's database read as it stands: never created here (a database of no store would
    // be the page's from then on), and closed after, as the page closes its own.
    await waitForAsync(page, () =>
      new Promise((resolve) => {
        const req = indexedDB.open('dama-explorer-index');
        req.onupgradeneeded = () => req.transaction.abort();
        req.onerror = () => resolve(false);
        req.onsuccess = () => {
          const db = req.result;
          try {
            const get = db.transaction('index').objectStore('index').get('italian');
            get.onsuccess = () => resolve(get.result?.texts?.length === 4);
            get.onerror = () => resolve(false);
          } catch {
            resolve(false);
          } finally {
            db.close(); // the read above still completes: close waits for its transaction
          }
        };
      }),
    );
    await page.reload();
    await page.waitForFunction(() => window.__analysis?.explorer().indexed === 4, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.__analysis.explorer().kept), true, 'the index kept from the visit before');
    // The kept index comes before the worker's first answer: the panel is still filling in.
    await answered(page);
    await page.click('#ex-remove');
    await page.waitForFunction(() => window.__analysis.explorer().indexed === 1, null, { timeout: 30000 });
    assert.equal(await page.evaluate(() => window.__analysis.explorer().kept), false, 'built again for the games as they are');
    assert.equal(await page.isDisabled('#ex-remove'), true);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('Brazilian: the games of a Brazilian file, in its own notation; a file that is not PDN is refused in words, nothing kept', { timeout: 60000 }, async () => {
  const page = await openAnalysis(env, '#variant=brazilian', DESKTOP);
  await page.waitForFunction(() => window.__analysis.explorer().games === 'ready');
  await page.setInputFiles('#ex-file', { name: 'junk.pdn', mimeType: 'text/plain', buffer: Buffer.from('') });
  await waitForAsync(page, () => document.getElementById('an-error').textContent.length > 0);
  const brazilian = '[GameType "26"]\n[White "Ana"]\n[Black "Beto"]\n[Result "1-0"]\n1. c3-d4 f6-g5 1-0';
  await page.setInputFiles('#ex-file', { name: 'br.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(brazilian) });
  await page.waitForFunction(() => window.__analysis.explorer().indexed === 1);
  assert.deepEqual((await rows(page, 'ex-games')).map((r) => [r[0], r[1], r[3]]), [['c3-d4', '1', '100%']]);
  await answered(page); // the panel filled in, so that the click is not lost (above)
  await page.click('#ex-remove');
  await page.waitForFunction(() => window.__analysis.explorer().indexed === 0);
  await page.context().close();
});

test('a file nesting variations past the bound is refused with the bound named; the same file twice is said to be there already, kept once', { timeout: 60000 }, async () => {
  const page = await openAnalysis(env, '', DESKTOP);
  await page.waitForFunction(() => window.__analysis.explorer().games === 'ready');
  const error = () => page.textContent('#an-error');
  const deep = '[Event "Deep"]\n1. 22-18 ' + '(21-17 '.repeat(10000) + ')'.repeat(10000) + ' 10-14 *';
  await page.setInputFiles('#ex-file', { name: 'deep.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(deep) });
  await waitForAsync(page, () => document.getElementById('an-error').textContent.length > 0);
  assert.match(await error(), /^The file was not added: its game cannot be read: bad PDN at line 2, column \d+: game 1: variations nested more than 64 deep$/);
  // Two games refused: the count and the first one's reason.
  await page.setInputFiles('#ex-file', { name: 'deep2.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(deep + '\n\n' + deep) });
  await waitForAsync(page, () => /none of its/.test(document.getElementById('an-error').textContent));
  assert.match(await error(), /^The file was not added: none of its 2 games can be read; the first: .*variations nested more than 64 deep$/);
  // A file added, then the same text again (under another name): refused, indexed once.
  await page.setInputFiles('#ex-file', { name: 'club.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(FILE) });
  await page.waitForFunction(() => window.__analysis.explorer().indexed === 3);
  assert.equal(await error(), '');
  await page.setInputFiles('#ex-file', { name: 'club copy.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(FILE) });
  await waitForAsync(page, () => document.getElementById('an-error').textContent.length > 0);
  assert.equal(await error(), 'The file was not added: club.pdn is already in the explorer.');
  // A copy an earlier version kept (it added the same text twice) is indexed once.
  await page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('dama-explorer');
        req.onsuccess = () => {
          const db = req.result;
          const store = db.transaction('files', 'readwrite').objectStore('files');
          const all = store.getAll();
          all.onsuccess = () => store.put({ ...all.result[0], id: 'copy', name: 'club (2).pdn', added: all.result[0].added + 1 });
          store.transaction.oncomplete = () => (db.close(), resolve());
          store.transaction.onerror = () => reject(store.transaction.error);
        };
        req.onerror = () => reject(req.error);
      }),
  );
  await page.reload();
  await page.waitForFunction(() => window.__analysis?.explorer().indexed === 3, null, { timeout: 30000 });
  assert.match(await page.textContent('#ex-games-note'), /3 games indexed: your saved games and 1 added file\./);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the explorer hidden stays hidden at the next visit, and asks nothing', { timeout: 60000 }, async () => {
  const page = await openAnalysis(env, '', DESKTOP);
  await answered(page);
  await page.click('#ex-toggle');
  assert.equal(await page.getAttribute('#ex-toggle', 'aria-expanded'), 'false');
  assert.equal(await page.isVisible('#ex-body'), false);
  await page.reload();
  await page.waitForFunction(() => !!window.__analysis);
  await page.waitForTimeout(1500);
  assert.equal(await page.isVisible('#ex-body'), false);
  assert.equal(await page.evaluate(() => window.__analysis.explorer().answer), null);
  assert.equal(await page.evaluate(() => window.__analysis.explorer().games), null, 'no index built');
  await page.click('#ex-toggle');
  await answered(page);
  assert.equal(await page.isVisible('#ex-book'), true);
  await page.context().close();
});
