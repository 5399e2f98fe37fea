// @ts-check
// The service worker: after the first visit the game loads and plays with no network.
//
// www/offline/precache.js (written by scripts/precache.mjs at build time) lists every file of
// the site, each with its SHA-256, and a hash of them all: the version, which names the cache.
// Install fetches the whole list into that cache and checks every file against its SHA-256:
// one that does not match (a deploy still being uploaded: the new list, an old file) fails
// the install, the old version stays, and the next update check tries again. A cache named by
// a version only ever holds that version's bytes.
//
// One version per page, for the page's whole life. The worker records which version served
// each page (the navigation's resulting client) and each worker a page starts (its script's
// resulting client gets its page's version), in a store of its own (CLIENTS) that outlives
// this script, and serves every request from the cache of its client's version: a page loaded
// with version A keeps getting A's files, its engine worker too (the engine client restarts
// its worker whenever a search is cancelled), after B has taken over. A version's cache (and
// its data cache) is deleted once no page or worker of it is left: checked when a version
// activates and whenever a page starts. A new version waits until a page asks for it (or every
// tab of the old one is closed); the other open tabs are then told (sw-register.js) and offer
// to reload, and keep their own version until they do.
// All paths are relative to this file, so the site works from any folder of any static host.
//
// The threaded engine (www/pkg/dama_threads*) is only for browsers that can run threads: it is
// listed apart (`lazy`) and cached in its version's cache when first asked for, checked like
// the data.
//
// Cross-origin isolation, which the threaded engine needs (shared memory): every page and
// worker script this worker serves gets the Cross-Origin-Opener-Policy and
// Cross-Origin-Embedder-Policy headers a static host cannot be asked for (every file is of
// this origin, so require-corp blocks nothing). A first visit is loaded from the network
// before this worker runs: it searches on one thread, and the next page loaded on more (no
// reload is forced on anyone).
//
// The engine's data (the opening book and the endgame tables, www/data/) is large and the game
// plays without it, so the first visit never waits for it: it has a cache of its own, named by
// the data's hash (so a new version with the same data keeps it), filled after the site works
// offline, when the page asks (a `fetchData` message, sent once the game is playable), and by
// the engine worker's own requests. A data file is stored only if its SHA-256 is the one in
// its version's list; one that does not match (another version's, or damaged) is never served,
// and a stored copy is checked again each time it is served: one damaged since is deleted and
// fetched again (offline, the engine does without it until the next visit online).

// The global scope, as a service worker's (the type check knows workers in general).
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

try {
  importScripts('www/offline/precache.js');
} catch {
  // Not built yet (a checkout without `make build`): no offline support, nothing breaks.
  self.DAMA_PRECACHE = null;
}

/**
 * The list precache.js sets, with each site file's SHA-256 by path.
 * @typedef {DamaPrecache & { sha256: Record<string, string> }} SiteList
 */

/**
 * A version of the site, as this worker uses it.
 * @typedef {object} Version
 * @property {string} version
 * @property {string} cache the site's cache
 * @property {SiteList} list
 * @property {string | null} dataCache the data's cache (null: no data)
 * @property {Map<string, string>} dataHash each data file's address and its SHA-256
 * @property {Map<string, string>} lazyHash each lazily cached file's address and its SHA-256
 */

const PREFIX = 'dama-';
// Which version each page and worker is (client id -> version). Not named with PREFIX: it is
// not a version's cache.
const CLIENTS = 'dama.clients';
const url = (/** @type {string} */ path) => new URL(path, self.location.href).href;
// In a version's cache, its list: written last by the install, so only a complete cache has
// it, and read by later versions to serve that version's pages.
const LIST_KEY = url('.dama-version.json');

/** @param {SiteList} list @returns {Version} */
function describe(list) {
  const data = list.data?.files.length ? list.data : null;
  return {
    version: list.version,
    cache: PREFIX + list.version,
    list,
    dataCache: data ? PREFIX + 'data-' + data.version : null,
    dataHash: new Map((data?.files ?? []).map((f) => [url(f.path), f.sha256])),
    lazyHash: new Map((list.lazy ?? []).map((f) => [url(f.path), f.sha256])),
  };
}

