// The endgame tables a player downloads on asking (issue 24: "Download endgame tables, N MB"):
// the game page's settings offer each game's larger tables the site lists (www/data/egtb-5/,
// `make tables-5`), no visit fetches them unasked, a download shows its progress, is checked
// against the list's SHA-256, is used by the computer at once and after every reload, offline
// too, and can be removed; a damaged download keeps nothing and says why.
//
// The real 5-piece files take minutes to build, so the site's list is replaced here by one that
// offers the Italian 4-piece table file as "italian-5.egtb.gz", while the page's own 4-piece
// file is refused: the computer knows 3 pieces before the download and 4 after.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { setup, newPage, needBuilt, screenshot, waitForAsync, axeViolations } from './helpers.mjs';
import { ROOT } from './server.mjs';

const STAND_IN = 'www/data/egtb/italian-4.egtb.gz';

let env;
before(async () => {
  env = await setup({ serviceWorkers: 'allow' });
});
after(async () => {
  await env?.close();
});

const tables = (page) => page.evaluate(() => window.__dama.engine?.data.tables ?? 0);
const waitTables = (page, n) =>
  page.waitForFunction((k) => window.__dama?.engine?.data.tables === k, n, { timeout: 20000 });

/** A page whose site offers `body` as the Italian 5-piece file (listed with `listed`'s hash). */
async function offering(body, listed = body) {
  const page = await newPage(env);
  const context = page.context();
  const fetched = [];
  // On the context: the service worker's own requests are routed too.
  await context.route('**/www/data/egtb/italian-4.egtb.gz', (route) => route.fulfill({ status: 404, body: 'not here' }));
  await context.route('**/www/data/egtb-5/index.json', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        format: 1,
        tables: [
          { game: 'italian', pieces: 5, path: 'italian-5.egtb.gz', bytes: listed.length, unpacked: 6360832, sha256: createHash('sha256').update(listed).digest('hex') },
          { game: 'checkers', pieces: 5, path: 'checkers-5.egtb.gz', bytes: 10, unpacked: 10, sha256: '0'.repeat(64) },
        ],
      }),
    }),
  );
  await context.route('**/www/data/egtb-5/italian-5.egtb.gz', (route) => {
    fetched.push(route.request().url());
    return route.fulfill({ contentType: 'application/gzip', body });
  });
  await page.goto(env.server.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  return { page, fetched };
}

async function openSettings(page) {
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  await page.waitForSelector('#settings-tables:not([hidden]) .settings-tables-row');
}

/** Until the smaller tables are in the service worker's data cache: a page offline loads them from there. */
const waitSmallerCached = (page) =>
  waitForAsync(
    page,
    async () => {
      for (const k of await caches.keys()) {
        if (!k.startsWith('dama-data-')) continue;
        const have = (await (await caches.open(k)).keys()).map((r) => r.url);
        if (['italian-2', 'italian-3'].every((f) => have.some((u) => u.endsWith(`/${f}.egtb.gz`)))) return true;
      }
      return false;
    },
    null,
    { timeout: 20000, polling: 200 },
  );

const row = (page) => page.textContent('.settings-tables-row[data-game="italian"]');

