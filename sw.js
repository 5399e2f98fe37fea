// @ts-check
// The service worker: after the first visit the game loads and plays with no network.
//
// www/precache.js (written by scripts/precache.mjs at build time) lists every file of the
// site and a hash of their contents. The hash names the cache, so a new version is a new
// cache: install fetches the whole list into it (all or nothing), activate deletes the old
// ones, and pages are served from the current cache only, never a mix of two versions. A new
// version waits until the page asks for it (or every tab of the old one is closed).
// All paths are relative to this file, so the site works from any folder of any static host.
//
// The engine's data (the opening book and the endgame tables, www/data/) is large and the game
// plays without it, so the first visit never waits for it: it has a cache of its own, named by
// the data's hash (so a new version with the same data keeps it), filled after the site works
// offline, when the page asks (a `fetchData` message, sent once the game is playable), and by
// the engine worker's own requests. A data file is stored only if its SHA-256 is the one in
// the list; one that does not match (another version's, or damaged) is never served.

// The global scope, as a service worker's (the type check knows workers in general).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

try {
  importScripts('www/precache.js');
} catch {
  // Not built yet (a checkout without `make build`): no offline support, nothing breaks.
  self.DAMA_PRECACHE = null;
}

const PREFIX = 'dama-';
const LIST = self.DAMA_PRECACHE;
const CACHE = LIST ? PREFIX + LIST.version : null;
const url = (/** @type {string} */ path) => new URL(path, self.location.href).href;
const DATA = LIST?.data?.files.length ? LIST.data : null;
const DATA_CACHE = DATA ? PREFIX + 'data-' + DATA.version : null;
/** @type {Map<string, string>} each data file's address and its SHA-256 */
const DATA_HASH = new Map((DATA?.files ?? []).map((f) => [url(f.path), f.sha256]));

sw.addEventListener('install', (event) => {
  if (!LIST || !CACHE) return;
  event.waitUntil(
    (async () => {
      // A cache of this name can only be left over from a failed install of this same
      // version (a working one would mean this worker is already installed): start afresh.
      await caches.delete(CACHE);
      const cache = await caches.open(CACHE);
      // cache: 'reload' skips the HTTP cache, so an old copy cannot slip into a new version.
      await cache.addAll(LIST.files.map((f) => new Request(url(f), { cache: 'reload' })));
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (CACHE) {
        for (const key of await caches.keys()) {
          if (key.startsWith(PREFIX) && key !== CACHE && key !== DATA_CACHE) await caches.delete(key);
        }
      }
      // The first install takes over the open page at once, so it works offline from now on.
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  if (event.data?.type === 'skipWaiting') sw.skipWaiting();
  // The page sends this to the active worker (sw-register.js) once the game is playable.
  if (event.data?.type === 'fetchData') event.waitUntil(fillData());
});

// Every data file not cached yet, one at a time in the list's order; a failure (offline, 404)
// is left for the next visit.
async function fillData() {
  if (!DATA_CACHE) return;
  const cache = await caches.open(DATA_CACHE);
  for (const href of DATA_HASH.keys()) {
    if (await cache.match(href)) continue;
    try {
      await download(href, cache);
    } catch {
      // Tried again on the next page load.
    }
  }
}

/** @type {Map<string, Promise<Response>>} downloads under way, shared by the fill and requests */
const downloading = new Map();

// A data file from the network, stored in the data cache if it matches its hash. Resolves to a
// response for the page: the file, the server's error (404), or a 409 for a file that is not
// this version's; rejects when the network fails.
/** @param {string} href @param {Cache} cache @returns {Promise<Response>} */
function download(href, cache) {
  let p = downloading.get(href);
  if (!p) {
    p = (async () => {
      let res = await fetch(href);
      if (!res.ok) return res;
      let body = await res.arrayBuffer();
      if ((await sha256(body)) !== DATA_HASH.get(href)) {
        // Perhaps an old copy in the HTTP cache: once more from the server itself.
        res = await fetch(href, { cache: 'reload' });
        if (!res.ok) return res;
        body = await res.arrayBuffer();
        if ((await sha256(body)) !== DATA_HASH.get(href)) {
          return new Response(null, { status: 409, statusText: 'not the version of this site' });
        }
      }
      const headers = { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' };
      await cache.put(href, new Response(body, { headers }));
      return new Response(body, { headers });
    })().finally(() => downloading.delete(href));
    downloading.set(href, p);
  }
  return p.then((r) => r.clone());
}

/** @param {ArrayBuffer} bytes */
async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

const INDEX = 'index.html';

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (!CACHE || req.method !== 'GET') return;
  const u = new URL(req.url);
  if (u.origin !== self.location.origin) return;
  const data = u.origin + u.pathname;
  if (DATA_HASH.has(data)) {
    // Cache first; a file not cached yet is fetched, checked and cached.
    event.respondWith(
      (async () => {
        const cache = await caches.open(/** @type {string} */ (DATA_CACHE));
        return (await cache.match(data)) || download(data, cache);
      })(),
    );
    return;
  }
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      let hit;
      if (req.mode === 'navigate') {
        // Pages are opened with options in the address (?fen=..., frame.html?mode=...).
        const page = u.pathname.endsWith('/') ? new URL(INDEX, u).href : u.origin + u.pathname;
        hit = await cache.match(page, { ignoreSearch: true });
      } else {
        hit = await cache.match(req);
      }
      return hit || fetch(req);
    })(),
  );
});
