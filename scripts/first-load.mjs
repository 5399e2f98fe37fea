#!/usr/bin/env node
// What a first visit downloads (issue 21, item 7): each page (game, analysis board, puzzles,
// rules) opened on a fresh profile (no HTTP cache, no service worker) at phone size, in
// Debian's Chromium, from a server that behaves as a static host (tests/browser/host-server.mjs:
// gzip, ETags, revalidation), every download recorded (the page's, its workers' and its
// service worker's; a 304 is no download). Prints, per page, what was asked for before the
// page was playable (it sets its test hook once a move can be made; the rules page once its
// diagrams are drawn) by kind (html, css, js, json, wasm), raw and gzipped (gzip -9), then
// what came after (the engine, its data, the service worker's copy for offline use), and how
// many times each wasm file, and any file fetched more than once, was downloaded.
//
// Exits non-zero when a page's playable load is over the budget (--budget, in KB gzipped) or
// a wasm file was downloaded more than once.
//
//   node scripts/first-load.mjs [--budget KB] [--pages game,analysis,...] [--settle MS] [--verbose]
//
// It builds nothing: run `make build` first (`make first-load` does). CHROMIUM names the
// browser (default /usr/bin/chromium).

import { chromium } from 'playwright-core';
import { existsSync, readFileSync } from 'node:fs';
import { join, extname, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from '../tests/browser/server.mjs';
import { startHostServer } from '../tests/browser/host-server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 3, locale: 'en-US' };

// Each page, and the test hook it sets once its board takes a move (the rules page: once its
// diagrams are drawn).
const PAGES = {
  game: { path: '', hook: '__dama' },
  analysis: { path: 'www/analysis.html', hook: '__analysis' },
  puzzles: { path: 'www/puzzles.html', hook: '__puzzles' },
  rules: { path: 'www/rules.html', hook: '__rulesReady' },
};

// In the page before its scripts: the moment (ms since the epoch, the network log's clock)
// the page sets its test hook, so that each request is told apart exactly: made before the
// page was playable, or after.
function watchHook(name) {
  let value;
  Object.defineProperty(window, name, {
    configurable: true,
    get: () => value,
    set: (v) => {
      value = v;
      window.__playableAt ??= performance.timeOrigin + performance.now();
    },
  });
}
const KINDS = ['html', 'css', 'js', 'json', 'wasm', 'other'];

function parseArgs(argv) {
  const opts = { budget: 150, pages: Object.keys(PAGES), settle: 3000, verbose: false, root: ROOT };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => (a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i]) ?? usage(`${a} needs a value`);
    if (a === '--budget' || a.startsWith('--budget=')) opts.budget = Number(value());
    else if (a === '--pages' || a.startsWith('--pages=')) opts.pages = value().split(',');
    else if (a === '--settle' || a.startsWith('--settle=')) opts.settle = Number(value());
    else if (a === '--root' || a.startsWith('--root=')) opts.root = resolve(value());
    else if (a === '--verbose' || a === '-v') opts.verbose = true;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument ${a}`);
  }
  if (!(opts.budget > 0 && opts.budget <= 100_000)) usage('--budget takes a number of KB, 1 to 100000');
  if (!(Number.isInteger(opts.settle) && opts.settle >= 0 && opts.settle <= 60_000)) usage('--settle takes whole milliseconds, 0 to 60000');
  const unknown = opts.pages.filter((p) => !PAGES[p]);
  if (unknown.length) usage(`no page ${unknown.join(', ')}: the pages are ${Object.keys(PAGES).join(', ')}`);
  return opts;
}

function usage(error) {
  const text =
    'usage: node scripts/first-load.mjs [--budget KB] [--pages game,analysis,puzzles,rules] [--settle MS] [--root DIR] [--verbose]\n' +
    '  --root    the site to serve: the repository (default, what make serve serves) or make dist\'s copy (dist)\n' +
    '  --budget  the most a page may download, gzipped, before it is playable (default 150 KB)\n' +
    '  --settle  how long the network must be quiet after that for the load to be over (default 3000 ms)';
  if (error) {
    console.error(`first-load: ${error}\n${text}`);
    process.exit(2);
  }
  console.log(text);
  process.exit(0);
}

/** @param {string} path */
function kindOf(path) {
  const ext = extname(path).slice(1);
  if (ext === 'mjs') return 'js';
  return KINDS.includes(ext) ? ext : 'other';
}

/** The raw and gzipped sizes of a file the server serves, by its path under the site. */
const sizes = new Map();
// The folder served: the repository (what make serve serves) or --root (make dist's copy).
let siteRoot = ROOT;
function sizeOf(path) {
  if (!sizes.has(path)) {
    try {
      const body = readFileSync(join(siteRoot, decodeURIComponent(path)));
      sizes.set(path, { raw: body.length, gz: gzipSync(body, { level: 9 }).length });
    } catch {
      sizes.set(path, { raw: 0, gz: 0 }); // a 404
    }
  }
  return sizes.get(path);
}

/**
 * Loads one page on a fresh profile and records every response from the network.
 * @returns {Promise<{fetches: {path: string, by: string, after: boolean}[], playableMs: number}>}
 */
async function firstLoad(browser, base, page, opts) {
  const context = await browser.newContext(PHONE);
  await context.addInitScript(watchHook, PAGES[page].hook);
  const seen = [];
  let last = Date.now();
  // The page's and its workers' downloads, and the service worker's, but not the answers it
  // gave from its cache, nor a revalidated copy (a 304: the browser reports the cached 200,
  // with no body transferred).
  context.on('requestfinished', async (req) => {
    const u = new URL(req.url());
    const res = await req.response();
    if (u.origin !== new URL(base).origin || res?.status() !== 200 || res.fromServiceWorker()) return;
    last = Date.now();
    if (!((await req.sizes()).responseBodySize > 0)) return;
    const startTime = req.timing().startTime;
    // The site's root is its index.html.
    const path = u.pathname.slice(1).replace(/(^|\/)$/, '$1index.html');
    seen.push({ path, by: req.serviceWorker() ? 'service worker' : 'page', start: startTime > 0 ? startTime : last });
  });
  try {
    const p = await context.newPage();
    const errors = [];
    p.on('pageerror', (e) => errors.push(String(e)));
    await p.goto(base + PAGES[page].path);
    await p.waitForFunction(() => window.__playableAt, null, { timeout: 60_000 });
    const { playableAt, playableMs } = await p.evaluate(() => ({ playableAt: window.__playableAt, playableMs: window.__playableAt - performance.timeOrigin }));
    // The rest: the engine, its data and the service worker's install, until the network is
    // quiet for `settle` ms (at most a minute).
    const end = Date.now() + 60_000;
    while (Date.now() - last < opts.settle && Date.now() < end) await p.waitForTimeout(200);
    if (errors.length) console.error(`first-load: ${page}: ${errors.join('; ')}`);
    const fetches = seen.map((f) => ({ path: f.path, by: f.by, after: f.start >= playableAt }));
    return { fetches, playableMs: Math.round(playableMs) };
  } finally {
    await context.close();
  }
}

const kb = (n) => (n / 1024).toFixed(1);

/** @param {{path: string}[]} list */
function totals(list) {
  const t = Object.fromEntries(KINDS.map((k) => [k, { raw: 0, gz: 0, files: 0 }]));
  const all = { raw: 0, gz: 0, files: 0 };
  for (const f of list) {
    const s = sizeOf(f.path);
    for (const x of [t[kindOf(f.path)], all]) {
      x.raw += s.raw;
      x.gz += s.gz;
      x.files++;
    }
  }
  return { byKind: t, all };
}

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [n, r] of rows.entries()) {
    console.log(r.map((c, i) => (i > 0 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd());
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  siteRoot = opts.root;
  if (!existsSync(join(siteRoot, 'index.html'))) usage(`${siteRoot} has no index.html: build it first (make dist)`);
  const server = await startHostServer(siteRoot);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const failures = [];
  const rows = [['page', ...KINDS.map((k) => `${k} KB`), 'total KB', 'gzip KB', 'files', 'ms', 'after KB', 'after gz']];
  try {
    for (const page of opts.pages) {
      const { fetches, playableMs } = await firstLoad(browser, server.url, page, opts);
      const before = totals(fetches.filter((f) => !f.after));
      const after = totals(fetches.filter((f) => f.after));
      const cell = (k) => `${kb(before.byKind[k].raw)}/${kb(before.byKind[k].gz)}`;
      rows.push([page, ...KINDS.map(cell), kb(before.all.raw), kb(before.all.gz), String(before.all.files), String(playableMs), kb(after.all.raw), kb(after.all.gz)]);
      // How many times each file came from the network: the page and its workers, and the
      // service worker's copies.
      const counts = new Map();
      for (const f of fetches) {
        const c = counts.get(f.path) ?? { page: 0, sw: 0, after: 0 };
        if (f.by === 'page') c.page++;
        else c.sw++;
        if (f.after) c.after++;
        counts.set(f.path, c);
      }
      if (opts.verbose) {
        const first = fetches.filter((f) => !f.after).sort((a, b) => sizeOf(b.path).gz - sizeOf(a.path).gz);
        console.error(`  ${page}, before it is playable (KB gzipped): ${first.map((f) => `${f.path} ${kb(sizeOf(f.path).gz)}${f.by === 'page' ? '' : ` (${f.by})`}`).join(', ')}`);
      }
      const lines = [...counts].filter(([p, c]) => c.page > 1 || p.endsWith('.wasm'));
      for (const [path, c] of lines) {
        const s = sizeOf(path);
        console.error(
          `  ${page}: ${path} (${kb(s.raw)} KB, ${kb(s.gz)} KB gzipped): downloaded ${c.page} time(s) by the page and its workers` +
            `${c.sw ? `, ${c.sw} by the service worker` : ''}${c.after ? ` (${c.after} after it was playable)` : ''}`,
        );
        if (path.endsWith('.wasm') && c.page + c.sw > 1) failures.push(`${page}: ${path} downloaded ${c.page + c.sw} times`);
      }
      if (before.all.gz > opts.budget * 1024) failures.push(`${page}: ${kb(before.all.gz)} KB gzipped before it is playable (budget ${opts.budget} KB)`);
    }
  } finally {
    await browser.close();
    await server.close();
  }
  console.log(`\nFirst load at phone size (390x844), fresh profile: raw/gzip KB by kind until the page is playable,\nthen what arrived after it (the engine, its data, the offline copy), until the network was quiet.`);
  printTable(rows);
  if (failures.length) {
    console.log(`\nfirst-load: FAILED\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`\nfirst-load: passed (every page playable within ${opts.budget} KB gzipped; each wasm file downloaded once)`);
}

main().catch((err) => {
  console.error(`first-load: ${err?.stack ?? err}`);
  process.exit(2);
});
