// One record per game: every game of a session is its record, the core's GameRecord, which
// holds its moves, what is written about them, its tags and, at its cursor, the live game. An
// ordinary game's PDN is the one the page always wrote; a take-back and another move keep the
// line taken back, as a variation; a record too full to take a move goes on as a new record;
// every older snapshot still restores. Node, the real wasm core.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { loadTables } from './i18n-node.mjs';
import { Session } from '../../www/game/session.js';
import { mainline } from '../../www/game/record.js';
import { pdnDate, pdnNames, playerNames } from '../../www/game/texts.js';

const wasm = await loadCore();
await loadTables(['en']); // the names the page shows
const body = (/** @type {string} */ s) => s.replace(/\[[^\]]*\]/g, '').replace(/\s+/g, ' ').trim();

/**
 * The PDN as the page wrote it before every game had a record (the core's writer of a game's
 * moves alone, with the page's tags, the game's own over them, `extra` over both: now the
 * record of the live game's line with those tags).
 * @param {Session} s @param {[string, string][] | null} own @param {Record<string, string>} [extra] @param {string} [site]
 */
function before(s, own, extra = {}, site = '?') {
  const names = pdnNames(s);
  const all = new Map(Object.entries({ Event: 'Dama game', Site: site, Date: pdnDate(), White: names.white, Black: names.black }));
  for (const [k, v] of own ?? []) all.set(k, v);
  for (const [k, v] of Object.entries(extra)) all.set(k, v);
  const g = s.record.lineOnly([...all]);
  try {
    return g.toPdn();
  } finally {
    g.free();
  }
}

test("an ordinary game's record: its PDN is the one the page always wrote, its names the page's", () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white', level: 3 });
  assert.ok(s.record, 'a record from the first move');
  for (const m of ['22-18', '11-14', '18x11', '7x14']) s.play(m);
  assert.deepEqual(mainline(s.record), ['22-18', '11-14', '18x11', '7x14']);
  assert.equal(s.pdn(), before(s, null));
  assert.equal(s.pdn({}, 'dama.example'), before(s, null, {}, 'dama.example'));
  assert.match(s.pdn(), /\[White "Player"\]\n\[Black "Dama \(level 3\)"\]/);
  // The names the export writes stay out of the record: the page still names the players.
  assert.deepEqual(s.tags, [['Event', ''], ['Site', ''], ['Date', ''], ['White', ''], ['Black', ''], ['Result', '*'], ['GameType', '22']]);
  assert.deepEqual(s.tagPlayers(), { white: null, black: null });
  assert.deepEqual(playerNames(s, 'en'), { white: 'You', black: 'Computer · level 3' });
  // An ending that is no move is the game's result and the PDN's, as before.
  assert.ok(s.resign());
  assert.equal(s.pdn(), before(s, null));
  assert.match(s.pdn(), /\[Result "0-1"\][^]*0-1\n$/);
  // Between two players, from a position, with tags of its own (a game continued from an
  // imported one keeps them): the same text as before too.
  const own = /** @type {[string, string][]} */ ([['Event', 'Club'], ['Round', '3'], ['Site', '?']]);
  s.newGame({ mode: 'two-players', fen: 'B:W18,22,31:B14,10,3', tags: own });
  s.play('14x21');
  assert.equal(s.pdn(), before(s, own));
  assert.match(s.pdn(), /\[SetUp "1"\]\n\[FEN "B:W18,22,31:B3,10,14"\]/);
  assert.equal(s.pdn({ Event: 'Final' }), before(s, own, { Event: 'Final' }));
  assert.equal(s.tags?.find(([k]) => k === 'Event')?.[1], 'Final', 'a tag set at export is the record\'s');
  assert.equal(s.pdn({ Result: '1-0' }), before(s, own, { Event: 'Final' }), 'the result is the game\'s');
  // A Brazilian game writes its game type.
  s.newGame({ variant: 'brazilian', mode: 'two-players' });
  s.play('c3-d4');
  assert.equal(s.pdn(), before(s, null));
  assert.match(s.pdn(), /\[GameType "26"\]/);
});

test('a take-back then another move: the new move is the main line, the line taken back a variation', () => {
  const s = new Session(wasm);
  s.newGame({ mode: 'computer', side: 'white' });
  s.play('22-18');
  s.play('11-14'); // the computer's answer
  assert.ok(s.undo());
  assert.equal(s.record.ply(), 0);
  // Taken back, not gone: the record holds the moves (redo plays them again), the game is unfinished.
  assert.equal(body(s.pdn()), '1. 22-18 11-14 *');
  assert.deepEqual(s.redo().map((m) => m.text), ['22-18', '11-14']);
  assert.equal(body(s.pdn()), '1. 22-18 11-14 *', 'redone: the same line, nothing added');
  assert.ok(s.undo());
  s.play('21-17');
  assert.equal(s.canRedo(), false, 'another move: nothing to redo');
  assert.equal(body(s.pdn()), '1. 21-17 (1. 22-18 11-14) *');
  assert.deepEqual(mainline(s.record), ['21-17']);
  assert.deepEqual(s.history().map((m) => m.text), ['21-17']);
  // The variation is a move of the record, shown read-only from its position.
  const v = s.treeNodes().find((n) => n.text === '11-14');
  s.viewNode(/** @type {{id: number}} */ (v).id);
  assert.equal(s.lastMoveShown()?.text, '11-14');
  assert.equal(s.humanToMove(), false);
  s.review(null);
  // It is saved and resumed with the game.
  const t = new Session(wasm);
  t.restore(JSON.parse(JSON.stringify(s.snapshot())));
  assert.equal(body(t.pdn()), '1. 21-17 (1. 22-18 11-14) *');
  assert.deepEqual(playerNames(t, 'en'), { white: 'You', black: 'Computer · level 5' });
});

