// A tiny static file server for the browser tests: serves the repository root on a free
// loopback port, with the right MIME types (module scripts and wasm need them). No
// dependencies, nothing cached, GET and HEAD only.

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** @type {Record<string, string>} */
export const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.pdn': 'text/plain; charset=utf-8',
};

/**
 * A loopback server of the files under `root` on a free port: GET and HEAD only, nothing
 * outside `root`, a directory's index.html. `send(req, res, path)` answers for the file asked
 * for; a file that is not there (it throws) is a 404. Shared with host-server.mjs.
 * @param {string} root
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, path: string) => Promise<void>} send
 */
export async function serveFiles(root, send) {
  const server = createServer(async (req, res) => {
    try {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      let path = normalize(join(root, decodeURIComponent(url.pathname)));
      if (path !== root && !path.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      await send(req, res, path);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', () => ok(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((ok) => server.close(() => ok(undefined))),
  };
}

/** The headers that make a page cross-origin isolated, as `make serve` sends them. */
export const ISOLATION = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/**
 * The tests' server: every file read afresh, nothing cached; with `isolated`, every file with
 * the isolation headers (else none: a plain static host).
 */
export const startServer = (root = ROOT, { isolated = false } = {}) =>
  serveFiles(root, async (req, res, path) => {
    const body = await readFile(path);
    res.writeHead(200, {
      'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
      ...(isolated ? ISOLATION : {}),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });

// `node tests/browser/server.mjs` serves the site for a look in a local browser.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const s = await startServer();
  console.log(`serving ${ROOT} at ${s.url}`);
}
