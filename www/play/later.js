// @ts-check
// The game page's modules that load once it is playable (its dialogs, a game by link, the
// library): each comes with the words it shows, the table's game-later part (i18n.js), so a
// module never shows a text its language has not loaded. tests/unit/i18n-parts.test.mjs checks
// that every such module whose files name a game-later text is loaded through here.

import { wantPart } from '../shared/i18n.js';

/**
 * The module `load` imports, once it and the game-later words are there.
 * @template T
 * @param {Promise<T>} load
 * @returns {Promise<T>}
 */
export const later = (load) => Promise.all([load, wantPart('game-later')]).then(([m]) => m);
