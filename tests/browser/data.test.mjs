// The engine's data in the browser: the opening book and the Italian endgame tables (www/data/,
// written by `make build`) are fetched by the engine worker after the game is playable, the
// Brazilian book and tables from the first Brazilian search on (the evaluation networks are
// compiled into the wasm); they never make a move wait, are cached by the service worker apart
// from the site (checked against their hash) and then work offline; a bad or missing file is
// refused quietly and the game plays on.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { gzipSync, gunzipSync } from 'node:zlib';
import { setup, newPage, needBuilt, clickMove, screenshot, waitForAsync, waitDataCached, pickLanguage } from './helpers.mjs';
import { startServer, ROOT } from './server.mjs';

const tablesOf = (game) => [2, 3, 4].map((n) => `www/data/egtb/${game}-${n}.egtb.gz`);
// What an Italian game's engine fetches, in order.
const ITALIAN_DATA = ['www/data/book.bin', ...tablesOf('italian')];
// Everything the service worker caches.
const DATA = [...ITALIAN_DATA, 'www/data/book-brazilian.bin', ...tablesOf('brazilian')];
const DATA_ROUTE = '**/www/data/**';
// A won three-piece ending (two kings against one) and where the tables' scores lie: a table
// win at the root scores TB_WIN - plies to zeroing (TB_WIN = 28,800), a searched mate more.
const WON = 'W:WK1,K3:BK32';
// A won Brazilian ending: three flying kings holding the long diagonal against one.
const WON_BRAZILIAN = 'W:WK29,K2,K3:BK21';
const isTableWin = (score) => score > 28000 && score <= 28800;

let env;
before(async () => {
  env = await setup({ serviceWorkers: 'allow' }); // the service worker is what these test
});
after(async () => {
  await env?.close();
});

/** The built data these tests read: missing, a test fails (it would check nothing). */
const needData = () => needBuilt('www/offline/precache.js', ...DATA);

const dataState = (page) => page.evaluate(() => window.__dama.engine.data);

async function waitData(page, tables, book, timeout = 20000) {
  await page.waitForFunction(
    ([n, b]) => window.__dama?.engine?.data.tables === n && window.__dama.engine.data.book === b,
    [tables, book],
    { timeout },
  );
}

async function waitControlled(page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });
}

/** A game page whose engine has every data file, which the service worker has cached too. */
async function withDataCached() {
  const page = await newPage(env);
  await page.goto(env.server.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitData(page, 4, true);
  await waitControlled(page);
  // The service worker fills its data cache in the background, apart from the site's cache.
  await waitDataCached(page, DATA.length, { timeout: 20000, polling: 200 });
  return page;
}

// The entries of the service worker's data cache(s): {cacheName: [path, ...]}.
function dataCaches(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const k of await caches.keys()) {
      if (!k.startsWith('dama-')) continue;
      const keys = await (await caches.open(k)).keys();
      out[k] = keys.map((r) => new URL(r.url).pathname.replace(/^\//, '')).sort();
    }
    return out;
  });
}

// The worker's one debug line about data it could not load (workers' console reaches the page).
function debugLines(page) {
  const lines = [];
  page.on('console', (m) => {
    if (m.type() === 'debug' && m.text().startsWith('dama:')) lines.push(m.text());
  });
  return lines;
}

