// @ts-check
// The saved game this analysis belongs to (the address's id=): its review is written back into
// it, or, asked, the analysis is saved as a new game. A saved game that has moved on since the
// analysis opened is never written over.

import { t, setMessage } from '../shared/i18n.js';
import { Library, newId, revOf } from '../library/library.js';
import { mainline } from '../game/record.js';
import { $, page } from './page.js';

export const saved = {
  /** The saved game this analysis belongs to (its review is written back into it). */
  id: /** @type {string | null} */ (null),
  /** The revision of it this analysis may write over (see readSavedRev). */
  rev: /** @type {number | null} */ (null),
};

/**
 * Writes the tree into the saved game it came from (with its review), or, asked, into a new
 * saved game. The saved game is written over only while it is as this analysis found it (its
 * revision unchanged, or its main line this one's if it was not saved yet when the analysis
 * opened): a game that has moved on since (played on, resigned, reviewed in another tab) is
 * left as it is, and the analysis is saved as a new game, which the page says.
 * @param {boolean} onlyIfSaved
 */
export async function saveToLibrary(onlyIfSaved) {
  if (onlyIfSaved && !saved.id) return;
  const out = $('an-saved');
  try {
    const lib = await Library.open();
    const tags = new Map(page.model.tags());
    const result = page.model.result();
    const line = page.model.mainline().map((n) => n.text);
    /** @param {import('../library/library.js').SavedGame | undefined} old */
    const fields = (old) => ({
      ...(old ?? {}),
      pdn: page.model.pdn(),
      white: old?.white ?? tags.get('White') ?? '?',
      black: old?.black ?? tags.get('Black') ?? '?',
      result,
      variant: page.model.variant,
      plies: line.length,
      date: old?.date ?? new Date().toISOString().slice(0, 10),
      event: old?.event ?? tags.get('Event') ?? '',
      updated: Date.now(),
      finished: old?.finished ?? result !== '*',
      snapshot: old?.snapshot ? { ...old.snapshot, pdn: page.model.pdn() } : null,
    });
    let apart = false;
    let written = saved.id
      ? await lib.save(saved.id, (old) => {
          if (!old) return onlyIfSaved ? null : fields(undefined);
          const same = saved.rev !== null ? revOf(old) === saved.rev : sameLine(old.pdn, line);
          if (same) return fields(old);
          apart = true;
          return null;
        })
      : null;
    if (!written && (apart || !onlyIfSaved)) {
      const id = newId();
      written = await lib.save(id, () => ({ ...fields(undefined), finished: result !== '*', snapshot: null }));
      saved.id = id;
    }
    if (!written) return;
    saved.rev = revOf(written);
    const key = apart ? 'anSavedApart' : 'anSaved';
    setMessage(out, () => t(key));
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    setMessage(out, () => t('librarySaveFailed', { error }));
  }
}

/**
 * Whether a saved game's main line is `line` (the game as this analysis opened it).
 * @param {string} pdn
 * @param {string[]} line
 */
function sameLine(pdn, line) {
  try {
    const record = page.wasm.GameRecord.fromPdn('analysis', pdn, page.model.variant);
    try {
      const theirs = mainline(record);
      return theirs.length === line.length && theirs.every((m, i) => m === line[i]);
    } finally {
      record.free();
    }
  } catch {
    return false;
  }
}

/**
 * The revision of the saved game this analysis is a copy of, read when it opens: only that
 * revision may be written over. Null when the game was not (yet) saved as this analysis has it.
 */
export async function readSavedRev() {
  if (!saved.id) return;
  try {
    const old = await (await Library.open()).get(saved.id);
    const line = page.model.mainline().map((n) => n.text);
    if (old && sameLine(old.pdn, line)) saved.rev = revOf(old);
  } catch {
    // No saved games here: nothing to write back to.
  }
}
