// @ts-check
// The online page (online.html): play people through the dama server (crates/dama-server,
// docs/SERVER.md). Without a game in its address it is the lobby: who the player is (a name
// kept in this browser, or an account), a challenge by link, the games being played, a
// player's finished games. With one (`#g=<id>`: a game, or a challenge whose friend has not
// come yet) it is that game, played or watched on the page's <dama-board> in remote mode.
//
// This is its controller; beside it: page.js (what they share), account.js, home.js (the
// lobby), lobby-view.js and seeks.js (its seeks), control-choice.js (a time control), game.js (the game's state and its link, link.js, to the server), game-view.js (its
// panels), clocks.js (the server's clocks shown), words.js (the server's codes in words),
// api.js (the HTTP endpoints), name.js, limits.js. The page needs the server and the network:
// offline, it says so.

import { t, translatePage, startLanguage, onLanguageChange, wireLanguageSelect } from '../shared/i18n.js';
import { wireAccount, refreshWho, renderWho } from './account.js';
import { me } from './api.js';
import { wireHome, renderHome, showLive } from './home.js';
import { wireLobby, renderLobby, lobbyState } from './lobby-view.js';
import { $, $button, $input, say, downloadGame } from './page.js';

/** The game the address names: `#g=<id>`, or null for the lobby. */
function askedGame() {
  const id = new URLSearchParams(location.hash.slice(1)).get('g')?.trim();
  return id && /^[A-Za-z0-9_-]{1,32}$/.test(id) ? id : null;
}

/** What the browser tests read (window.__online). */
const hook = { ready: false, game: /** @type {typeof import('./game.js').game | null} */ (null), lobby: /** @type {(() => string) | null} */ (null) };
/** @type {any} */ (window).__online = hook;

main();

async function main() {
  wireLanguageSelect(/** @type {HTMLSelectElement} */ ($('lang')));
  await startLanguage({ part: 'online' });
  translatePage();
  showOffline();
  addEventListener('online', showOffline);
  addEventListener('offline', showOffline);
  // Another game or the lobby: the page starts again for it.
  addEventListener('hashchange', () => location.reload());
  const id = askedGame();
  if (id) await startGame(id);
  else startHome();
  hook.ready = true;
}

/** Offline, the page says it needs the network (the rest of the site works without). */
function showOffline() {
  $('on-offline').hidden = navigator.onLine;
}

function startHome() {
  $('on-home').hidden = false;
  const open = (/** @type {string} */ id) => (location.hash = `g=${encodeURIComponent(id)}`);
  wireHome(open);
  wireLobby(open);
  hook.lobby = lobbyState;
  // The lobby's socket opens once the server has said who the player is (and given a browser
  // without an account its token).
  wireAccount(() => (renderHome(), renderLobby()));
  onLanguageChange(() => (translatePage(), renderWho(), renderLobby()));
  void refreshWho();
  void showLive();
}

/** @param {string} id */
async function startGame(id) {
  $('on-play').hidden = false;
  // The board and the game's code: this page's alone, loaded only for a game.
  const [{ game, openGame, command, clockTick }, view] = await Promise.all([import('./game.js'), import('./game-view.js'), import('../element/element.js')]);
  hook.game = game;
  const render = () => view.renderGame();
  onLanguageChange(() => (translatePage(), render()));
  /** @type {[string, import('./protocol.ts').ClientMsg][]} */
  const buttons = [['on-draw', { t: 'offer_draw' }], ['on-resign', { t: 'resign' }], ['on-abort', { t: 'abort' }], ['on-accept', { t: 'accept_draw' }], ['on-decline', { t: 'decline_draw' }], ['on-claim-win', { t: 'claim', kind: 'win' }], ['on-claim-draw', { t: 'claim', kind: 'draw' }], ['on-rematch', { t: 'rematch' }], ['on-rematch-accept', { t: 'rematch' }]];
  for (const [b, msg] of buttons) {
    $button(b).addEventListener('click', () => {
      say('on-notice', '');
      command(msg);
    });
  }
  $button('on-download').addEventListener('click', () => void downloadGame(game.id || game.asked, 'on-notice'));
  $button('on-copy').addEventListener('click', async () => {
    const link = $input('on-link');
    try {
      await navigator.clipboard.writeText(link.value);
      say('on-copy-said', () => t('copied'));
    } catch {
      link.select();
    }
  });
  const board = $('board');
  board.addEventListener('change', render);
  // The browser's token (a cookie the server gives at /api/me): a friend opening a challenge's
  // link for the first time needs one to take a side; a reload gets its side back with it.
  await me().catch(() => null);
  openGame(id, render);
  // The clocks every tenth of a second; the counts of seconds (a claim, a first move) each second.
  let n = 0;
  setInterval(() => {
    view.renderClocks();
    clockTick();
    if (++n % 10 === 0) render();
  }, 100);
  render();
}
