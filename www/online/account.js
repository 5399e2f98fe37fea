// @ts-check
// Who the player is on the lobby: a name kept in this browser, or an account (sign in, sign
// up, sign out here or everywhere, delete it). The server's answer to /api/me says which.

import { t } from '../shared/i18n.js';
import * as api from './api.js';
import { keptName, keepName, goodName } from './name.js';
import { apiRefusalWords } from './words.js';
import { $, $button, $input, say } from './page.js';

/** @import { Me } from './api.js' */

/** What the server said of this browser's player. @type {Me} */
export const who = { account: null, session: 'none' };

/** @type {() => void} */
let changed = () => {};

/** The player's name in games: the account's, else the one kept here. */
export const playerName = () => who.account?.name ?? keptName();

/** Wires the forms and buttons; `onChange` hears each change of who the player is. @param {() => void} onChange */
export function wireAccount(onChange) {
  changed = onChange;
  $input('on-name').value = keptName() ?? '';
  $('on-name-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const name = $input('on-name').value.trim();
    if (!goodName(name)) return say('on-who-said', () => t('onlineNameBad'));
    say('on-who-said', keepName(name) ? () => t('onlineNameKept', { name }) : () => t('onlineNameNotKept'));
    changed();
  });
  const form = /** @type {HTMLFormElement} */ ($('on-account-form'));
  const fields = () => ({ name: $input('on-acc-name').value.trim(), password: $input('on-acc-password').value });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const { name, password } = fields();
    void run(() => api.signIn(name, password), () => t('onlineSignedIn', { name }));
  });
  $button('on-sign-up').addEventListener('click', () => {
    if (!form.reportValidity()) return;
    const { name, password } = fields();
    void run(() => api.createAccount(name, password), () => t('onlineSignedUp', { name }));
  });
  $button('on-sign-out').addEventListener('click', () => void run(api.signOut, () => t('onlineSignedOut')));
  $button('on-sign-out-all').addEventListener('click', () => void run(api.signOutEverywhere, () => t('onlineSignedOutAll')));
  $button('on-delete').addEventListener('click', () => {
    if (confirm(t('onlineDeleteConfirm'))) void run(api.deleteAccount, () => t('onlineDeleted'));
  });
}

/**
 * A call to the server, then who the player is now, and `done`'s words (or the server's
 * reason it refused).
 * @param {() => Promise<unknown>} call @param {() => string} done
 */
async function run(call, done) {
  try {
    await call();
    $input('on-acc-password').value = '';
    say('on-who-said', done);
  } catch (err) {
    say('on-who-said', () => apiRefusalWords(err));
  }
  await refreshWho();
}

/** Asks the server who this browser's player is, and shows it. */
export async function refreshWho() {
  try {
    Object.assign(who, await api.me());
  } catch {
    Object.assign(who, { account: null, session: 'none' });
  }
  renderWho();
  changed();
}

/** The name form or the account's buttons. */
export function renderWho() {
  const name = who.account?.name;
  $('on-anon').hidden = !!name;
  $('on-signed').hidden = !name;
  if (name) $('on-signed-as').textContent = t('onlineSignedAs', { name });
}
