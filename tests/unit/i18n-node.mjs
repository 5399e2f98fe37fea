// The language tables for Node tests of the page's modules: www/i18n.js fetches a table in a
// page; Node 20's fetch reads no file: URL, so the tests give it this reader of the disk.

import { readFile } from 'node:fs/promises';
import { LANGUAGES, loadLanguage } from '../../www/i18n.js';

/** @param {URL} url a table's file: URL (www/i18n/<code>.json) */
export const readFromDisk = async (url) => JSON.parse(await readFile(url, 'utf8'));

/** Loads the tables of `codes` (default: every language) from the disk. */
export function loadTables(codes = Object.keys(LANGUAGES)) {
  return Promise.all(codes.map((code) => loadLanguage(code, readFromDisk)));
}

/** A table as the file holds it (for the tests that compare tables). @param {string} code */
export async function readTable(code) {
  return JSON.parse(await readFile(new URL(`../../www/i18n/${code}.json`, import.meta.url), 'utf8'));
}
