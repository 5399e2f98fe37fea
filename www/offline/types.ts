// The list www/offline/precache.js sets (written by scripts/precache.mjs, read by sw.js). A
// global: sw.js loads the list with importScripts.

declare global {
  interface DamaPrecache {
    /** A hash of every file of the site: names the cache. */
    version: string;
    /** Paths relative to the site root. */
    files: string[];
    /** Each file's SHA-256 (hex), by path: an install whose download differs fails. */
    sha256: Record<string, string>;
    /** The engine's data, cached apart. */
    data: {
      version: string;
      files: { path: string; sha256: string }[];
    };
    /** Files cached only when first asked for (the threaded engine), each with its SHA-256. */
    lazy?: { path: string; sha256: string }[];
    /** The bytes the copy takes, uncompressed: the site's files, and the engine's data. */
    bytes?: { site: number; data: number };
  }

  // A global a classic script sets: a `var`, so `self.DAMA_PRECACHE` has the type too.
  var DAMA_PRECACHE: DamaPrecache | null | undefined;
}

export {};
