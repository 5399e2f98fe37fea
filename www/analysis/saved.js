// @ts-check
// The saved game this analysis belongs to (the address's id=, with the game page's one-time
// token: library/grant.js): its review is written back into it, or, asked, the analysis is
// saved as a new game. A saved game that has moved on since the analysis opened is never
// written over.
//
// An address with id= and no token is a link anyone may have written (a correspondence friend
// knows the game's id): the analysis is a copy, and nothing is written by itself. When the
// saved game it names is this game (its moves, from its start), the player may save a review
// run here into it: its evaluations and marks only, into the saved game's own record (never
// the link's tags, result or comments).

import { t, setMessage } from '../shared/i18n.js';
import { Library, newId, revOf } from '../library/library.js';
import { mainline } from '../game/record.js';
import { normVariant } from '../shared/variant.js';
import { AnalysisModel } from './model.js';
import { writeReview } from './annotate.js';
import { $, page, review } from './page.js';

export const saved = {
  /** The saved game this analysis belongs to (its review is written back into it). */
  id: /** @type {string | null} */ (null),
  /** The revision of it this analysis may write over (see readSavedRev). */
  rev: /** @type {number | null} */ (null),
  /** A saved game a link named (no token): a review run here may be saved into it, if asked. */
  linked: /** @type {string | null} */ (null),
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
  return equalLines(readGame(pdn)?.line, line);
}

/** @param {string[] | undefined} a @param {string[]} b */
const equalLines = (a, b) => !!a && a.length === b.length && a.every((m, i) => m === b[i]);

/**
 * A saved game's start and main line, read as this page's kind of game; null if it cannot be.
 * @param {string} pdn
 */
function readGame(pdn) {
  try {
    const record = page.wasm.GameRecord.fromPdn('analysis', pdn, page.model.variant);
    try {
      return { start: record.startFen(), line: mainline(record) };
    } finally {
      record.free();
    }
  } catch {
    return null;
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

/**
 * The saved game a link named (saved.linked), kept as the one a review may be saved into when
 * it is this game: its moves and its start. Else forgotten, and the page is a copy as any.
 */
export async function readLinked() {
  if (!saved.linked) return;
  try {
    const old = await (await Library.open()).get(saved.linked);
    if (old && sameGame(old, page.model.mainline().map((n) => n.text))) return showLinked(false);
  } catch {
    // No saved games here: nothing to save into.
  }
  saved.linked = null;
}

/**
 * Shows what the page says of the saved game a link named, and its button once a review has
 * run here (`reviewed`); hides both when there is none.
 * @param {boolean} reviewed
 */
export function showLinked(reviewed) {
  $('an-linked').hidden = !saved.linked;
  $('an-save-review').hidden = !saved.linked || !reviewed;
  setMessage($('an-linked-said'), saved.linked ? () => t('anLinkCopy') : '');
}

/**
 * Saves the review run here into the saved game the link named, at the player's asking: its
 * evaluations and marks written into that game's own record (its tags, result and comments as
 * they are there), and only while its moves are the ones reviewed, from the same start.
 */
export async function saveReviewInto() {
  const id = saved.linked;
  if (!id || review.running || !review.line.length) return;
  const out = $('an-linked-said');
  try {
    const written = await (await Library.open()).save(id, (old) => {
      if (!old || !sameGame(old, review.line)) return null;
      const model = new AnalysisModel(page.wasm, page.wasm.GameRecord.fromPdn('analysis', old.pdn, normVariant(old.variant)));
      try {
        writeReview(model, review.positions, review.moves);
        const pdn = model.pdn();
        return { ...old, pdn, updated: Date.now(), snapshot: old.snapshot ? { ...old.snapshot, pdn } : null };
      } finally {
        model.free();
      }
    });
    setMessage(out, () => t(written ? 'anReviewSavedInto' : 'anReviewNotInto'));
    if (written) $('an-save-review').hidden = true;
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    setMessage(out, () => t('librarySaveFailed', { error }));
  }
}

/**
 * Whether a saved game is the game on the page: the same kind of game, the same start, and
 * `line` as its main line.
 * @param {import('../library/library.js').SavedGame} old
 * @param {string[]} line
 */
function sameGame(old, line) {
  const game = normVariant(old.variant) === page.model.variant ? readGame(old.pdn) : null;
  return !!game && game.start === page.model.root.fen && equalLines(game.line, line);
}
