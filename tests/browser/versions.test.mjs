// One version per page: with a real service worker and two tabs in one browser, a new version
// accepted in one tab never reaches the other tab's files (neither the page's requests nor
// those of an engine worker it starts afterwards) until that tab reloads into it; and a deploy
// uploaded in steps (the new file list live while an old file is still served) is refused
// whole, the old version staying in use and working offline, until the upload is complete.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { setup, needBuilt, clickMove, waitForAsync } from './helpers.mjs';
import { startServer, ROOT } from './server.mjs';

const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

// A copy of the site whose www/shared/wasm.js (loaded by the page and by the engine worker) says
// which build it is: `build('A')` writes the file, `precache()` writes the list of what is there.
function site(t) {
  const dir = mkdtempSync(join(tmpdir(), 'dama-versions-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  for (const f of ['index.html', 'sw.js', 'manifest.webmanifest', 'www']) cpSync(join(ROOT, f), join(dir, f), { recursive: true });
  const wasmJs = join(dir, 'www', 'shared', 'wasm.js');
  const original = readFileSync(wasmJs, 'utf8');
  return {
    dir,
    build: (name) => writeFileSync(wasmJs, `${original}\nglobalThis.damaBuild = '${name}';\n`),
    precache: () => execFileSync(process.execPath, [join(ROOT, 'scripts', 'precache.mjs'), dir], { encoding: 'utf8' }),
  };
}

// A tab in `context` with its errors collected, at `url`, playable.
async function openTab(context, url) {
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (msg) => {
    // The console's "Failed to load resource" does not say which: its location does.
    if (msg.type() === 'error') page.errors.push(`${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => page.errors.push(String(err)));
  page.engineWorkers = [];
  page.on('worker', (w) => {
    if (w.url().endsWith('/engine.worker.js')) page.engineWorkers.push(w);
  });
  await page.goto(url);
  await ready(page);
  return page;
}

const ready = (page) => page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
const controlled = (page) => page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });

// The build of the page's own modules and of the www/shared/wasm.js it is served now.
async function pageBuild(page) {
  return page.evaluate(async () => {
    const served = await fetch('www/shared/wasm.js').then((r) => r.text());
    return { loaded: globalThis.damaBuild, served: /damaBuild = '(\w+)'/.exec(served)?.[1] };
  });
}

// The build a fresh engine worker runs: the running one (if any) is dropped by cancelling a
// search, the next search starts another, and that worker is asked what it loaded and what
// it is served.
async function engineBuild(page) {
  await page.waitForFunction(() => !!window.__dama.engine); // it loads once the board is playable
  const before = page.engineWorkers.length;
  await page.evaluate(async (fen) => {
    const engine = window.__dama.engine;
    const owner = {};
    const first = engine.search(owner, { variant: 'italian', startFen: fen, moves: [], level: 1, timeMs: 5000, seed: 1 });
    engine.cancel(owner); // terminates the worker that took it
    await first;
    await engine.search({}, { variant: 'italian', startFen: fen, moves: [], level: 1, timeMs: 50, seed: 1 });
  }, START);
  assert.ok(page.engineWorkers.length > before, 'a new engine worker was started');
  const worker = page.engineWorkers[page.engineWorkers.length - 1];
  return worker.evaluate(async () => {
    const served = await fetch('../shared/wasm.js').then((r) => r.text());
    return { loaded: globalThis.damaBuild, served: /damaBuild = '(\w+)'/.exec(served)?.[1] };
  });
}

// A copy of the site built and listed as version A, served, and a page of it loaded through
// its service worker, as on any later visit: {s, server, context, page}.
async function servedA(t) {
  const s = site(t);
  s.build('A');
  s.precache();
  const server = await startServer(s.dir);
  t.after(() => server.close());
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
  t.after(() => context.close());
  const page = await openTab(context, server.url + '?mode=two-players');
  await controlled(page);
  await page.reload();
  await ready(page);
  await settled(page, s.dir);
  return { s, server, context, page };
}

// Until the files a visit fetches in the background are cached: the engine's data (the service
// worker fills its cache one file at a time after the install) and, on a page whose engine uses
// threads, the threaded engine (cached when first fetched). Going offline before that ends makes
// a fetch fail, as it would for a player; the version is then not whole offline, which is not
// what these tests are about.
async function settled(page, dir) {
  const text = readFileSync(join(dir, 'www', 'offline', 'precache.js'), 'utf8');
  const list = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  const data = (list.data?.files ?? []).map((f) => f.path);
  const lazy = (list.lazy ?? []).map((f) => f.path);
  await waitForAsync(
    page,
    async ({ data, lazy }) => {
      const cached = new Set();
      for (const k of await caches.keys()) {
        if (!k.startsWith('dama-')) continue;
        for (const r of await (await caches.open(k)).keys()) cached.add(new URL(r.url).pathname.slice(1));
      }
      const wanted = globalThis.crossOriginIsolated ? [...data, ...lazy] : data;
      return wanted.every((p) => cached.has(p));
    },
    { data, lazy },
    { timeout: 30000, polling: 200 },
  );
}

const siteCaches = (page) => page.evaluate(async () => (await caches.keys()).filter((k) => k.startsWith('dama-') && !k.startsWith('dama-data-')));

// Asks the service worker to look for a new version; resolves to what became of it:
// 'installed' (it waits), 'redundant' (its install failed) or 'none' (nothing new). The browser
// checks on its own after each navigation, and an update asked while such a check is under
// way is answered by it: one that began before the new version was written finds nothing new
// (seen on a loaded machine). So a 'none' is asked again, twice at most: a version that is not
// found by the third check is not there.
function checkForUpdate(page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    for (let i = 0; i < 3 && !(reg.installing ?? reg.waiting); i++) await reg.update();
    const w = reg.installing ?? reg.waiting;
    if (!w) return 'none';
    if (w.state === 'installed' || w.state === 'redundant') return w.state;
    return new Promise((resolve) => {
      w.addEventListener('statechange', () => {
        if (w.state === 'installed' || w.state === 'redundant') resolve(w.state);
      });
    });
  });
}

test('a version accepted in one tab leaves the other tab on its own version until it reloads', { timeout: 120000 }, async (t) => {
  needBuilt('www/offline/precache.js');
  const { s, server, context, page: tab1 } = await servedA(t);
  const tab2 = await openTab(context, server.url + '?mode=two-players');
  await controlled(tab2);
  assert.deepEqual(await pageBuild(tab1), { loaded: 'A', served: 'A' });
  assert.deepEqual(await engineBuild(tab1), { loaded: 'A', served: 'A' });
  assert.deepEqual(await pageBuild(tab2), { loaded: 'A', served: 'A' });
  const [cacheA] = await siteCaches(tab1);
  // The engine worker's downloads through the service worker are over before the switch
  // (Chromium holds a skipWaiting activation while the old worker has requests under way).
  if (existsSync(join(s.dir, 'www', 'data', 'book.bin'))) {
    await tab1.waitForFunction(() => window.__dama.engine?.data.book && window.__dama.engine.data.tables >= 4, null, { timeout: 20000 });
  }

  // Version B is deployed; tab 2 finds it and accepts it.
  s.build('B');
  s.precache();
  assert.equal(await checkForUpdate(tab2), 'installed');
  await tab2.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  // Tab 1 saw it waiting too: put its offer away, to see it made again once B has taken over.
  await tab1.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await tab1.evaluate(() => {
    document.getElementById('update').hidden = true;
    document.getElementById('update-reload').onclick = null;
  });
  await Promise.all([tab2.waitForEvent('load', { timeout: 30000 }), tab2.click('#update-reload')]);
  await ready(tab2);
  assert.deepEqual(await pageBuild(tab2), { loaded: 'B', served: 'B' });

  // Tab 1 still runs A: it is served A's files, and so is an engine worker it starts now.
  assert.deepEqual(await pageBuild(tab1), { loaded: 'A', served: 'A' }, 'tab 1 is served its own version');
  assert.deepEqual(await engineBuild(tab1), { loaded: 'A', served: 'A' }, "tab 1's new engine worker runs its page's version");
  assert.ok((await siteCaches(tab1)).includes(cacheA), "A's cache is kept while tab 1 uses it");

  // Tab 1 is told (B has taken over), and its button takes it to B, whole.
  await tab1.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await Promise.all([tab1.waitForEvent('load', { timeout: 15000 }), tab1.click('#update-reload')]);
  await ready(tab1);
  assert.deepEqual(await pageBuild(tab1), { loaded: 'B', served: 'B' });
  assert.deepEqual(await engineBuild(tab1), { loaded: 'B', served: 'B' });
  // No page uses A any more: its cache goes.
  await tab1.waitForFunction(
    (old) => caches.keys().then((k) => k.filter((x) => x.startsWith('dama-') && !x.startsWith('dama-data-')).length === 1 && !k.includes(old)),
    cacheA,
    { timeout: 20000 },
  );
  assert.deepEqual(tab1.errors, []);
  assert.deepEqual(tab2.errors, []);
});

test('a deploy uploaded in steps is refused until complete, and the old version works meanwhile', { timeout: 120000 }, async (t) => {
  needBuilt('www/offline/precache.js');
  const { s, context, page } = await servedA(t);
  const [cacheA] = await siteCaches(page);

  // The new list is live, but the server still has the old www/shared/wasm.js.
  s.build('B');
  s.precache();
  s.build('A');
  assert.equal(await checkForUpdate(page), 'redundant', 'the install refuses a file that does not match its hash');
  assert.equal(await page.isVisible('#update'), false, 'no update offered');
  assert.deepEqual(await siteCaches(page), [cacheA], 'the old version only');
  assert.deepEqual(await pageBuild(page), { loaded: 'A', served: 'A' });

  // The old version still works, offline too.
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.deepEqual(await pageBuild(page), { loaded: 'A', served: 'A' });
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 10000 });
  await context.setOffline(false);

  // The upload completes: a later check installs B, whole. In 2 full runs of the suite out of
  // 5 (never with this file alone) the first check came out 'redundant': probably the service
  // worker was still offline a moment after the page (the emulation reaches each target on its
  // own; with 3 s between going online and the check it never failed). The service worker
  // tries again at the next check after a failed install, so a second check is allowed; a
  // version that never installs still fails.
  s.build('B');
  let state = await checkForUpdate(page);
  if (state === 'redundant') {
    console.log('the first update check after the upload failed; checking again');
    state = await checkForUpdate(page);
  }
  assert.equal(state, 'installed');
  await page.waitForSelector('#update:not([hidden])', { timeout: 20000 });
  await Promise.all([page.waitForEvent('load', { timeout: 30000 }), page.click('#update-reload')]);
  await ready(page);
  assert.deepEqual(await pageBuild(page), { loaded: 'B', served: 'B' });
  await settled(page, s.dir);
  await context.setOffline(true);
  await page.reload();
  await ready(page);
  assert.deepEqual(await pageBuild(page), { loaded: 'B', served: 'B' });
  assert.deepEqual(page.errors, []);
});
