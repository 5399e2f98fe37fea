// The service worker: after the first visit the game loads and plays with no network.
//
// www/precache.js (written by scripts/precache.mjs at build time) lists every file of the
// site and a hash of their contents. The hash names the cache, so a new version is a new
// cache: install fetches the whole list into it (all or nothing), activate deletes the old
// ones, and pages are served from the current cache only, never a mix of two versions. A new
// version waits until the page asks for it (or every tab of the old one is closed).
// All paths are relative to this file, so the site works from any folder of any static host.

/* global DAMA_PRECACHE */
try {
  importScripts('www/precache.js');
} catch {
  // Not built yet (a checkout without `make build`): no offline support, nothing breaks.
  self.DAMA_PRECACHE = null;
}

const PREFIX = 'dama-';
const LIST = self.DAMA_PRECACHE;
const CACHE = LIST ? PREFIX + LIST.version : null;
const url = (path) => new URL(path, self.location).href;

self.addEventListener('install', (event) => {
  if (!LIST) return;
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

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      if (CACHE) {
        for (const key of await caches.keys()) {
          if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
        }
      }
      // The first install takes over the open page at once, so it works offline from now on.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'skipWaiting') self.skipWaiting();
});

const INDEX = 'index.html';

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (!CACHE || req.method !== 'GET') return;
  const u = new URL(req.url);
  if (u.origin !== self.location.origin) return;
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
