// @ts-check
// The game page's own request to write into one of the player's saved games, told apart from a
// link someone sent. The analysis board takes `id=<saved game>` from its address, and an address
// is anyone's to write: a correspondence friend knows the game's id (it is in every `#c=` link).
// So the game page, when it opens the analysis tab for its own game, keeps a one-time token for
// that id in this browser's localStorage and puts the token in the address (`own=`); the
// analysis page takes the token once (it is removed on reading) and only then writes its review
// into the game by itself. A token is worth nothing anywhere else: a link sent from another
// browser, or one made up, names no token kept here, and a token already taken is gone. The
// tab that took it keeps it in its sessionStorage, so that a reload of that same tab is still
// the player's own request.
//
// Why not sessionStorage alone: the game page opens the tab with `noopener`, and a tab opened
// so gets no copy of its opener's sessionStorage. Why not a time window with no token: a link
// opened by chance within it would be taken for the player's own.

const KEY = 'dama.analysisGrants';
const TAB_KEY = 'dama.analysisGrant';
/** A token not taken within this long is forgotten (the tab never opened). */
const TTL_MS = 10 * 60_000;
/** The most tokens kept at once (the oldest forgotten first). */
const MAX_GRANTS = 20;

/** @typedef {{id: string, at: number}} Grant */

/** @returns {Record<string, Grant>} the tokens kept, unexpired (an unreadable store: none) */
function grants() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    if (!all || typeof all !== 'object' || Array.isArray(all)) return {};
    const now = Date.now();
    /** @type {Record<string, Grant>} */
    const out = {};
    for (const [token, g] of Object.entries(all)) {
      if (g && typeof g.id === 'string' && Number.isFinite(g.at) && now - g.at < TTL_MS && now >= g.at) out[token] = { id: g.id, at: g.at };
    }
    return out;
  } catch {
    return {};
  }
}

/** @param {Record<string, Grant>} all */
function keep(all) {
  const kept = Object.entries(all)
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_GRANTS);
  localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
}

/**
 * A one-time token letting the analysis tab the game page opens now write into saved game
 * `id`, or null when this browser keeps nothing (the tab then opens a copy).
 * @param {string} id
 * @returns {string | null}
 */
export function grantFor(id) {
  try {
    const token = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
    keep({ ...grants(), [token]: { id, at: Date.now() } });
    return token;
  } catch {
    return null;
  }
}

/** A token as the game page makes it: 32 hex digits. @param {string} v */
export const isToken = (v) => /^[0-9a-f]{32}$/.test(v);

/**
 * Whether the address's token `token` is the game page's own request for saved game `id`:
 * kept here for that id, and not taken before by another tab. Taken once (removed), and kept
 * by this tab for its reloads.
 * @param {string | null} token
 * @param {string} id
 */
export function takeGrant(token, id) {
  if (!token || !isToken(token)) return false;
  try {
    const mine = JSON.parse(sessionStorage.getItem(TAB_KEY) ?? 'null');
    if (mine?.token === token) return mine.id === id;
  } catch {
    // No storage for this tab: the token is looked for in the browser's.
  }
  try {
    const all = grants();
    const g = all[token];
    delete all[token];
    keep(all);
    if (g?.id !== id) return false;
    try {
      sessionStorage.setItem(TAB_KEY, JSON.stringify({ token, id }));
    } catch {
      // A reload of this tab will open a copy.
    }
    return true;
  } catch {
    return false;
  }
}
