// @ts-check
// The panel of a game by link (correspondence.js) and the draw offers such a game carries. The
// panel gives the link to send while the friend is to move (with "Offer a draw with this
// move"), and once the player has ended the game here (a resignation, or the friend's draw
// offer accepted) so that the friend's board ends it too; a draw offer received shows an
// Accept button while the player is to answer it. Loaded with the page (it is drawn at every
// change); the links' code loads only when one is asked for.
//
// An offer is kept in this browser (localStorage) by game id with the ply it was made at: the
// one sent, so that an accepting link is taken only for an offer made here, and the one
// received, so that it can still be accepted after a reload. A move played after it declines
// it (its ply is past). At most MAX_OFFERS games are remembered, the oldest forgotten first.

import { board, $, other } from './page.js';
import { libraryId } from './records.js';

const KEY = 'dama.corr.offers';
/** The most games whose draw offer is remembered. */
const MAX_OFFERS = 50;

/** @typedef {'white' | 'black'} Color */
/** @typedef {{by: Color, ply: number, at: number}} Offer */

/** @returns {Record<string, Offer>} every offer kept (an unreadable store: none) */
function offers() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!all || typeof all !== 'object' || Array.isArray(all)) return {};
    /** @type {Record<string, Offer>} */
    const out = {};
    for (const [id, o] of Object.entries(all)) {
      if (o && (o.by === 'white' || o.by === 'black') && Number.isSafeInteger(o.ply) && o.ply >= 0) out[id] = { by: o.by, ply: o.ply, at: Number(o.at) || 0 };
    }
    return out;
  } catch {
    return {};
  }
}

/**
 * The side that offered a draw in game `id` at `ply` (the moves played when it was made), or
 * null: none, or one a move has since declined.
 * @param {string | null} id
 * @param {number} ply
 * @returns {Color | null}
 */
export function offerAt(id, ply) {
  const o = id ? offers()[id] : undefined;
  return o && o.ply === ply ? o.by : null;
}

/**
 * Keeps a draw offer of game `id` made by `by` at `ply` (over any older one of that game).
 * Returns whether it could be kept (storage refused: the offer cannot be matched later).
 * @param {string} id
 * @param {Color} by
 * @param {number} ply
 */
export function keepOffer(id, by, ply) {
  const all = offers();
  all[id] = { by, ply, at: Date.now() };
  const kept = Object.entries(all)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_OFFERS);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
    return true;
  } catch {
    return false;
  }
}

/**
 * What the player's next link says, for the game on the board, or null when there is nothing
 * to send: 'move' (the friend is to move), 'resign' (the player resigned here), 'accept' (the
 * player accepted the friend's draw offer here).
 * @returns {'move' | 'resign' | 'accept' | null}
 */
export function toSend() {
  const s = board.session;
  if (!s?.record || s.mode !== 'remote' || s.reviewing !== null) return null;
  const r = s.record.result();
  if (!r) return s.humanToMove() ? null : 'move';
  if (r.reason === 'resignation' && r.winner !== s.human) return 'resign';
  if (r.reason === 'agreement' && offerAt(libraryId(), s.history().length) === other(s.human)) return 'accept';
  return null;
}

/** The friend's draw offer the player may accept now, if any: the side that made it. */
export function offerToAnswer() {
  const s = board.session;
  if (!s?.record || s.mode !== 'remote' || s.reviewing !== null || s.record.result() || !s.humanToMove()) return null;
  const by = offerAt(libraryId(), s.history().length);
  return by === other(s.human) ? by : null;
}

/** Draws the panel as the game on the board asks. */
export function renderCorrespondence() {
  const send = toSend();
  const box = $('corr');
  const key = send ?? '';
  if (box.dataset.send !== key) {
    box.dataset.send = key;
    box.hidden = send === null;
    /** @type {HTMLInputElement} */ ($('corr-link')).value = '';
    $('corr-said').textContent = '';
    /** @type {HTMLInputElement} */ ($('corr-offer')).checked = false;
    $('corr-send').hidden = send !== 'move';
    $('corr-end').hidden = send === 'move';
    $('corr-offer-row').hidden = send !== 'move';
  }
  $('corr-offered').hidden = offerToAnswer() === null;
}
