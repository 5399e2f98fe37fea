// @ts-check
// A move a script gives by its two squares (the element's play({from, to})): numbers 1-32 or
// names such as "c3", in the game's own numbering, made the text of the one legal move between
// them, or refused with the rule's reason.

import { t } from '../shared/i18n.js';
import { squareFromName } from '../board/util.js';
import { boardLayout } from '../game/board-config.js';
import { refusalText } from '../game/texts.js';

/** @typedef {import('../game/session.js').Session} Session */

/**
 * The text of the one legal move from `from` to `to`; throws the rule's reason when there is
 * none, and names the moves when several captures share both squares.
 * @param {Session} s
 * @param {{from: number | string, to: number | string}} o
 * @param {string} lang the element's, for the reasons
 */
export function scriptMoveText(s, o, lang) {
  const square = (/** @type {unknown} */ v) => {
    const n = typeof v === 'number' ? v : /^\s*\d+\s*$/.test(String(v)) ? Number(v) : squareFromName(String(v).trim().toLowerCase(), boardLayout(s.variant).mirrored);
    if (!Number.isInteger(n) || n < 1 || n > 32) throw new RangeError(t('playBadSquare', { square: String(v).slice(0, 20) }, lang));
    return /** @type {number} */ (n);
  };
  const from = square(o?.from);
  const to = square(o?.to);
  const moves = s.legalMoves().filter((m) => m.from === from && m.to === to);
  if (moves.length === 1) return moves[0].text;
  if (moves.length > 1) throw new Error(t('playAmbiguous', { moves: moves.map((m) => m.text).join(', ') }, lang));
  throw new Error(refusalText(s.record?.whyIllegal(from, to), lang));
}
