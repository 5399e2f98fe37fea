// A static file server that behaves as the site's real hosts do, for measuring a first visit
// (scripts/first-load.mjs, scripts/audit.mjs, first-load.test.mjs): server.mjs forbids any
// caching so that the tests always see the fresh build, which would make every file look
// downloaded as often as it is asked for. This one sends what a static host sends: text and
// wasm gzipped when the browser accepts it, and an ETag with `Cache-Control: no-cache`, so a
// file asked for again is revalidated (304 Not Modified, no body) rather than downloaded
// again. GET and HEAD only, the repository root on a free loopback port.

import { readFile, stat } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { extname } from 'node:path';
import { ROOT, TYPES, ISOLATION, serveFiles } from './server.mjs';

// What hosts compress: text, JSON, SVG and wasm (PNG is compressed already).
const COMPRESSED = /^(text\/|application\/(json|wasm|manifest\+json)|image\/svg)/;

/** Each file's body, ETag and gzipped body, read once per change of the file. */
const files = new Map();

/** @param {string} path */
async function load(path) {
  const { mtimeMs, size } = await stat(path);
  const known = files.get(path);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known;
  const body = await readFile(path);
  const type = TYPES[extname(path)] ?? 'application/octet-stream';
  const file = {
    mtimeMs,
    size,
    body,
    type,
    etag: `"${createHash('sha256').update(body).digest('hex').slice(0, 32)}"`,
    gzip: COMPRESSED.test(type) ? gzipSync(body, { level: 6 }) : null,
  };
  files.set(path, file);
  return file;
}

/** With `isolated`, a host configured to send the isolation headers (the threaded engine runs on the first visit). */
export const startHostServer = (root = ROOT, { isolated = false } = {}) =>
  serveFiles(root, async (req, res, path) => {
    const file = await load(path);
    const headers = { 'content-type': file.type, 'cache-control': 'no-cache', etag: file.etag, vary: 'accept-encoding', ...(isolated ? ISOLATION : {}) };
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, headers).end();
      return;
    }
    const gzip = file.gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? file.gzip : file.body;
    res.writeHead(200, { ...headers, ...(gzip ? { 'content-encoding': 'gzip' } : {}), 'content-length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
