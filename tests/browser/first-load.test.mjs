// A first visit (issue 21, item 7): each of the two wasm builds, the page's (the rules) and
// the engine's, is downloaded once per page, however many workers use them (the engine worker
// and its replacements, the analysis worker, the PDN reader): the page hands them its compiled
// copy, so this holds even from a server that forbids caching (server.mjs). Served as a static
// host serves the site (host-server.mjs: gzip, ETags), the service worker's copy for offline
// use is a revalidation, not a second download. And the game takes a move before the engine
// has arrived.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, newPage, clickMove, screenshot, waitForAsync } from './helpers.mjs';
import { startHostServer } from './host-server.mjs';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const RULES = 'www/pkg/dama_rules_bg.wasm';
const ENGINE = 'www/pkg/dama_wasm_bg.wasm';

let env;
let host;
before(async () => {
  env = await setup({ serviceWorkers: 'allow', analysisEngine: true }); // the service worker and the engine's data are what these test
  host = await startHostServer();
});
after(async () => {
  await host?.close();
  await env?.close();
});

/**
 * Counts the downloads of each wasm file in `context`: a response with a body from the
 * network, not a revalidated copy (a 304 shows as the cached 200, with no body transferred)
 * nor an answer from the service worker. The service worker's own downloads count only with
 * `serviceWorker`.
 * @returns {() => Promise<Record<string, number>>} the counts by path, once every finished
 *   request is looked at
 */
function countWasmDownloads(context, serviceWorker) {
  const counts = new Map();
  const pending = [];
  context.on('requestfinished', (req) => {
    const path = new URL(req.url()).pathname.slice(1);
    if (!path.endsWith('.wasm') || (req.serviceWorker() && !serviceWorker)) return;
    pending.push(
      (async () => {
        const res = await req.response();
        if (res?.status() !== 200 || res.fromServiceWorker() || !((await req.sizes()).responseBodySize > 0)) return;
        counts.set(path, (counts.get(path) ?? 0) + 1);
      })(),
    );
  });
  return async () => {
    await Promise.all(pending);
    return Object.fromEntries(counts);
  };
}

/** The servers: a static host (the service worker's downloads count), and one that forbids caching (they cannot but download). */
const SERVERS = [
  { name: 'a static host', url: () => host.url, serviceWorker: true },
  { name: 'a server that forbids caching', url: () => env.server.url, serviceWorker: false },
];

/** Waits until the page's service worker has cached both wasm builds (its install is over). */
async function waitOfflineCopy(page) {
  await waitForAsync(
    page,
    async (files) => {
      for (const key of await caches.keys()) {
        const cache = await caches.open(key);
        const held = await Promise.all(files.map((f) => cache.match(`${location.origin}/${f}`)));
        if (held.every(Boolean)) return true;
      }
      return false;
    },
    [RULES, ENGINE],
    { timeout: 30000, polling: 250 },
  );
}

for (const server of SERVERS) {
  test(`the game page downloads each wasm build once, from ${server.name}: the engine worker and a worker that replaces it get the page's copy`, { timeout: 90000 }, async () => {
    const page = await newPage(env, PHONE);
    const downloads = countWasmDownloads(page.context(), server.serviceWorker);
    await page.goto(server.url() + '?mode=computer&color=white&level=1');
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 20000 });
    await clickMove(page, '22-18');
    await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 30000 });
    // A new worker (as after a cancelled search) loads the engine without downloading it.
    await page.evaluate(() => {
      window.__dama.engine.kill();
      window.__dama.engine.start();
    });
    await page.waitForFunction(() => window.__dama.engine.ready, null, { timeout: 20000 });
    await waitOfflineCopy(page);
    assert.deepEqual(await downloads(), { [RULES]: 1, [ENGINE]: 1 });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  test(`the analysis board downloads each wasm build once, from ${server.name}, with the PDN reader and the analysis worker at work`, { timeout: 90000 }, async () => {
    const page = await newPage(env, PHONE);
    const downloads = countWasmDownloads(page.context(), server.serviceWorker);
    // Two games in the address: the PDN reader's worker lists them in the picker.
    const pdn = '[White "Anna"]\n1. 22-18 11-14 *\n\n[White "Bruno"]\n1. 21-17 12-16 *\n';
    await page.goto(`${server.url()}www/analysis.html#pdn=${encodeURIComponent(pdn)}`);
    await page.waitForSelector('#picker[open]', { timeout: 20000 });
    await page.waitForFunction(() => (window.__analysis?.lines()?.depth ?? 0) >= 2, null, { timeout: 30000 });
    await waitOfflineCopy(page);
    assert.deepEqual(await downloads(), { [RULES]: 1, [ENGINE]: 1 });
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('the game takes a move before the engine has arrived, and the computer answers once it has', { timeout: 90000 }, async () => {
  // No service worker: the engine's one download is the page's, held here.
  const page = await newPage(env, { ...PHONE, serviceWorkers: 'block' });
  /** @type {import('playwright-core').Route[]} */
  const held = [];
  await page.route(`**/${ENGINE}`, (route) => void held.push(route));
  await page.goto(host.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 20000 });
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 1, null, { timeout: 10000 });
  // The engine's client loads once the board is playable: its wasm is asked for around the
  // player's first move, before or just after it.
  for (let i = 0; i < 100 && !held.length; i++) await page.waitForTimeout(50);
  assert.equal(held.length, 1, 'the engine was asked for and has not arrived');
  assert.equal(await page.evaluate(() => window.__dama.history().length), 1, 'the computer has not answered');
  assert.equal(await page.evaluate(() => window.__dama.engine?.ready ?? false), false);
  await screenshot(page, 'first-load-before-engine-phone');
  await held[0].continue();
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 30000 });
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('the threaded engine\'s glue is downloaded once, by the engine worker, and each helper thread revalidates it', { timeout: 90000 }, async (t) => {
  const isolated = await startHostServer(undefined, { isolated: true });
  t.after(() => isolated.close());
  const page = await newPage(env, { ...PHONE, serviceWorkers: 'block' });
  /** @type {Promise<number>[]} */
  const glue = [];
  page.context().on('requestfinished', (req) => {
    if (!new URL(req.url()).pathname.endsWith('/www/pkg/dama_threads.js')) return;
    glue.push(req.response().then(async (res) => (res?.status() === 200 && (await req.sizes()).responseBodySize > 0 ? 1 : 0)));
  });
  // Black: the computer moves first, on the threaded engine with its helper threads.
  await page.goto(isolated.url + '?mode=computer&color=black&level=3');
  await page.waitForFunction(() => window.__dama?.ready === true && window.__dama.history().length >= 1, null, { timeout: 30000 });
  const threads = await page.evaluate(() => window.__dama.engine?.threads ?? 0);
  assert.ok(threads >= 2, `the engine runs on helper threads (${threads} threads)`);
  const counts = await Promise.all(glue);
  assert.ok(counts.length >= threads, `each of the ${threads} workers asked for the glue (${counts.length} requests)`);
  assert.equal(counts.reduce((a, b) => a + b, 0), 1, 'downloaded once');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
