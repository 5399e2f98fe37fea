// The site as make dist writes it for a static host: every script and style sheet minified
// file by file (scripts/minify.mjs), the precache list written from the minified files. The
// other tests load the source; these load the copy, so that the minified site is known to
// play, analyse and work offline too. make test-browser builds it first.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setup, newPage, clickMove, screenshot } from './helpers.mjs';
import { ROOT } from './server.mjs';

const DIST = join(ROOT, 'dist');

let env;
before(async () => {
  assert.ok(existsSync(join(DIST, 'index.html')), 'dist/ is missing: run make dist (make test-browser does)');
  // The service worker and the analysis engine are part of what is checked here.
  env = await setup({ serviceWorkers: 'allow', analysisEngine: true }, DIST);
});
after(async () => {
  await env?.close();
});

test('the minified site plays against the computer, analyses, and works offline after one visit', { timeout: 90000 }, async () => {
  const page = await newPage(env);
  await page.goto(env.server.url + '?mode=computer&color=white&level=1');
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  await clickMove(page, '22-18');
  await page.waitForFunction(() => window.__dama.history().length === 2, null, { timeout: 20000 });
  // Its service worker installs from the minified files' own hashes.
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, null, { timeout: 20000 });
  await page.context().setOffline(true);
  await page.reload();
  await page.waitForFunction(() => window.__dama?.ready === true, null, { timeout: 15000 });
  assert.deepEqual((await page.evaluate(() => window.__dama.history())).slice(0, 1), ['22-18'], 'the game survives, offline');
  await page.goto(env.server.url + 'www/analysis.html');
  await page.waitForFunction(() => (window.__analysis?.lines()?.depth ?? 0) >= 4, null, { timeout: 20000 });
  await screenshot(page, 'dist-analysis-offline');
  await page.goto(env.server.url + 'www/puzzles.html');
  await page.waitForFunction(() => window.__puzzles?.ready === true, null, { timeout: 15000 });
  await page.goto(env.server.url + 'www/rules.html');
  await page.waitForFunction(() => window.__rulesReady === true, null, { timeout: 15000 });
  assert.deepEqual(page.errors, [], 'no error and no CSP violation');
  await page.context().close();
});

test('every script and style sheet of the copy is minified, and the precache list hashes the minified files', () => {
  const list = readFileSync(join(DIST, 'www', 'offline', 'precache.js'), 'utf8');
  for (const name of ['www/play/main.js', 'www/element/element.js', 'www/analysis/main.js', 'www/shared/style.css', 'sw.js']) {
    const source = readFileSync(join(ROOT, name), 'utf8');
    const copy = readFileSync(join(DIST, name));
    assert.ok(copy.length < source.length * 0.8, `${name}: ${copy.length} bytes against ${source.length}`);
    assert.doesNotMatch(copy.toString('utf8'), /\/\/ @ts-check|\n\s*\/\//, `${name}: no comments left`);
    // The service worker is not in its own list.
    if (name === 'sw.js') continue;
    const sha = createHash('sha256').update(copy).digest('hex');
    assert.ok(list.includes(sha), `${name}: the list has the minified file's hash`);
  }
});

test('every page of the copy is playable within the first-load budget, 150 KB gzipped (make first-load)', { timeout: 180000 }, async () => {
  // The measurement itself is scripts/first-load.mjs: its own browser on a fresh profile and a
  // host-like server; it fails over the budget or when a wasm file comes twice.
  const { execFile } = await import('node:child_process');
  const run = await new Promise((resolve) =>
    execFile(process.execPath, [join(ROOT, 'scripts/first-load.mjs'), '--root', DIST, '--budget', '150'], { timeout: 170000 }, (err, stdout, stderr) =>
      resolve({ code: err ? (err.code ?? 1) : 0, out: stdout + stderr }),
    ),
  );
  assert.equal(run.code, 0, run.out);
  assert.match(run.out, /first-load: passed/);
});
