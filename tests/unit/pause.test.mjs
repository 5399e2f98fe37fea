// Computer against computer, paused (issue 21, item 15), in Node with the real core and an
// engine the test answers by hand: no search starts while paused, a reply that arrives after
// the pause is dropped, and a new game is not paused.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadCore } from './core.mjs';
import { Session } from '../../www/game/session.js';
import { Computer } from '../../www/game/computer.js';

const wasm = await loadCore();

/** A session watching the computer play itself, its driver, and an engine answered by hand. */
function watching() {
  const s = new Session(wasm);
  s.newGame({ mode: 'watch', level: 1 });
  const requests = [];
  /** @type {(reply: any) => void} */
  let answer = () => {};
  const engine = {
    search(_owner, req) {
      requests.push(req);
      return new Promise((r) => (answer = r));
    },
    cancel() {},
  };
  const played = [];
  const cpu = new Computer(s, engine, {}, { changed() {}, played: (m) => played.push(m.text), failed: (e) => assert.fail(e), hinted() {}, delay: () => 0, busy: () => false, active: () => true });
  return { s, cpu, requests, played, answer: (r) => answer(r) };
}

test('paused, the computer starts no search; resumed, it plays', async () => {
  const { s, cpu, requests, played, answer } = watching();
  s.paused = true;
  assert.equal(s.computerToMove(), false);
  await cpu.maybeMove();
  assert.equal(requests.length, 0, 'no search while paused');
  assert.equal(s.thinking, null);
  s.paused = false;
  assert.equal(s.computerToMove(), true);
  const p = cpu.maybeMove();
  assert.equal(requests.length, 1);
  answer({ move: '22-18', score: 0 });
  await p;
  assert.deepEqual(played, ['22-18']);
});

test('a reply that arrives after the pause is dropped, and the search is no longer running', async () => {
  const { s, cpu, requests, played, answer } = watching();
  const p = cpu.maybeMove();
  assert.equal(s.thinking, 'move');
  s.paused = true; // paused while the engine searches
  answer({ move: '22-18', score: 0 });
  await p;
  assert.equal(requests.length, 1);
  assert.deepEqual(played, [], 'the reply is not played');
  assert.equal(s.record.ply(), 0);
  assert.equal(s.thinking, null, 'nothing is said to be thinking');
});

test('a new game is not paused', () => {
  const { s } = watching();
  s.paused = true;
  s.newGame({ mode: 'watch', level: 2 });
  assert.equal(s.paused, false);
  assert.equal(s.computerToMove(), true);
});
