// @ts-check
// Correspondence by link: a game against a friend anywhere with no server. The game is played in
// remote mode (the player moves one side); after each of the player's moves the page gives a
// link (`index.html#c=...`: the game, its moves, the side that sent it and the date, packed in
// the fragment) to send by any messenger. Opening one shows the game with the friend's move
// played, for the side to move to answer, and the game goes on in the same saved game (its id
// is the link's): both sides keep it in their library. A link is refused, with the reason and
// nothing changed, when it cannot be read, when a move in it is not legal, when its game is
// over before a move, when it does not follow the game saved here (another kind of game,
// another start, another line), when it plays a move of the player's side past the game saved
// here (a friend's link adds the friend's moves only), or when the game saved here has moved on
// past it. A link with no new move changes nothing and says so.
//
// A link may also end the game or offer a draw (its `act`): 'resign' (its sender resigned),
// 'offer' (its sender offers a draw with the move it carries; corr-panel.js keeps it so that
// the player can accept it), 'accept' (its sender accepted the player's offer: taken only when
// this browser made that offer at that move). A game over here takes no more moves.

import { t } from '../shared/i18n.js';
import { Library } from '../library/library.js';
import { packText, unpackText, MAX_LINK } from '../shared/share.js';
import { normVariant } from '../shared/variant.js';
import { openingRecord, libraryId } from './records.js';
import { board, showNotice, $, other } from './page.js';
import { keepOffer, offerAt, toSend } from './corr-panel.js';

/** @typedef {import('../shared/wasm-types.js').DamaRules} DamaRules */
/** @typedef {import('../shared/variant.js').Variant} Variant */
/** What a link does besides its moves: its sender resigns, offers a draw, or accepts one. @typedef {'resign' | 'offer' | 'accept'} Act */
/**
 * What a link holds (version 1): the saved game's id, the game, its start, its moves, the side
 * that sent it and when, and what else it does (no `act`: a move).
 * @typedef {{v: 1, id: string, variant: Variant, fen: string, moves: string[], by: 'white' | 'black', date: string, act?: Act}} Payload
 */
const ACTS = ['resign', 'offer', 'accept'];

/** The most moves a link carries: a long game has 300 plies. */
const MAX_MOVES = 2000;

/**
 * The payload of a `#c=` fragment, checked for its shape; throws with the reason.
 * @param {string} packed
 * @returns {Promise<Payload>}
 */
export async function readPayload(packed) {
  let data;
  try {
    data = JSON.parse(await unpackText(packed));
  } catch (err) {
    throw new Error(t('corrUnreadable', { error: /** @type {Error} */ (err).message }), { cause: err });
  }
  const d = /** @type {Record<string, unknown>} */ (data && typeof data === 'object' ? data : {});
  const ok =
    d.v === 1 &&
    typeof d.id === 'string' &&
    /^[\w-]{1,100}$/.test(d.id) &&
    typeof d.fen === 'string' &&
    d.fen.length <= 200 &&
    Array.isArray(d.moves) &&
    d.moves.length <= MAX_MOVES &&
    d.moves.every((m) => typeof m === 'string' && m.length <= 100) &&
    (d.by === 'white' || d.by === 'black') &&
    typeof d.date === 'string' &&
    d.date.length <= 40 &&
    (d.act === undefined || ACTS.includes(/** @type {string} */ (d.act)));
  if (!ok) throw new Error(t('corrUnreadable', { error: t('corrNotAGame') }));
  return /** @type {Payload} */ ({ ...d, variant: normVariant(d.variant) });
}

/**
 * How a link's moves stand to the game saved here: 'new' (no game saved with its id), 'same',
 * 'ahead' (the link goes on from it), 'behind' (the game here has moved on), or 'other' (another
 * line), with the first move that differs.
 * @param {string[]} saved
 * @param {string[]} link
 * @returns {{kind: 'same' | 'ahead' | 'behind' | 'other', at?: number}}
 */
export function compareMoves(saved, link) {
  const n = Math.min(saved.length, link.length);
  for (let i = 0; i < n; i++) if (saved[i] !== link[i]) return { kind: 'other', at: i };
  if (saved.length === link.length) return { kind: 'same' };
  return { kind: link.length > saved.length ? 'ahead' : 'behind' };
}

/**
 * Opens the game of a `#c=` link (the page calls it at start, and when the fragment changes):
 * the moves checked against the game saved here with the same id, then the game shown for the
 * side to move, saved in that same record. Refused links say why and change nothing.
 * @param {DamaRules} wasm
 * @param {string} packed
 * @returns {Promise<boolean>} whether the link's game is shown
 */
