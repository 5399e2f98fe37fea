// @ts-check
// The endgame tables a player downloads only on asking (the game page's settings, "Download
// endgame tables, N MB"): each game's 5-piece file, listed in data/egtb-5/index.json (`make
// tables-5`: bytes, SHA-256, size unpacked). A download is checked against the list's SHA-256
// and kept in a cache of its own (TABLES_CACHE), which the service worker's clean-up of old
// versions never touches (its caches are named `dama-...`), so the tables stay through every
// new version of the site and work offline. Nothing else fetches them, but for a kept file
// found damaged when it is read (keptBytes: its bytes no longer match the SHA-256 it was kept
// with), which is dropped and downloaded again.
//
// Used by the page (the download, the removal, what is kept) and by the engine workers (data.js:
// they load what is kept after the game's smaller tables, and hear on TABLES_CHANNEL when a
// download ends, so the computer uses the tables at once).

import { VARIANTS } from '../shared/variant.js';

/** @typedef {import('../shared/variant.js').Variant} Game */
/**
 * One downloadable file, as the list gives it.
 * @typedef {{ game: Game, pieces: number, path: string, bytes: number, unpacked: number, sha256: string }} TableFile
 */
/** A file kept in this browser. @typedef {{ game: Game, pieces: number, bytes: number, sha256: string }} KeptFile */
/** @typedef {{ type: 'added' | 'removed', game: Game }} TablesNews */

/** Not named `dama-...`: the service worker deletes those of old versions. */
export const TABLES_CACHE = 'dama.tables';
/** Where a finished download or a removal is told, to every page and worker of the site. */
export const TABLES_CHANNEL = 'dama.tables';
/** The list, relative to www/. */
const INDEX = 'data/egtb-5/index.json';
/** A list longer than this is not ours (ours is under 1 KB). */
const MAX_INDEX_BYTES = 64 * 1024;
/** The largest file the list may name (the 5-piece files are 12-15 MB). */
export const MAX_TABLE_BYTES = 256 * 1024 * 1024;
/** A kept file's game, pieces and SHA-256, in its cached response's headers. */
const H_GAME = 'x-dama-game';
const H_PIECES = 'x-dama-pieces';
const H_SHA = 'x-dama-sha256';

/** The site's folder (www/), which the paths are relative to. */
const WWW = new URL('../', import.meta.url);
const FILE_NAME = new RegExp(`^(${VARIANTS.join('|')})-([5-9])\\.egtb\\.gz$`);

/** Whether this browser can keep files (the Cache API: secure pages only). */
export const canKeep = () => typeof caches !== 'undefined';

/**
 * The files the site offers, checked entry by entry (an entry that is not one of ours is
 * left out); null when the site offers none (no list: `make tables-5` not run) or cannot be
 * reached. Rejects on nothing.
 * @returns {Promise<TableFile[] | null>}
 */
export async function offered() {
  try {
    const res = await fetch(new URL(INDEX, WWW), { cache: 'no-cache' });
    if (!res.ok) return null;
    const text = await res.text();
    if (text.length > MAX_INDEX_BYTES) return null;
    return parseIndex(JSON.parse(text));
  } catch {
    return null;
  }
}

/**
 * The files of a list's value (index.json's shape: `{format: 1, tables: [...]}`); null if it is
 * not one.
 * @param {unknown} v
 * @returns {TableFile[] | null}
 */
export function parseIndex(v) {
  const list = /** @type {{ format?: unknown, tables?: unknown } | null} */ (v);
  if (!list || typeof list !== 'object' || list.format !== 1 || !Array.isArray(list.tables)) return null;
  /** @type {TableFile[]} */
  const out = [];
  for (const e of list.tables.slice(0, 16)) {
    const f = /** @type {Record<string, unknown>} */ (e ?? {});
    const m = typeof f.path === 'string' ? f.path.match(FILE_NAME) : null;
    const whole = (/** @type {unknown} */ n) => Number.isInteger(n) && /** @type {number} */ (n) > 0 && /** @type {number} */ (n) <= MAX_TABLE_BYTES * 64;
    if (!m || f.game !== m[1] || f.pieces !== Number(m[2])) continue;
    if (!whole(f.bytes) || /** @type {number} */ (f.bytes) > MAX_TABLE_BYTES || !whole(f.unpacked)) continue;
    if (typeof f.sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(f.sha256)) continue;
    out.push({ game: /** @type {Game} */ (m[1]), pieces: Number(m[2]), path: m[0], bytes: /** @type {number} */ (f.bytes), unpacked: /** @type {number} */ (f.unpacked), sha256: f.sha256 });
  }
  return out;
}

const keyOf = (/** @type {string} */ path) => new URL('data/egtb-5/' + path, WWW).href;

/**
 * The cached entries of `game`'s kept files, by pieces (none where nothing can be kept).
 * @param {Game} game
 * @returns {Promise<{ req: Request, res: Response, pieces: number }[]>}
 */
async function keptEntries(game) {
  if (!canKeep()) return [];
  const cache = await caches.open(TABLES_CACHE);
  const out = [];
  for (const req of await cache.keys()) {
    const res = await cache.match(req);
    if (res?.headers.get(H_GAME) === game) out.push({ req, res, pieces: Number(res.headers.get(H_PIECES)) });
  }
  return out.sort((a, b) => a.pieces - b.pieces);
}

/**
 * The files of `game` kept in this browser, by pieces.
 * @param {Game} game
 * @returns {Promise<KeptFile[]>}
 */
