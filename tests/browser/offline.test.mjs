// Offline: after one visit the service worker has every file, so the game loads and plays
// with the network off; a new build replaces the cached one whole.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { setup, newPage, needBuilt, clickMove, screenshot, waitDataCached } from './helpers.mjs';
import { startServer, ROOT } from './server.mjs';

let env;
before(async () => {
  env = await setup({ serviceWorkers: 'allow', analysisEngine: true }); // the service worker and the engine offline are what these test
});
after(async () => {
  await env?.close();
});

async function waitControlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null && navigator.serviceWorker?.controller !== undefined, null, { timeout: 20000 });
}

test('after one visit the game loads and plays against the computer offline', { timeout: 60000 }, async () => {
  needBuilt('www/offline/precache.js');
  const page = await newPage(env);
  await page.goto(env.server.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitControlled(page);
  await page.context().setOffline(true);
  const offline = await page.evaluate(() => fetch('manifest.webmanifest?x=' + Math.random()).then(() => 'online', () => 'offline'));
  assert.equal(offline, 'offline', 'the network really is off');
  page.errors.length = 0; // that probe's own failure
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  assert.equal((await page.evaluate(() => window.__dama.history()))[0], '22-18');
  // The other pages are there too.
  await page.goto(env.server.url + 'www/rules.html');
  await page.waitForFunction(() => window.__rulesReady === true, null, { timeout: 15000 });
  await page.goto(env.server.url + 'www/frame.html?mode=two-players');
  await page.waitForFunction(() => document.getElementById('board')?.isReady, null, { timeout: 15000 });
  await screenshot(page, 'offline-frame');
  // The analysis board analyses offline: its worker and the engine's files are cached.
  await page.goto(env.server.url + 'www/analysis.html');
  await page.waitForFunction(() => (window.__analysis?.lines()?.depth ?? 0) >= 4, null, { timeout: 20000 });
  await page.goto(env.server.url + 'www/puzzles.html');
  await page.waitForFunction(() => !!window.__puzzles, null, { timeout: 15000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a new version replaces the cached one whole, when the page asks', { timeout: 60000 }, async (t) => {
  needBuilt('www/offline/precache.js');
  // A copy of the site, so a "new build" can be made without touching the repository.
  const dir = mkdtempSync(join(tmpdir(), 'dama-site-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['index.html', 'sw.js', 'manifest.webmanifest', 'www']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  const precache = () => execFileSync(process.execPath, [join(ROOT, 'scripts', 'precache.mjs'), dir], { encoding: 'utf8' });
  precache();
  const server = await startServer(dir);
  t.after(() => server.close());

  const page = await newPage(env);
  await page.goto(server.url);
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitControlled(page);
  // The site's cache (the engine's data has one of its own, dama-data-*: tests/browser/data.test.mjs).
  const v1 = await page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('dama-') && !k.startsWith('dama-data-')));
  assert.equal(v1.length, 1);

  // A new build: a changed stylesheet and a new list.
  const css = join(dir, 'www', 'shared', 'style.css');
  writeFileSync(css, readFileSync(css, 'utf8') + '\n/* v2 */ body { --v2: 1; }\n');
  precache();
  // Still the old version: the old cache is never mixed with new files.
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r.update()));
  await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--v2')), '', 'old page, old files');
  // The page asks: the new worker takes over, the page reloads with the new files only.
  await Promise.all([page.waitForEvent('load'), page.click('#update-reload')]);
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  assert.equal((await page.evaluate(() => getComputedStyle(document.body).getPropertyValue('--v2'))).trim(), '1');
  await page.waitForFunction((old) => caches.keys().then((k) => k.filter((x) => x.startsWith('dama-') && !x.startsWith('dama-data-')).length === 1 && !k.includes(old)), v1[0], { timeout: 10000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('after one visit the explorers, both games\' puzzles, a shared game, a game by link and the embed\'s analysis work offline', { timeout: 120000 }, async () => {
  const precacheFile = join(ROOT, 'www', 'offline', 'precache.js');
  needBuilt('www/offline/precache.js');
  const text = readFileSync(precacheFile, 'utf8');
  const dataFiles = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1)).data.files.length;
  assert.ok(dataFiles > 0, 'no engine data built: run make build (make test does)');
  const page = await newPage(env, { analysisEngine: false });
  // The one visit: the game page (the service worker installs and fetches the engine's data).
  await page.goto(env.server.url);
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitControlled(page);
  await waitDataCached(page, dataFiles, { timeout: 30000, polling: 250 });
  // What the links carry, packed by the page's own code while online.
  const { shared, corr } = await page.evaluate(async () => {
    const { packText } = await import('/www/shared/share.js');
    const pdn = '[GameType "26"]\n\n1. c3-d4 {A note.} (1. a3-b4 f6-g5) f6-g5 *\n';
    const c = { v: 1, id: 'offline-test', variant: 'brazilian', fen: 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12', moves: ['c3-d4'], by: 'white', date: '2026-11-30T00:00:00Z' };
    return { shared: await packText(pdn), corr: await packText(JSON.stringify(c)) };
  });
  await page.context().setOffline(true);
  assert.equal(await page.evaluate(() => fetch('manifest.webmanifest?x=' + Math.random()).then(() => 'online', () => 'offline')), 'offline');
  page.errors.length = 0; // that probe's own failure

  // The explorer: the endgame tables' moves (Italian), the book's (Brazilian).
  const answered = () =>
    page.waitForFunction(() => {
      const a = window.__analysis?.explorer().answer;
      return !!a && a.bookPositions > 0 && a.tablePieces >= 4;
    }, null, { timeout: 30000 });
  await page.goto(`${env.server.url}www/analysis.html#variant=italian&fen=${encodeURIComponent('W:WK29,K30:BK4')}`);
  await answered();
  assert.ok((await page.$$('#ex-tables tbody tr')).length > 0, 'the tables\' moves');
  await page.goto(`${env.server.url}www/analysis.html#variant=brazilian`);
  await page.reload();
  await answered();
  assert.ok((await page.$$('#ex-book tbody tr')).length > 0, 'the Brazilian book\'s moves');
  // A shared Brazilian game opens with its variation and comment.
  await page.goto(`${env.server.url}www/analysis.html#variant=brazilian&z=${shared}`);
  await page.reload();
  await page.waitForFunction(() => window.__analysis?.model().mainline().length === 2, null, { timeout: 15000 });
  assert.match(await page.evaluate(() => window.__analysis.pdn()), /c3-d4 \{A note\.\} \(1\. a3-b4 f6-g5\)/);
  // Both games' puzzles.
  for (const game of ['italian', 'brazilian']) {
    await page.goto(`${env.server.url}www/puzzles.html?game=${game}`);
    await page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
    assert.ok(await page.evaluate(() => !!window.__puzzles.id()), `a ${game} puzzle shown`);
  }
  // A friend's move by link: the game shown, Black to answer.
  await page.goto(`${env.server.url}index.html#c=${corr}`);
  await page.waitForFunction(() => window.__dama?.ready && window.__dama.history().length === 1, null, { timeout: 15000 });
  assert.match(await page.textContent('#notice'), /White sent this move on 2026-11-30: your turn/);
  // The embed's analysis: the frame's engine in its worker.
  await page.goto(`${env.server.url}www/frame.html?mode=analysis&variant=brazilian`);
  await page.waitForFunction(() => /depth \d+/.test(document.getElementById('board')?.shadowRoot?.querySelector('.eval-line')?.textContent ?? ''), null, { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
