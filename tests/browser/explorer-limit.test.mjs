// The analysis board's explorer keeps at most 20 added files (docs/RELIABILITY.md's bounds,
// docs/PLAYING.md; issue 57, item 4): the 20th is added, the 21st refused in words, and nothing
// else changes (the files kept, the games indexed, the panel). At phone and desktop size: the
// refusal is said where the player sees it.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, waitForAsync } from './helpers.mjs';
import { PHONE, DESKTOP, openAnalysis } from './analysis-page.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** File `n`: one game of its own (the explorer refuses a text it holds already). */
const file = (n) => `[Event "Club ${n}"]\n[White "W${n}"]\n[Black "B${n}"]\n[Result "1-0"]\n1. 22-18 10-14 1-0\n`;

/** The files the page keeps, by name, as its database holds them. */
const keptNames = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const req = indexedDB.open('dama-explorer');
        req.onsuccess = () => {
          const db = req.result;
          const all = db.transaction('files').objectStore('files').getAll();
          all.onsuccess = () => resolve(all.result.sort((a, b) => a.added - b.added).map((f) => f.name));
          all.onerror = () => reject(all.error);
          db.close();
        };
        req.onerror = () => reject(req.error);
      }),
  );

for (const [screen, options] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`the explorer keeps 20 files: the 21st is refused in words, nothing else changes (${screen})`, { timeout: 90000 }, async () => {
    const page = await openAnalysis(env, '', options);
    await page.waitForFunction(() => window.__analysis.explorer().games === 'ready', null, { timeout: 30000 });
    // 19 files added on an earlier visit (as the page keeps them), the 20th added now.
    await page.evaluate(
      (texts) =>
        new Promise((resolve, reject) => {
          const req = indexedDB.open('dama-explorer');
          req.onsuccess = () => {
            const db = req.result;
            const tx = db.transaction('files', 'readwrite');
            texts.forEach((text, i) => tx.objectStore('files').add({ id: `f${i + 1}`, name: `club-${i + 1}.pdn`, text, added: i + 1 }));
            tx.oncomplete = () => (db.close(), resolve());
            tx.onerror = () => reject(tx.error);
          };
          req.onerror = () => reject(req.error);
        }),
      Array.from({ length: 19 }, (_, i) => file(i + 1)),
    );
    await page.reload();
    await page.waitForFunction(() => window.__analysis?.explorer().indexed === 19, null, { timeout: 30000 });
    await page.setInputFiles('#ex-file', { name: 'club-20.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(file(20)) });
    await page.waitForFunction(() => window.__analysis.explorer().indexed === 20, null, { timeout: 30000 });
    assert.equal(await page.textContent('#an-error'), '', 'the 20th is added');
    const kept = await keptNames(page);
    assert.deepEqual(kept, Array.from({ length: 20 }, (_, i) => `club-${i + 1}.pdn`));
    const note = await page.textContent('#ex-games-note');
    assert.match(note, /20 games indexed: your saved games and 20 added files\./);
    const games = await page.$$eval('#ex-games tbody tr', (trs) => trs.map((r) => r.textContent));
    // The 21st, a file the explorer could read: refused for the count alone.
    await page.setInputFiles('#ex-file', { name: 'club-21.pdn', mimeType: 'application/x-pdn', buffer: Buffer.from(file(21)) });
    await waitForAsync(page, () => document.getElementById('an-error').textContent.length > 0, undefined, { timeout: 30000 });
    assert.equal(await page.textContent('#an-error'), 'The file was not added: at most 20 files are kept: remove some first');
    assert.equal(await page.isVisible('#an-error'), true, 'the refusal is shown');
    assert.deepEqual(await keptNames(page), kept, 'nothing kept');
    assert.equal(await page.evaluate(() => window.__analysis.explorer().indexed), 20, 'nothing indexed');
    assert.equal(await page.textContent('#ex-games-note'), note);
    assert.deepEqual(await page.$$eval('#ex-games tbody tr', (trs) => trs.map((r) => r.textContent)), games);
    // And at the next visit still the same 20.
    await page.reload();
    await page.waitForFunction(() => window.__analysis?.explorer().indexed === 20, null, { timeout: 30000 });
    assert.deepEqual(await keptNames(page), kept);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
}
