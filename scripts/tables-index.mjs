// @ts-check
// Writes DIR/index.json, the list of the endgame tables a player may download from the game
// page's settings (www/engine/more-tables.js reads it): each gzip file of DIR (`italian-5.egtb.gz`)
// with its game, pieces, bytes, SHA-256 (the download is checked against it) and size once
// unpacked (the memory it takes in the engine; gzip's trailer holds it, modulo 4 GiB, and
// these files are far smaller). `make data` writes it every build, with no file when `make
// tables-5` has not been run: the page then offers nothing, and asks for nothing missing.
//
//   node scripts/tables-index.mjs DIR

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node scripts/tables-index.mjs DIR');
  process.exit(2);
}
if (!existsSync(dir)) mkdirSync(dir, { recursive: true });
const NAME = /^(italian|brazilian)-(\d)\.egtb\.gz$/;
const tables = readdirSync(dir)
  .filter((f) => NAME.test(f))
  .sort()
  .map((path) => {
    const [, game, n] = /** @type {RegExpMatchArray} */ (path.match(NAME));
    const bytes = readFileSync(join(dir, path));
    return {
      game,
      pieces: Number(n),
      path,
      bytes: bytes.length,
      unpacked: bytes.readUInt32LE(bytes.length - 4),
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  });
writeFileSync(join(dir, 'index.json'), JSON.stringify({ format: 1, tables }, null, 2) + '\n');
for (const t of tables) console.log(`${dir}/${t.path}: ${t.bytes} bytes (${t.unpacked} unpacked)`);