export async function openLink(wasm, packed) {
  /** @type {Payload} */
  let p;
  try {
    p = await readPayload(packed);
    const link = replay(wasm, p);
    // A move's link is answered by the side to move; an ending link's sender may have been
    // to move (a resignation, a draw accepted), and the player is the other side.
    let side = p.act === 'resign' || p.act === 'accept' ? other(p.by) : link.turn;
    const saved = await savedGame(wasm, p.id);
    // Another kind of game or another start under the same id is not this game's next move.
    if (saved && (saved.variant !== p.variant || saved.start !== link.start)) throw new Error(t('corrOtherStart'));
    // The player's own link, opened here (to check it, say): the game stays this side's.
    if (saved?.side) {
      if (p.by === saved.side) {
        if (libraryId() !== p.id) showSaved(wasm, p, saved, saved.side, []);
        showNotice(() => t('corrOwnLink'));
        return true;
      }
      side = saved.side;
    }
    let rev = null;
    let same = false;
    if (saved) {
      rev = saved.rev;
      const c = compareMoves(saved.moves, p.moves);
      if (c.kind === 'behind') throw new Error(t('corrStale', { n: saved.moves.length, link: p.moves.length }));
      if (c.kind === 'other') throw new Error(t('corrOther', { n: (c.at ?? 0) + 1 }));
      same = c.kind === 'same';
      if (saved.over && !same) throw new Error(t('corrOver'));
      // The friend adds their own moves only: a move of the player's side is the player's.
      const forged = link.movers.findIndex((by, i) => i >= saved.moves.length && by !== p.by);
      if (forged >= 0) throw new Error(t('corrNotTheirs', { move: p.moves[forged].slice(0, 20), side: t(link.movers[forged]) }));
    } else if (!p.act || p.act === 'offer') {
      // A new game: it is the player's turn in it, not its sender's.
      if (link.turn === p.by && !link.over) throw new Error(t('corrSenderToMove', { side: t(p.by) }));
    }
    const shown = same && libraryId() === p.id;
    if (saved?.over || (same && (!p.act || p.act === 'offer'))) {
      // Nothing new: a link opened twice, one with no move, or the game ended here already.
      if (!shown) showSaved(wasm, p, /** @type {SavedGame} */ (saved), side);
      showNotice(() => t('corrNothingNew'));
      return true;
    }
    // An accepting link answers an offer this browser made at this very move.
    if (p.act === 'accept' && !(same && offerAt(p.id, p.moves.length) === other(p.by))) throw new Error(t('corrNoOffer'));
    if (!shown) {
      if (saved) showSaved(wasm, p, saved, side);
      else
        openingRecord(p.id, rev, () => {
          board.newGame({ variant: p.variant, fen: p.fen, moves: p.moves, pdn: null, mode: 'remote', side });
          libraryId(); // the game's record is the link's from now on (records.js gives it when asked)
        });
    }
    const date = p.date.slice(0, 10);
    // Words made when shown (the page's language may change meanwhile).
    const by = () => t(p.by);
    if (p.act === 'resign') {
      board.resign(p.by);
      showNotice(() => t('corrResigned', { side: by(), date }));
    } else if (p.act === 'accept') {
      board.agreeDraw();
      showNotice(() => t('corrAccepted', { side: by(), date }));
    } else if (link.over) {
      // The friend's move ended the game: no turn to play.
      showNotice(() => t('corrMoveEnds', { side: by(), date }));
    } else if (!p.moves.length) {
      showNotice(() => t('corrStarted', { side: by(), date }));
    } else if (p.act === 'offer') {
      keepOffer(p.id, p.by, p.moves.length);
      board.dispatchEvent(new Event('change')); // the Accept button
      showNotice(() => t('corrOffered', { side: by(), date }));
    } else {
      showNotice(() => t('corrOpened', { side: by(), date }));
    }
    return true;
  } catch (err) {
    const error = /** @type {Error} */ (err).message;
    showNotice(() => t('corrRefused', { error }));
    return false;
  }
}

/**
 * A link's game replayed from its start, as a whole (a move that is not legal refuses it, with
 * its number): the start as the core writes it, the side that played each move, the side to
 * move at its end, and whether the game is over there. A start where a side has no pieces, or
 * the game is over, is no game to play by link.
 * @param {DamaRules} wasm
 * @param {Payload} p
 */
