// The offline copy (issue 55, item 7): the service worker, which downloads the whole site and
// the engine's data, starts once the page is playable and the browser idle, never before; where
// the browser asks to spare data (Save-Data, navigator.connection) it is not made until the
// player asks in the settings, which say what the copy holds and how big it is.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, newPage, screenshot, PHONE, DESKTOP } from './helpers.mjs';
import { ROOT } from './server.mjs';

let env;
before(async () => {
  env = await setup({ serviceWorkers: 'allow' });
});
after(async () => {
  await env?.close();
});

/** The copy's size as the settings say it: the build's count of the site's files and data. */
function copyMb() {
  const text = readFileSync(join(ROOT, 'www/offline/precache.js'), 'utf8');
  const { bytes } = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
  return ((bytes.site + bytes.data) / 1e6).toFixed(1);
}

/** A browser whose connection asks to spare data, as Chromium says it with Save-Data on. */
const SAVE_DATA = () =>
  Object.defineProperty(Navigator.prototype, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g', addEventListener() {} }) });

/** The settings' offline text once it is shown. */
async function offlineText(page) {
  // On a phone the button is in the page's menu.
  if (!(await page.isVisible('#btn-settings'))) await page.click('.menu-button');
  await page.click('#btn-settings');
  await page.waitForFunction(() => (document.querySelector('#settings-offline p')?.textContent ?? '') !== '', null, { timeout: 10000 }); // its dialog comes when first opened
  return page.locator('#settings-offline p').textContent();
}

for (const [size, device] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
]) {
  test(`a browser asking to save data gets no offline copy until the player keeps it in the settings (${size})`, { timeout: 150000 }, async () => {
    const page = await newPage(env, device);
    await page.addInitScript(SAVE_DATA);
    /** @type {string[]} */
    const swRequests = [];
    page.context().on('request', (req) => {
      if (req.serviceWorker() || new URL(req.url()).pathname.endsWith('/sw.js')) swRequests.push(new URL(req.url()).pathname);
    });
    await page.goto(env.server.url + '?mode=two-players');
    await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 20000 });
    // Idle, and then some: still nothing registered, nothing downloaded for the copy.
    await page.evaluate(() => new Promise((r) => requestIdleCallback(() => setTimeout(r, 1500))));
    assert.equal(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())), false);
    assert.deepEqual(swRequests, []);
    const before = await offlineText(page);
    assert.equal(before, `Not kept for offline use: your browser asks to save data. The pages, the computer, its opening books and endgame tables take ${copyMb()} MB.`);
    const keep = page.locator('#settings-offline button');
    assert.equal(await keep.isVisible(), true);
    await screenshot(page, `offline-copy-sparing-${size}`);
    await keep.click();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90000 }); // the whole site, downloaded beside the other tests
    await page.waitForFunction(() => /^Kept in this browser/.test(document.querySelector('#settings-offline p')?.textContent ?? ''), null, { timeout: 10000 });
    assert.equal(await keep.isVisible(), false);
    // Asked once: the next pages keep it up to date (the page registers as anywhere else).
    assert.equal(await page.evaluate(() => localStorage.getItem('dama.keepOffline')), '1');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}

test('elsewhere the offline copy starts once the page is playable, and the settings say it is kept', { timeout: 150000 }, async () => {
  const page = await newPage(env, PHONE);
  /** @type {number[]} */
  const swAt = [];
  page.context().on('request', (req) => {
    if (new URL(req.url()).pathname.endsWith('/sw.js')) swAt.push(Date.now());
  });
  await page.goto(env.server.url + '?mode=two-players');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 20000 });
  const playableAt = Date.now();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 90000 }); // the whole site, downloaded beside the other tests
  assert.ok(swAt.length >= 1 && swAt[0] >= playableAt - 50, 'the service worker was asked for after the page was playable');
  assert.equal(await offlineText(page), `Kept in this browser for offline use: the pages, the computer, its opening books and endgame tables, ${copyMb()} MB in all.`);
  await screenshot(page, 'offline-copy-kept-phone');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
