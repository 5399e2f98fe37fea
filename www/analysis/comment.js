// @ts-check
// A move's comment in two parts: what programs wrote into it (PDN's commands such as
// `[%eval 0.35]` and `[%clk 0:05:00]`, and the review's note after its evaluation, see
// review.js) and the player's own words. The comment box shows and edits only the words; the
// rest stays in the comment, written in front of the words when they are saved. No DOM.

import { REVIEW_NOTE } from './review.js';

/** A PDN command, with the spaces around it. */
const COMMAND = /\s*\[%[^\]]*\]\s*/g;

/**
 * The review's note (if the comment starts with one) and the text after it.
 * @param {string} comment
 */
function split(comment) {
  const note = comment.match(REVIEW_NOTE)?.[0] ?? '';
  return { note: note.trim(), rest: comment.slice(note.length) };
}

/**
 * The player's words in a comment: all of it but the commands and the review's note.
 * @param {string | null} comment
 */
export function humanText(comment) {
  // A command amid words leaves one space between them, at an edge none.
  return split(comment ?? '').rest.replace(COMMAND, ' ').trim();
}

/**
 * The comment with its words replaced by `text`: the review's note and every command kept, in
 * front of the words. Null when nothing is left.
 * @param {string | null} comment
 * @param {string} text
 * @returns {string | null}
 */
export function withHumanText(comment, text) {
  const { note, rest } = split(comment ?? '');
  const commands = [...rest.matchAll(COMMAND)].map((m) => m[0].trim());
  return [note, ...commands, text.trim()].filter(Boolean).join(' ') || null;
}