const LIST = /** @type {SiteList | null} */ (self.DAMA_PRECACHE ?? null);
const CURRENT = LIST ? describe(LIST) : null;

sw.addEventListener('install', (event) => {
  if (!LIST || !CURRENT) return;
  event.waitUntil(install(LIST, CURRENT.cache));
});

/** @param {SiteList} list @param {string} name */
async function install(list, name) {
  // A cache of this name is this version's already (sw.js changed alone, or an install that
  // stopped half-way): it holds only checked files, so what is there and still matches is kept.
  const existed = await caches.has(name);
  const cache = await caches.open(name);
  try {
    await fill(list, cache);
  } catch (err) {
    // Not a version: nothing of it is kept (a cache that was there before is left as it was).
    if (!existed) await caches.delete(name);
    throw err;
  }
  await cache.put(LIST_KEY, new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } }));
}

// Every file of the list into `cache`, checked against its SHA-256; rejects (once every
// download is over) if one could not be fetched or does not match.
/** @param {SiteList} list @param {Cache} cache */
async function fill(list, cache) {
  const results = await Promise.allSettled(
    list.files.map(async (path) => {
      const href = url(path);
      const want = list.sha256?.[path];
      if (!want) throw new Error(`${path}: no SHA-256 in the list`);
      const have = await cache.match(href);
      if (have && (await sha256(await have.arrayBuffer())) === want) return;
      // Revalidated, not downloaded again: on a first visit the page has just fetched most of
      // these (the wasm too), and a host answers 304 for the copy in the HTTP cache. A copy
      // that is not this version's (an old one) is fetched once more from the server itself.
      let got = await fetchChecked(path, 'no-cache');
      if ((await sha256(got.body)) !== want) got = await fetchChecked(path, 'reload');
      if ((await sha256(got.body)) !== want) throw new Error(`${path} is not the file of version ${list.version} (a deploy under way?)`);
      await cache.put(href, new Response(got.body, { headers: got.headers }));
    }),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * @param {string} path a site file, relative to this script @param {RequestCache} mode
 * @returns {Promise<{body: ArrayBuffer, headers: Headers}>} rejects for an HTTP error
 */
async function fetchChecked(path, mode) {
  const res = await fetch(new Request(url(path), { cache: mode }));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  return { body: await res.arrayBuffer(), headers: res.headers };
}

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (CURRENT) {
        // Pages open before any version recorded them (the first visit's, loaded from the
        // network) are this version's from now on.
        for (const c of await sw.clients.matchAll({ includeUncontrolled: true, type: 'all' })) {
          if (!(await versionOf(c.id))) await record(c.id, CURRENT.version);
        }
      }
      // The first install takes over the open page at once, so it works offline from now on.
      await sw.clients.claim();
      await cleanup();
    })(),
  );
});

sw.addEventListener('message', (event) => {
  const type = event.data?.type;
  if (type === 'skipWaiting') sw.skipWaiting();
  // The page sends these to the active worker (sw-register.js) once the game is playable.
  if (type === 'fetchData') event.waitUntil(fillData());
  if (type === 'version') {
    const client = /** @type {Client | null} */ (event.source);
    event.waitUntil(
      (async () => {
        // The page's version and the one new pages get: the page offers to reload if they differ.
        if (client) client.postMessage({ type: 'version', page: await versionOf(client.id), current: CURRENT?.version ?? null });
        // A page started: perhaps the last page of an old version is gone (a reload, a tab closed).
        await cleanup();
      })(),
    );
  }
});

// ---------------------------------------------------------------- versions of clients

/** @type {Map<string, string>} client id -> version, as recorded in CLIENTS */
const clientVersion = new Map();
const clientKey = (/** @type {string} */ id) => url('.dama-client/' + encodeURIComponent(id));

