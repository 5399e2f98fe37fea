// Words that count and address the player (issue 55, item 4), as the pages show them: the
// player's own resignation is theirs ("Hai abbandonato", "Você abandonou"), while two players
// on one device still read the side's; a mouse user is told to click and a finger to tap, by
// the device's pointer and then by the pointer last pressed; the New game dialog says with how
// many of the processor's cores the computer thinks, counted in each language. The tables'
// plural forms themselves: tests/unit/i18n-plurals.test.mjs.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, screenshot, pickLanguage, PHONE, DESKTOP, SIZES } from './helpers.mjs';

let env;
before(async () => {
  env = await setup();
});
after(async () => {
  await env?.close();
});

/** Picks a language, from the site's menu where the page has folded it (a phone); by mouse. */
async function pickFromMenu(page, code) {
  if (!(await page.isVisible('#lang'))) await page.click('.menu-button');
  await pickLanguage(page, code);
}

/** Resigns the game on the board (the second press confirms) and returns the overlay's words. */
async function resign(page) {
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#board .overlay:not([hidden])');
  return [await page.textContent('#overlay-title'), await page.textContent('#overlay-reason')];
}

test("the player's own resignation is theirs, in every language; between two players on one device the side is named", { timeout: 60000 }, async () => {
  for (const [locale, own, side] of [
    ['it-IT', 'Hai abbandonato.', 'Il Bianco ha abbandonato.'],
    ['pt-BR', 'Você abandonou.', 'As Brancas abandonaram.'],
    ['en-US', 'You resigned.', 'White resigned.'],
  ]) {
    for (const [name, options] of SIZES) {
      // The variant named: a Brazilian browser would open on its own game (item 5).
      const page = await openPage(env, '?variant=italian&mode=computer&color=white&level=1', { locale, ...options });
      const [, reason] = await resign(page);
      assert.equal(reason, own, `${locale} ${name}: against the computer`);
      if (name === 'phone' && locale !== 'en-US') await screenshot(page, `words-own-resignation-${locale}`);
      // The words follow a switch of language.
      await pickFromMenu(page, 'en');
      assert.equal(await page.textContent('#overlay-reason'), 'You resigned.');
      assert.deepEqual(page.errors, []);
      await page.context().close();
    }
    const page = await openPage(env, '?variant=italian&mode=two-players', { locale });
    const [, reason] = await resign(page);
    assert.equal(reason, side, `${locale}: two players on one device`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});

test('a mouse is told to click and a finger to tap: by the device, then by the pointer last pressed', { timeout: 60000 }, async () => {
  // A desktop with a mouse: click, in the first-move tip, the editor's status and its help.
  const desk = await openPage(env, '?variant=italian&mode=computer&color=white&level=1', { locale: 'en-US', ...DESKTOP });
  assert.match(await desk.textContent('#status'), /Your move\. Click one of your pieces, then the square to move it to/);
  await screenshot(desk, 'words-click-desktop');
  await desk.click('#btn-games');
  await desk.waitForSelector('#games[open]');
  await desk.click('#open-editor');
  assert.equal(await desk.textContent('#editor .help'), 'Choose a piece, then click squares on the board; clicking the same piece again removes it.');
  assert.equal(await desk.textContent('#status'), 'Setting up a position: click squares to place or remove pieces.');
  await pickLanguage(desk, 'pt-BR');
  assert.equal(await desk.textContent('#editor .help'), 'Escolha uma peça e clique nas casas do tabuleiro; clicar de novo com a mesma peça a retira.');
  assert.deepEqual(desk.errors, []);
  await desk.context().close();

  // A phone: tap, in Italian; then a mouse pressed on it (a tablet with one) is told to click.
  const phone = await openPage(env, '?variant=italian&mode=computer&color=white&level=1', { locale: 'it-IT', ...PHONE });
  assert.match(await phone.textContent('#status'), /Tocca a te\. Tocca uno dei tuoi pezzi/);
  await screenshot(phone, 'words-tap-phone');
  await phone.tap('#btn-more');
  await phone.tap('#btn-games');
  await phone.waitForSelector('#games[open]');
  await phone.tap('#open-editor');
  assert.equal(await phone.textContent('#editor .help'), 'Scegli un pezzo, poi tocca le caselle della damiera; toccando di nuovo lo stesso pezzo lo togli.');
  assert.match(await phone.textContent('#status'), /tocca le caselle/);
  // The same help worded again for the pointer pressed last, at its next showing.
  const box = await phone.locator('#editor .help').boundingBox();
  await phone.mouse.click(box.x + 2, box.y + 2);
  await pickFromMenu(phone, 'pt-BR');
  assert.equal(await phone.textContent('#editor .help'), 'Escolha uma peça e clique nas casas do tabuleiro; clicar de novo com a mesma peça a retira.');
  assert.match(await phone.textContent('#status'), /clique nas casas/);
  assert.deepEqual(phone.errors, []);
  await phone.context().close();
});

test('the New game dialog says with how many of your cores the computer thinks, counted in each language', { timeout: 30000 }, async () => {
  for (const [locale, one] of [
    ['en-US', 'The computer thinks with one of your processor’s cores.'],
    ['it-IT', 'Il computer pensa con uno dei core del tuo processore.'],
    ['pt-BR', 'O computador pensa com um dos núcleos do seu processador.'],
  ]) {
    const page = await openPage(env, '?variant=italian&mode=two-players', { locale });
    await page.click('#btn-new');
    await page.waitForSelector('#new-game[open]');
    await page.locator('input[name="level"]').fill('5');
    assert.equal(await page.locator('#level-threads').innerText(), one, locale);
    assert.doesNotMatch(await page.locator('#new-game').innerText(), /thread/i, `${locale}: no threads`);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  }
});
