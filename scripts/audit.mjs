#!/usr/bin/env node
// The site's quality audit (issues 12 and 21): Lighthouse on every page (the game, the analysis
// board, the puzzles, the rules) with the mobile and the desktop presets, and axe-core on every
// page and its states, in Debian's Chromium. It builds nothing: run `make build` first (`make
// audit` does). Prints one table and exits non-zero when, for a page and a preset:
//   - the layout shift (CLS) is 0.02 or more, performance is under 95, or accessibility, best
//     practices or SEO is under 100 (the median of --runs runs: the machine is small and
//     shared, so one run's performance says little);
//   - axe (every rule it runs by default, best practices included) finds any violation, on
//     index.html (also with its dialogs open), the rules page in each language, the
//     embedding example and the iframe page.
//
//   node scripts/audit.mjs [--runs N] [--pages game,analysis,puzzles,rules] [--no-lighthouse]
//                          [--no-axe] [--save DIR] [--verbose]
//
// --pages runs Lighthouse on those pages only; --save DIR keeps every Lighthouse report (JSON)
// there; --verbose lists the largest paint, what shifted and the failing audits of each run.
// CHROMIUM names the browser (default /usr/bin/chromium).

import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../tests/browser/server.mjs';
import { startHostServer } from '../tests/browser/host-server.mjs';

const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu'];
// Quieter, steadier runs: nothing of the browser's own talks to the network.
const EXTRA = ['--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'];

const LIMITS = { cls: 0.02, performance: 95, other: 100 };
// The pages Lighthouse loads, each on a fresh profile: the first visit, the one that counts.
const LIGHTHOUSE_PAGES = { game: '', analysis: 'www/analysis.html', puzzles: 'www/puzzles.html', rules: 'www/rules.html' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

// ---------------------------------------------------------------- arguments

function parseArgs(argv) {
  const opts = { runs: 3, pages: Object.keys(LIGHTHOUSE_PAGES), lighthouse: true, axe: true, save: null, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[++i];
      if (v === undefined) usage(`${a} needs a value`);
      return v;
    };
    if (a === '--runs' || a.startsWith('--runs=')) opts.runs = Number(value());
    else if (a === '--save' || a.startsWith('--save=')) opts.save = value();
    else if (a === '--pages' || a.startsWith('--pages=')) opts.pages = value().split(',');
    else if (a === '--no-lighthouse') opts.lighthouse = false;
    else if (a === '--no-axe') opts.axe = false;
    else if (a === '--verbose' || a === '-v') opts.verbose = true;
    else if (a === '--help' || a === '-h') usage();
    else usage(`unknown argument ${a}`);
  }
  if (!Number.isInteger(opts.runs) || opts.runs < 1 || opts.runs > 20) usage('--runs takes a whole number, 1 to 20');
  const unknown = opts.pages.filter((p) => !Object.hasOwn(LIGHTHOUSE_PAGES, p));
  if (unknown.length) usage(`no page ${unknown.join(', ')}: the pages are ${Object.keys(LIGHTHOUSE_PAGES).join(', ')}`);
  return opts;
}

