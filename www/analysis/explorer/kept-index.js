// @ts-check
// The games explorer's index kept in this browser between visits (IndexedDB, a database of its
// own), so that a library of thousands of games is not read again at every visit: one index a
// game (Italian, Brazilian), with the signature of what it was built from. The signature covers
// every source's kind, id and whole text, the index's format, and the core's position keys (the
// start position's key: a core whose keys changed gives another), so an index is used only for
// exactly the games and the core it was built from, and built again otherwise. Nothing here is
// the player's data: a store that fails or is full only means building it again.

import { oneStore } from './one-store.js';

const DB = 'dama-explorer-index';
const STORE = 'index';
const VERSION = 1;
/** The index's layout (index.js): another layout is another signature. */
const FORMAT = 1;

/** @import { Variant } from '../../shared/wasm-types.js' */
/** @import { GamesIndex, Source } from './index.js' */
/** @typedef {{index: GamesIndex, texts: string[], skipped: number, other: number, left: number}} BuiltIndex */

/**
 * The signature of an index of `sources` for `variant` on a core whose start position has key
 * `startKey`: FNV-1a (two 32-bit lanes) over all of it, as hex.
 * @param {Variant} variant
 * @param {Source[]} sources
 * @param {number} startKey
 */
export function signature(variant, sources, startKey) {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ sources.length;
  const mix = (/** @type {string} */ s) => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
    }
    // A separator no text holds at this place: "ab"+"c" and "a"+"bc" differ.
    a = Math.imul(a ^ (s.length & 0xffff), 0x01000193);
    b = Math.imul(b ^ (s.length >>> 16), 0x5bd1e995);
  };
  mix(`${FORMAT} ${variant} ${startKey}`);
  for (const s of sources) {
    mix(s.source);
    mix(s.id);
    mix(s.text);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}-${sources.length}`;
}

const withStore = oneStore(DB, STORE, VERSION);

/**
 * The index of `variant` kept with signature `sig`, or null (none, another signature, a record
 * not of the expected shape, or no storage).
 * @param {Variant} variant
 * @param {string} sig
 * @returns {Promise<BuiltIndex | null>}
 */
export async function keptIndex(variant, sig) {
  try {
    const rec = await withStore('readonly', (s) => s.get(variant));
    if (!rec || rec.sig !== sig) return null;
    const { index, texts } = rec;
    const n = index?.keys?.length;
    const ok =
      index.keys instanceof Float64Array &&
      index.game instanceof Uint32Array &&
      index.ply instanceof Uint32Array &&
      index.move instanceof Int32Array &&
      index.game.length === n &&
      index.ply.length === n &&
      index.move.length === n &&
      Array.isArray(index.moveTexts) &&
      Array.isArray(index.games) &&
      Array.isArray(texts) &&
      texts.length === index.games.length;
    return ok ? { index, texts, skipped: rec.skipped | 0, other: rec.other | 0, left: rec.left | 0 } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the index of `variant` (over the one kept before). Failing is no harm: the next visit
 * builds it again.
 * @param {Variant} variant
 * @param {string} sig
 * @param {BuiltIndex} built
 */
export async function keepIndex(variant, sig, built) {
  const { index, texts, skipped, other, left } = built;
  try {
    await withStore('readwrite', (s) => s.put({ sig, index, texts, skipped, other, left }, variant));
  } catch {
    // Full or refused: built again next time.
  }
}
