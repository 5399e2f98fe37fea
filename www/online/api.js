// @ts-check
// The server's HTTP endpoints (docs/SERVER.md), from the page: JSON both ways, a refusal
// ({"error": "why", "code": "..."}) thrown as an ApiRefused, which words.js says in the
// player's language. The site's root is two folders above this module, so the page works
// wherever the server mounts the site.

/** @import { ApiCode } from './protocol.ts' */

/** @typedef {{name: string, created_at: number}} Account */
/** @typedef {{account: Account | null, session: string}} Me */
/** @typedef {{id: string, variant: string, white: string, black: string, base_secs: number, increment_secs: number, rated: boolean, ply: number}} LiveGame */
/** @typedef {{name: string, account: boolean}} Seat */
/** @typedef {{before: number, after: number, diff: number, provisional: boolean}} RatingShown a rated game's change */

/**
 * A game's public record: players, control, result and how it ended, ratings; `moves` only
 * in one game's record.
 * @typedef {{id: string, variant: string, white: Seat, black: Seat, base_ms: number, increment_ms: number, rated: boolean,
 *   started_at: number, playing: boolean, result: string | null, ended_by: string | null, finished_at: number | null,
 *   white_rating: RatingShown | null, black_rating: RatingShown | null, moves?: {ply: number, text: string, clock_ms: number}[]}} GameRecordJson
 */

/** The address of `path` under the site's root (`api/me`, `ws`). @param {string} path */
export const siteUrl = (path) => new URL(`../../${path}`, import.meta.url);

/** The WebSocket's address, ws: or wss: as the page is served. */
export function socketUrl() {
  const u = siteUrl('ws');
  u.protocol = u.protocol === 'https:' ? 'wss:' : 'ws:';
  return u.href;
}

/** The codes the server sends (protocol.ts), to check one read from an answer against. */
export const API_CODES = new Set(['invalid', 'name-taken', 'wrong-name-or-password', 'not-signed-in', 'session-expired',
  'no-account', 'no-game', 'needs-account', 'too-many', 'other-site', 'timed-out', 'server-error']);

/**
 * A request the server refused, or that had no answer: the message is the server's reason in
 * English (kept for a code the page does not know); `code` null when there was no answer
 * (`status` 0) or it was not the server's.
 */
export class ApiRefused extends Error {
  /** @param {string} message @param {ApiCode | null} code @param {number} status */
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** The reason ever at most this long: an answer is a stranger's until read. */
const REASON_MAX = 300;

/** The refusal an answer that is not ok carries. @param {Response} res */
async function refusal(res) {
  const data = await res.json().catch(() => null);
  const reason = typeof data?.error === 'string' ? data.error.slice(0, REASON_MAX) : `HTTP ${res.status}`;
  const code = API_CODES.has(data?.code) ? /** @type {ApiCode} */ (data.code) : null;
  return new ApiRefused(reason, code, res.status);
}

/** `fetch`, a failure to reach the server thrown as an ApiRefused with status 0. @param {URL} url @param {RequestInit} init */
async function reach(url, init) {
  try {
    return await fetch(url, init);
  } catch (err) {
    throw new ApiRefused(String(/** @type {Error} */ (err)?.message ?? err), null, 0);
  }
}

/**
 * A call to the API: the answer's JSON (null for 204), or an ApiRefused.
 * @param {string} path @param {{method?: string, body?: unknown}} [o]
 * @returns {Promise<any>}
 */
export async function api(path, { method = 'GET', body } = {}) {
  const res = await reach(siteUrl(`api/${path}`), {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status === 204) return null;
  if (!res.ok) throw await refusal(res);
  return res.json().catch(() => null);
}

/** @returns {Promise<Me>} */
export const me = () => api('me');
/** @param {string} name @param {string} password */
export const createAccount = (name, password) => api('account', { method: 'POST', body: { name, password } });
/** @param {string} name @param {string} password */
export const signIn = (name, password) => api('session', { method: 'POST', body: { name, password } });
export const signOut = () => api('session', { method: 'DELETE' });
export const signOutEverywhere = () => api('sessions', { method: 'DELETE' });
export const deleteAccount = () => api('account', { method: 'DELETE' });
/**
 * @param {{variant: string, base_secs: number, increment_secs: number, color: string, rated: boolean, name?: string}} c
 * @returns {Promise<{id: string}>}
 */
export const challenge = (c) => api('challenge', { method: 'POST', body: c });
/** @returns {Promise<LiveGame[]>} */
export const liveGames = () => api('games/live');
/** @param {string} id @returns {Promise<GameRecordJson>} */
export const gameRecord = (id) => api(`games/${encodeURIComponent(id)}`);
/** @param {string} name @returns {Promise<GameRecordJson[]>} */
export const playerGames = (name) => api(`players/${encodeURIComponent(name)}/games`);

/** A game's PDN, as the server writes it (each move's clock in a %clk comment). @param {string} id */
export async function gamePdn(id) {
  const res = await reach(siteUrl(`api/games/${encodeURIComponent(id)}/pdn`), { credentials: 'same-origin' });
  if (!res.ok) throw await refusal(res);
  return res.text();
}
