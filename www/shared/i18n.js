// @ts-check
// Every piece of text the pages show, per language in www/i18n/<code>/<part>.json: the words of the
// element and of more than one page (common), and each page's own (game, analysis, puzzles,
// rules, embed), with the same keys and {placeholders} in every language (tests/unit/
// i18n.test.mjs checks that, and i18n-parts.test.mjs that each text is in the part of the pages
// that show it). A page loads its own language's common part and its own part, and no other
// (the element, on any site, common alone): the game page's words are about half the table.
// The game page's words of what it loads once playable (its dialogs, a game by link) are a
// part of their own, game-later, which it asks for then (wantPart).
// The pages' HTML carries the English words, shown until the table arrives. Move texts and
// square numbers are universal and never translated; the core's refusals of a move are worded
// per language (localizeRefusal), its other English messages (a bad FEN's reason) are shown
// as they are.
//
// The words are the players' own (../shared/GLOSSARY.md): FID's in Italian, the Brazilian
// confederation's in Portuguese, where the sides are "as Brancas" and "as Pretas", so the
// sentences naming a side are plural there.
//
// A text that counts something is a set of plural forms, chosen by the count in its {n} with the
// language's Intl.PluralRules ("1 game", "2 games"): {"one": "…", "other": "…"} in the table,
// "other" always there, the language's other categories as it needs them ("many" for a million
// in Italian and Portuguese falls back to "other"). One difference from the rules: in Brazilian
// Portuguese a count of 0 reads the plural ("0 peças"), as the language writes it; Intl puts 0
// with 1 there ("0 peça").
//
// Start-up: `await startLanguage({ part })` (the saved or browser language, else English); a
// switch: `await setLanguage(code, { persist: true })`; both load the table first, then tell
// every listener (onLanguageChange). A text that changes with the language is kept as a Message (a
// function giving the words) and shown with setMessage, so a switch words it again. In Node
// (tests), `loadLanguage(code, read, parts)` with a reader of file: URLs, since fetch reads none.

/** Words made when shown, so they follow a switch of language. @typedef {string | (() => string)} Message */
/** A counted text's forms, by plural category ("one", "other", …). @typedef {Readonly<Partial<Record<Intl.LDMLPluralRule, string>>>} Plural */
/** @typedef {Readonly<Record<string, string | Plural>>} Table */
/** Reads a table file and parses it: fetch in a page, the disk in Node. @typedef {(url: URL) => Promise<unknown>} TableReader */

export const LANGUAGES = { en: 'English', it: 'Italiano', 'pt-BR': 'Português (Brasil)' };
const LANG_KEY = 'dama.lang';
/** The parts of a language's table, one file each; `common` is always loaded. */
export const PARTS = ['common', 'game', 'game-later', 'analysis', 'puzzles', 'rules', 'embed', 'online'];
// A part is ours: at most this many characters (ours are at most 8,000), texts and keys.
const MAX_TABLE_CHARS = 256 * 1024;
const MAX_KEYS = 2000;
const MAX_TEXT_CHARS = 4000;
/** Every plural category Intl names (CLDR's). */
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'];
// What a page says when no table could be had at all (the board's first and last words).
/** @type {Table} */
const LAST_RESORT = { loading: 'Loading…', loadFailed: 'The game could not be loaded. Please reload the page.' };

/** @type {Map<string, Table>} each language's parts loaded, as one table */
const tables = new Map();
/** @type {Map<string, Map<string, Table>>} each language's parts loaded, by part */
const partsOf = new Map();
/** @type {Map<string, Promise<Table>>} the parts loaded or on their way, by "code/part" */
const loads = new Map();
/** The parts this page shows: common, and the page's own once it starts (startLanguage). */
const wanted = new Set(['common']);

