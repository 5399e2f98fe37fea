// @ts-check
// The analysis board in a new tab, from the game page.

import { libraryId } from './records.js';
import { grantFor } from '../library/grant.js';
import { board, showNotice } from './page.js';

/**
 * The analysis board in a new tab, with the game (its PDN, variations and comments) at the
 * position shown, or the editor's position; the game here goes on untouched. `review`: the
 * board starts by reviewing the game. A game saved in the library is named, with a one-time
 * token of this page's request, so the review is written into it.
 * @param {boolean} review
 */
export function openAnalysis(review) {
  const s = board.session;
  if (!s?.record) return;
  const p = new URLSearchParams({ variant: s.variant });
  if (s.editing) {
    try {
      p.set('fen', s.editorFen());
    } catch (err) {
      showNotice(/** @type {Error} */ (err).message);
      return;
    }
  } else {
    p.set('pdn', board.pdn());
    p.set('ply', String(board.reviewing ?? s.record.ply()));
    if (review) p.set('review', '1');
    const id = libraryId();
    if (id) {
      p.set('id', id);
      // The token tells the analysis tab that this page asked (library/grant.js): only then
      // does it write its review into the saved game by itself; a link naming the id does not.
      const own = grantFor(id);
      if (own) p.set('own', own);
    }
  }
  window.open(`www/analysis.html#${p}`, '_blank', 'noopener');
}
