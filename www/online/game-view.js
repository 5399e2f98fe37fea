// @ts-check
// The game's panels, drawn from game.js's state: the players with their names, ratings and
// the clocks the server holds; the status; the link's state; the challenge's link while the
// friend has not opened it; a draw offered; a claim against an opponent gone; the buttons a
// player has now; the result, with a rated game's rating changes and the rematch (asked, or
// asked by the opponent); the moves. Nothing here changes the game.

import { t, setMessage } from '../shared/i18n.js';
import { clockText, CRITICAL_MS } from '../game/clock.js';
import { moveLabel } from '../game/texts.js';
import { game, opponentName } from './game.js';
import { endWords } from './words.js';
import { $, $button, $input, board, say, controlName } from './page.js';

/** @typedef {import('./protocol.ts').Side} Side */

const other = (/** @type {Side} */ s) => (s === 'white' ? 'black' : 'white');

/** Draws everything. */
export function renderGame() {
  const { phase, you } = game;
  const live = phase === 'live';
  const bottom = you ?? 'white';
  renderPlayer('on-bottom', bottom);
  renderPlayer('on-top', other(bottom));
  renderClocks();
  const control = game.control ? controlName(game.control.base_secs, game.control.increment_secs) : game.record ? controlName(game.record.base_ms / 1000, game.record.increment_ms / 1000) : '';
  $('on-game').textContent = [t(game.variant === 'brazilian' ? 'gameBrazilian' : 'gameItalian'), control, game.record?.rated ? t('onlineRated') : ''].filter(Boolean).join(' · ');
  setMessage($('on-status'), statusText);
  const state = game.link?.state;
  say('on-link-state', phase !== 'over' && phase !== 'missing' && state !== 'open' && state !== 'stopped' ? () => t(state === 'down' ? 'onlineLinkDown' : 'onlineLinkConnecting') : '');
  // The challenge's link, until the friend opens it.
  $('on-wait').hidden = phase !== 'waiting';
  if (phase === 'waiting') $input('on-link').value = location.href;
  $('on-offer').hidden = !(live && you && game.offer === other(you));
  renderClaim(live);
  const moved = (/** @type {Side} */ s) => game.moves.length > (s === 'white' ? 0 : 1);
  $('on-controls').hidden = !(live && you);
  $button('on-draw').disabled = !!game.offer || !game.moves.length;
  $button('on-abort').hidden = !(you && !moved(you));
  $button('on-resign').hidden = !(you && moved(you));
  $('on-result').hidden = phase !== 'over';
  renderRatings();
  renderRematch();
  const analyse = /** @type {HTMLAnchorElement} */ ($('on-analyse'));
  analyse.hidden = phase !== 'over' || !game.moves.length;
  if (!analyse.hidden) analyse.href = `analysis.html#${new URLSearchParams({ variant: game.variant, pdn: board.pdn() })}`;
  renderMoves();
}

/** @param {string} id @param {Side} side */
function renderPlayer(id, side) {
  const row = $(id);
  /** @type {HTMLElement} */ (row.querySelector('.disc')).className = `disc ${side}`;
  const seat = game.record?.[side];
  const name = seat?.name ?? t(side);
  const you = game.you === side;
  /** @type {HTMLElement} */ (row.querySelector('.name')).textContent = you ? t('onlineYouAre', { name }) : name;
  // A rated game's end: the rating it ended with ("?" while provisional).
  const rating = game.ratings?.[side] ?? game.record?.[side === 'white' ? 'white_rating' : 'black_rating'];
  /** @type {HTMLElement} */ (row.querySelector('.rating')).textContent = rating ? `${rating.after}${rating.provisional ? '?' : ''}` : '';
  row.classList.toggle('to-move', game.phase === 'live' && board.turn() === side);
}

/** "1500 → 1512 (+12)" for a rating change, "?" after a provisional rating. @param {import('./protocol.ts').RatingShown} r */
export function ratingChange(r) {
  const diff = r.diff > 0 ? `+${r.diff}` : r.diff < 0 ? `−${-r.diff}` : '±0';
  return `${r.before} → ${r.after}${r.provisional ? '?' : ''} (${diff})`;
}

