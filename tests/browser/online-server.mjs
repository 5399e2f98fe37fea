// The dama server (crates/dama-server) for the online page's browser tests: the binary built
// by cargo, or the one DAMA_SERVER_BIN names (make test's, from the Rust tests' build),
// started on a free loopback port over a temporary SQLite file, serving the repository's site
// and its API. It can be killed outright (SIGKILL) and started again on the same port and file,
// as a crashed server comes back.

import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './server.mjs';

/** The profile the server is built with: the Rust tests' (make test) when built, else dev. */
function profile() {
  if (process.env.DAMA_SERVER_PROFILE) return process.env.DAMA_SERVER_PROFILE;
  const target = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  return existsSync(join(target, 'release-nolto', 'dama-server')) ? 'release-nolto' : 'dev';
}

/**
 * Builds the server (at the lowest priority: the machine may be busy) and returns its binary's
 * path; DAMA_SERVER_BIN names one already built instead (make test's, from the Rust tests'
 * build: `cargo build -p dama-server` would build it again with other features).
 */
export function buildServer() {
  const given = process.env.DAMA_SERVER_BIN;
  if (given) {
    if (!existsSync(given)) throw new Error(`DAMA_SERVER_BIN=${given}: no such file`);
    return given;
  }
  const p = profile();
  execFileSync('nice', ['-n', '19', 'cargo', 'build', '--quiet', '-p', 'dama-server', '--profile', p], { cwd: ROOT, stdio: 'inherit' });
  const target = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  return join(target, p === 'dev' ? 'debug' : p, 'dama-server');
}

/**
 * A running server: `url` the site's root, `kill()` SIGKILL, `start()` again on the same port
 * and database, `close()` stops it and removes its files.
 * @param {{idleSecs?: number}} [o]
 */
export async function startOnlineServer(o = {}) {
  const bin = buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'dama-online-'));
  const database = `sqlite://${join(dir, 'dama.sqlite')}`;
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let addr = '127.0.0.1:0';
  const start = () =>
    new Promise((resolve, reject) => {
      const args = ['--addr', addr, '--database', database, '--site', ROOT, ...(o.idleSecs ? ['--idle-secs', String(o.idleSecs)] : [])];
      const c = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
      child = c;
      let out = '';
      let err = '';
      c.stderr.on('data', (d) => (err += d));
      c.stdout.on('data', (d) => {
        out += d;
        const m = /on http:\/\/([\d.]+:\d+)\//.exec(out);
        if (m) {
          addr = m[1];
          resolve(undefined);
        }
      });
      c.on('exit', (code) => reject(new Error(`dama-server exited (${code}) before serving: ${err}`)));
    });
  await start();
  const server = {
    url: `http://${addr}/`,
    /** Kills the server outright, as a crash does; resolves once it is gone. */
    kill: () =>
      new Promise((resolve) => {
        const c = /** @type {import('node:child_process').ChildProcess} */ (child);
        c.removeAllListeners('exit');
        c.once('exit', () => resolve(undefined));
        c.kill('SIGKILL');
      }),
    /** Starts it again on the same port and database. */
    start,
    async close() {
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        c.removeAllListeners('exit');
        await new Promise((resolve) => {
          c.once('exit', resolve);
          c.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}