test('the 5-piece tables: offered with their size, downloaded on asking, used at once, kept offline, removed', { timeout: 120000 }, async () => {
  needBuilt(STAND_IN);
  const file = readFileSync(join(ROOT, STAND_IN));
  const { page, fetched } = await offering(file);
  await waitTables(page, 3);
  await openSettings(page);
  // Only the games the list offers (not the unknown one), with the download's size.
  assert.equal(await page.locator('.settings-tables-row').count(), 1);
  assert.match(await row(page), /^Italian draughts: the computer knows up to 4 pieces\.Download endgame tables, 1 MB$/);
  assert.match(await page.textContent('#settings-tables small'), /every position of up to 5 pieces perfectly, offline too.*about 6 MB of memory/);
  await page.locator('#settings-tables').scrollIntoViewIfNeeded();
  await screenshot(page, 'tables-offered');
  assert.deepEqual(fetched, [], 'nothing is downloaded unasked');

  await page.click('.settings-tables-row[data-game="italian"] button');
  await page.waitForSelector('.settings-tables-row[data-game="italian"] button:text("Remove")');
  assert.equal(fetched.length, 1, 'one download');
  assert.match(await row(page), /^Italian draughts: up to 5 pieces, kept in this browser\.Remove$/);
  // The engine worker heard of it and loaded the file at once.
  await waitTables(page, 4);
  await page.locator('#settings-tables').scrollIntoViewIfNeeded();
  await screenshot(page, 'tables-kept');
  assert.deepEqual(await axeViolations(page), [], 'the dialog with its tables passes axe');

  // Every later page loads it from this browser, offline too.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });
  await waitSmallerCached(page);
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitTables(page, 4);
  assert.equal(fetched.length, 1, 'not downloaded again');
  await page.context().setOffline(false);

  // Removed: said, and the next page does without.
  await openSettings(page);
  await page.click('.settings-tables-row[data-game="italian"] button:text("Remove")');
  await page.waitForSelector('.settings-tables-row[data-game="italian"] small[role="status"]');
  assert.match(await row(page), /knows up to 4 pieces\.Download endgame tables, 1 MB.*Removed from this browser/);
  await page.keyboard.press('Escape');
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitTables(page, 3);
  await page.waitForTimeout(500);
  assert.equal(await tables(page), 3, 'the removed tables are not loaded');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a download that is not the listed file keeps nothing and says why', { timeout: 60000 }, async () => {
  needBuilt(STAND_IN);
  const file = readFileSync(join(ROOT, STAND_IN));
  const damaged = Buffer.from(file);
  damaged[damaged.length >> 1] ^= 0xff;
  const { page } = await offering(damaged, file);
  await waitTables(page, 3);
  await openSettings(page);
  await page.click('.settings-tables-row[data-game="italian"] button');
  await page.waitForSelector('.settings-tables-row[data-game="italian"] small[role="status"]');
  assert.match(await row(page), /knows up to 4 pieces\.Download endgame tables, 1 MB.*did not finish \(the file is not the one the site lists\)\. Nothing was kept/);
  await waitForAsync(page, async () => (await (await caches.open('dama.tables')).keys()).length === 0, null);
  await page.waitForTimeout(500);
  assert.equal(await tables(page), 3);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

/** Writes `body` (base64) over the kept Italian file, its headers (the SHA-256 it was kept with) unchanged. */
const damageKept = (page, body) =>
  page.evaluate(async (b64) => {
    const cache = await caches.open('dama.tables');
    const [req] = await cache.keys();
    const res = await cache.match(req);
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    await cache.put(req, new Response(bytes, { headers: res.headers }));
  }, body.toString('base64'));
/** The kept Italian file's SHA-256, computed from its bytes (null: none kept). */
const keptHash = (page) =>
  page.evaluate(async () => {
    const cache = await caches.open('dama.tables');
    const [req] = await cache.keys();
    if (!req) return null;
    const d = new Uint8Array(await crypto.subtle.digest('SHA-256', await (await cache.match(req)).arrayBuffer()));
    return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
  });

test('a kept file damaged later is dropped and downloaded again; offline, the player is told once', { timeout: 180000 }, async () => {
  needBuilt(STAND_IN);
  const file = readFileSync(join(ROOT, STAND_IN));
  const want = createHash('sha256').update(file).digest('hex');
  const { page, fetched } = await offering(file);
  await waitTables(page, 3);
  await openSettings(page);
  await page.click('.settings-tables-row[data-game="italian"] button');
  await waitTables(page, 4);
  assert.equal(fetched.length, 1);
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });
  // A byte flipped; a value changed, the file gzipped again (a whole gzip, another file); the
  // body gone. Each is noticed at the next page, dropped and downloaded again: the computer
  // knows 4 pieces, and the kept copy is the listed file.
  const flipped = Buffer.from(file);
  flipped[flipped.length >> 1] ^= 0x01;
  const raw = gunzipSync(file);
  raw[raw.length - 1] ^= 0x01;
  for (const [what, body] of [['a flipped byte', flipped], ['a changed value, gzipped again', gzipSync(raw)], ['an empty body', Buffer.alloc(0)]]) {
    await damageKept(page, body);
    assert.notEqual(await keptHash(page), want, what);
    const before = fetched.length;
    await page.reload();
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
    await waitTables(page, 4);
    assert.equal(fetched.length, before + 1, `${what}: downloaded again`);
    assert.equal(await keptHash(page), want, `${what}: the listed file kept again`);
    assert.equal(await page.isVisible('#notice'), false, `${what}: nothing to tell`);
  }
  // Offline it cannot be downloaded: dropped, and the player is told, once.
  await waitSmallerCached(page);
  await damageKept(page, flipped);
  // (Routed requests are answered offline too: these are refused as the network would.)
  const cut = (route) => route.abort('internetdisconnected');
  await page.context().route('**/www/data/egtb-5/**', cut);
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await page.waitForSelector('#notice:not([hidden])', { timeout: 20000 });
  assert.match(
    await page.textContent('#notice'),
    /^The endgame tables of Italian draughts you downloaded \(up to 5 pieces\) were damaged and are removed\. Download them again from the settings\.$/,
  );
  await screenshot(page, 'tables-lost');
  assert.equal(await keptHash(page), null, 'the damaged copy is not kept');
  assert.equal(await tables(page), 3);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitTables(page, 3);
  await page.waitForTimeout(1000);
  assert.equal(await page.isVisible('#notice'), false, 'told once');
  await page.context().setOffline(false);
  await page.context().unroute('**/www/data/egtb-5/**', cut);
  await openSettings(page);
  assert.match(await row(page), /^Italian draughts: the computer knows up to 4 pieces\.Download endgame tables, 1 MB$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('tables kept from an earlier version of the site are said to be so and updated on asking', { timeout: 90000 }, async () => {
  needBuilt(STAND_IN);
  const file = readFileSync(join(ROOT, STAND_IN));
  const { page, fetched } = await offering(file);
  // What an earlier version kept under the same name: another file, which this build refuses
  // (whole: kept with its own SHA-256).
  await page.evaluate(async (sha) => {
    const headers = { 'content-type': 'application/gzip', 'content-length': '9', 'x-dama-game': 'italian', 'x-dama-pieces': '5', 'x-dama-sha256': sha };
    const cache = await caches.open('dama.tables');
    await cache.put(new URL('data/egtb-5/italian-5.egtb.gz', location.href.replace(/[^/]*$/, '') + 'www/').href, new Response('not these', { headers }));
  }, createHash('sha256').update('not these').digest('hex'));
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await waitTables(page, 3);
  await openSettings(page);
  assert.match(await row(page), /^Italian draughts: the tables kept in this browser are from an earlier version of the site; the computer may not read them\.Update endgame tables, 1 MBRemove$/);
  assert.deepEqual(fetched, [], 'nothing is downloaded unasked');
  await page.locator('#settings-tables').scrollIntoViewIfNeeded();
  await screenshot(page, 'tables-outdated');
  await page.click('.settings-tables-row[data-game="italian"] button:text("Update")');
  await page.waitForSelector('.settings-tables-row[data-game="italian"]:not(:has(button:text("Update"))):has(button:text("Remove"))');
  assert.match(await row(page), /^Italian draughts: up to 5 pieces, kept in this browser\.Remove$/);
  await waitTables(page, 4);
  // The new file took the old one's place.
  assert.equal(await page.evaluate(async () => (await (await caches.open('dama.tables')).keys()).length), 1);
  await page.context().close();
});

test('a site whose list offers no tables (make data before make tables-5) shows none', { timeout: 60000 }, async () => {
  const page = await newPage(env);
  await page.context().route('**/www/data/egtb-5/index.json', (route) => route.fulfill({ contentType: 'application/json', body: '{"format": 1, "tables": []}' }));
  await page.goto(env.server.url + '?mode=two-players');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await page.click('#btn-settings');
  await page.waitForSelector('#settings[open]');
  await page.waitForTimeout(500);
  assert.equal(await page.isVisible('#settings-tables'), false);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
