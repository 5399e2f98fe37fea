// Games saved before the core kept each game's one record (the page at 30cf303 kept a core Game
// and a separate GameTree in step) open as they were: what that page stored for a set of games
// (the tab's own copy, a snapshot; the library's record, its PDN and snapshot), with what it
// showed of each, in fixtures/saved-games-30cf303.json. Each is read back by today's page: the
// same moves, record, tags, result, players, board and buttons, and saved again, the same
// snapshot. Node, the real wasm core.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { loadCore } from './core.mjs';
import { loadTables } from './i18n-node.mjs';
import { Session } from '../../www/game/session.js';
import { playerNames } from '../../www/game/texts.js';

const wasm = await loadCore();
await loadTables(['en']);
const fixture = JSON.parse(await readFile(new URL('fixtures/saved-games-30cf303.json', import.meta.url), 'utf8'));

/**
 * What a game shows, as the fixture's writer read it.
 * @param {Session} s
 */
function shown(s) {
  const record = /** @type {import('../../www/shared/wasm-types.js').GameRecord} */ (s.record);
  return {
    variant: s.variant,
    mode: s.mode,
    human: s.human,
    level: s.level,
    levels: s.levels,
    history: s.history().map((m) => m.text),
    result: record.result() ?? null,
    ended: s.ended,
    tags: s.tags,
    recordPdn: s.recordPdn(),
    names: playerNames(s, 'en'),
    // In pre-order, main line first; the ids a tree hands out are not kept when it is saved.
    nodes: s.treeNodes().map((n) => [n.text, n.comment, n.mainline]),
    canUndo: s.canUndo(),
    canRedo: s.canRedo(),
    board: Array.from(s.board()),
  };
}

/**
 * What the fixture says a game showed, its nodes without their ids. A game over offered a
 * take-back then; it no longer does, its result being final (issue 55, item 2).
 * @param {any} was
 */
const withoutIds = (was) => ({ ...was, nodes: was.nodes.map((/** @type {any[]} */ n) => n.slice(2)), canUndo: was.result ? false : was.canUndo });

test('the fixture holds games of every kind the page keeps', () => {
  assert.equal(fixture.cases.length, 9);
  const snaps = fixture.cases.map((/** @type {any} */ c) => c.snapshot);
  assert.ok(snaps.some((/** @type {any} */ s) => s.variant === 'brazilian' && s.clock));
  assert.ok(snaps.some((/** @type {any} */ s) => s.ended?.type === 'resign'));
  assert.ok(snaps.some((/** @type {any} */ s) => s.mode === 'watch'));
  assert.ok(fixture.cases.some((/** @type {any} */ c) => c.shown.canRedo), 'a game with moves taken back');
  assert.ok(fixture.cases.some((/** @type {any} */ c) => c.shown.nodes.some((/** @type {any[]} */ n) => !n[4])), 'a game with a variation');
});

for (const c of fixture.cases) {
  test(`a saved game resumes as it was: ${c.name}`, () => {
    const s = new Session(wasm);
    s.now = () => 1000;
    s.restore(JSON.parse(JSON.stringify(c.snapshot)), c.snapshot.clock?.at ?? fixture.wall);
    // The page after the reload is the page before it (moves taken back are there to play
    // again, as they were: the page before kept them in its game's redo).
    assert.deepEqual(shown(s), withoutIds(c.shown));
    // Saved again, the same snapshot.
    const again = JSON.parse(JSON.stringify(s.snapshot()));
    assert.deepEqual({ ...again, clock: null }, { ...c.snapshot, clock: null });
    // The clocks as they were, saved at another time.
    if (c.snapshot.clock) assert.deepEqual({ ...again.clock, at: 0 }, { ...c.snapshot.clock, at: 0 });
  });

  test(`a saved game opens from the library as it did: ${c.name}`, () => {
    const s = new Session(wasm);
    const file = wasm.PdnFile.parse(c.library.pdn, c.library.variant);
    try {
      s.openFromFile(file, 0);
    } finally {
      file.free();
    }
    assert.deepEqual(shown(s), withoutIds(c.opened));
    if (c.library.snapshot) {
      // An unfinished one resumes from its snapshot, as the tab's copy does.
      const t = new Session(wasm);
      t.now = () => 1000;
      t.restore(JSON.parse(JSON.stringify(c.library.snapshot)), c.library.snapshot.clock?.at ?? fixture.wall);
      assert.deepEqual(t.history().map((m) => m.text), c.shown.history);
      assert.equal(t.recordPdn(), c.shown.recordPdn);
    }
  });
}
