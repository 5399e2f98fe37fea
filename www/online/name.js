// @ts-check
// The name of a player without an account, kept in this browser (the server keeps only a
// random token's hash for them, docs/SERVER.md): 2-20 ASCII letters, digits, `_` and `-`, as
// the server accepts it.

import { LIMITS } from './limits.js';

const KEY = 'dama.online.name';
const GOOD = new RegExp(`^[A-Za-z0-9_-]{2,${LIMITS.NAME_MAX_CHARS}}$`);

/** Whether the server takes `name` as a player's name. @param {string} name */
export const goodName = (name) => GOOD.test(name);

/** The name kept here, or null. */
export function keptName() {
  try {
    const n = localStorage.getItem(KEY);
    return n && goodName(n) ? n : null;
  } catch {
    return null;
  }
}

/** Keeps `name` (a good one) in this browser; returns whether it could. @param {string} name */
export function keepName(name) {
  if (!goodName(name)) return false;
  try {
    localStorage.setItem(KEY, name);
    return true;
  } catch {
    return false;
  }
}
