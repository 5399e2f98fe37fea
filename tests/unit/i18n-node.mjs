// The language tables for Node tests of the page's modules: www/shared/i18n.js fetches a table in
// a page; Node 20's fetch reads no file: URL, so the tests give it this reader of the disk.

import { readFile } from 'node:fs/promises';
import { LANGUAGES, PARTS, loadLanguage } from '../../www/shared/i18n.js';

/** @param {URL} url a part's file: URL (www/i18n/<code>/<part>.json) */
export const readFromDisk = async (url) => JSON.parse(await readFile(url, 'utf8'));

/** Loads the tables of `codes` (default: every language), every part, from the disk. */
export function loadTables(codes = Object.keys(LANGUAGES)) {
  return Promise.all(codes.map((code) => loadLanguage(code, readFromDisk, PARTS)));
}

/** A part as its file holds it. @param {string} code @param {string} part */
export async function readPart(code, part) {
  return JSON.parse(await readFile(new URL(`../../www/i18n/${code}/${part}.json`, import.meta.url), 'utf8'));
}

/** A language's whole table, its parts in order (for the tests that compare tables). @param {string} code */
export async function readTable(code) {
  return Object.assign({}, ...(await Promise.all(PARTS.map((part) => readPart(code, part)))));
}