// The table for a language tag as browsers, attributes and addresses write it: an exact
// match whatever the case (pt-br), else the first table of the same language (pt and pt-PT
// read Brazilian Portuguese, it-IT Italian, en-GB English); null if we have none.
/** @param {unknown} code @returns {string | null} */
export function resolveLanguage(code) {
  const s = String(code ?? '').trim().toLowerCase().replace('_', '-');
  if (!s) return null;
  const codes = Object.keys(LANGUAGES);
  const exact = codes.find((c) => c.toLowerCase() === s);
  if (exact) return exact;
  const base = s.split('-')[0];
  return codes.find((c) => c.toLowerCase().split('-')[0] === base) ?? null;
}

// The saved choice, else the first of the browser's languages we have, else English.
export function detectLanguage() {
  try {
    const saved = resolveLanguage(localStorage.getItem(LANG_KEY));
    if (saved) return saved;
  } catch {
    // Storage can be unavailable (private mode, sandboxed iframe).
  }
  const prefs = typeof navigator !== 'undefined' ? navigator.languages ?? [navigator.language] : [];
  for (const p of prefs) {
    const code = resolveLanguage(p);
    if (code) return code;
  }
  return 'en';
}

/** The address of a part of a language's table (www/i18n/). @param {string} code @param {string} [part] */
export const tableUrl = (code, part = 'common') => new URL(`../i18n/${code}/${part}.json`, import.meta.url);

/** @type {TableReader} */
async function fetchTable(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url.pathname}: HTTP ${res.status}`);
  const text = await res.text();
  if (text.length > MAX_TABLE_CHARS) throw new Error(`${url.pathname}: over ${MAX_TABLE_CHARS} characters`);
  return JSON.parse(text);
}

/**
 * Whether a table's value is a text: a string, or a counted text's plural forms (an object of
 * plural categories, "other" among them), each of at most MAX_TEXT_CHARS characters.
 * @param {unknown} v
 */
function isText(v) {
  const short = (/** @type {unknown} */ s) => typeof s === 'string' && s.length <= MAX_TEXT_CHARS;
  if (typeof v === 'string') return short(v);
  if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, 'other')) return false;
  return Object.entries(v).every(([k, s]) => CATEGORIES.includes(k) && short(s));
}

/**
 * A part as read, checked: an object of at most MAX_KEYS texts, each a string or a counted
 * text's plural forms.
 * @param {unknown} data @param {string} name the language and part ("en common") @returns {Table}
 */
function checkTable(data, name) {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error(`the ${name} table is not an object of texts`);
  const entries = Object.entries(data);
  if (entries.length > MAX_KEYS) throw new Error(`the ${name} table has over ${MAX_KEYS} texts`);
  const bad = entries.find(([, v]) => !isText(v));
  if (bad) throw new Error(`the ${name} table's ${bad[0]} is not a text of at most ${MAX_TEXT_CHARS} characters, nor plural forms of such texts`);
  // A plain object without a prototype: a key such as "__proto__" is a text like any other.
  // (A plural's forms are read with Object.hasOwn.)
  return Object.freeze(Object.assign(Object.create(null), data));
}

/**
 * Loads a part of a language's table once (a failed load may be tried again) and adds it to
 * the language's table.
 * @param {string} code @param {string} part @param {TableReader} read
 */
function loadPart(code, part, read) {
  const id = `${code}/${part}`;
  let load = loads.get(id);
  if (!load) {
    load = read(tableUrl(code, part)).then((data) => {
      const table = checkTable(data, `${code} ${part}`);
      const parts = partsOf.get(code) ?? new Map();
      parts.set(part, table);
      partsOf.set(code, parts);
      // In PARTS' order, whichever arrived first.
      const merged = Object.assign(Object.create(null), ...PARTS.map((p) => parts.get(p) ?? {}));
      tables.set(code, Object.freeze(merged));
      return table;
    });
    loads.set(id, load);
    load.catch(() => loads.delete(id));
  }
  return load;
}

/**
 * Loads the parts of a language's table the page shows (common, and the page's own; or the
 * parts named), each once. Resolves to the language's code, or null for a tag that names none
 * of ours (nothing is loaded); rejects if a part cannot be had.
 * @param {unknown} tag @param {TableReader} [read] @param {Iterable<string>} [parts]
 * @returns {Promise<string | null>}
 */
