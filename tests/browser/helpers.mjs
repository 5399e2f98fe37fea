// Shared set-up for the browser tests: one Chromium and one static server per test file,
// pages that record console errors, and clicks on board squares computed from the canvas's
// box and orientation (the same geometry a player sees, not the page's own helpers).

import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { startServer, ROOT } from './server.mjs';

export const SCREENSHOTS = join(ROOT, 'tests', 'browser', 'screenshots');

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

// What every test's page is opened with unless it says otherwise:
// - no service worker: its install fetches and hashes the whole site in the background of
//   every fresh page, a tenth of the suite's time; the tests of offline play, versions and the
//   data cache (offline, versions, data, first-load...) ask for it with serviceWorkers: 'allow';
// - the player's choice of reduced motion: no piece slides, so a test waits for no animation
//   (the animations have their own tests, board.test.mjs; a test about them asks for
//   reducedMotion: 'no-preference').
/** The two screens every change is looked at on: a phone held upright, and a desktop. */
export const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
export const DESKTOP = { viewport: { width: 1280, height: 800 } };
/**
 * Both, for every test of a page's layout, a dialog or a control (a button hidden below a
 * phone's fold goes unseen at a desk): `for (const [screen, options] of SIZES) test(...)`.
 */
export const SIZES = /** @type {const} */ ([['phone', PHONE], ['desktop', DESKTOP]]);
/** A page that may copy to the clipboard and read it back (the tests of "Copy link"). */
export const CLIPBOARD = { permissions: ['clipboard-read', 'clipboard-write'] };

const PAGE_DEFAULTS = { viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', reducedMotion: 'reduce' };

// A page with console errors, page errors and Content-Security-Policy violations collected in
// page.errors (CSP reports also reach the console, but the event says exactly what).
//
// `analysisEngine: true` (an option here, for setup() or newPage()) leaves the analysis board's
// engine on when it opens, as for a player on a first visit. Else each page starts as if the
// player had last switched it off (the choice the board keeps): the engine searches on a whole
// core for as long as the page is open, and most tests that open the analysis board are not
// about it.
export async function newPage(env, options = {}) {
  const { analysisEngine = false, ...contextOptions } = { ...PAGE_DEFAULTS, ...env.pageDefaults, ...options };
  const context = await env.browser.newContext(contextOptions);
  if (!analysisEngine) {
    await context.addInitScript(() => {
      try {
        if (localStorage.getItem('dama.analysis.engine') === null) localStorage.setItem('dama.analysis.engine', 'off');
      } catch {
        // A page without storage (about:blank, an opaque origin): nothing to set.
      }
    });
  }
  const page = await context.newPage();
  page.errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.errors.push(msg.text());
  });
  page.on('pageerror', (err) => page.errors.push(String(err)));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return page;
}

/** One Chromium and one server for a test file; `pageDefaults` overrides PAGE_DEFAULTS for
 * every page of the file (e.g. { serviceWorkers: 'allow' } for the offline tests); `root` is the
 * site served (the repository, or make dist's copy); `serverOptions` the server's
 * ({ isolated: true }: cross-origin isolation headers, as make serve sends them). */