export async function kept(game) {
  return (await keptEntries(game)).map(({ res, pieces }) => ({
    game,
    pieces,
    bytes: Number(res.headers.get('content-length') ?? 0),
    sha256: res.headers.get(H_SHA) ?? '',
  }));
}

/**
 * A kept file that was found damaged and dropped, and could not be downloaded again: why.
 * @typedef {{ game: Game, pieces: number, reason: string }} LostFile
 */

/**
 * The bytes of each file of `game` kept in this browser (still gzipped), by pieces, each
 * checked against the SHA-256 it was kept with. One that does not match (damaged since it was
 * kept: a byte changed, another file, an empty body) is dropped and downloaded again, the
 * site's file of the same game and pieces; one that cannot be (offline, no longer offered, a
 * download that is not the listed file) is in `lost`, with the reason, and is kept no more,
 * so that it is told once. Under a lock, so that two pages or workers reading at once do not
 * both download it.
 * @param {Game} game
 * @returns {Promise<{ files: { pieces: number, bytes: Uint8Array<ArrayBuffer> }[], lost: LostFile[] }>}
 */
export function keptBytes(game) {
  return withLock(async () => {
    const files = [];
    /** @type {LostFile[]} */
    const lost = [];
    for (const { req, res, pieces } of await keptEntries(game)) {
      const bytes = new Uint8Array(await res.arrayBuffer());
      if ((await sha256(bytes)) === res.headers.get(H_SHA)) {
        files.push({ pieces, bytes });
        continue;
      }
      await (await caches.open(TABLES_CACHE)).delete(req);
      try {
        files.push({ pieces, bytes: await downloadAgain(game, pieces) });
      } catch (err) {
        lost.push({ game, pieces, reason: String(/** @type {Error} */ (err)?.message ?? err) });
      }
    }
    return { files, lost };
  });
}

/**
 * The site's file of `game` and `pieces`, downloaded, checked and kept again.
 * @param {Game} game
 * @param {number} pieces
 */
async function downloadAgain(game, pieces) {
  const list = await offered();
  if (!list) throw new Error('the site could not be reached');
  const file = list.find((f) => f.game === game && f.pieces === pieces);
  if (!file) throw new Error('the site offers them no more');
  return download(file, () => {});
}

/**
 * `fn` alone among the site's pages and workers (Web Locks; at once where there are none).
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
function withLock(fn) {
  const locks = /** @type {LockManager | undefined} */ (navigator.locks);
  return locks ? locks.request(TABLES_CACHE, fn) : fn();
}

/**
 * Downloads `file`, checks it against its SHA-256 and keeps it; tells every page and worker.
 * `progress` hears the bytes received so far (0 to file.bytes). Rejects with the reason (the
 * network, a file that is not the listed one, no room to keep it), and then nothing is kept.
 * Resolves to the file's bytes.
 * @param {TableFile} file
 * @param {(received: number) => void} progress
 * @param {AbortSignal} [signal]
 */
export async function download(file, progress, signal) {
  if (!canKeep()) throw new Error('this browser cannot keep files');
  const res = await fetch(keyOf(file.path), { cache: 'no-cache', signal });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const bytes = new Uint8Array(file.bytes);
  let at = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (at + value.length > bytes.length) {
      await reader.cancel();
      throw new Error('the file is larger than the site says');
    }
    bytes.set(value, at);
    at += value.length;
    progress(at);
  }
  if (at !== bytes.length) throw new Error('the file is shorter than the site says');
  if ((await sha256(bytes)) !== file.sha256) throw new Error('the file is not the one the site lists');
  // Asked once: a browser may then keep the tables when it runs short of room.
  // (A page's StorageManager has persist; a worker's has not.)
  const storage = /** @type {{ persist?: () => Promise<boolean> } | undefined} */ (navigator.storage);
  await storage?.persist?.().catch(() => false);
  const cache = await caches.open(TABLES_CACHE);
  const headers = {
    'content-type': 'application/gzip',
    'content-length': String(bytes.length),
    [H_GAME]: file.game,
    [H_PIECES]: String(file.pieces),
    [H_SHA]: file.sha256,
  };
  await cache.put(keyOf(file.path), new Response(bytes, { headers }));
  tell({ type: 'added', game: file.game });
  return bytes;
}

/**
 * Removes the files of `game` kept in this browser; tells every page and worker (the
 * computer keeps the tables it has loaded until its page is closed).
 * @param {Game} game
 */
export async function remove(game) {
  if (!canKeep()) return;
  const cache = await caches.open(TABLES_CACHE);
  for (const { req } of await keptEntries(game)) await cache.delete(req);
  tell({ type: 'removed', game });
}

/**
 * Listens for downloads and removals made in any page of the site.
 * @param {(news: TablesNews) => void} hear
 */
export function onTablesNews(hear) {
  if (typeof BroadcastChannel === 'undefined') return;
  new BroadcastChannel(TABLES_CHANNEL).addEventListener('message', (e) => {
    const { type, game } = e.data ?? {};
    if ((type === 'added' || type === 'removed') && VARIANTS.includes(game)) hear({ type, game });
  });
}

/** @param {TablesNews} news */
function tell(news) {
  if (typeof BroadcastChannel === 'undefined') return;
  const ch = new BroadcastChannel(TABLES_CHANNEL);
  ch.postMessage(news);
  ch.close();
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}
