// @ts-check
// One game on the online page: played, watched, or waited for (a challenge whose link the
// friend has not opened yet). The board is the page's <dama-board> in remote mode, its
// Session the game's (the server's moves played on it with play(), the player's own moves
// sent from its `move` event); the link (link.js) carries the protocol. The server is the
// verdict: what it sends is applied in the order of its versions, and where the board and the
// server disagree (a move refused, a reconnection after a restart) the board is set up again
// from the server's moves. game-view.js draws the panels from this state.

import { t } from '../shared/i18n.js';
import { Link } from './link.js';
import { ServerClocks } from './clocks.js';
import { socketUrl, gameRecord } from './api.js';
import { keptName } from './name.js';
import { refusalWords } from './words.js';
import { board, say, announce } from './page.js';

/** @import { ServerMsg, Versioned, Side, EndReason, ClockSnapshot, TimeControl, RatingShown } from './protocol.ts' */
/** @import { GameRecordJson } from './api.js' */

/** What the page knows of the game, as the server said it. */
export const game = {
  /** The id in the address (a challenge's, until its game starts). */
  asked: '',
  /** The game's id, once it has started. */
  id: '',
  /** @type {'waiting' | 'live' | 'over' | 'missing'} */
  phase: /** @type {'waiting' | 'live' | 'over' | 'missing'} */ ('waiting'),
  /** @type {Side | null} the side the page plays (null: watching) */
  you: /** @type {Side | null} */ (null),
  variant: 'italian',
  /** @type {TimeControl | null} */
  control: /** @type {TimeControl | null} */ (null),
  /** @type {string[]} the moves, as the server has them */
  moves: /** @type {string[]} */ ([]),
  /** @type {Side | null} who offers a draw now */
  offer: /** @type {Side | null} */ (null),
  /** @type {{winner: Side | null, reason: EndReason | string} | null} */
  end: /** @type {{winner: Side | null, reason: EndReason | string} | null} */ (null),
  /** @type {{gone: boolean, claimAt: number | null}} the opponent's connection, and when a claim is possible (page time) */
  opponent: { gone: false, claimAt: /** @type {number | null} */ (null) },
  /** @type {GameRecordJson | null} the players' names and ratings */
  record: /** @type {GameRecordJson | null} */ (null),
  clocks: new ServerClocks(),
  /** @type {Link | null} */
  link: /** @type {Link | null} */ (null),
  /** The ply whose flag the page asked the server to look at. */
  flagAsked: -1,
  /** @type {Side | null} who asks for a rematch now (the server says; null: nobody, or the ask lapsed) */
  rematch: /** @type {Side | null} */ (null),
  /** @type {{white: RatingShown, black: RatingShown} | null} a rated game's rating changes, once it ended */
  ratings: /** @type {{white: RatingShown, black: RatingShown} | null} */ (null),
};

/** @type {() => void} */
let changed = () => {};

/**
 * Opens game (or challenge) `id`: its link made and kept up; `onChange` redraws the panels.
 * @param {string} id @param {() => void} onChange
 */
export function openGame(id, onChange) {
  changed = onChange;
  game.asked = id;
  board.addEventListener('move', (e) => {
    const d = /** @type {CustomEvent} */ (e).detail;
    if (d.by !== 'human' || !game.link || game.phase !== 'live') return;
    game.link.move(d.move, game.link.v);
    changed();
  });
  // The element's own card offers a new game against the computer: not here.
  board.addEventListener('newgamerequest', (e) => e.preventDefault());
  const link = new Link({
    url: socketUrl(),
    game: id,
    name: keptName(),
    message: (msg) => onMessage(msg),
    state: () => changed(),
  });
  game.link = link;
  link.start();
}

/** A command of the player's (offer_draw, resign, ...): sent if the link is up, else said so. @param {import('./protocol.ts').ClientMsg} msg */
export function command(msg) {
  if (!game.link?.send(msg)) say('on-notice', () => t('onlineNotConnected'));
}