function replay(wasm, p) {
  const g = new wasm.GameRecord('game', p.variant, p.fen);
  try {
    const cells = [...g.board()];
    if (!cells.some((c) => c > 0) || !cells.some((c) => c < 0) || g.result()) throw new Error(t('corrNoGame'));
    /** @type {('white' | 'black')[]} */
    const movers = [];
    for (const [i, m] of p.moves.entries()) {
      movers.push(g.turn());
      try {
        g.play(m);
      } catch (err) {
        throw new Error(t('corrBadMove', { n: i + 1, move: m.slice(0, 20), error: /** @type {Error} */ (err).message }), { cause: err });
      }
    }
    return { start: g.startFen(), movers, turn: g.turn(), over: !!g.result() };
  } finally {
    g.free();
  }
}

/**
 * The game saved here under `id`: its main line and revision; null when there is none (or no
 * library in this browser).
 * @param {DamaRules} wasm
 * @param {string} id
 */
async function savedGame(wasm, id) {
  let rec;
  try {
    rec = await (await Library.open()).get(id);
  } catch {
    return null;
  }
  if (!rec) return null;
  const g = wasm.GameRecord.fromPdn('game', rec.pdn, normVariant(rec.variant));
  try {
    // The side this browser plays in it, as its record says (a game by link resumes so).
    const snap = /** @type {{mode?: unknown, side?: unknown} | null | undefined} */ (rec.snapshot);
    /** @type {'white' | 'black' | null} */
    const side = snap?.mode === 'remote' && (snap.side === 'white' || snap.side === 'black') ? snap.side : null;
    return { moves: g.history().map((m) => m.text), rev: typeof rec.rev === 'number' ? rec.rev : 0, pdn: rec.pdn, over: !!g.result(), side, variant: normVariant(rec.variant), start: g.startFen() };
  } finally {
    g.free();
  }
}

/** @typedef {{moves: string[], rev: number, pdn: string, over: boolean, side: 'white' | 'black' | null, variant: Variant, start: string}} SavedGame */

/**
 * Shows the game saved here with the link's moves that go on from it (or `more`), its own
 * comments and variations kept, in the same library record.
 * @param {DamaRules} wasm
 * @param {Payload} p
 * @param {SavedGame} saved
 * @param {'white' | 'black'} side the player's
 * @param {string[]} [more] the moves played on from it (default: the link's past the saved ones)
 */
function showSaved(wasm, p, saved, side, more = p.moves.slice(saved.moves.length)) {
  // The saved game's record, with its comments and variations, and the moves played since.
  const record = wasm.GameRecord.fromPdn('game', saved.pdn, p.variant);
  const pdn = record.toPdn();
  try {
    for (const m of more) record.play(m);
  } catch (err) {
    record.free();
    throw err;
  }
  openingRecord(p.id, saved.rev, () => {
    board.newGame({ variant: p.variant, pdn, record, mode: 'remote', side });
    libraryId(); // the game's record is the link's from now on (records.js gives it when asked)
  });
}

/**
 * The link to send for the game on the board (remote mode): its moves so far, sent by `by`,
 * with what else it does. Throws an error with `tooLong` past the link's bound.
 * @param {'white' | 'black'} by
 * @param {Act} [act]
 */
export async function linkToSend(by, act) {
  const s = board.session;
  if (!s?.record) throw new Error('no game');
  /** @type {Payload} */
  const p = {
    v: 1,
    id: /** @type {string} */ (libraryId()),
    variant: s.variant,
    fen: s.record.startFen(),
    moves: s.history().map((m) => m.text),
    by,
    date: new Date().toISOString(),
    ...(act ? { act } : {}),
  };
  const packed = await packText(JSON.stringify(p));
  if (packed === null) throw new Error('this browser cannot pack a game into a link (no CompressionStream)');
  const url = new URL(location.href);
  url.search = '';
  url.hash = `c=${packed}`;
  if (url.href.length > MAX_LINK) throw Object.assign(new Error('too long'), { tooLong: url.href.length });
  return url.href;
}

/** Copies the link for the game on the board; says so, or why not. */
export async function copyCorrespondenceLink() {
  const s = board.session;
  if (!s?.record) return;
  const said = $('corr-said');
  const send = toSend();
  if (!send) return;
  try {
    const offer = send === 'move' && /** @type {HTMLInputElement} */ ($('corr-offer')).checked;
    const link = await linkToSend(s.human, send === 'move' ? (offer ? 'offer' : undefined) : send);
    // The offer is kept here, so that the friend's accepting link is taken.
    if (offer) keepOffer(/** @type {string} */ (libraryId()), s.human, s.history().length);
    /** @type {HTMLInputElement} */ ($('corr-link')).value = link;
    await navigator.clipboard.writeText(link);
    said.textContent = t('corrCopied');
  } catch (err) {
    const e = /** @type {Error & {tooLong?: number}} */ (err);
    said.textContent = e.tooLong ? t('linkTooLong', { n: e.tooLong }) : t('corrCopyFailed');
  }
}
