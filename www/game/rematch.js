// @ts-check
// A rematch, as the playing sites offer one at the end of a game: the same opponent (the
// computer at its level, or the friend at this board), the same game, start and clock, with
// the colours swapped. Pure: it reads a session and says the new game's options.

import { other } from './options.js';

/** @typedef {import('./session.js').Session} Session */
/** @typedef {import('./session.js').GameOptions} GameOptions */

/**
 * The new game's options for a rematch of the session's game, or null when it has none: a game
 * not over, one not played here (watched, only viewed, by link with a friend elsewhere, or an
 * imported game between named players), or one being set up.
 * @param {Session | null | undefined} s
 * @param {import('./options.js').Color} orientation the side the board shows at the bottom now
 * @returns {GameOptions | null}
 */
export function rematchOptions(s, orientation) {
  const record = s?.record;
  if (!s || !record?.result() || s.editing || s.readonly) return null;
  if (s.mode !== 'computer' && s.mode !== 'two-players') return null;
  const named = s.tagPlayers();
  if (named.white || named.black) return null;
  // Against the computer the player takes the other colour; at one board the two players
  // swap colours and keep their seats, so the board turns.
  const side = s.mode === 'computer' ? other(s.human) : 'white';
  return {
    variant: s.variant,
    mode: s.mode,
    side,
    level: s.level,
    fen: record.startFen(),
    clock: s.clock ? { ...s.clock.control } : null,
    orientation: s.mode === 'computer' ? side : other(orientation),
  };
}

/** Whether the session's game has a rematch (see rematchOptions). @param {Session | null | undefined} s */
export const canRematch = (s) => rematchOptions(s, 'white') !== null;