/** @param {ServerMsg} msg */
function onMessage(msg) {
  const now = performance.now();
  const lag = game.link?.lag ?? null;
  switch (msg.t) {
    case 'waiting':
      game.phase = 'waiting';
      break;
    case 'welcome':
      game.you = msg.you;
      if (msg.game !== game.id) {
        game.id = msg.game;
        // The address names the game from now on: a reload comes back to it.
        if (game.asked !== msg.game) history.replaceState(null, '', `#g=${encodeURIComponent(msg.game)}`);
        void loadNames();
      }
      apply(msg.events, true);
      game.clocks.set(msg.clocks, now, lag);
      break;
    case 'events':
      apply(msg.events, false);
      if (game.phase !== 'over') game.clocks.set(msg.clocks, now, lag);
      break;
    case 'refused':
      onRefused(msg);
      break;
    case 'ack':
    case 'pong':
      return;
    case 'opponent':
      // The opponent's connection went or came back.
      game.opponent = { gone: msg.gone, claimAt: msg.claim_in_ms == null ? null : now + msg.claim_in_ms };
      break;
    case 'rematch':
      game.rematch = msg.offered_by;
      if (msg.offered_by && msg.offered_by !== game.you) announce(t('onlineRematchAsked', { name: opponentName() }));
      break;
    case 'matched':
      // The rematch's game: the page starts again for it (main.js's hashchange).
      location.hash = `g=${encodeURIComponent(msg.game)}`;
      return;
    case 'ratings':
      game.ratings = { white: msg.white, black: msg.black };
      break;
    default:
      // The lobby's and the watch list's news: not this page's.
      return;
  }
  changed();
}

/** The opponent's name, as the game's record has it (else their colour). */
export function opponentName() {
  const side = game.you === 'white' ? 'black' : 'white';
  return game.record?.[side]?.name ?? t(side);
}

/** @param {Extract<ServerMsg, {t: 'refused'}>} msg */
function onRefused(msg) {
  const { refusal } = msg;
  // The clock was not out after all: nothing to say.
  if (refusal.code === 'not-out-of-time') return;
  if (refusal.code === 'no-game' && !game.id) return void showFinished();
  say('on-notice', () => refusalWords(refusal));
  announce(refusalWords(refusal));
  // A move of ours refused: the board goes back to the server's game.
  if (msg.ack !== null) setUpBoard();
}

/**
 * The server's events in order, those the page has not applied yet. `whole`: a welcome's,
 * after which the board is checked against the server's moves.
 * @param {Versioned[]} events @param {boolean} whole
 */
function apply(events, whole) {
  const link = /** @type {Link} */ (game.link);
  let fresh = false;
  for (const { v, event: e } of events) {
    if (v <= link.v) continue;
    switch (e.type) {
      case 'move':
        game.moves[e.ply - 1] = e.text;
        game.moves.length = e.ply;
        game.offer = null;
        if (!fresh && !whole) playOnBoard(e.ply, e.text);
        break;
      case 'draw_offer':
        game.offer = e.by;
        break;
      case 'draw_decline':
        game.offer = null;
        if (e.by !== game.you && game.you) say('on-notice', () => t('onlineDrawDeclined'));
        break;
      case 'end':
        game.end = { winner: e.winner, reason: e.reason };
        game.offer = null;
        game.phase = 'over';
        game.clocks.stop(e.white_ms, e.black_ms, performance.now());
        if (!fresh && !whole) endOnBoard();
        break;
      default:
        // The game's start: its game and clock.
        fresh = true;
        game.variant = e.variant;
        game.control = e.control;
        game.moves = [];
        game.end = null;
        game.offer = null;
        game.phase = 'live';
    }
    link.seen(v);
  }
  if (game.phase === 'waiting' && link.v > 0) game.phase = game.end ? 'over' : 'live';
  if (fresh || whole) setUpBoard();
}

/**
 * The server's move `ply` on the board: played there unless it is the player's own, already
 * shown; any other disagreement sets the board up again.
 * @param {number} ply @param {string} text
 */
function playOnBoard(ply, text) {
  const shown = board.history();
  if (shown.length >= ply && shown[ply - 1].text === text && shown.length === ply) return;
  if (shown.length === ply - 1) {
    try {
      board.play(text);
      return;
    } catch (err) {
      console.warn('the server\'s move does not play here:', err);
    }
  }
  setUpBoard();
}