/** @param {string} id @param {string} version */
async function record(id, version) {
  clientVersion.set(id, version);
  await (await caches.open(CLIENTS)).put(clientKey(id), new Response(version));
}

/** @param {string | undefined} id @returns {Promise<string | null>} the version recorded for a client */
async function versionOf(id) {
  if (!id) return null;
  const known = clientVersion.get(id);
  if (known) return known;
  const res = await caches.match(clientKey(id), { cacheName: CLIENTS });
  if (!res) return null;
  const version = await res.text();
  clientVersion.set(id, version);
  return version;
}

/** @type {Map<string, Version>} older versions read from their caches */
const versions = new Map();

/** @param {string | null} version @returns {Promise<Version | null>} null: unknown, or its cache is gone */
async function load(version) {
  if (!version) return null;
  if (version === CURRENT?.version) return CURRENT;
  const known = versions.get(version);
  if (known) return known;
  const res = await caches.match(LIST_KEY, { cacheName: PREFIX + version });
  if (!res) return null;
  const v = describe(await res.json());
  versions.set(version, v);
  return v;
}

// Forgets the clients that are gone and deletes every cache that no version in use needs:
// not this version's, nor that of a page or worker still open. Only the active worker does it,
// and not while another version installs or waits (its cache is not in use yet).
async function cleanup() {
  if (!CURRENT) return;
  const alive = new Set((await sw.clients.matchAll({ includeUncontrolled: true, type: 'all' })).map((c) => c.id));
  const store = await caches.open(CLIENTS);
  const keep = new Set([CURRENT.cache, CURRENT.dataCache]);
  for (const req of await store.keys()) {
    const id = decodeURIComponent(req.url.slice(clientKey('').length));
    if (!alive.has(id)) {
      clientVersion.delete(id);
      await store.delete(req);
      continue;
    }
    const v = await load(await versionOf(id));
    if (v) keep.add(v.cache).add(v.dataCache);
  }
  for (const key of await caches.keys()) {
    if (!key.startsWith(PREFIX) || keep.has(key)) continue;
    const reg = sw.registration;
    if (reg.installing || reg.waiting || (sw.serviceWorker && reg.active !== sw.serviceWorker)) return;
    versions.delete(key.slice(PREFIX.length));
    await caches.delete(key);
  }
}

// ---------------------------------------------------------------- the engine's data

// Every data file of this version not cached yet, one at a time in the list's order; a
// failure (offline, 404) is left for the next visit.
async function fillData() {
  if (!CURRENT?.dataCache) return;
  const cache = await caches.open(CURRENT.dataCache);
  for (const href of CURRENT.dataHash.keys()) {
    if (await cache.match(href)) continue;
    try {
      await download(href, /** @type {string} */ (CURRENT.dataCache), CURRENT.dataHash);
    } catch {
      // Tried again on the next page load.
    }
  }
}

/** @type {Map<string, Promise<Response>>} downloads under way, shared by the fill and requests */
const downloading = new Map();