export async function loadLanguage(tag, read = fetchTable, parts = wanted) {
  const code = resolveLanguage(tag);
  if (!code) return null;
  await Promise.all([...parts].filter((p) => PARTS.includes(p)).map((part) => loadPart(code, part, read)));
  return code;
}

/** Whether the parts the page shows of a language (its tag as resolveLanguage reads it) have arrived. @param {unknown} tag */
export const isLoaded = (tag) => {
  const parts = partsOf.get(resolveLanguage(tag) ?? '');
  return !!parts && [...wanted].every((p) => parts.has(p));
};

// The page's language: the one chosen (its table may still be on its way at start-up, while
// the page shows its HTML's English).
let lang = typeof document !== 'undefined' ? detectLanguage() : 'en';
let requests = 0;
/** @type {Set<(code: string) => void>} */
const listeners = new Set();

export function getLanguage() {
  return lang;
}

/**
 * Switches the page to a language once its table has arrived, then tells every listener
 * (onLanguageChange) so each words its texts again; `persist` remembers the choice for the next
 * visit. A tag that names none of our languages changes nothing; a table that cannot be loaded
 * rejects and changes nothing. Of two switches asked in a row, the later one wins.
 * @param {unknown} tag @param {{ persist?: boolean, read?: TableReader }} [opts]
 */
export async function setLanguage(tag, { persist = false, read } = {}) {
  const code = resolveLanguage(tag);
  if (!code) return;
  const mine = ++requests;
  await loadLanguage(code, read);
  if (mine !== requests) return;
  lang = code;
  if (typeof document !== 'undefined') document.documentElement.lang = code;
  if (persist) {
    try {
      localStorage.setItem(LANG_KEY, code);
    } catch {
      /* see detectLanguage */
    }
  }
  for (const fn of listeners) fn(code);
}

/**
 * A page's start-up step: its language's table (common and the page's own part), or
 * English's when that one cannot be had (the HTML's English then stays, and the page says why
 * in the console).
 * @param {{ part?: string, read?: TableReader }} [opts]
 */
export async function startLanguage(opts = {}) {
  if (opts.part) {
    if (!PARTS.includes(opts.part)) throw new Error(`no part of the table is called ${opts.part}`);
    wanted.add(opts.part);
  }
  try {
    await setLanguage(lang, opts);
  } catch (err) {
    console.error(err);
    if (lang !== 'en') await setLanguage('en', opts).catch(console.error);
  }
}

/**
 * A part the page shows from now on (the game page's `game-later`: the words of what it loads
 * once it is playable, its dialogs and links), loaded for the page's language and, after a
 * switch, with the others. Resolves once it is there; a part that cannot be had rejects, and is
 * asked for again by the next call.
 * @param {string} part
 */
export async function wantPart(part) {
  if (!PARTS.includes(part)) throw new Error(`no part of the table is called ${part}`);
  wanted.add(part);
  await loadLanguage(lang);
}

/** @param {(code: string) => void} fn @returns {() => void} stops listening */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The table `t` reads for a language: its own once loaded, else the page's, else any. @param {string} code */
function tableFor(code) {
  return tables.get(resolveLanguage(code) ?? '') ?? tables.get(lang) ?? tables.values().next().value ?? LAST_RESORT;
}

/** @type {Map<string, Intl.PluralRules>} each language's plural rules, made once */
const pluralRules = new Map();

/**
 * The plural category of the count `n` in a language ("one", "other", …): Intl's, but for 0
 * in Brazilian Portuguese (see the top). Not a number: "other".
 * @param {unknown} n @param {string} code @returns {Intl.LDMLPluralRule}
 */
export function pluralCategory(n, code) {
  const count = typeof n === 'number' ? n : typeof n === 'string' && n.trim() ? Number(n) : NaN;
  if (!Number.isFinite(count)) return 'other';
  const lang = resolveLanguage(code) ?? 'en';
  if (count === 0 && lang === 'pt-BR') return 'other';
  let rules = pluralRules.get(lang);
  if (!rules) pluralRules.set(lang, (rules = new Intl.PluralRules(lang)));
  return rules.select(count);
}

