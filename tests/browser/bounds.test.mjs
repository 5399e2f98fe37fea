// Names that are data, not code (issue 13, item 10): a language code such as "__proto__" is no
// language, and PDN tag names such as "toString" are tags like any other, while ordinary
// extra tags (Round, Annotator) survive an import and an export.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { t, resolveLanguage } from '../../www/shared/i18n.js';
import { loadTables } from '../unit/i18n-node.mjs';
import { setup, openPage, newPage } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('texts: inherited names are neither languages nor keys', async () => {
  await loadTables(['en', 'it']);
  for (const code of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    assert.equal(resolveLanguage(code), null, code);
    assert.equal(t('newGame', {}, code), t('newGame', {}, 'en'), code);
  }
  // A key that is not ours comes back as itself, never as an inherited function.
  assert.equal(t('toString'), 'toString');
  assert.equal(t('constructor', {}, 'it'), 'constructor');
});

test('?lang=__proto__ leaves the page and the frame in a real language', async () => {
  for (const query of ['?lang=__proto__', '?lang=constructor']) {
    const page = await openPage(env, query);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', query);
    assert.equal(await page.inputValue('#lang'), 'en', `${query}: the language menu shows English`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
  const frame = await newPage(env);
  await frame.goto(`${env.server.url}www/frame.html?lang=__proto__`);
  await frame.waitForFunction(() => document.querySelector('dama-board')?.ready === true || !!document.querySelector('dama-board')?.shadowRoot, null, { timeout: 15000 });
  assert.equal(await frame.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(frame.errors, []);
  await frame.context().close();
});

test('a PDN export keeps every imported tag, and names like toString are ordinary', async () => {
  const page = await openPage(env);
  const pdn = [
    '[Event "Club night"]',
    '[Round "3"]',
    '[Annotator "A. Rossi"]',
    '[White "Bianchi"]',
    '[Black "Neri"]',
    '[toString "odd but a tag"]',
    '[constructor "also a tag"]',
    '[GameType "22"]',
    '',
    '1. 22-18 10-14 *',
  ].join('\n');
  const out = await page.evaluate(async (text) => {
    const board = document.querySelector('#board');
    await board.whenReady();
    board.load(text);
    return board.pdn();
  }, pdn);
  for (const tag of ['[Event "Club night"]', '[Round "3"]', '[Annotator "A. Rossi"]', '[White "Bianchi"]', '[Black "Neri"]', '[toString "odd but a tag"]', '[constructor "also a tag"]']) {
    assert.ok(out.includes(tag), `${tag} kept:\n${out}`);
  }
  assert.equal(out.match(/\[GameType /g)?.length, 1, out);
  assert.ok(out.includes('1. 22-18 10-14'), out);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