function usage(error) {
  const text = 'usage: node scripts/audit.mjs [--runs N] [--pages game,analysis,puzzles,rules] [--no-lighthouse] [--no-axe] [--save DIR] [--verbose]';
  if (error) {
    console.error(`audit: ${error}\n${text}`);
    process.exit(2);
  }
  console.log(text);
  process.exit(0);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// ---------------------------------------------------------------- Lighthouse

// The npm dev dependencies (package.json), with a plain message when they are missing.
// Lighthouse and its launcher are installed apart, in tools/audit (make setup-audit), so that
// make test does not install them; they are found there. The test dependencies
// (playwright-core) are imported as usual, through their packages' own entry points.
const AUDIT_TOOLS = createRequire(join(ROOT, 'tools', 'audit', 'package.json'));

async function need(name) {
  try {
    return await import(name);
  } catch (err) {
    if (err?.code !== 'ERR_MODULE_NOT_FOUND') throw err;
  }
  let path;
  try {
    path = AUDIT_TOOLS.resolve(name);
  } catch (err) {
    if (err?.code !== 'MODULE_NOT_FOUND') throw err;
    console.error(`audit: ${name} is not installed: run \`make setup-audit\` (npm ci in tools/audit)`);
    process.exit(2);
  }
  return import(pathToFileURL(path).href);
}

/** @returns {Promise<Record<string, Record<string, object[]>>>} each page's runs, by preset */
async function lighthouseRuns(baseUrl, opts) {
  const { default: lighthouse } = await need('lighthouse');
  const { default: desktopConfig } = await need('lighthouse/core/config/desktop-config.js');
  // Lighthouse's own launcher (a dependency of lighthouse).
  const chromeLauncher = await need('chrome-launcher');
  const presets = { mobile: undefined, desktop: desktopConfig };
  const out = {};
  for (const page of opts.pages) {
    out[page] = {};
    for (const [preset, config] of Object.entries(presets)) {
      const runs = [];
      for (let i = 0; i < opts.runs; i++) {
        // A fresh browser for each run: no cache, no service worker, no state left by the last.
        const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: [...FLAGS, ...EXTRA], logLevel: 'silent' });
        try {
          const result = await lighthouse(baseUrl + LIGHTHOUSE_PAGES[page], { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
          const lhr = result.lhr;
          if (opts.save) {
            mkdirSync(opts.save, { recursive: true });
            writeFileSync(join(opts.save, `lighthouse-${page}-${preset}-${i + 1}.json`), result.report);
          }
          if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
          const run = summarize(lhr);
          runs.push(run);
          process.stderr.write(`lighthouse ${page} ${preset} run ${i + 1}/${opts.runs}: ${line(run)}\n`);
          if (opts.verbose) explain(lhr);
        } finally {
          await chrome.kill();
        }
      }
      out[page][preset] = runs;
    }
  }
  return out;
}

function summarize(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? NaN : Math.round(lhr.categories[id].score * 100));
  const num = (id) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    cls: num('cumulative-layout-shift'),
    lcp: num('largest-contentful-paint'),
    fcp: num('first-contentful-paint'),
    tbt: num('total-blocking-time'),
    si: num('speed-index'),
  };
}

const line = (r) =>
  `perf ${r.performance} a11y ${r.accessibility} bp ${r['best-practices']} seo ${r.seo} ` +
  `CLS ${r.cls.toFixed(3)} LCP ${Math.round(r.lcp)} ms TBT ${Math.round(r.tbt)} ms FCP ${Math.round(r.fcp)} ms`;

// The LCP element, what shifted, and every audit of the four categories that did not pass.
function explain(lhr) {
  const lcp = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  if (lcp) process.stderr.write(`    LCP element: ${lcp.selector} "${lcp.nodeLabel}"\n`);
  const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
  for (const s of shifts) {
    const node = s.node?.selector ?? s.node?.snippet ?? '?';
    const causes = (s.subItems?.items ?? []).map((c) => c.extra?.value ?? c.cause).join('; ');
    process.stderr.write(`    shift ${s.score.toFixed(4)} ${node}${causes ? ` (${causes})` : ''}\n`);
  }
  for (const [id, cat] of Object.entries(lhr.categories)) {
    for (const ref of cat.auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative') {
        process.stderr.write(`    ${id}: ${ref.id} ${a.score} ${a.displayValue ?? ''}\n`);
      }
    }
  }
}

// ---------------------------------------------------------------- axe

