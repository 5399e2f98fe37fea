// @ts-check
// Every text the game shows about itself, in the page's language: the status line, the end of
// the game, the players' names, the move numbers, what a screen reader hears. No DOM: these
// read a session (session.js) and return strings.

import { t, localizeRefusal } from '../shared/i18n.js';
import { other } from './options.js';
import { tapOrClick } from '../shared/pointer.js';

/** @typedef {import('./options.js').Color} Color */
/** @typedef {import('./session.js').Session} Session */
/** @typedef {{winner: Color | null, reason: string, message?: string}} Result */

/** @param {Color} c @param {string} [lang] */
export const colorName = (c, lang) => t(c === 'white' ? 'white' : 'black', {}, lang);

/**
 * The core words its reasons as clauses ("men move forward only"); show them as sentences.
 * @param {string} s
 */
export function sentence(s) {
  const text = s.charAt(0).toUpperCase() + s.slice(1);
  return /[.!?]$/.test(text) ? text : text + '.';
}

/**
 * The one move numbering: the `ply`-th move of a game (1-based) whose first move is
 * `first`'s is "n." for White and "n..." for Black.
 * @param {number} ply
 * @param {Color} first
 */
export function moveNumber(ply, first) {
  const k = ply - 1 + (first === 'black' ? 1 : 0);
  return `${Math.floor(k / 2) + 1}${k % 2 ? '...' : '.'}`;
}

/**
 * "12. 22-18" or "12... 9-13".
 * @param {number} ply
 * @param {Color} first
 * @param {string} text
 */
export const moveLabel = (ply, first, text) => `${moveNumber(ply, first)} ${text}`;

/**
 * The players' names as the page shows them: from the game's tags when it has them (an
 * imported game), else "You" and "Computer · level n", or the colours.
 * @param {Session} s
 * @param {string} [L]
 * @returns {{white: string, black: string}}
 */
export function playerNames(s, L) {
  const tagged = s.tagPlayers();
  /** @param {Color} c */
  const name = (c) => {
    if (tagged[c]) return tagged[c];
    if (s.mode === 'computer') return c === s.human ? t('you', {}, L) : t('computerLevel', { level: s.level }, L);
    if (s.mode === 'remote') return c === s.human ? t('you', {}, L) : t('remoteOpponent', {}, L);
    if (s.mode === 'watch') return `${colorName(c, L)} · ${t('computerLevel', { level: s.levelFor(c) }, L)}`;
    return colorName(c, L);
  };
  return { white: name('white'), black: name('black') };
}

/**
 * The names written into an exported PDN (always English: PDN is read by programs).
 * @param {Session} s
 */
export function pdnNames(s) {
  const tagged = s.tagPlayers();
  const cpu = (/** @type {Color} */ c) => `Dama (level ${s.levelFor(c)})`;
  /** @param {Color} c */
  const name = (c) => {
    if (tagged[c]) return tagged[c];
    if (s.mode === 'computer') return c === s.human ? 'Player' : cpu(c);
    if (s.mode === 'remote') return c === s.human ? 'Player' : 'Opponent';
    if (s.mode === 'watch') return cpu(c);
    return c === 'white' ? 'White' : 'Black';
  };
  return { white: name('white'), black: name('black') };
}

/**
 * [title, reason] of a finished game: from the player's side against the computer (or an
 * opponent elsewhere), else naming the winner (by name when the game has names). The player's
 * own resignation is theirs ("You resigned"); the opponent's, and either side's between two
 * players on one device, names the side.
 * @param {Session} s
 * @param {Result | null} result
 * @param {string} [L]
 */
export function endTexts(s, result, L) {
  if (!result) return ['', ''];
  const winner = result.winner;
  const loser = winner ? other(winner) : null;
  const names = playerNames(s, L);
  const tagged = s.tagPlayers();
  const versus = (s.mode === 'computer' || s.mode === 'remote') && !tagged.white && !tagged.black;
  let title;
  if (!winner) title = t('draw', {}, L);
  else if (versus) title = winner === s.human ? t('youWin', {}, L) : t('youLose', {}, L);
  else title = t('winnerWins', { color: tagged[winner] ? names[winner] : colorName(winner, L) }, L);
  /** @type {Record<string, string>} */
  const reasons = {
    // A side with nothing left on the board has lost its pieces, not its moves.
    'no-moves': loser && s.piecesOf(loser) === 0 ? 'reasonNoPieces' : 'reasonNoMoves',
    repetition: 'reasonRepetition',
    // The limit is the game's: 40 moves each in Italian, 20 in Brazilian.
    'king-moves': s.variant === 'brazilian' ? 'reasonKingMovesBrazilian' : 'reasonKingMoves',
    'three-kings': 'reasonThreeKings',
    resignation: 'reasonResignation',
    time: 'reasonTime',
    agreement: 'reasonAgreement',
  };
  const key = versus && result.reason === 'resignation' && loser === s.human ? 'reasonYouResigned' : reasons[result.reason];
  const reason = key ? t(key, { loser: loser ? colorName(loser, L) : '' }, L) : result.message || '';
  return [title, reason];
}