export async function setup(pageDefaults = {}, root = ROOT, serverOptions = {}) {
  const server = await startServer(root, serverOptions);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ARGS,
  });
  return {
    server,
    browser,
    pageDefaults,
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

// A page at `query` (e.g. '?fen=...'), with every console error and page error collected in
// page.errors. Waits until the app says it is ready.
export async function openPage(env, query = '', options = {}) {
  const page = await newPage(env, options);
  await page.goto(env.server.url + query);
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  return page;
}

// Centre of square `sq` in page coordinates, on the <dama-board> matched by `board` (the app
// page's is #board). `sq` is a number 1-32 in the game's numbering, or a name such as "c3".
// The geometry is the game's, worked out here rather than asked of the page:
//   italian:   1 is a8 (top-left from White's side), 32 is h1; a dark square at the near right.
//   brazilian: 1 is b8, 29 is a1, 32 is g1; a dark square at the near left.
// `variant` defaults to the game the element says it is playing. From Black's side the board
// is turned half a turn.
export async function squarePoint(page, sq, board = '#board', variant) {
  const { box, orientation, playing } = await page.evaluate((sel) => {
    const el = document.querySelector(sel);
    const r = el.canvas.getBoundingClientRect();
    return { box: { x: r.x, y: r.y, width: r.width }, orientation: el.orientation, playing: el.variant };
  }, board);
  return pointInBox(box, orientation, sq, variant ?? playing ?? 'italian');
}

/**
 * Centre of square `sq` (a number or a name) on a board drawn in `box` ({x, y, width}), turned
 * half a turn from Black's side: the geometry of squarePoint for any canvas board.
 */
export function pointInBox(box, orientation, sq, variant = 'italian') {
  const [row, col] = squareRowCol(sq, variant);
  const [r, c] = orientation === 'black' ? [7 - row, 7 - col] : [row, col];
  const cell = box.width / 8;
  return [box.x + (c + 0.5) * cell, box.y + (r + 0.5) * cell];
}

// Board row (0 = rank 8) and column (0 = a-file) of a square number or name.
export function squareRowCol(sq, variant = 'italian') {
  const name = /^([a-h])([1-8])$/.exec(String(sq));
  if (name) return [8 - Number(name[2]), name[1].charCodeAt(0) - 97];
  const row = Math.floor((sq - 1) / 4);
  const col = 2 * ((sq - 1) % 4) + ((row % 2) ^ (variant === 'brazilian' ? 1 : 0));
  return [row, col];
}

export async function clickSquare(page, sq, board = '#board', variant) {
  const [x, y] = await squarePoint(page, sq, board, variant);
  await page.mouse.click(x, y);
}

// Plays `text` (e.g. '22-18', or 'c3-d4' and 'c3xe5xc7' in Brazilian) by clicking its from and
// to squares, then any landing squares needed to tell apart captures that share both.
export async function clickMove(page, text, board = '#board', variant) {
  const squares = text.split(/[-x]/).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
  const plies = await page.evaluate((sel) => document.querySelector(sel).history().length, board);
  await clickSquare(page, squares[0], board, variant);
  await clickSquare(page, squares[squares.length - 1], board, variant);
  for (const sq of squares.slice(1, -1)) {
    if ((await page.evaluate((sel) => document.querySelector(sel).history().length, board)) > plies) break;
    await clickSquare(page, sq, board, variant);
  }
}

// Drag a piece with the mouse, in small steps as a hand would.
export async function dragSquare(page, from, to) {
  const [x1, y1] = await squarePoint(page, from);
  const [x2, y2] = await squarePoint(page, to);
  await page.mouse.move(x1, y1);
  await page.mouse.down();
  await page.mouse.move(x2, y2, { steps: 8 });
  await page.mouse.up();
}

/** On phones the header's buttons wait behind its menu button: open it if `selector` is hidden. */
export async function reveal(page, selector) {
  const menu = await page.$('.menu-button');
  if (!(await page.isVisible(selector)) && menu && (await menu.isVisible())) await menu.click();
}

// Picks a language in the page's picker and waits until the page speaks it: its table is
// loaded when first asked for, so the switch is not immediate.
export async function pickLanguage(page, code) {
  await page.selectOption('#lang', code);
  await page.waitForFunction((c) => document.documentElement.lang === c, code, { timeout: 10000 });
}

export async function history(page) {
  return page.evaluate(() => window.__dama.history());
}

// Waits until animations are over, so screenshots show the final picture.
export async function settle(page) {
  await page.waitForFunction(() => (window.__dama ? !window.__dama.animating() : [...document.querySelectorAll('dama-board')].every((b) => !b.animating)), null, {
    timeout: 5000,
  });
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await settle(page);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** A theme colour ('#rrggbb' or 'rgba(r, g, b, a)') as [r, g, b]. */
export const rgb = (/** @type {string} */ c) => (c.startsWith('#') ? [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)) : (c.match(/\d+/g) ?? []).slice(0, 3).map(Number));

/**
 * How many pixels of a board's `canvas` (a handle) near `at` (an Italian square number, or
 * the point halfway between two squares' centres) are within `tol` of `colour` in each
 * channel, in a box half a cell wide; the board seen from `orientation`'s side.
 * @param {import('playwright-core').JSHandle} canvas
 * @param {number | number[]} at
 * @param {string} colour
 * @param {number} tol
 */
export async function pixelsNear(canvas, at, colour, tol, orientation = 'white') {
  const centres = (Array.isArray(at) ? at : [at]).map((sq) => squareRowCol(sq).map((v) => (orientation === 'black' ? 7 - v : v) + 0.5));
  const [y, x] = [0, 1].map((i) => centres.reduce((a, c) => a + c[i], 0) / centres.length);
  return canvas.evaluate((el, [x, y, want, tol]) => {
    const cell = el.width / 8;
    const half = Math.round(cell / 4);
    const d = el.getContext('2d').getImageData(Math.round(x * cell) - half, Math.round(y * cell) - half, 2 * half, 2 * half).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if ([0, 1, 2].every((k) => Math.abs(d[i + k] - want[k]) <= tol)) n++;
    return n;
  }, [x, y, rgb(colour), tol]);
}

// axe-core is a dev dependency (package.json; `make test` installs it with npm ci). Where it
// is missing the checks fail, rather than pass without looking at the page.
/** @type {string | undefined} */
let axe;
export function axeSource() {
  if (axe === undefined) {
    let path;
    try {
      path = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
    } catch {
      throw new Error('axe-core is not installed: run npm ci');
    }
    axe = readFileSync(path, 'utf8');
  }
  return axe;
}

// axe's violations on the page as it is now ("rule: targets"), every rule including the best
// practices. The source is evaluated through the debugging protocol, so the page's CSP does
// not apply to it.
export async function axeViolations(page, source = axeSource()) {
  await page.evaluate(source);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

// Waits until an async check in the page holds. (page.waitForFunction takes the promise an
// async function returns as a truthy value and returns at once: it cannot wait on one.)
export async function waitForAsync(page, fn, arg, { timeout = 15000, polling = 200 } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(fn, arg)) return;
    if (Date.now() > end) throw new Error(`waitForAsync: not true within ${timeout} ms: ${fn}`);
    await new Promise((r) => setTimeout(r, polling));
  }
}

