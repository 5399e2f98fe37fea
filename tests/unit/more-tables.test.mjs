// The list of endgame tables a player may download (www/data/egtb-5/index.json, read by
// www/engine/more-tables.js): what is not one of ours is left out, entry by entry, and a list
// that is not one gives nothing.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseIndex, MAX_TABLE_BYTES } from '../../www/engine/more-tables.js';

const SHA = 'ab'.repeat(32);
const ENTRY = { game: 'italian', pieces: 5, path: 'italian-5.egtb.gz', bytes: 11872187, unpacked: 144824684, sha256: SHA };

test('a list of tables is read entry by entry', () => {
  assert.deepEqual(parseIndex({ format: 1, tables: [ENTRY] }), [ENTRY]);
  assert.deepEqual(parseIndex({ format: 1, tables: [] }), []);
  const brazilian = { ...ENTRY, game: 'brazilian', path: 'brazilian-6.egtb.gz', pieces: 6 };
  assert.deepEqual(parseIndex({ format: 1, tables: [brazilian, ENTRY] }), [brazilian, ENTRY]);
});

test('what is not a list gives nothing', () => {
  for (const v of [null, 3, 'x', [], {}, { format: 2, tables: [ENTRY] }, { format: 1, tables: {} }, { format: '1', tables: [ENTRY] }]) {
    assert.equal(parseIndex(v), null, JSON.stringify(v));
  }
});

test('an entry that is not one of ours is left out', () => {
  const bad = [
    { ...ENTRY, path: '../sw.js' },
    { ...ENTRY, path: 'italian-5.egtb.gz?x' },
    { ...ENTRY, path: 'italian-4.egtb.gz', pieces: 4 }, // every visit has those already
    { ...ENTRY, game: 'brazilian' }, // the name says another game
    { ...ENTRY, pieces: 6 }, // or other pieces
    { ...ENTRY, game: 'checkers', path: 'checkers-5.egtb.gz' },
    { ...ENTRY, bytes: 0 },
    { ...ENTRY, bytes: -1 },
    { ...ENTRY, bytes: 1.5 },
    { ...ENTRY, bytes: NaN },
    { ...ENTRY, bytes: MAX_TABLE_BYTES + 1 },
    { ...ENTRY, bytes: '100' },
    { ...ENTRY, unpacked: Infinity },
    { ...ENTRY, unpacked: 0 },
    { ...ENTRY, sha256: 'AB'.repeat(32) },
    { ...ENTRY, sha256: SHA.slice(1) },
    { ...ENTRY, sha256: undefined },
    null,
    7,
  ];
  for (const b of bad) assert.deepEqual(parseIndex({ format: 1, tables: [b, ENTRY] }), [ENTRY], JSON.stringify(b));
  assert.deepEqual(parseIndex({ format: 1, tables: [{ ...ENTRY, bytes: MAX_TABLE_BYTES }] }), [{ ...ENTRY, bytes: MAX_TABLE_BYTES }]);
});

test('a list is read up to its first 16 entries', () => {
  const many = Array.from({ length: 40 }, () => ENTRY);
  assert.equal(parseIndex({ format: 1, tables: many })?.length, 16);
});
