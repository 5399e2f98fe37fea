// @ts-check
// What the board shows for a session, as the board's own config (board/config.js): a pure
// map from the session's state, in the manner of lila's makeConfig. The board knows no rules;
// the legal moves it offers are the core's.

/** @typedef {import('./session.js').Session} Session */

/**
 * @param {Session} s
 * @returns {{pieces: Int8Array, lastMove: any, viewOnly: boolean, editing: boolean,
 *   movable: {color: 'white' | 'black' | null, moves: any[]}, hint: any, variant: string}}
 */
export function boardConfig(s) {
  const human = s.humanToMove();
  const live = s.reviewing === null && !s.editing;
  return {
    variant: s.variant,
    pieces: s.board(),
    lastMove: s.editing ? null : s.lastMoveShown(),
    viewOnly: !live,
    editing: !!s.editing,
    movable: { color: human ? s.game.turn() : null, moves: human ? s.legalMoves() : [] },
    hint: live ? s.hint : null,
  };
}