function axeSource() {
  let path;
  try {
    path = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch {
    console.error('audit: axe-core is not installed: run `make setup-test` (npm ci)');
    process.exit(2);
  }
  return readFileSync(path, 'utf8');
}

// Every page and state axe checks: a name, the address, the browser's language, and how to
// get the page ready (the app and the rules page say when they are; the others have settled
// when their boards are drawn).
const PAGES = [
  { name: 'index.html', path: '', ready: appReady },
  { name: 'index.html, New game open', path: '', ready: appReady, open: '#btn-new', dialog: '#new-game' },
  { name: 'index.html, Import/Export open', path: '', ready: appReady, open: '#btn-games', dialog: '#games' },
  { name: 'index.html, Edit position open', path: '', ready: appReady, open: ['#btn-games', '#open-editor'], panel: '#editor' },
  // Checked when the page has it (being written at the time of issue 12).
  { name: 'index.html, Saved games open', path: '', ready: appReady, open: '#btn-library', dialog: '#library', optional: true },
  // The rules page takes the browser's language (and a saved choice, which a fresh context has
  // not): the context's locale sets it; `lang` is what <html lang> must then say.
  { name: 'rules.html (en)', path: 'www/rules.html', locale: 'en-US', lang: 'en', ready: rulesReady },
  { name: 'rules.html (it)', path: 'www/rules.html?lang=it', locale: 'it-IT', lang: 'it', ready: rulesReady },
  { name: 'rules.html (pt-BR)', path: 'www/rules.html?lang=pt-BR', locale: 'pt-BR', lang: 'pt-BR', ready: rulesReady },
  { name: 'embed.html', path: 'www/embed.html', ready: boardsReady },
  { name: 'frame.html', path: 'www/frame.html?numbers', ready: boardsReady },
  // The analysis board with lines, and after a review of a short game (its graph and lists).
  { name: 'analysis.html', path: 'www/analysis.html', ready: analysisReady },
  {
    name: 'analysis.html, reviewed',
    path: `www/analysis.html#pdn=${encodeURIComponent('1. 22-18 10-14 2. 21-17 14x21 3. 25x18 *')}&review=1`,
    ready: reviewedReady,
  },
  { name: 'puzzles.html', path: 'www/puzzles.html', ready: puzzlesReady },
];

async function analysisReady(page) {
  await page.waitForFunction(() => (window.__analysis?.lines()?.depth ?? 0) >= 4, null, { timeout: 30000 });
}
async function reviewedReady(page) {
  await page.waitForFunction(() => window.__analysis && !window.__analysis.review().running && window.__analysis.review().moves.length > 0, null, { timeout: 60000 });
}
async function puzzlesReady(page) {
  await page.waitForFunction(() => !!window.__puzzles, null, { timeout: 30000 });
}

async function appReady(page) {
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 30000 });
}
async function rulesReady(page) {
  await page.waitForFunction(() => window.__rulesReady === true, null, { timeout: 30000 });
}
async function boardsReady(page) {
  await page.waitForFunction(
    () => customElements.get('dama-board') && [...document.querySelectorAll('dama-board')].every((b) => b.shadowRoot?.querySelector('canvas')),
    null,
    { timeout: 30000 },
  );
  await page.waitForLoadState('networkidle');
}

async function axeRuns(baseUrl, opts) {
  const { chromium } = await need('playwright-core');
  const source = axeSource();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...FLAGS, ...EXTRA] });
  const results = [];
  try {
    for (const p of PAGES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: p.locale ?? 'en-US' });
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      try {
        await page.goto(baseUrl + p.path);
        await p.ready(page);
        if (p.optional && !(await page.$([p.open].flat()[0]))) {
          process.stderr.write(`axe ${p.name}: skipped (no ${[p.open].flat()[0]} on the page)\n`);
          continue;
        }
        if (p.lang) {
          const lang = await page.evaluate(() => document.documentElement.lang);
          if (lang !== p.lang) throw new Error(`the page is in "${lang}", not "${p.lang}"`);
        }
        for (const sel of [p.open ?? []].flat()) await page.click(sel);
        if (p.dialog) await page.waitForSelector(`${p.dialog}[open]`);
        if (p.panel) await page.waitForSelector(`${p.panel}:not([hidden])`);
        // Evaluated through the debugging protocol, so the page's CSP does not apply to it;
        // the frames of the embedding example are checked as their own page too.
        await page.evaluate(source);
        for (const f of page.frames().slice(1)) await f.evaluate(source).catch(() => {});
        const violations = await page.evaluate(async () => {
          const r = await window.axe.run(document, { resultTypes: ['violations'] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
        });
        results.push({ name: p.name, violations, errors });
      } catch (err) {
        results.push({ name: p.name, violations: [], errors: [...errors, `audit: ${err.message.split('\n')[0]}`] });
      } finally {
        await context.close();
      }
      const last = results[results.length - 1];
      process.stderr.write(`axe ${p.name}: ${last.violations.length} violation(s)${last.errors.length ? `, ${last.errors.length} error(s)` : ''}\n`);
      if (opts.verbose || last.violations.length) {
        for (const v of last.violations) process.stderr.write(`    ${v.id} (${v.impact}): ${v.help}: ${v.nodes.join(', ')}\n`);
      }
      for (const e of last.errors) process.stderr.write(`    error: ${e}\n`);
    }
  } finally {
    await browser.close();
  }
  return results;
}

