// @ts-check
// The server's codes in the players' words: a refusal (the server's English reason is kept for
// a code the page does not know), how a game ended, a game's result line.

import { t } from '../shared/i18n.js';

/** @import { ApiCode, RefusalCode, Refusal, EndReason, Side } from './protocol.ts' */

/** @type {Record<RefusalCode, string>} */
const REFUSALS = {
  'too-large': 'onlineRefusedTooLarge',
  malformed: 'onlineRefusedMalformed',
  'rate-limited': 'onlineRefusedRateLimited',
  'not-a-player': 'onlineRefusedNotAPlayer',
  'not-your-turn': 'onlineRefusedNotYourTurn',
  illegal: 'onlineRefusedIllegal',
  'game-over': 'onlineRefusedGameOver',
  stale: 'onlineRefusedStale',
  'no-offer': 'onlineRefusedNoOffer',
  'offer-standing': 'onlineRefusedOfferStanding',
  'too-soon': 'onlineRefusedTooSoon',
  'cannot-abort': 'onlineRefusedCannotAbort',
  'not-claimable': 'onlineRefusedNotClaimable',
  'not-out-of-time': 'onlineRefusedNotOutOfTime',
  'no-game': 'onlineRefusedNoGame',
  unavailable: 'onlineRefusedUnavailable',
  'too-many': 'onlineRefusedTooMany',
  'needs-account': 'onlineRefusedNeedsAccount',
  'no-seek': 'onlineRefusedNoSeek',
  'no-rematch': 'onlineRefusedNoRematch',
};

/** A refusal in words: what the code means, then the server's reason as it gave it. @param {Refusal} r */
export function refusalWords(r) {
  const key = REFUSALS[r.code];
  return key ? `${t(key)} (${r.text})` : r.text;
}

/** @type {Record<ApiCode, string>} */
const API_REFUSALS = {
  invalid: 'onlineApiInvalid',
  'name-taken': 'onlineApiNameTaken',
  'wrong-name-or-password': 'onlineApiWrongNameOrPassword',
  'not-signed-in': 'onlineApiNotSignedIn',
  'session-expired': 'onlineApiSessionExpired',
  'no-account': 'onlineApiNoAccount',
  'no-game': 'onlineApiNoGame',
  'needs-account': 'onlineRefusedNeedsAccount',
  'too-many': 'onlineApiTooMany',
  'other-site': 'onlineApiOtherSite',
  'timed-out': 'onlineApiTimedOut',
  'server-error': 'onlineApiServerError',
};

/**
 * An HTTP call's failure in words (api.js's ApiRefused): what its code means, then the
 * server's reason as it gave it; no answer at all, said so; a code the page does not know,
 * the server's reason as it gave it.
 * @param {unknown} err
 */
export function apiRefusalWords(err) {
  const e = /** @type {{message?: unknown, code?: unknown, status?: unknown}} */ (err ?? {});
  const text = String(e.message ?? err);
  if (e.status === 0) return t('onlineApiNoAnswer');
  const key = typeof e.code === 'string' ? API_REFUSALS[/** @type {ApiCode} */ (e.code)] : undefined;
  return key ? `${t(key)} (${text})` : t('onlineRefusedBy', { reason: text });
}

/** @type {Record<EndReason, string>} */
const REASONS = {
  'no-moves': 'onlineEndNoMoves',
  repetition: 'onlineEndRepetition',
  'king-moves': 'onlineEndKingMoves',
  'three-kings': 'onlineEndThreeKings',
  agreement: 'onlineEndAgreement',
  resignation: 'onlineEndResignation',
  time: 'onlineEndTime',
  aborted: 'onlineEndAborted',
  'no-start': 'onlineEndNoStart',
  abandoned: 'onlineEndAbandoned',
};

/** Each game's moves a side, kings only and nothing captured, that draw (RULES.md; the rules page says the same). */
const KING_MOVES = { italian: 40, brazilian: 20 };

/**
 * The result and how the game ended: "White won. On time." A reason the page does not know is
 * said as the server names it; none, not said.
 * @param {Side | null} winner @param {string} reason @param {string} variant the game's
 */
export function endWords(winner, reason, variant) {
  const key = REASONS[/** @type {EndReason} */ (reason)];
  const how = key ? t(key, { n: variant === 'brazilian' ? KING_MOVES.brazilian : KING_MOVES.italian }) : reason;
  const aborted = reason === 'aborted' || reason === 'no-start';
  const result = t(aborted ? 'onlineResultAborted' : winner === 'white' ? 'onlineResultWhite' : winner === 'black' ? 'onlineResultBlack' : 'onlineResultDraw');
  return how ? `${result} ${how}` : result;
}

/**
 * A finished game's result, from its PDN result ("1-0", "0-1", "1/2-1/2", "*") and how it ended.
 * @param {string | null} result @param {string | null} endedBy @param {string} variant the game's
 */
export function recordResultWords(result, endedBy, variant) {
  const winner = result === '1-0' ? 'white' : result === '0-1' ? 'black' : null;
  return endWords(winner, endedBy ?? (result === '*' ? 'aborted' : ''), variant);
}