/**
 * A game's record of the start position holding as many moves as the core allows, standing at
 * the end of its main line: an analysis filled, then read back as a game's.
 */
function fullRecord() {
  const r = new wasm.GameRecord('analysis', 'italian');
  /** @param {number} id @param {number} depth @returns {boolean} false once full */
  const fill = (id, depth) => {
    r.goto(id);
    for (const m of r.legalMoves()) {
      r.goto(id);
      try {
        r.play(m.text);
      } catch (err) {
        assert.equal(/** @type {Error} */ (err).name, 'RecordFullError');
        assert.match(/** @type {Error} */ (err).message, /most it can/);
        return false;
      }
      if (depth > 1 && !fill(r.cursor(), depth - 1)) return false;
    }
    return true;
  };
  assert.equal(fill(0, 8), false, 'filled');
  const file = wasm.PdnFile.parse(r.toPdn(), 'italian');
  r.free();
  try {
    return file.record(0, 'game');
  } finally {
    file.free();
  }
}

test('a record too full to take a move: the game goes on in a new record of its moves and tags', () => {
  const full = fullRecord();
  full.setTag('Event', 'Club');
  full.setComment(full.nodes()[1].id, 'kept where it was saved');
  const moves = mainline(full);
  assert.deepEqual(full.history().map((m) => m.text), moves, 'the game stands at its main line\'s end');
  const s = new Session(wasm);
  s.newGame({ mode: 'two-players', record: full });
  assert.equal(s.record, full);
  const next = s.legalMoves()[0].text;
  s.play(next);
  // The game is the same game, one move on; its record is a new one, so the page saves it
  // as a new game and the full one stays in the library as it was last saved.
  assert.equal(s.record.ply(), moves.length + 1);
  assert.notEqual(s.record, full);
  assert.throws(() => full.nodes(), 'the full record was let go');
  assert.deepEqual(mainline(s.record), [...moves, next]);
  assert.equal(s.treeNodes().length, moves.length + 2, 'the moves alone');
  assert.equal(s.tags?.find(([k]) => k === 'Event')?.[1], 'Club');
  assert.doesNotMatch(s.pdn(), /kept where it was saved/);
  assert.match(body(s.pdn()), new RegExp(`${next} \\*$`));
  // It goes on taking moves, and is saved and resumed as any other.
  s.play(s.legalMoves()[0].text);
  assert.deepEqual(mainline(s.record), s.history().map((m) => m.text));
  const t = new Session(wasm);
  t.restore(JSON.parse(JSON.stringify(s.snapshot())));
  assert.equal(t.pdn(), s.pdn());
});

test('every older snapshot restores: no variant, no record, a record for imported games only', () => {
  const START = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
  // Before Brazilian draughts: no variant, no record, no clocks.
  const s = new Session(wasm);
  s.restore({ v: 2, startFen: START, moves: ['22-18', '12-16'], mode: 'computer', side: 'black', level: 3, orientation: 'black' });
  assert.equal(s.variant, 'italian');
  assert.deepEqual(s.history().map((m) => m.text), ['22-18', '12-16']);
  assert.deepEqual(mainline(s.record), ['22-18', '12-16']);
  assert.equal(s.pdn(), before(s, null));
  assert.deepEqual(playerNames(s, 'en'), { white: 'Computer · level 3', black: 'You' });
  // Before every game had a record: a pasted game's tags and a resignation beside the moves.
  const tags = /** @type {[string, string][]} */ ([['Event', 'Club'], ['White', 'Anna'], ['Black', 'Bruno'], ['Result', '*'], ['GameType', '22']]);
  const old = { variant: 'italian', startFen: START, moves: ['22-18', '11-14'], mode: 'two-players', side: 'white', level: 5, levelWhite: null, levelBlack: null, ended: { type: 'resign', color: 'white' }, tags, clock: null, pdn: null };
  const t = new Session(wasm);
  t.restore(JSON.parse(JSON.stringify(old)));
  assert.equal(t.record?.result()?.reason, 'resignation');
  assert.deepEqual(t.tagPlayers(), { white: 'Anna', black: 'Bruno' });
  assert.equal(t.pdn(), before(t, tags));
  assert.match(t.pdn(), /\[Result "0-1"\]/);
  // An imported game's, its record's PDN beside the moves (as the export wrote it).
  const pdn = '[Event "Club"]\n[White "Anna"]\n[Black "Bruno"]\n[Result "*"]\n\n1. 22-18 {the usual} (1. 21-17) 11-14 *\n';
  const u = new Session(wasm);
  u.restore({ ...old, ended: null, tags: null, variant: undefined, pdn });
  assert.match(u.pdn(), /\{the usual\} \(1\. 21-17\)/);
  assert.deepEqual(u.tagPlayers(), { white: 'Anna', black: 'Bruno' });
  // A Brazilian game's: its variant read as the game page reads one.
  const b = new Session(wasm);
  b.restore({ variant: 'brazilian', startFen: s.record.startFen(), moves: ['c3-d4'], mode: 'two-players', side: 'white', level: 5 });
  assert.equal(b.variant, 'brazilian');
  assert.match(b.pdn(), /\[GameType "26"\]/);
  // Now every game's snapshot carries its record, the page's tags left empty in it.
  const snap = s.snapshot();
  assert.match(snap?.pdn ?? '', /\[White ""\]/);
  const again = new Session(wasm);
  again.restore(JSON.parse(JSON.stringify(snap)));
  assert.equal(again.pdn(), s.pdn());
});