// t('toMove', {color: 'White'}) -> 'White to move.'; t('pieces', {n: 1}) -> '1 piece'.
/** @param {string} key @param {Record<string, unknown>} [params] @param {string} [code] @returns {string} */
export function t(key, params = {}, code = lang) {
  // Own texts only: a key such as "toString" is no text (the tables have no prototype; the
  // last resort has one).
  const table = tableFor(code);
  const v = (Object.hasOwn(table, key) ? table[key] : undefined) ?? (Object.hasOwn(LAST_RESORT, key) ? LAST_RESORT[key] : undefined) ?? key;
  const s = typeof v === 'string' ? v : formOf(v, Object.hasOwn(params, 'n') ? params.n : undefined, table === tables.get(resolveLanguage(code) ?? '') ? code : lang);
  return s.replace(/\{(\w+)\}/g, (m, k) => (Object.hasOwn(params, k) ? String(params[k]) : m));
}

/** A counted text's form for the count `n` in a language. @param {Plural} forms @param {unknown} n @param {string} code @returns {string} */
function formOf(forms, n, code) {
  const category = pluralCategory(n, code);
  return (Object.hasOwn(forms, category) ? forms[category] : undefined) ?? forms.other ?? '';
}

/** Whether the language's table (as t reads it) has a text for `key`. @param {string} key @param {string} [code] */
export const hasText = (key, code = lang) => Object.hasOwn(tableFor(code), key);