/**
 * The status line for the current state.
 * @param {Session} s
 * @param {string} [L]
 */
export function statusText(s, L) {
  const g = s.record;
  if (!g) return t('loading', {}, L);
  if (s.editing) return t(tapOrClick('editing', 'editingClick'), {}, L);
  const result = g.result();
  if (result && (s.mode !== 'view' || s.reviewing === g.ply())) return endTexts(s, result, L).join(' ');
  if (s.mode === 'view') return ''; // the move shown is named beside the arrows
  if (s.reviewing !== null) return lookingBackText(s, s.reviewing, L); // not "Your move": that is in the game
  if (s.mode === 'watch') return t(s.thinking === 'move' ? 'watchThinking' : 'toMove', { color: colorName(g.turn(), L) }, L);
  if (s.thinking === 'move') return t('computerThinking', {}, L);
  if (s.thinking === 'hint') return t('hintThinking', {}, L);
  const turn = g.turn();
  const versus = s.mode === 'computer' || s.mode === 'remote';
  if (s.mode === 'remote' && turn !== s.human && !result) return t('opponentToMove', { color: colorName(turn, L) }, L);
  let text = versus && turn === s.human ? t('yourTurn', {}, L) : t('toMove', { color: colorName(turn, L) }, L);
  const humanTurn = s.humanToMove();
  if (humanTurn && !g.ply() && !s.hint) text += ' ' + t(tapOrClick('firstMoveTip', 'firstMoveTipClick'), {}, L);
  if (humanTurn && s.legalMoves().some((m) => m.captured.length)) {
    text += ' ' + (versus ? t('mustCapture', {}, L) : t('mustCaptureColor', { color: colorName(turn, L) }, L));
  }
  if (s.hint) text += ' ' + t('hintShown', { move: s.hint.text }, L);
  return text;
}

/**
 * "Viewing the position after 3... 12-15." for the move `ply` of the game (0: the start).
 * @param {Session} s
 * @param {number} ply
 * @param {string} [L]
 */
export function reviewText(s, ply, L) {
  const move = shownMove(s, ply);
  return move === null ? t('reviewingStart', {}, L) : t('reviewing', { move }, L);
}

/**
 * The status while a game goes on and an earlier move is looked at: "Looking back at 12. 22-18;
 * the game goes on from its last move: Back to game."
 * @param {Session} s
 * @param {number} ply
 * @param {string} [L]
 */
function lookingBackText(s, ply, L) {
  const move = shownMove(s, ply);
  return move === null ? t('lookingBackStart', {}, L) : t('lookingBack', { move }, L);
}

/**
 * The move looked at ("3... 12-15"), or null for the start position.
 * @param {Session} s
 * @param {number} ply
 */
function shownMove(s, ply) {
  // Read once: the session looks the node up in its record on each read.
  const node = s.node;
  if (node) return moveLabel(node.ply, s.firstToMove(), node.text);
  if (!ply) return null;
  const m = s.history()[ply - 1];
  return moveLabel(ply, s.firstToMove(), m ? m.text : '?');
}

/**
 * "White 22-18", "Black captures 13x22", for screen readers.
 * @param {{text: string, captured: ArrayLike<number>, promotes: boolean}} m
 * @param {Color} color
 * @param {string} [L]
 */
export function moveAnnouncement(m, color, L) {
  let s = t(m.captured.length ? 'announceCapture' : 'announceMove', { color: colorName(color, L), move: m.text }, L);
  if (m.promotes) s += t('announcePromotes', {}, L);
  return s;
}

/**
 * A square as a screen reader hears it: "Square 22, white man, selected".
 * @param {string} name
 * @param {number} piece
 * @param {{selected?: boolean, destination?: boolean}} flags
 * @param {string} [L]
 */
export function squareDescription(name, piece, { selected, destination }, L) {
  /** @type {Record<string, string>} */
  const names = { 1: 'whiteMan', 2: 'whiteKing', '-1': 'blackMan', '-2': 'blackKing' };
  let s = t('squareDescription', { n: name, piece: t(names[piece] ?? 'squareEmpty', {}, L) }, L);
  if (selected) s += t('selectedSuffix', {}, L);
  if (destination) s += t('destinationSuffix', {}, L);
  return s;
}

/**
 * Today as PDN writes dates: 2026.11.23.
 * @param {Date} [d]
 */
export const pdnDate = (d = new Date()) => `${d.getFullYear()}.${String(d.getMonth() + 1).padStart(2, '0')}.${String(d.getDate()).padStart(2, '0')}`;

/**
 * Why a move was refused, in the page's language: the core words the rule broken in English
 * (Game.whyIllegal), read back into the language's own words.
 * @param {string | null | undefined} why
 * @param {string} [L]
 */
export const refusalText = (why, L) => (why ? localizeRefusal(why, L, sentence) : t('illegal', {}, L));
