// @ts-check
// The games explorer's data on the page: for each game (Italian, Brazilian), an index of the
// positions of the player's saved games and of the PDN files loaded into the explorer (built
// in a worker, games.worker.js, when the explorer first needs that game's, and again when a
// file is added or removed or a game saved), and what it says of a position (index.js). The
// texts of the indexed games are kept to open one at the move where it reached the position.
// An index built is kept for the next visit (kept-index.js), used again while its games and
// the core are the same.

import { t } from '../../shared/i18n.js';
import { Library } from '../../library/library.js';
import { compiled, loadWasm } from '../../shared/wasm.js';
import { VARIANTS } from '../../shared/variant.js';
import { signature, keptIndex, keepIndex } from './kept-index.js';
import { positionStats } from './index.js';
import { listFiles, addFile, removeFiles, keptForPageOnly } from './files.js';

/** @import { Variant } from '../../shared/wasm-types.js' */
/** @import { GamesIndex } from './index.js' */

/**
 * One game's index as it stands: being built, built (with what was left out, how long it
 * took, and whether it was the one kept from a visit before), or failed with the reason.
 * @typedef {{status: 'building'} | {status: 'ready', index: GamesIndex, texts: string[], skipped: number,
 *   other: number, left: number, ms: number, kept: boolean, files: number} | {status: 'failed', error: string}} IndexState
 */

/** @type {Map<Variant, IndexState>} */
const states = new Map();
/** @type {Set<() => void>} */
const listeners = new Set();
/** A build asked for while one of the same game runs: it runs again once that one ends. */
const again = new Set();
const changed = () => listeners.forEach((f) => f());

export const games = {
  /** @param {() => void} f called whenever an index is built or fails */
  onChange(f) {
    listeners.add(f);
  },

  /** The index of `variant`, built if it never was. @param {Variant} variant */
  want(variant) {
    if (!states.has(variant)) build(variant);
  },

  /** @param {Variant} variant @returns {IndexState | undefined} */
  state(variant) {
    return states.get(variant);
  },

  /**
   * What the indexed games did from the position of `key` (null while there is no index).
   * @param {Variant} variant
   * @param {number} key
   */
  at(variant, key) {
    const s = states.get(variant);
    return s?.status === 'ready' ? positionStats(s.index, key) : null;
  },

  /** The text of indexed game `g` of `variant`. @param {Variant} variant @param {number} g */
  text(variant, g) {
    const s = states.get(variant);
    return s?.status === 'ready' ? s.texts[g] ?? null : null;
  },

  /**
   * Loads a PDN file into the explorer (kept in this browser) and indexes it; throws, keeping
   * nothing, with the reason.
   * @param {Variant} variant the game indexed again now (the other one at its next need)
   * @param {string} name
   * @param {string} text
   */
  async addFile(variant, name, text) {
    // The same text twice would count its games twice.
    const there = (await listFiles()).find((f) => f.text === text);
    if (there) throw new Error(t('exAlreadyAdded', { name: there.name }));
    // Read first (in a worker, as the picker reads a file): a text that is not PDN is refused
    // with the core's reason, and kept nowhere; so is one whose every game the core refuses
    // (the first one's reason: a bound passed, a line and column).
    const { readGames } = await import('../../library/picker.js');
    const listed = await readGames(text, variant);
    if (!listed.some((g) => !g.summary.error)) {
      const error = listed.find((g) => g.summary.error)?.summary.error;
      throw new Error(error ? t('exUnreadable', { n: listed.length, error }) : t('exNoGames'));
    }
    await addFile(name, text);
    this.rebuild(variant);
  },

  /** Forgets the loaded files. @param {Variant} variant */
  async removeFiles(variant) {
    await removeFiles();
    this.rebuild(variant);
  },

  /**
   * The saved games or the files changed: `variant`'s index again now, the other's when next
   * wanted (or once its build running ends).
   * @param {Variant} variant
   */
  rebuild(variant) {
    for (const v of VARIANTS) {
      if (v === variant) continue;
      // One being built read the games as they were: forgotten, it would still set its index
      // when it ends (and another build could start beside it), so it builds again instead.
      if (states.get(v)?.status === 'building') again.add(v);
      else states.delete(v);
    }
    build(variant);
  },

  keptForPageOnly,
};

/** @param {Variant} variant */
async function build(variant) {
  if (states.get(variant)?.status === 'building') {
    again.add(variant);
    return;
  }
  states.set(variant, { status: 'building' });
  changed();
  try {
    const [records, added] = await Promise.all([savedGames(), listFiles()]);
    // A text added more than once before it was refused is indexed once.
    const files = added.filter((f, i) => added.findIndex((g) => g.text === f.text) === i);
    /** @type {{source: 'library' | 'file', id: string, text: string}[]} */
    const sources = [...records.filter((r) => r.variant === variant).map((r) => ({ source: /** @type {const} */ ('library'), id: r.id, text: r.pdn })), ...files.map((f) => ({ source: /** @type {const} */ ('file'), id: f.id, text: f.text }))];
    const started = performance.now();
    const sig = signature(variant, sources, await startKey(variant));
    const kept = await keptIndex(variant, sig);
    const built = kept ? { ...kept, ms: performance.now() - started, kept: true } : { ...(await inWorker(variant, sources)), kept: false };
    if (!kept) keepIndex(variant, sig, built);
    states.set(variant, { status: 'ready', ...built, files: files.length });
  } catch (err) {
    states.set(variant, { status: 'failed', error: /** @type {Error} */ (err).message ?? String(err) });
  }
  changed();
  if (again.delete(variant)) build(variant);
}

/** The key of the start position of `variant` in the page's core. @param {Variant} variant */
async function startKey(variant) {
  const g = new (await loadWasm()).GameRecord('analysis', variant);
  try {
    return g.positionKey();
  } finally {
    g.free();
  }
}

/** The saved games (none where the browser keeps none). */
async function savedGames() {
  try {
    return await (await Library.open()).list();
  } catch {
    return [];
  }
}

/**
 * @param {Variant} variant
 * @param {{source: 'library' | 'file', id: string, text: string}[]} sources
 * @returns {Promise<{index: GamesIndex, texts: string[], skipped: number, other: number, left: number, ms: number}>}
 */
function inWorker(variant, sources) {
  const w = new Worker(new URL('./games.worker.js', import.meta.url), { type: 'module' });
  return new Promise((resolve, reject) => {
    w.onmessage = (e) => {
      w.terminate();
      if (e.data.ok) resolve(e.data);
      else reject(new Error(e.data.error));
    };
    w.onerror = (e) => {
      e.preventDefault();
      w.terminate();
      reject(new Error(e.message || 'the games index could not be built'));
    };
    // With the page's compiled rules: the worker downloads nothing.
    compiled('rules').then(
      (module) => w.postMessage({ variant, sources, module }),
      () => w.postMessage({ variant, sources }),
    );
  });
}