// ---------------------------------------------------------------- main

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (!['dama_wasm_bg.wasm', 'dama_rules_bg.wasm'].every((f) => existsSync(join(ROOT, 'www', 'pkg', f)))) {
    console.error('audit: www/pkg/ has no wasm build: run `make build` first (or `make audit`)');
    process.exit(2);
  }
  if (!existsSync(CHROMIUM)) {
    console.error(`audit: no browser at ${CHROMIUM} (set CHROMIUM, or install Debian's chromium)`);
    process.exit(2);
  }
  // Served as a static host serves it (gzip, ETags): Lighthouse times the bytes that travel.
  const server = await startHostServer();
  const failures = [];
  let lh = null;
  let axe = null;
  try {
    if (opts.lighthouse) lh = await lighthouseRuns(server.url, opts);
    if (opts.axe) axe = await axeRuns(server.url, opts);
  } finally {
    await server.close();
  }

  console.log('');
  if (lh) {
    console.log(`Lighthouse, ${server.url} (median of ${opts.runs} run${opts.runs > 1 ? 's' : ''})`);
    const head = ['page', 'preset', 'perf', 'a11y', 'bp', 'seo', 'CLS', 'LCP ms', 'FCP ms', 'TBT ms', 'SI ms'];
    const rows = [head];
    for (const [page, presets] of Object.entries(lh)) {
      for (const [preset, runs] of Object.entries(presets)) {
        const m = (k) => median(runs.map((r) => r[k]));
        const r = Object.fromEntries(['performance', 'accessibility', 'best-practices', 'seo', 'cls', 'lcp', 'fcp', 'tbt', 'si'].map((k) => [k, m(k)]));
        rows.push([page, preset, r.performance, r.accessibility, r['best-practices'], r.seo, r.cls.toFixed(3), ...['lcp', 'fcp', 'tbt', 'si'].map((k) => Math.round(r[k]))].map(String));
        const who = `${page} ${preset}`;
        if (!(r.cls < LIMITS.cls)) failures.push(`${who}: CLS ${r.cls.toFixed(3)} (must be under ${LIMITS.cls})`);
        if (!(r.performance >= LIMITS.performance)) failures.push(`${who}: performance ${r.performance} (must be ${LIMITS.performance} or more)`);
        for (const c of ['accessibility', 'best-practices', 'seo']) {
          if (!(r[c] >= LIMITS.other)) failures.push(`${who}: ${c} ${r[c]} (must be ${LIMITS.other})`);
        }
      }
    }
    printTable(rows);
    console.log('');
  }
  if (axe) {
    console.log('axe-core (all default rules, best practices included)');
    const rows = [['page', 'violations', 'rules']];
    for (const r of axe) {
      rows.push([r.name, String(r.violations.length), r.violations.map((v) => v.id).join(' ') || '-']);
      if (r.violations.length) failures.push(`axe ${r.name}: ${r.violations.map((v) => v.id).join(', ')}`);
      if (r.errors.length) failures.push(`axe ${r.name}: ${r.errors.length} page error(s): ${r.errors[0]}`);
    }
    printTable(rows);
    console.log('');
  }
  if (failures.length) {
    console.log(`audit: FAILED\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    process.exit(1);
  }
  console.log('audit: passed');
}

function printTable(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const [n, r] of rows.entries()) {
    // Numbers to the right, words to the left.
    console.log(r.map((c, i) => (i > 0 && /^[\d.]+$/.test(rows[1]?.[i] ?? '') ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd());
    if (n === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

main().catch((err) => {
  console.error(`audit: ${err?.stack ?? err}`);
  process.exit(2);
});
