// @ts-check
// The lobby's seeks on the page: the form of a seek (game, time control, rated when signed
// in, and for a rated one the opponents' ratings accepted), the open seeks (each with its
// player, rating, game, control, rated or casual, and a button to accept it, or one's own to
// cancel), and what the server said. The lobby's socket (seeks.js) is opened once the page
// knows who the player is, and opened again when that changes (a sign-in is the socket's).

import { t, setMessage } from '../shared/i18n.js';
import { socketUrl } from './api.js';
import { who } from './account.js';
import { keptName } from './name.js';
import { refusalWords } from './words.js';
import { wireControl, chosenControl } from './control-choice.js';
import { Lobby } from './seeks.js';
import { $, $select, say, announce, controlName } from './page.js';

/** @import { SeekInfo } from './protocol.ts' */
/** @import { LobbyNews } from './seeks.js' */

/** @type {Lobby | null} */
let lobby = null;
/** The account the lobby's socket was opened with ('' without one); null before it is opened. */
let openedAs = /** @type {string | null} */ (null);
/** @type {(id: string) => void} */
let openGame = () => {};
/** Whether the page says one's seek is listed. */
let listed = false;

const ratedBox = () => /** @type {HTMLInputElement} */ ($('on-seek-rated'));

/** Wires the seek's form; `open(id)` goes to a game. @param {(id: string) => void} open */
export function wireLobby(open) {
  openGame = open;
  wireControl('on-seek');
  $('on-seek').addEventListener('submit', (e) => {
    e.preventDefault();
    post();
  });
  ratedBox().addEventListener('change', showRange);
}

/** The lobby as it stands: rated only for a player signed in; its socket that player's. */
export function renderLobby() {
  const account = who.account?.name ?? '';
  const rated = ratedBox();
  rated.disabled = !account;
  if (!account) rated.checked = false;
  $('on-seek-rated-help').hidden = !!account;
  showRange();
  if (openedAs !== account) {
    openedAs = account;
    lobby?.stop();
    lobby = new Lobby({ url: socketUrl(), name: () => (who.account ? null : keptName()), news: onNews });
    lobby.start();
  }
  renderSeeks();
}

/** The lobby's link: 'open' once it is subscribed (the browser tests wait for it). */
export const lobbyState = () => lobby?.link.state ?? 'none';

/** The range of ratings accepted: for a rated seek only. */
function showRange() {
  const on = ratedBox().checked;
  $('on-seek-range-row').hidden = !on;
  $select('on-seek-range').disabled = !on;
}

function post() {
  const range = $select('on-seek-range').value;
  const rated = ratedBox().checked;
  const sent = lobby?.seek({
    variant: $select('on-seek-variant').value,
    control: chosenControl('on-seek'),
    rated,
    range: rated && range ? { below: Number(range), above: Number(range) } : null,
  });
  say('on-seek-said', sent ? '' : () => t('onlineNotConnected'));
}

/** @param {LobbyNews} n */
function onNews(n) {
  switch (n.t) {
    case 'matched':
      return openGame(n.game);
    case 'refused':
      say('on-seek-said', () => refusalWords(n.refusal));
      return announce(refusalWords(n.refusal));
    case 'sought':
      listed = true;
      say('on-seek-said', () => t('onlineSeekListed'));
      return renderSeeks();
    case 'missed':
      say('on-seek-said', () => t('onlineSeekMissed'));
      return announce(t('onlineSeekMissed'));
    case 'state':
      say('on-lobby-state', n.state === 'down' ? () => t('onlineLinkDown') : n.state === 'connecting' ? () => t('onlineLinkConnecting') : '');
      return renderSeeks();
    default:
      renderSeeks();
  }
}

/** The open seeks, one's own first (this page's, then the player's from elsewhere). */
function renderSeeks() {
  const seeks = [...(lobby?.seeks.values() ?? [])];
  const own = lobby?.own ?? new Set();
  const rank = (/** @type {SeekInfo} */ s) => (own.has(s.id) ? 2 : s.mine ? 1 : 0);
  seeks.sort((a, b) => rank(b) - rank(a));
  $('on-seeks').replaceChildren(...seeks.map((s) => seekItem(s, own.has(s.id))));
  say('on-seeks-none', seeks.length ? '' : () => t('onlineSeeksNone'));
  // One's seeks all gone (cancelled, or the socket's): "listed" is said no more.
  if (listed && !own.size) {
    listed = false;
    say('on-seek-said', '');
  }
}

/**
 * One seek: who, with what rating, which game and control, rated or casual; its button: Cancel
 * for this page's own, none for the player's own from another tab or device (cancelled
 * there), Accept for another player's.
 * @param {SeekInfo} s @param {boolean} mine this page's
 */
function seekItem(s, mine) {
  const li = document.createElement('li');
  li.classList.toggle('mine', mine || s.mine);
  const player = document.createElement('span');
  player.className = 'on-seeker';
  const rating = s.rating === null ? '' : ` (${s.rating}${s.provisional ? '?' : ''})`;
  setMessage(player, () => (mine ? t('onlineYourSeek') : `${s.name}${rating}`));
  const about = document.createElement('span');
  about.className = 'help';
  const describe = () => [t(s.variant === 'brazilian' ? 'gameBrazilian' : 'gameItalian'), controlName(s.control.base_secs, s.control.increment_secs), t(s.rated ? 'onlineRated' : 'onlineCasual')].join(' · ');
  setMessage(about, describe);
  if (s.mine && !mine) {
    setMessage(player, () => t('onlineYourSeekElsewhere'));
    li.append(player, ' ', about);
    return li;
  }
  const button = document.createElement('button');
  button.type = 'button';
  if (mine) {
    setMessage(button, () => t('cancel'));
    button.setAttribute('aria-label', `${t('cancel')}: ${describe()}`);
    button.addEventListener('click', () => lobby?.cancel(s.id));
  } else {
    button.className = 'primary';
    setMessage(button, () => t('onlineAcceptSeek'));
    button.setAttribute('aria-label', `${t('onlineAcceptSeek')}: ${s.name}${rating}, ${describe()}`);
    // A rated game needs an account; a range, a rating in it (the server checks which).
    button.disabled = (s.rated || !!s.range) && !who.account;
    if (button.disabled) button.title = t('onlineRatedNeedsAccount');
    button.addEventListener('click', () => {
      say('on-seek-said', '');
      if (!lobby?.accept(s.id)) say('on-seek-said', () => t('onlineNotConnected'));
    });
  }
  li.append(player, ' ', about, ' ', button);
  return li;
}