/** Both players' rating changes at a rated game's end. */
function renderRatings() {
  const list = $('on-ratings');
  const ratings = game.ratings ?? (game.record?.white_rating && game.record.black_rating ? { white: game.record.white_rating, black: game.record.black_rating } : null);
  list.hidden = game.phase !== 'over' || !ratings;
  if (list.hidden || !ratings) return;
  list.replaceChildren(
    .../** @type {Side[]} */ (['white', 'black']).map((side) => {
      const r = ratings[side];
      const li = document.createElement('li');
      li.className = r.diff > 0 ? 'up' : r.diff < 0 ? 'down' : '';
      li.textContent = t('onlineRatingChange', { name: game.record?.[side]?.name ?? t(side), delta: ratingChange(r) });
      return li;
    }),
  );
}

/** The rematch: the button after the game (a player's, the link up), the ask made, or the opponent's to accept. */
function renderRematch() {
  const { you, rematch } = game;
  const can = game.phase === 'over' && !!you && game.link?.state === 'open';
  const theirs = can && !!you && rematch === other(you);
  $button('on-rematch').hidden = !can || theirs;
  $button('on-rematch').disabled = rematch === you;
  say('on-rematch-said', can && rematch === you ? () => t('onlineRematchWaiting', { name: opponentName() }) : '');
  $('on-rematch-ask').hidden = !theirs;
  if (theirs) setMessage($('on-rematch-text'), () => t('onlineRematchAsked', { name: opponentName() }));
}

/** The clocks, corrected for the page's lag (every tenth of a second while one runs). */
export function renderClocks() {
  const now = performance.now();
  const bottom = game.you ?? 'white';
  for (const [id, side] of /** @type {[string, Side][]} */ ([['on-bottom', bottom], ['on-top', other(bottom)]])) {
    const el = /** @type {HTMLElement} */ ($(id).querySelector('.clock'));
    const left = game.clocks.remaining(side, now);
    el.hidden = left === null;
    if (left === null) continue;
    el.textContent = clockText(left);
    el.classList.toggle('running', game.phase === 'live' && game.clocks.running === side);
    el.classList.toggle('critical', game.phase === 'live' && left < CRITICAL_MS);
  }
}

/** What the status line says. */
function statusText() {
  const { phase, you } = game;
  if (phase === 'missing') return t('onlineNoSuchGame');
  if (phase === 'waiting') return t('onlineWaiting');
  if (phase === 'over') return game.end ? endWords(game.end.winner, game.end.reason, game.variant) : '';
  const turn = /** @type {Side} */ (board.turn());
  const first = game.clocks.firstMove(performance.now());
  const firstText = first !== null && game.moves.length < 2 ? ` ${t('onlineFirstMove', { n: Math.ceil(first / 1000) })}` : '';
  const whose = !you ? t(turn === 'white' ? 'onlineWhiteToMove' : 'onlineBlackToMove') : turn === you ? t('onlineYourTurn') : t('onlineTheirTurn');
  const offer = game.offer && game.offer === you ? ` ${t('onlineDrawOffered')}` : '';
  return `${whose}${firstText}${offer}`;
}

/** The claim against an opponent gone past the grace, and the count until it. @param {boolean} live */
function renderClaim(live) {
  const { gone, claimAt } = game.opponent;
  const box = $('on-claim');
  box.hidden = !(live && game.you && gone);
  if (box.hidden) return;
  const left = claimAt === null ? null : Math.max(0, Math.ceil((claimAt - performance.now()) / 1000));
  setMessage($('on-claim-text'), () => (left ? t('onlineOpponentGone', { n: left }) : t('onlineOpponentGoneClaim')));
  $button('on-claim-win').disabled = $button('on-claim-draw').disabled = !!left;
}

/** The moves as the board has them. */
function renderMoves() {
  const list = $('on-moves');
  const moves = board.history();
  if (list.childElementCount === moves.length && list.lastElementChild?.textContent?.endsWith(moves.at(-1)?.text ?? '')) return;
  list.replaceChildren(
    ...moves.map((m, i) => Object.assign(document.createElement('li'), { textContent: moveLabel(i + 1, 'white', m.text) })),
  );
  list.scrollTop = list.scrollHeight;
}
