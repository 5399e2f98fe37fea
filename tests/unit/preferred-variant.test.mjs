// The game a player who has chosen none is offered first (issue 55, item 5;
// www/shared/preferred-variant.js): the first of the browser's languages that the pages speak
// decides, Brazilian draughts for Brazilian Portuguese (and plain "pt", which the pages read as
// Brazilian Portuguese), Italian for any other; then the player's choice, kept, wins. The pages
// opening on it: tests/browser/first-game.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { variantOfLanguages, preferredVariant, rememberVariant } from '../../www/shared/preferred-variant.js';

test("the browser's languages: the first the pages speak decides", () => {
  const cases = [
    [['pt-BR'], 'brazilian'],
    [['pt-br', 'en'], 'brazilian'],
    [['pt_BR'], 'brazilian'],
    [['pt'], 'brazilian'],
    [['pt-PT', 'pt-BR'], 'italian'],
    [['de-DE', 'pt-BR', 'it'], 'brazilian'],
    [['en-US', 'pt-BR'], 'italian'],
    [['it-IT'], 'italian'],
    [['de', 'fr'], 'italian'],
    [[], 'italian'],
    [[null, undefined, ''], 'italian'],
  ];
  for (const [tags, game] of cases) assert.equal(variantOfLanguages(tags), game, JSON.stringify(tags));
});

test("the player's choice, kept, wins over the browser's languages; none kept, or storage refused, the languages say", () => {
  /** @type {Map<string, string>} */
  const store = new Map();
  const storage = { getItem: (/** @type {string} */ k) => store.get(k) ?? null, setItem: (/** @type {string} */ k, /** @type {string} */ v) => void store.set(k, v) };
  const navigator = Object.getOwnPropertyDescriptor(globalThis, 'navigator');
  Object.defineProperty(globalThis, 'navigator', { value: { languages: ['pt-BR', 'en'], language: 'pt-BR' }, configurable: true });
  globalThis.localStorage = /** @type {Storage} */ (/** @type {unknown} */ (storage));
  try {
    assert.equal(preferredVariant(), 'brazilian');
    rememberVariant('italian');
    assert.equal(store.get('dama.variant'), 'italian');
    assert.equal(preferredVariant(), 'italian');
    store.set('dama.variant', 'junk');
    assert.equal(preferredVariant(), 'brazilian', 'a kept value that names no game is ignored');
    globalThis.localStorage = /** @type {Storage} */ (/** @type {unknown} */ ({ getItem() { throw new Error('denied'); }, setItem() { throw new Error('denied'); } }));
    assert.equal(preferredVariant(), 'brazilian');
    rememberVariant('italian'); // not kept, and no exception
  } finally {
    // @ts-ignore: Node has none of its own
    delete globalThis.localStorage;
    if (navigator) Object.defineProperty(globalThis, 'navigator', navigator);
    // @ts-ignore: nor, before Node 21, a navigator
    else delete globalThis.navigator;
  }
});
