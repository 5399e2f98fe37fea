// The games explorer's kept index (www/analysis/explorer/kept-index.js): its signature, which
// decides whether an index kept from a visit before is used, must change with anything the
// index was built from (a game's text, its id or kind, the order, the game, the core's keys)
// and only with that.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { signature } from '../../www/analysis/explorer/kept-index.js';

const sources = [
  { source: 'library', id: 'a1', text: '[Event "One"]\n1. 22-18 10-14 *' },
  { source: 'file', id: 'f1', text: '[Event "Two"]\n1. 21-17 *\n\n[Event "Three"]\n1. 23-19 *' },
];

test('the same games and core give the same signature', () => {
  assert.equal(signature('italian', sources, 12345), signature('italian', structuredClone(sources), 12345));
});

test('any change to what the index was built from gives another signature', () => {
  const base = signature('italian', sources, 12345);
  const changed = [
    signature('brazilian', sources, 12345),
    signature('italian', sources, 12346),
    signature('italian', [sources[1], sources[0]], 12345),
    signature('italian', [sources[0]], 12345),
    signature('italian', [{ ...sources[0], text: sources[0].text.replace('10-14', '11-15') }, sources[1]], 12345),
    signature('italian', [{ ...sources[0], id: 'a2' }, sources[1]], 12345),
    signature('italian', [{ ...sources[0], source: 'file' }, sources[1]], 12345),
    signature('italian', [...sources, { source: 'file', id: 'f2', text: '' }], 12345),
    // The same characters cut differently between id and text.
    signature('italian', [{ ...sources[0], id: 'a', text: '1' + sources[0].text }, sources[1]], 12345),
  ];
  for (const [i, s] of changed.entries()) assert.notEqual(s, base, `change ${i}`);
  assert.equal(new Set(changed).size, changed.length, 'each change its own');
});

test('a single character anywhere in a long library changes it', () => {
  const long = Array.from({ length: 200 }, (_, i) => ({ source: 'library', id: `g${i}`, text: `[Event "${i}"]\n1. 22-18 10-14 2. 18x11 *`.repeat(20) }));
  const base = signature('italian', long, 1);
  for (const g of [0, 99, 199]) {
    const copy = long.map((s) => ({ ...s }));
    const t = copy[g].text;
    const at = Math.floor(t.length / 2);
    copy[g].text = t.slice(0, at) + (t[at] === 'x' ? 'y' : 'x') + t.slice(at + 1);
    assert.notEqual(signature('italian', copy, 1), base, `game ${g}`);
  }
});
