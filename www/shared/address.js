// @ts-check
// A page's address read defensively: a value that is not understood is named, for the page to
// say so, and ignored; nothing an address holds can stop a page from coming up.

import { variantNamed } from './variant.js';

/** The longest value a message quotes. */
const SHOWN = 40;

/**
 * The fragment's text, decoded; a malformed escape ("#%", "#%E0%A4%A") is kept as written
 * (decodeURIComponent would throw) so that the page can name it.
 * @param {string} hash location.hash
 */
export function hashText(hash) {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * The parameters present whose values their check refuses, the values cut for a message.
 * @param {URLSearchParams} params
 * @param {Record<string, (value: string) => boolean>} checks
 * @returns {{name: string, value: string}[]}
 */
export function refusedParams(params, checks) {
  const out = [];
  for (const [name, ok] of Object.entries(checks)) {
    const v = params.get(name);
    if (v !== null && !ok(v)) out.push({ name, value: shown(v) });
  }
  return out;
}

/** A value as a message quotes it: cut to a few dozen characters. @param {string} v */
export const shown = (v) => (v.length > SHOWN ? `${v.slice(0, SHOWN)}…` : v);

/** Checks for the values the pages read. */
export const is = {
  /** @param {string} v */
  variant: (v) => variantNamed(v) !== null,
  /** @param {number} lo @param {number} hi @returns {(v: string) => boolean} */
  whole: (lo, hi) => (v) => /^\s*\d+\s*$/.test(v) && Number(v) >= lo && Number(v) <= hi,
  /** @param {readonly string[]} words @returns {(v: string) => boolean} */
  oneOf: (words) => (v) => words.includes(v.trim().toLowerCase()),
};
