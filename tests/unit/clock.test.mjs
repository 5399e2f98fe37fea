// Game clocks: the pure clock, and the session's use of it (flags, increments, the computer's
// share of its time, a saved game's clocks), with the real wasm core and a time we set.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { loadTables } from './i18n-node.mjs';
import { Clock, LowTimeAlarm, parseControl, controlText, clockText } from '../../www/game/clock.js';
import { Session } from '../../www/game/session.js';
import { endTexts } from '../../www/game/texts.js';

const wasm = await loadCore();
await loadTables(); // the texts' words, from the disk

test('controls read as minutes+seconds, within bounds', () => {
  assert.deepEqual(parseControl('5+0'), { initialMs: 300_000, incrementMs: 0 });
  assert.deepEqual(parseControl(' 0.5 + 2 '), { initialMs: 30_000, incrementMs: 2000 });
  for (const bad of ['', '5', '0+5', '181+0', '5+181', '-1+0', 'x+y', null, '1e9+0']) assert.equal(parseControl(bad), null, String(bad));
  assert.equal(controlText({ initialMs: 180_000, incrementMs: 2000 }), '3+2');
});

test('only the side to move runs; a move adds the increment and starts the other clock', () => {
  const c = new Clock({ initialMs: 60_000, incrementMs: 2000 });
  c.start('white', 0);
  assert.equal(c.remaining('white', 10_000), 50_000);
  assert.equal(c.remaining('black', 10_000), 60_000);
  c.moved('white', 10_000);
  assert.equal(c.remaining('white', 30_000), 52_000, 'stopped, with the increment');
  assert.equal(c.remaining('black', 30_000), 40_000);
  c.stop(30_000);
  assert.equal(c.remaining('black', 99_000), 40_000, 'a stopped clock keeps its time');
  assert.equal(c.flagged(99_000), null);
  c.start('black', 100_000);
  assert.equal(c.flagged(139_999), null);
  assert.equal(c.flagged(140_000), 'black');
  assert.equal(c.low('black', 130_000), false, '10 s left of a minute');
  assert.equal(c.low('black', 135_000), true, 'under a tenth of the start');
  assert.equal(c.low('white', 135_000), false);
  assert.equal(clockText(299_500), '5:00');
  assert.equal(clockText(9_450), '0:09.4');
  assert.equal(clockText(3_723_000), '1:02:03');
  assert.equal(clockText(-5), '0:00.0');
});

test('a saved clock comes back with the time spent while the page was closed counted; junk is no clock', () => {
  const c = new Clock({ initialMs: 60_000, incrementMs: 0 });
  c.start('white', 0);
  const wall = 1_700_000_000_000;
  const saved = JSON.parse(JSON.stringify(c.state(15_000, wall)));
  assert.equal(saved.at, wall);
  // Reloaded 6 s later: a page's own clock starts again from 0, the wall clock does not.
  const back = Clock.restore(saved, 0, wall + 6_000);
  assert.equal(back?.remaining('white', 0), 39_000, 'the 6 s the page was away count');
  assert.equal(back?.running, 'white');
  assert.equal(back?.remaining('black', 0), 60_000, "the side not running loses nothing");
  // Again and again: each reload counts from the last save, so no time ever comes back.
  const again = Clock.restore(JSON.parse(JSON.stringify(back?.state(2_000, wall + 8_000))), 0, wall + 8_000);
  assert.equal(again?.remaining('white', 0), 37_000);
  // Gone longer than the time left: the flag fell while the page was closed.
  assert.equal(Clock.restore(saved, 0, wall + 3_600_000)?.flagged(0), 'white');
  // A wall clock set back gives no time back; a state without a time (an older save) resumes as it stood.
  assert.equal(Clock.restore(saved, 0, wall - 60_000)?.remaining('white', 0), 45_000);
  assert.equal(Clock.restore({ ...saved, at: undefined }, 0, wall + 6_000)?.remaining('white', 0), 45_000);
  assert.equal(Clock.restore({ ...saved, at: Number.NaN }, 0, wall + 6_000)?.remaining('white', 0), 45_000);
  for (const junk of [null, 7, {}, { ...saved, white: -1 }, { ...saved, initialMs: Infinity }, { ...saved, black: 'x' }]) assert.equal(Clock.restore(junk, 0, wall), null);
});