// The core's refusals (Game.whyIllegal) in its English words, each read back into the key of
// its rule and the squares or count it names, so every language words the rule itself. The
// Brazilian forms name the majority rule and say men capture backward. A text not listed here
// (a newer core's) is shown as the core wrote it, through `fallback`.
/** @type {[RegExp, string, string?][]} pattern, key, the key's parameter for the pattern's group */
const REFUSALS = [
  [/^there is no piece on square (\w+)$/, 'refuseNoPiece', 'square'],
  [/^the piece on square (\w+) is your opponent's$/, 'refuseNotYours', 'square'],
  [/^capturing is compulsory: the piece on (\w+(?: or \w+)*) must capture$/, 'refuseMustCapture', 'squares'],
  [/^the majority rule: you must play the capture that takes the most pieces \((\d+)\)$/, 'refuseMajority', 'n'],
  [/^you must play the capture that takes the most pieces \((\d+)\)$/, 'refuseMostPieces', 'n'],
  [/^when a king and a man can take the same number of pieces, the king must capture$/, 'refuseKingFirst'],
  [/^among equal captures you must take the most kings \((\d+)\)$/, 'refuseMostKings', 'n'],
  [/^among equal captures you must take the one that meets a king first$/, 'refuseEarliestKing'],
  [/^a man cannot capture a king$/, 'refuseManTakesKing'],
  [/^men move forward only \(they capture backward, but only when capturing\)$/, 'refuseManBackwardBrazilian'],
  [/^men move forward only$/, 'refuseManBackward'],
  [/^square (\w+) is occupied$/, 'refuseOccupied', 'square'],
  [/^pieces move one square diagonally, or jump an opposing piece$/, 'refuseNotAMove'],
  [/^men move one square diagonally forward and kings any distance along a free diagonal; captures jump an opposing piece$/, 'refuseNotAMoveBrazilian'],
  [/^the piece on square (\w+) blocks the way$/, 'refuseBlocked', 'square'],
  [/^the capture goes on from square (\w+): a piece must keep capturing while it can$/, 'refuseGoesOn', 'square'],
  [/^the game is over$/, 'refuseGameOver'],
];

// localizeRefusal('the piece on square c3 blocks the way', 'pt-BR') -> 'A peça na casa c3
// bloqueia o caminho.'
/** @param {unknown} text @param {string} [code] @param {(text: string) => string} [fallback] @returns {string} */
export function localizeRefusal(text, code = lang, fallback = (s) => s) {
  const s = String(text ?? '').trim();
  for (const [re, key, param] of REFUSALS) {
    const m = re.exec(s);
    if (!m) continue;
    let value = m[1];
    if (param === 'squares') value = value.split(' or ').join(` ${t('refuseOr', {}, code)} `);
    return t(key, param ? { [param]: value } : {}, code);
  }
  return fallback(s);
}

/** @param {Message} message @returns {string} its words now */
export const textOf = (message) => (typeof message === 'function' ? message() : message);

/** @type {WeakMap<Element, () => string>} the messages shown with setMessage, worded again by translatePage */
const messages = new WeakMap();

/**
 * Shows a message in an element: a function is kept and called again at each switch of
 * language (translatePage), a plain string is shown as it is. Returns the words shown.
 * @param {HTMLElement} el @param {Message} message @returns {string}
 */
export function setMessage(el, message) {
  if (typeof message === 'function') messages.set(el, message);
  else messages.delete(el);
  el.toggleAttribute('data-i18n-message', typeof message === 'function');
  return (el.textContent = textOf(message));
}

// Fills elements marked data-i18n (text; on <title>, the page's title), data-i18n-label
// (aria-label), data-i18n-title and data-i18n-placeholder, and words again the messages shown
// with setMessage.
/** @param {ParentNode} [root] */
export function translatePage(root = document) {
  // No table yet: the HTML's English stays (rather than the keys).
  if (!tables.size) return;
  /** @type {(selector: string) => NodeListOf<HTMLElement>} */
  const all = (selector) => root.querySelectorAll(selector);
  // (Each key is there: the selector asks for it.)
  for (const el of all('[data-i18n]')) el.textContent = t(el.dataset.i18n ?? '', argsOf(el));
  for (const el of all('[data-i18n-label]')) el.setAttribute('aria-label', t(el.dataset.i18nLabel ?? ''));
  for (const el of all('[data-i18n-title]')) el.title = t(el.dataset.i18nTitle ?? '');
  for (const el of /** @type {NodeListOf<HTMLInputElement>} */ (all('[data-i18n-placeholder]'))) {
    el.placeholder = t(el.dataset.i18nPlaceholder ?? '');
  }
  for (const el of all('[data-i18n-message]')) {
    const message = messages.get(el);
    if (message) el.textContent = message();
  }
}

/**
 * An element's `data-i18n-args`, the values of its text's placeholders as a JSON object of
 * strings and numbers (the HTML's own, so a page's mistake shows as the bare key's words, not
 * an exception).
 * @param {HTMLElement} el
 * @returns {Record<string, string | number>}
 */
function argsOf(el) {
  const json = el.dataset.i18nArgs;
  if (!json) return {};
  try {
    const v = JSON.parse(json);
    return v && typeof v === 'object' && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

// Gives a language <select> one option per language we have, named in its own language, so a
// page need not list them (options already in the HTML keep their place), and shows the
// page's language in it.
/** @param {HTMLSelectElement} select */
export function fillLanguageSelect(select) {
  for (const [code, name] of Object.entries(LANGUAGES)) {
    let opt = [...select.options].find((o) => o.value === code);
    if (!opt) {
      opt = document.createElement('option');
      opt.value = code;
      select.append(opt);
    }
    opt.textContent = name;
    opt.lang = code;
  }
  select.value = lang;
}

/**
 * A page's language picker: filled, showing the page's language at every moment, and
 * switching the page (remembered) when a language is picked; if that language's table cannot
 * be loaded, the picker goes back to the language shown.
 * @param {HTMLSelectElement} select
 */
export function wireLanguageSelect(select) {
  fillLanguageSelect(select);
  select.addEventListener('change', () => {
    setLanguage(select.value, { persist: true }).catch((err) => {
      console.error(err);
      select.value = lang;
    });
  });
  onLanguageChange((code) => (select.value = code));
}
