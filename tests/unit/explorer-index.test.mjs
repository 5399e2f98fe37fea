// The games explorer's index (www/analysis/explorer/index.js) on the real core: built from
// random games of both games, it must say of a position exactly what replaying every game
// says (a scan, the slow way), and leave out what it should.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { indexSources, positionStats, resultForWhite, IndexBuilder, MAX_POSITIONS } from '../../www/analysis/explorer/index.js';
import { randomGames } from '../../scripts/random-games.mjs';

/**
 * What the games did from each position, by scanning them: key -> move -> [games, W, D, B],
 * each game counted once per position (its first time there).
 */
function scan(core, variant, texts) {
  const byKey = new Map();
  for (const text of texts) {
    const file = core.PdnFile.parse(text, variant);
    const tree = file.record(0, 'analysis');
    const result = resultForWhite(file.summary(0).result);
    file.free();
    const game = new core.GameRecord('analysis', variant);
    const moves = tree.nodes().filter((n) => n.mainline && n.parent !== null).map((n) => n.text);
    tree.free();
    const seen = new Set();
    for (let i = 0; i <= moves.length; i++) {
      const key = game.positionKey();
      if (!seen.has(key)) {
        seen.add(key);
        const m = i < moves.length ? moves[i] : '';
        if (!byKey.has(key)) byKey.set(key, new Map());
        const s = byKey.get(key).get(m) ?? [0, 0, 0, 0];
        s[0]++;
        if (result === 1) s[1]++;
        else if (result === 0.5) s[2]++;
        else if (result === 0) s[3]++;
        byKey.get(key).set(m, s);
      }
      if (i < moves.length) game.play(moves[i]);
    }
    game.free();
  }
  return byKey;
}

for (const variant of ['italian', 'brazilian']) {
  test(`${variant}: the index says of every position what a scan of the games says`, async () => {
    const core = await loadCore();
    const texts = randomGames(core, variant, 150, { seed: variant === 'italian' ? 3 : 4, maxPlies: 60 });
    const sources = texts.map((text, i) => ({ source: 'library', id: `g${i}`, text }));
    const built = indexSources(core, variant, sources);
    assert.equal(built.index.games.length, 150);
    assert.equal(built.texts.length, 150);
    assert.equal(built.skipped + built.other + built.left, 0);
    const expected = scan(core, variant, texts);
    assert.ok(expected.size > 1000, `${expected.size} positions`);
    let checked = 0;
    for (const [key, moves] of expected) {
      const got = positionStats(built.index, key);
      const total = [...moves.values()].reduce((a, s) => a + s[0], 0);
      assert.equal(got.games, total, `games at ${key}`);
      assert.equal(got.ended, moves.get('')?.[0] ?? 0);
      assert.equal(got.moves.length, [...moves.keys()].filter((m) => m).length);
      for (const m of got.moves) {
        const [n, w, d, b] = moves.get(m.text);
        assert.deepEqual([m.games, m.white, m.draws, m.black], [n, w, d, b], m.text);
        assert.equal(m.list.length, n);
        // Each listed game reached the position at that ply, and played the move from it.
        for (const { game, ply } of m.list.slice(0, 3)) {
          // An analysis record: it stands at the start and goes along the main line (a game's
          // record would refuse to step back from a finished game's end).
          const g = core.GameRecord.fromPdn('analysis', built.texts[game], variant);
          const played = g.nodes().filter((n) => n.mainline && n.parent !== null).map((n) => n.text);
          for (let i = 0; i < ply; i++) g.redo();
          assert.equal(g.ply(), ply);
          assert.equal(g.positionKey(), key);
          assert.equal(played[ply], m.text);
          g.free();
        }
      }
      // The most played first.
      assert.ok(got.moves.every((m, i) => i === 0 || got.moves[i - 1].games >= m.games));
      checked++;
    }
    assert.equal(checked, expected.size);
    // A position no game reached.
    assert.deepEqual(positionStats(built.index, 12345), { games: 0, ended: 0, moves: [] });
  });
}

test('games of the other game, games that do not replay and texts that are not PDN are left out and counted', async () => {
  const core = await loadCore();
  const [it] = randomGames(core, 'italian', 1, { seed: 9 });
  const [br] = randomGames(core, 'brazilian', 1, { seed: 9 });
  const built = indexSources(core, 'italian', [
    { source: 'file', id: 'a', text: `${it}\n\n${br}\n\n1. 22-18 22-18 *` },
    { source: 'library', id: 'b', text: 'not a game at all {' },
  ]);
  assert.equal(built.index.games.length, 1);
  assert.equal(built.other, 1);
  assert.equal(built.skipped, 2);
  assert.equal(built.index.games[0].source, 'file');
  assert.equal(built.texts[0].trim(), it.trim());
});

test('an index past its bound leaves the later games out and says how many', () => {
  const b = new IndexBuilder();
  const big = new Float64Array(MAX_POSITIONS - 5);
  const moves = Array.from({ length: big.length - 1 }, () => 'x');
  const game = { source: 'library', id: 'a', index: 0, white: '', black: '', event: '', date: '', result: 1, plies: moves.length };
  assert.equal(b.add(game, big, moves), true);
  assert.equal(b.add({ ...game, id: 'b' }, new Float64Array(10), Array(9).fill('y')), false);
  assert.equal(b.add({ ...game, id: 'c' }, new Float64Array(5), Array(4).fill('y')), true);
  assert.equal(b.left, 1);
  assert.throws(() => b.add(game, new Float64Array(3), ['a']), /needs 2 keys/);
});

test('results read as the federations write them', () => {
  assert.deepEqual(['1-0', '2-0', '0-1', '0-2', '1/2-1/2', '1-1', '*', ''].map(resultForWhite), [1, 1, 0, 0, 0.5, 0.5, null, null]);
});