test('the session: a flag falls, the core records the loss on time, the texts say so, and it is final', () => {
  let now = 0;
  const s = new Session(wasm);
  s.now = () => now;
  s.newGame({ mode: 'two-players', clock: { initialMs: 5000, incrementMs: 1000 } });
  // The clocks start with the first move (issue 21, item 14): none runs before it.
  assert.equal(s.clock?.running, null);
  now = 2000;
  s.syncClock();
  assert.equal(s.clock?.running, null);
  s.play('22-18');
  assert.equal(s.clock?.remaining('white', now), 6000, 'no time spent on the first move, plus the increment');
  assert.equal(s.clock?.running, 'black');
  now = 6999;
  assert.equal(s.checkFlag(), false);
  now = 7000;
  assert.equal(s.checkFlag(), true);
  const r = s.record.result();
  assert.deepEqual([r.winner, r.reason], ['white', 'time']);
  assert.deepEqual(s.ended, { type: 'time', color: 'black' });
  assert.match(endTexts(s, r, 'en').join(' '), /White wins.*Black ran out of time/);
  assert.equal(s.clock?.running, null, 'both clocks stop at the end');
  // A saved game keeps the loss on time and the clocks.
  const snap = s.snapshot();
  const t = new Session(wasm);
  t.newGame({ fen: snap.startFen, moves: snap.moves, ended: snap.ended, mode: snap.mode, clockState: snap.clock });
  assert.equal(t.record.result().reason, 'time');
  assert.equal(t.clock?.remaining('black', 0), 0);
  // A result is final (issue 55, item 2): nothing takes the loss on time back.
  assert.equal(s.canUndo(), false);
  assert.equal(s.undo(), false);
  assert.equal(s.record.result()?.reason, 'time');
});

test('under ten seconds a clock is critical whatever its start, and the alarm tells each crossing once', () => {
  const c = new Clock({ initialMs: 12_000, incrementMs: 3000 });
  const alarm = new LowTimeAlarm();
  assert.equal(c.critical('white', 0), false);
  assert.deepEqual(alarm.crossed(c, 0), [], 'first seen: nothing to tell');
  c.start('black', 0);
  assert.deepEqual(alarm.crossed(c, 1_999), []);
  assert.equal(c.critical('black', 2_000), false, '10 s left is not under 10 s');
  assert.equal(c.critical('black', 2_001), true);
  assert.equal(c.low('black', 2_001), false, 'red only under a tenth of the start (1.2 s): the ten seconds are their own');
  assert.deepEqual(alarm.crossed(c, 2_100), ['black'], 'told as it crosses');
  assert.deepEqual(alarm.crossed(c, 5_000), [], 'once');
  // The increment takes Black back over the line; going under again is told again.
  c.moved('black', 5_000); // 7 s left + 3 s = 10 s
  assert.equal(c.critical('black', 5_000), false);
  assert.deepEqual(alarm.crossed(c, 5_000), []);
  c.start('black', 6_000);
  assert.deepEqual(alarm.crossed(c, 6_500), ['black']);
  // A clock first seen under the line (a short game, a reload) says nothing.
  const short = new Clock({ initialMs: 5000, incrementMs: 0 });
  short.start('white', 0);
  assert.deepEqual(alarm.crossed(short, 100), []);
  assert.deepEqual(alarm.crossed(short, 4000), []);
  // A long game: low (red) at 20 s, critical at 10 s.
  const long = new Clock({ initialMs: 300_000, incrementMs: 0 });
  long.start('white', 0);
  assert.deepEqual([long.low('white', 285_000), long.critical('white', 285_000)], [true, false]);
  assert.deepEqual([long.low('white', 295_000), long.critical('white', 295_000)], [true, true]);
});

test('the computer keeps within its clock: its search time is the engine\'s share of what is left', () => {
  let now = 0;
  const s = new Session(wasm);
  s.now = () => now;
  s.newGame({ mode: 'computer', side: 'white', clock: { initialMs: 60_000, incrementMs: 0 } });
  s.play('22-18');
  assert.equal(s.clock?.running, 'black', "the computer's clock runs once the game has begun");
  assert.equal(s.searchTime(3100), 2000, 'a thirtieth of a minute, under the level\'s 3.1 s');
  assert.equal(s.searchTime(400), 400, 'the level\'s own when shorter');
  now = 59_000;
  assert.ok(s.searchTime(3100) < 1000 * 0.8, 'never more than what is left');
  const untimed = new Session(wasm);
  untimed.newGame({ mode: 'computer' });
  assert.equal(untimed.searchTime(3100), 3100);
  // Reviewing stops the clocks; back to the game, the side to move's runs again.
  s.play('12-16');
  assert.equal(s.clock?.running, 'white');
  s.review(0);
  s.syncClock();
  assert.equal(s.clock?.running, null);
  s.review(null);
  s.syncClock();
  assert.equal(s.clock?.running, 'white');
});