/**
 * Waits until the service worker's data cache (dama-data-*) holds `n` files: it fills in the
 * background, apart from the site's cache.
 * @param {import('playwright-core').Page} page
 * @param {number} n
 * @param {{timeout?: number, polling?: number}} [options]
 */
export function waitDataCached(page, n, options = { timeout: 30000, polling: 200 }) {
  return waitForAsync(
    page,
    async (count) => {
      for (const k of await caches.keys()) if (k.startsWith('dama-data-') && (await (await caches.open(k)).keys()).length === count) return true;
      return false;
    },
    n,
    options,
  );
}

/**
 * Storage that can fill up (a quota reached): from the next page `page` loads on,
 * `fillStorage(page, 'indexedDB')` makes every IndexedDB `put` and `add` throw a
 * QuotaExceededError, as a browser out of quota does, and `fillStorage(page, 'localStorage')`
 * every `localStorage.setItem` (its own 5 MB a site, apart from IndexedDB's quota); `null` frees
 * it again. Nothing is full until asked, and a reload frees it.
 * @param {import('playwright-core').Page} page
 */
export async function fillableStorage(page) {
  await page.addInitScript(() => {
    const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    /** @param {any} proto @param {string[]} names @param {(self: any) => boolean} full */
    const wrap = (proto, names, full) => {
      for (const name of names) {
        const real = proto?.[name];
        if (!real) continue;
        proto[name] = function (...args) {
          if (full(this)) throw quota();
          return real.apply(this, args);
        };
      }
    };
    const store = () => /** @type {any} */ (globalThis).__storageFull;
    wrap(globalThis.IDBObjectStore?.prototype, ['put', 'add'], () => store() === 'indexedDB');
    wrap(globalThis.Storage?.prototype, ['setItem'], (self) => store() === 'localStorage' && self === globalThis.localStorage);
  });
}