// A data file (or a lazily cached one) from the network, stored in the cache `name` if it
// matches its hash in `hashes`. Resolves to a response for the page: the file, the server's
// error (404), or a 409 for a file that is not this version's; rejects when the network fails.
/** @param {string} href @param {string} name @param {Map<string, string>} hashes @returns {Promise<Response>} */
function download(href, name, hashes) {
  const key = name + ' ' + href;
  const want = hashes.get(href);
  let p = downloading.get(key);
  if (!p) {
    p = (async () => {
      let res = await fetch(href);
      if (!res.ok) return res;
      let body = await res.arrayBuffer();
      if ((await sha256(body)) !== want) {
        // Perhaps an old copy in the HTTP cache: once more from the server itself.
        res = await fetch(href, { cache: 'reload' });
        if (!res.ok) return res;
        body = await res.arrayBuffer();
        if ((await sha256(body)) !== want) {
          return new Response(null, { status: 409, statusText: 'not the version of this site' });
        }
      }
      const headers = { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' };
      await (await caches.open(name)).put(href, new Response(body, { headers }));
      return new Response(body, { headers });
    })().finally(() => downloading.delete(key));
    downloading.set(key, p);
  }
  return p.then((r) => r.clone());
}

// The copy of a data (or lazily cached) file in the cache `name`, checked again against its
// hash in `hashes` as it is served: storage can be damaged after the download was checked. A
// copy that no longer matches is deleted (the caller fetches it again). Null when none is kept.
/** @param {string} href @param {string} name @param {Map<string, string>} hashes @returns {Promise<Response | null>} */
async function checkedCopy(href, name, hashes) {
  const cache = await caches.open(name);
  const res = await cache.match(href);
  if (!res) return null;
  const body = await res.arrayBuffer();
  if ((await sha256(body)) === hashes.get(href)) return new Response(body, { headers: res.headers });
  await cache.delete(href);
  return null;
}

// A lazily cached file another version's cache holds with the hash this version lists (the
// threaded engine often does not change between versions): copied into this version's cache,
// so a page offline finds it. Null when no cache holds those bytes.
/** @param {string} href @param {Version} v @returns {Promise<Response | null>} */
async function fromOtherVersion(href, v) {
  const res = await caches.match(href);
  if (!res) return null;
  const body = await res.arrayBuffer();
  if ((await sha256(body)) !== v.lazyHash.get(href)) return null;
  const headers = { 'content-type': res.headers.get('content-type') ?? 'application/octet-stream' };
  await (await caches.open(v.cache)).put(href, new Response(body, { headers }));
  return new Response(body, { headers });
}

/** @param {ArrayBuffer} bytes */
async function sha256(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------- requests

const INDEX = 'index.html';

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  if (!CURRENT || req.method !== 'GET') return;
  const u = new URL(req.url);
  if (u.origin !== self.location.origin) return;
  event.respondWith(respond(event, CURRENT).then((res) => (isolating(req) ? isolated(res) : res)));
});

/** Whether a request's response decides a page's or a worker's isolation. @param {Request} req */
const isolating = (req) => req.mode === 'navigate' || /worker$/.test(req.destination);

/**
 * A response with the headers that make its page or worker cross-origin isolated.
 * @param {Response} res
 */
function isolated(res) {
  if (res.type === 'opaque' || res.type === 'opaqueredirect' || res.status === 0) return res;
  const headers = new Headers(res.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

/** @param {FetchEvent} event @param {Version} current @returns {Promise<Response>} */
async function respond(event, current) {
  const req = event.request;
  const u = new URL(req.url);
  /** @type {Version} */
  let v;
  if (req.mode === 'navigate') {
    // A page being opened or reloaded gets the current version, for its whole life.
    v = current;
    if (event.resultingClientId) await record(event.resultingClientId, v.version);
  } else {
    // Anything else, its client's version (one this worker does not know: the current one).
    v = (await load(await versionOf(event.clientId))) ?? current;
    // A worker (the engine's) is its page's version, and so are its own requests.
    if (event.resultingClientId && /worker$/.test(req.destination)) await record(event.resultingClientId, v.version);
  }
  const href = u.origin + u.pathname;
  if (v.dataCache && v.dataHash.has(href)) {
    // Cache first; a file not cached yet, or no longer whole, is fetched, checked and cached.
    return (await checkedCopy(href, v.dataCache, v.dataHash)) || download(href, v.dataCache, v.dataHash);
  }
  if (v.lazyHash.has(href)) {
    return (await checkedCopy(href, v.cache, v.lazyHash)) || (await fromOtherVersion(href, v)) || download(href, v.cache, v.lazyHash);
  }
  let hit;
  if (req.mode === 'navigate') {
    // Pages are opened with options in the address (?fen=..., frame.html?mode=...).
    const page = u.pathname.endsWith('/') ? new URL(INDEX, u).href : href;
    hit = await caches.match(page, { cacheName: v.cache, ignoreSearch: true });
  } else {
    hit = await caches.match(req, { cacheName: v.cache });
  }
  return hit || fetch(req);
}