/**
 * The board as the server has the game: its moves (and the player's own not yet acknowledged),
 * its end, the player's side. A board a few moves behind plays them; one that disagrees is set
 * up again.
 */
function setUpBoard() {
  if (!board.isReady) return void board.whenReady().then(setUpBoard);
  const moves = [...game.moves, ...(game.link?.unacknowledged ?? [])];
  const shown = board.session?.mode === 'remote' && board.variant === game.variant ? board.history().map((m) => m.text) : null;
  const behind = shown && shown.length <= moves.length && shown.every((m, i) => m === moves[i]) && !board.result();
  if (behind && board.session?.human === (game.you ?? 'white')) {
    try {
      for (const m of moves.slice(shown.length)) board.play(m);
      if (game.end) endOnBoard();
      return void syncReadonly();
    } catch (err) {
      console.warn('the server\'s moves do not play here:', err);
    }
  }
  rebuild(moves);
}

/** A new game on the board: `moves` played and the game's end applied. @param {string[]} moves */
function rebuild(moves) {
  board.newGame({ variant: game.variant, mode: 'remote', side: game.you ?? 'white', moves, ended: endedOf(game.end), clock: null });
  syncReadonly();
}

/** The end as the board's record can hold it (a resignation, a loss on time, a draw agreed). @param {typeof game.end} end */
function endedOf(end) {
  if (!end?.winner && end?.reason === 'agreement') return /** @type {const} */ ({ type: 'draw' });
  if (!end?.winner) return null;
  const loser = end.winner === 'white' ? 'black' : 'white';
  if (end.reason === 'resignation' || end.reason === 'abandoned') return /** @type {const} */ ({ type: 'resign', color: loser });
  if (end.reason === 'time') return /** @type {const} */ ({ type: 'time', color: loser });
  return null;
}

/** The game ended on the server: the board's record too, and no more moves from the board. */
function endOnBoard() {
  const ended = endedOf(game.end);
  const result = board.result();
  if (!result && ended?.type === 'draw') board.agreeDraw();
  else if (!result && ended?.type === 'resign') board.resign(ended.color);
  else if (!result && ended) rebuild(game.moves);
  syncReadonly();
}

/** The board takes moves only from a player of a live game; its card of the end is the page's panel's. */
function syncReadonly() {
  board.toggleAttribute('readonly', !game.you || game.phase !== 'live');
  if (board.result()) board.closeOverlay();
}

/** The players' names and ratings, from the game's public record. */
async function loadNames() {
  try {
    game.record = await gameRecord(game.id);
  } catch {
    return;
  }
  changed();
}

/**
 * A game that is no longer live (its link opened after the end): its record, shown on the
 * board as the server stored it.
 */
async function showFinished() {
  game.link?.stop();
  let r;
  try {
    r = await gameRecord(game.asked);
  } catch {
    game.phase = 'missing';
    return void changed();
  }
  game.id = r.id;
  game.record = r;
  game.variant = r.variant;
  game.moves = (r.moves ?? []).map((m) => m.text);
  const winner = r.result === '1-0' ? 'white' : r.result === '0-1' ? 'black' : null;
  game.end = { winner, reason: r.ended_by ?? '' };
  game.phase = 'over';
  const last = r.moves?.length ? r.moves : [];
  // Each side's clock after its last move.
  const clockOf = (/** @type {number} */ parity) => [...last].reverse().find((m) => m.ply % 2 === parity)?.clock_ms ?? r.base_ms;
  game.clocks.stop(clockOf(1), clockOf(0), performance.now());
  setUpBoard();
  changed();
}

/**
 * Every tenth of a second while a clock runs: a running clock the page sees at zero for a
 * second asks the server to look at it (the server declares the flag by itself too).
 */
export function clockTick() {
  const side = game.clocks.running;
  if (!side || game.phase !== 'live' || !game.you) return;
  const left = game.clocks.remaining(side, performance.now() - 1000);
  if (left === 0 && game.flagAsked !== game.moves.length) {
    game.flagAsked = game.moves.length;
    game.link?.send({ t: 'flag' });
  }
}

/** @typedef {ClockSnapshot} Snapshot */
