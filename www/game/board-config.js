// @ts-check
// What the board shows for a session, as the board's own config (board/config.js): a pure
// map from the session's state, in the manner of lila's makeConfig. The board knows no rules;
// the legal moves it offers are the core's, and it is told when the player may premove.

/** @typedef {import('./session.js').Session} Session */
/** @import { BoardConfig } from '../board/types.js' */
/** @import { Variant } from '../shared/variant.js' */

/**
 * The board of a game, which the board itself does not know: Brazilian players put it down
 * mirrored (RULES.md: a dark square at each player's near left, 1 = b8, 29 = a1) and write
 * their moves with files and ranks (c3-d4), which it shows along its edges; Italian players
 * number the squares.
 * @param {Variant} variant
 * @returns {{mirrored: boolean, edgeLabels: boolean}}
 */
export function boardLayout(variant) {
  const brazilian = variant === 'brazilian';
  return { mirrored: brazilian, edgeLabels: brazilian };
}

/**
 * @param {Session} s
 * @param {{ premoves?: boolean }} [o] premoves: the player allows moves queued while the computer thinks
 * @returns {BoardConfig}
 */
export function boardConfig(s, { premoves = false } = {}) {
  const human = s.humanToMove();
  const live = s.reviewing === null && !s.editing;
  return {
    ...boardLayout(s.variant),
    pieces: s.board(),
    lastMove: s.editing ? null : s.lastMoveShown(),
    viewOnly: !live,
    editing: !!s.editing,
    movable: { color: human && s.record ? s.record.turn() : null, moves: human ? s.legalMoves() : [] },
    premovable: { color: premoves && live && premoveTime(s) ? s.human : null },
    hint: live ? s.hint : null,
  };
}

/**
 * The computer's turn in a game against it, or the remote opponent's: the player may queue a
 * move, played when the reply comes if it is legal then (nothing of the kind between two
 * people at one board, or while watching).
 * @param {Session} s
 */
export function premoveTime(s) {
  if (s.readonly) return false;
  return (s.mode === 'computer' && s.computerToMove()) || (s.mode === 'remote' && s.reviewing === null && s.remoteToMove());
}

/**
 * A premove's fate once the turn has come, by the legal moves of the moment (the core's):
 * the one move from `from` to `to` is played; several captures sharing both squares leave the
 * choice to the player; none refuses it.
 * @template {{from: number, to: number}} M
 * @param {{from: number, to: number}} premove
 * @param {M[]} legal
 * @returns {{kind: 'play', move: M} | {kind: 'choose', moves: M[]} | {kind: 'refused'}}
 */
export function resolvePremove(premove, legal) {
  const moves = legal.filter((m) => m.from === premove.from && m.to === premove.to);
  if (moves.length === 1) return { kind: 'play', move: moves[0] };
  if (moves.length > 1) return { kind: 'choose', moves };
  return { kind: 'refused' };
}