/**
 * Fills one storage of a page made fillable (fillableStorage), or frees it (null).
 * @param {import('playwright-core').Page} page @param {'indexedDB' | 'localStorage' | null} store
 */
export const fillStorage = (page, store) => page.evaluate((s) => (globalThis.__storageFull = s), store);

/**
 * Presses the control matched by `selector` as the screen's player does: a tap on a touch
 * screen (`options` a page's, e.g. PHONE), else a click.
 * @param {import('playwright-core').Page} page @param {string} selector @param {{hasTouch?: boolean}} options
 */
export const press = (page, selector, options) => (options.hasTouch ? page.tap(selector) : page.click(selector));

/**
 * Why a player could not see and press the element `locator` matches where it is: not wholly on
 * the screen, outside its dialog's box (in one), or something else under its centre (a footer
 * or a bar scrolled over it). Empty when they can. Inside a shadow root too (the board's card).
 * @param {import('playwright-core').Locator} locator @param {string} [name] said in each reason
 * @returns {Promise<string[]>}
 */
export const notInView = (locator, name = String(locator)) =>
  locator.evaluate((b, sel) => {
    const r = b.getBoundingClientRect();
    const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
    const out = [];
    if (!(r.width > 0 && r.height > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth)) out.push(`${sel} at ${box} is not wholly on the ${innerWidth}x${innerHeight} screen`);
    const dialog = b.closest('dialog');
    if (dialog) {
      const d = dialog.getBoundingClientRect();
      if (!(r.top >= d.top && r.bottom <= d.bottom && r.left >= d.left && r.right <= d.right)) out.push(`${sel} at ${box} is outside its dialog (${[d.left, d.top, d.right, d.bottom].map(Math.round)})`);
    }
    const root = /** @type {Document | ShadowRoot} */ (b.getRootNode());
    const hit = root.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (!hit || !b.contains(hit)) out.push(`${sel}: under its centre is ${hit?.tagName}.${hit?.className} "${hit?.textContent?.trim().slice(0, 30)}"`);
    return out;
  }, name);

/**
 * Fails the test when a file `make build` writes is missing (a test that skipped then would pass
 * having checked nothing): paths relative to the repository's root.
 * @param {...string} files
 */
export function needBuilt(...files) {
  const missing = files.filter((f) => !existsSync(join(ROOT, f)));
  assert.deepEqual(missing, [], `${missing.join(', ')} missing: run make build (make test does)`);
}

/**
 * Presses the control `selector` matches as the screen's player does, after checking they can
 * see it (notInView; it throws with the reasons). `scroll`: scrolled to first, as a player
 * scrolls a page or a dialog's body to a control below the fold.
 * @param {import('playwright-core').Page} page @param {string} selector
 * @param {{hasTouch?: boolean}} options @param {{scroll?: boolean}} [how]
 */
export async function pressInView(page, selector, options, { scroll = false } = {}) {
  const control = page.locator(selector);
  // A player waits to see it: a dialog opened by the last press may still be loading its view.
  await control.waitFor({ state: 'visible', timeout: 15000 });
  // To the middle of its scroller: at an edge, a fraction of a pixel would leave it cut off.
  if (scroll) await control.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'nearest' }));
  const why = await notInView(control, selector);
  if (why.length) throw new Error(`${selector} cannot be pressed where it is: ${why.join('; ')}`);
  await press(page, selector, options);
}
