// axe-core on every page (the rules page has its own test, in three languages): the game page
// with each of its dialogs open, the embedding example and the frame. Every rule, the best
// practices included. Before: an unlabelled PDN box, no landmarks in the embed and frame pages.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, newPage, axeSource, axeViolations } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

test('axe: the game page and each of its dialogs', { timeout: 60000 }, async () => {
  const source = axeSource();
  const page = await openPage(env, '?mode=computer&color=white&level=1');
  assert.deepEqual(await axeViolations(page, source), [], 'the page');
  for (const [button, dialog] of [
    ['#btn-new', '#new-game'],
    ['#btn-games', '#games'],
    ['#btn-library', '#library'],
  ]) {
    await page.click(button);
    await page.waitForSelector(`${dialog}[open]`);
    assert.deepEqual(await axeViolations(page, source), [], dialog);
    await page.keyboard.press('Escape');
  }
  // The game picker, with a file of two games.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.fill('#pdn-in', '[White "A"]\n1. 22-18 *\n\n[White "B"]\n1. 21-17 *\n');
  await page.click('#pdn-open');
  await page.waitForSelector('#picker[open]');
  assert.deepEqual(await axeViolations(page, source), [], 'the picker');
  await page.keyboard.press('Escape');
  // The editor.
  await page.click('#btn-games');
  await page.waitForSelector('#games[open]'); // its code loads when first opened
  await page.click('#open-editor');
  assert.deepEqual(await axeViolations(page, source), [], 'the editor');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('axe: the embedding example and the frame', { timeout: 60000 }, async () => {
  const source = axeSource();
  for (const path of ['www/embed.html', 'www/frame.html?mode=two-players']) {
    const page = await newPage(env);
    await page.goto(env.server.url + path);
    await page.waitForFunction(() => [...document.querySelectorAll('dama-board')].every((b) => b.isReady));
    await page.waitForTimeout(500); // the frames of the example page
    assert.deepEqual(await axeViolations(page, source), [], path);
    await page.context().close();
  }
});
