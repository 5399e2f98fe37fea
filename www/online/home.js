// @ts-check
// The lobby: a challenge by link (game, time control, colour, rated when signed in), the games
// being played (to watch), and a player's finished games (each opened on the analysis board
// or downloaded as PDN). The seeks are lobby-view.js's.

import { t, setMessage } from '../shared/i18n.js';
import { preferredVariant, rememberVariant } from '../shared/preferred-variant.js';
import { normVariant } from '../shared/variant.js';
import * as api from './api.js';
import { who, playerName } from './account.js';
import { apiRefusalWords, recordResultWords } from './words.js';
import { wireControl, chosenControl } from './control-choice.js';
import { $, $button, $input, $select, say, controlName, downloadGame } from './page.js';

/** Wires the lobby's forms; `open(id)` goes to a game. @param {(id: string) => void} open */
export function wireHome(open) {
  wireControl('on');
  for (const id of ['on-variant', 'on-seek-variant']) {
    const variant = $select(id);
    variant.value = preferredVariant();
    variant.addEventListener('change', () => rememberVariant(normVariant(variant.value)));
  }
  $('on-challenge').addEventListener('submit', (e) => {
    e.preventDefault();
    void createChallenge(open);
  });
  $button('on-live-refresh').addEventListener('click', () => void showLive());
  $('on-arch-form').addEventListener('submit', (e) => {
    e.preventDefault();
    void showArchive($input('on-arch-name').value.trim());
  });
}

/** The lobby as it stands: rated only for a player signed in, the player's own games. */
export function renderHome() {
  const rated = /** @type {HTMLInputElement} */ ($('on-rated'));
  rated.disabled = !who.account;
  if (!who.account) rated.checked = false;
  const arch = $input('on-arch-name');
  if (who.account && !arch.value) {
    arch.value = who.account.name;
    void showArchive(who.account.name);
  }
}

/** @param {(id: string) => void} open */
async function createChallenge(open) {
  const { base_secs, increment_secs } = chosenControl('on');
  const name = playerName();
  const button = $button('on-create');
  button.disabled = true;
  try {
    const { id } = await api.challenge({
      variant: $select('on-variant').value,
      base_secs,
      increment_secs,
      color: $select('on-color').value,
      rated: /** @type {HTMLInputElement} */ ($('on-rated')).checked,
      ...(name && !who.account ? { name } : {}),
    });
    open(id);
  } catch (err) {
    say('on-challenge-said', () => apiRefusalWords(err));
  } finally {
    button.disabled = false;
  }
}

/** The games being played now, each a link to watch it. */
export async function showLive() {
  const list = $('on-live');
  let games;
  try {
    games = await api.liveGames();
  } catch (err) {
    list.replaceChildren();
    return say('on-live-none', () => apiRefusalWords(err));
  }
  list.replaceChildren(
    ...games.map((g) => {
      const li = document.createElement('li');
      const a = Object.assign(document.createElement('a'), { href: `#g=${encodeURIComponent(g.id)}` });
      setMessage(a, () => `${g.white} – ${g.black}`);
      const about = document.createElement('span');
      about.className = 'help';
      setMessage(about, () => [t(g.variant === 'brazilian' ? 'gameBrazilian' : 'gameItalian'), controlName(g.base_secs, g.increment_secs), g.rated ? t('onlineRated') : t('onlineCasual'), t('onlinePly', { n: g.ply })].join(' · '));
      const watch = Object.assign(document.createElement('a'), { href: a.href, className: 'button' });
      setMessage(watch, () => t('onlineWatch'));
      li.append(a, ' ', about, ' ', watch);
      return li;
    }),
  );
  say('on-live-none', games.length ? '' : () => t('onlineLiveNone'));
}

/** A player's finished games, newest first. @param {string} name */
async function showArchive(name) {
  const list = $('on-arch');
  let games;
  try {
    games = await api.playerGames(name);
  } catch (err) {
    list.replaceChildren();
    return say('on-arch-said', () => apiRefusalWords(err));
  }
  const done = games.filter((g) => !g.playing);
  list.replaceChildren(...done.map(archiveItem));
  say('on-arch-said', () => t('onlineArchiveCount', { n: done.length, name }));
}

/** One finished game: players, result, date, and its two buttons. @param {import('./api.js').GameRecordJson} g */
function archiveItem(g) {
  const li = document.createElement('li');
  const title = document.createElement('span');
  const when = g.finished_at ? new Date(g.finished_at).toLocaleDateString() : '';
  setMessage(title, () => `${g.white.name} – ${g.black.name}: ${recordResultWords(g.result, g.ended_by, g.variant)} ${when}`);
  const analyse = document.createElement('button');
  analyse.type = 'button';
  setMessage(analyse, () => t('onlineAnalyse'));
  analyse.addEventListener('click', () => void openAnalysis(g));
  const download = document.createElement('button');
  download.type = 'button';
  setMessage(download, () => t('onlineDownload'));
  download.addEventListener('click', () => void downloadGame(g.id, 'on-arch-said'));
  li.append(title, ' ', analyse, ' ', download);
  return li;
}

/** A finished game on the analysis board, in a new tab, from its PDN. @param {import('./api.js').GameRecordJson} g */
async function openAnalysis(g) {
  // The tab is opened at the click (a browser allows that), then sent to the game.
  const tab = window.open('', '_blank');
  try {
    const pdn = await api.gamePdn(g.id);
    const url = `analysis.html#${new URLSearchParams({ variant: g.variant, pdn })}`;
    if (tab) tab.location.href = url;
    else location.href = url;
  } catch (err) {
    tab?.close();
    say('on-arch-said', () => apiRefusalWords(err));
  }
}