test('the data is fetched only once the board is playable, book first, and shown in both languages', { timeout: 60000 }, async () => {
  needData();
  // No service worker, so every request of the engine worker shows here.
  const page = await newPage(env, { serviceWorkers: 'block' });
  const seen = [];
  await page.route(DATA_ROUTE, async (route) => {
    const playable = await page.evaluate(() => window.__dama?.ready === true && document.getElementById('board').isReady);
    seen.push({ path: new URL(route.request().url()).pathname.slice(1), playable });
    await route.continue();
  });
  await page.goto(env.server.url + '?mode=computer&color=white&level=5');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  assert.equal(await page.isVisible('#engine-data'), false, 'nothing shown before the data is there');
  await waitData(page, 4, true);
  assert.deepEqual(
    seen.map((s) => s.path),
    ITALIAN_DATA,
    'the book, then the Italian tables by pieces, one request each',
  );
  for (const s of seen) assert.ok(s.playable, `${s.path} was requested before the game was playable`);
  assert.equal(await page.textContent('#engine-data'), 'Endgame tables: up to 4 pieces · Opening book');
  await screenshot(page, 'engine-data');
  await pickLanguage(page, 'it');
  assert.equal(await page.textContent('#engine-data'), 'Tavole dei finali: fino a 4 pezzi · Libro delle aperture');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the computer does not wait for the data: it answers while the downloads hang', { timeout: 60000 }, async () => {
  needData();
  const page = await newPage(env, { serviceWorkers: 'block' });
  // Whether the computer waited for the data is told by the order of events, not by a time:
  // each reply must come while the downloads are still held (a page that waited would answer
  // only after their release). The times are logged; the release after 50 s and the waits'
  // own timeouts are only guards against a hang.
  let released = false;
  let release = () => {};
  const held = new Promise((r) => (release = () => r((released = true))));
  const requested = [];
  await page.route(DATA_ROUTE, async (route) => {
    requested.push(route.request().url());
    await held; // released at the end of the test, or after 50 s at most
    await route.continue().catch(() => {});
  });
  setTimeout(() => release(), 50000).unref();
  await page.goto(env.server.url + '?mode=computer&color=white&level=5');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // The worker has asked for the book and is waiting for it.
  for (let i = 0; i < 100 && !requested.length; i++) await page.waitForTimeout(50);
  assert.equal(requested.length, 1, 'the book is being downloaded');
  for (const move of ['22-18', null]) {
    const plies = (await page.evaluate(() => window.__dama.history().length)) + 2;
    const start = Date.now();
    await clickMove(page, move ?? (await page.evaluate(() => window.__dama.legalMoves()[0])));
    await page.waitForFunction((n) => window.__dama.history().length === n, plies, { timeout: 10000 });
    const ms = Date.now() - start;
    console.log(`the computer answered in ${ms} ms with its data still downloading`);
    // Level 5 thinks 850 ms; the page waits at least 450 ms before showing a reply.
    assert.equal(released, false, `the computer answered in ${ms} ms, after the data's release`);
  }
  // A Brazilian search has nothing to wait for either: its network is in the wasm, and its book
  // and tables (asked for now) are hanging with the rest.
  const start = Date.now();
  const br = await page.evaluate(
    (fen) => window.__dama.engine.search({}, { variant: 'brazilian', startFen: fen, moves: [], level: 5, timeMs: 500, seed: 1 }),
    'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
  );
  const ms = Date.now() - start;
  console.log(`a Brazilian search answered in ${ms} ms with no data: ${JSON.stringify(br)}`);
  assert.ok(['a3-b4', 'c3-b4', 'c3-d4', 'e3-d4', 'e3-f4', 'g3-f4', 'g3-h4'].includes(br.move), br.move);
  assert.ok(br.depth > 1, `searched, not from the book, in ${ms} ms`);
  assert.equal(released, false, `answered in ${ms} ms, after the data's release`);
  for (let i = 0; i < 100 && requested.length < 2; i++) await page.waitForTimeout(50);
  assert.ok(requested.some((u) => u.endsWith('/book-brazilian.bin')), 'the Brazilian book is being downloaded');
  assert.deepEqual(await dataState(page), { tables: 0, brazilianTables: 0, book: false, brazilianBook: false }, 'nothing had arrived meanwhile');
  release();
  await waitData(page, 4, true);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('once the data has arrived it works offline: tables up to 4 pieces and the book', { timeout: 90000 }, async () => {
  needData();
  const page = await withDataCached();
  const cached = await dataCaches(page);
  const names = Object.keys(cached);
  assert.equal(names.length, 2, `one cache for the site, one for the data: ${names}`);
  const dataName = names.find((k) => k.startsWith('dama-data-'));
  const siteName = names.find((k) => k !== dataName);
  assert.deepEqual(cached[dataName], [...DATA].sort());
  assert.ok(!cached[siteName].some((p) => p.startsWith('www/data/')), 'the site cache never waits for the data');

  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitData(page, 4, true);
  assert.equal(await page.textContent('#engine-data'), 'Endgame tables: up to 4 pieces · Opening book');
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  // The worker's engine uses them: a won ending is played from the tables, the start from the book.
  const search = (startFen) =>
    page.evaluate((fen) => window.__dama.engine.search({}, { variant: 'italian', startFen: fen, moves: [], level: 10, timeMs: 1000, seed: 1 }), startFen);
  const won = await search(WON);
  assert.ok(isTableWin(won.score), `a table win: ${JSON.stringify(won)}`);
  assert.equal(won.depth, 1, 'answered by the tables, not searched');
  const opening = await search('W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12');
  assert.equal(opening.depth, 0, `answered from the book: ${JSON.stringify(opening)}`);
  // A Brazilian search fetches that game's book and tables (from the cache, offline), and the
  // next ones play a won ending from the tables and the opening from the book; the Italian
  // tables and book answer no Brazilian position.
  const brazilian = () =>
    page.evaluate((fen) => window.__dama.engine.search({}, { variant: 'brazilian', startFen: fen, moves: [], level: 10, timeMs: 300, seed: 1 }), WON_BRAZILIAN);
  await brazilian();
  await page.waitForFunction(() => window.__dama.engine.data.brazilianTables === 4 && window.__dama.engine.data.brazilianBook, null, { timeout: 20000 });
  const wonBr = await brazilian();
  assert.ok(isTableWin(wonBr.score) && wonBr.depth === 1, `a Brazilian table win: ${JSON.stringify(wonBr)}`);
  const openingBr = await page.evaluate(
    (fen) => window.__dama.engine.search({}, { variant: 'brazilian', startFen: fen, moves: [], level: 10, timeMs: 300, seed: 1 }),
    'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12',
  );
  assert.equal(openingBr.depth, 0, `answered from the Brazilian book: ${JSON.stringify(openingBr)}`);
  // Level 10 still keeps to its time (3.1 s on the page) with the tables probed in the search:
  // a middle game and an ending of five pieces. Judged by the engine's own count of its time
  // (what it measured from its start to its stop) against the budget it was given: it reads
  // its clock every few hundred nodes, well under a millisecond apart; the slack (1 s) is for
  // its thread set aside on a busy machine, where a search that lost track of its time (a probe
  // that blocks, a deadline overlooked) goes on for seconds. How close it stops is the core's
  // engine.rs, on a stepped clock. The time on the page, which counts the messages and the
  // page's own work beside the engine's, is only logged.
  for (const fen of ['B:W17,21,22,23,25,26,27,30,31:B1,2,3,5,6,9,10,11,13', 'W:W21,26,K31:B3,K12']) {
    const t0 = Date.now();
    const r = await page.evaluate((f) => window.__dama.engine.search({}, { variant: 'italian', startFen: f, moves: [], level: 10, timeMs: 3100, seed: 1 }), fen);
    const ms = Date.now() - t0;
    console.log(`level 10 with the data: ${fen}: ${r.move} depth ${r.depth}, ${r.nodes} nodes, ${Math.round(r.timeMs)} ms in the engine, ${ms} ms on the page`);
    assert.ok(r.depth > 1, `searched, not answered from the data: ${JSON.stringify(r)}`);
    assert.ok(r.timeMs <= 3100 + 1000, `level 10 kept to 3100 ms for ${Math.round(r.timeMs)} ms by its own count`);
  }
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a corrupt table file and a missing book are refused quietly, and the game plays on', { timeout: 60000 }, async () => {
  needData();
  const page = await newPage(env, { serviceWorkers: 'block' });
  const debug = debugLines(page);
  await page.route(DATA_ROUTE, (route) => {
    const url = route.request().url();
    if (url.endsWith('/book.bin')) return route.fulfill({ status: 404, body: 'not found' });
    if (url.endsWith('/italian-3.egtb.gz')) return route.fulfill({ status: 200, body: gzipSync(Buffer.from('DAMAEGTB but no tables')) });
    return route.continue();
  });
  await page.goto(env.server.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  for (let i = 0; i < 200 && !debug.length; i++) await page.waitForTimeout(50);
  await page.waitForTimeout(300);
  assert.equal(debug.length, 1, `one debug line: ${debug}`);
  assert.match(debug[0], /book\.bin: HTTP 404/);
  assert.match(debug[0], /italian-3\.egtb\.gz: endgame tables refused/);
  // The 4-piece file loaded, but without the 3-piece ones the tables are complete up to 2.
  assert.deepEqual(await dataState(page), { tables: 2, brazilianTables: 0, book: false, brazilianBook: false });
  assert.equal(await page.textContent('#engine-data'), 'Endgame tables: up to 2 pieces');
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  const won = await page.evaluate((fen) => window.__dama.engine.search({}, { variant: 'italian', startFen: fen, moves: [], level: 10, timeMs: 500, seed: 1 }), WON);
  assert.ok(!isTableWin(won.score), 'no 3-piece tables were loaded');
  assert.equal(await page.isVisible('#notice'), false, 'nothing for the player to worry about');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a cached data file damaged later is not served: the service worker drops it and fetches it again', { timeout: 90000 }, async () => {
  needData();
  const page = await withDataCached();
  // Storage damaged after the download was checked: a byte of the 3-piece tables flipped, the
  // book's body gone.
  const damage = () =>
    page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('dama-data-'));
      const cache = await caches.open(name);
      for (const req of await cache.keys()) {
        const res = await cache.match(req);
        const bytes = new Uint8Array(await res.arrayBuffer());
        if (req.url.endsWith('/italian-3.egtb.gz')) bytes[bytes.length >> 1] ^= 0xff;
        else if (!req.url.endsWith('/book.bin')) continue;
        await cache.put(req, new Response(req.url.endsWith('/book.bin') ? new Uint8Array(0) : bytes, { headers: res.headers }));
      }
    });
  const cachedHashes = () =>
    page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.startsWith('dama-data-'));
      const out = {};
      for (const req of await (await caches.open(name)).keys()) {
        const body = await (await caches.match(req, { cacheName: name })).arrayBuffer();
        const d = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
        out[new URL(req.url).pathname.replace(/^\//, '')] = Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
      }
      return out;
    });
  const onDisk = Object.fromEntries(DATA.map((f) => [f, createHash('sha256').update(readFileSync(join(ROOT, f))).digest('hex')]));
  await damage();
  assert.notDeepEqual(await cachedHashes(), onDisk);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // The engine has the whole tables and the book again, and the cache holds the right bytes.
  await waitData(page, 4, true);
  assert.deepEqual(await cachedHashes(), onDisk);
  // Offline, a damaged copy is not served either: the engine does without it until the next
  // visit online, which heals it.
  await damage();
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitData(page, 2, false);
  await page.waitForTimeout(500);
  assert.deepEqual(await dataState(page), { tables: 2, brazilianTables: 0, book: false, brazilianBook: false });
  await page.context().setOffline(false);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitData(page, 4, true);
  assert.deepEqual(await cachedHashes(), onDisk);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the data cache keeps only files matching their hash, and a new version switches it whole', { timeout: 120000 }, async (t) => {
  needData();
  // A copy of the site, so new builds can be made without touching the repository.
  const dir = mkdtempSync(join(tmpdir(), 'dama-data-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['index.html', 'sw.js', 'manifest.webmanifest', 'www']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  const precache = () => execFileSync(process.execPath, [join(ROOT, 'scripts', 'precache.mjs'), dir], { encoding: 'utf8' });
  // The same tables compressed otherwise: valid, but not the bytes the list names.
  const regzip = (f) => writeFileSync(join(dir, f), gzipSync(gunzipSync(readFileSync(join(dir, f))), { level: 1 }));
  precache();
  regzip('www/data/egtb/italian-3.egtb.gz'); // after the list was written: its hash no longer matches
  const server = await startServer(dir);
  t.after(() => server.close());

  const page = await newPage(env);
  await page.goto(server.url + '?mode=two-players');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitControlled(page);
  // Reloaded under the service worker, a computer game starts the engine and its downloads.
  await page.goto(server.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // The mismatched file is not served (409) nor cached: the tables stop at 2 pieces.
  await waitData(page, 2, true);
  await page.waitForTimeout(1000);
  assert.deepEqual(await dataState(page), { tables: 2, brazilianTables: 0, book: true, brazilianBook: false });
  let cached = await dataCaches(page);
  const v1 = Object.keys(cached).find((k) => k.startsWith('dama-data-'));
  assert.deepEqual(cached[v1], DATA.filter((f) => !f.includes('italian-3')).sort());

  // A new build: the 3-piece file's new bytes are listed, and the 2-piece file changes too.
  regzip('www/data/egtb/italian-2.egtb.gz');
  precache();
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  // Chromium activates a worker that called skipWaiting only once the active one has no request
  // under way; clicked while the engine was still fetching its data through the old worker, the
  // switch sometimes outlasted the 30 s wait (1 run in 3 here, and in CI). Wait for the data.
  await waitData(page, 2, true);
  await page.waitForTimeout(500);
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitData(page, 4, true);
  // One site cache and one data cache, the new ones, filled with every file.
  await waitForAsync(
    page,
    async ([old, n]) => {
      const keys = (await caches.keys()).filter((k) => k.startsWith('dama-'));
      const data = keys.filter((k) => k.startsWith('dama-data-'));
      return keys.length === 2 && data.length === 1 && data[0] !== old && (await (await caches.open(data[0])).keys()).length === n;
    },
    [v1, DATA.length],
    { timeout: 20000, polling: 200 },
  );
  cached = await dataCaches(page);
  const v2 = Object.keys(cached).find((k) => k.startsWith('dama-data-'));
  assert.deepEqual(cached[v2], [...DATA].sort());
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
