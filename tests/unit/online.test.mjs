// The online page's parts without a browser: its copy of the protocol's timings against the
// generated protocol.ts, its link to the server (link.js) over a fake socket and mocked timers
// (a move sent again with the same ack until acknowledged, a silent link replaced by a new one
// that says hello with the version the page has, and the moves the server played dropped), and
// the server's clocks as shown (clocks.js: the page's own lag taken off).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { LIMITS } from '../../www/online/limits.js';
import { Link } from '../../www/online/link.js';
import { ServerClocks } from '../../www/online/clocks.js';

test("the page's timings and bounds are the server's (protocol.ts's LIMITS)", () => {
  const ts = readFileSync(new URL('../../www/online/protocol.ts', import.meta.url), 'utf8');
  for (const [k, v] of Object.entries(LIMITS)) {
    const m = new RegExp(`\\b${k}: (\\d+)`).exec(ts);
    assert.ok(m, `${k} is in protocol.ts`);
    assert.equal(v, Number(m[1]), k);
  }
});

/** A socket the test reads and answers. */
function fakeSockets() {
  const sockets = [];
  const make = () => {
    const s = { readyState: 0, sent: [], closed: null, send(d) { this.sent.push(JSON.parse(d)); }, close(code) { this.closed = code; this.readyState = 3; }, onopen: null, onmessage: null, onclose: null, onerror: null };
    s.open = () => { s.readyState = 1; s.onopen?.(); };
    s.receive = (msg) => s.onmessage?.({ data: JSON.stringify(msg) });
    sockets.push(s);
    return s;
  };
  return { sockets, make };
}

test('a move is sent again with the same ack until acknowledged; a silent link is replaced and resumes from the version the page has', (t) => {
  t.mock.timers.enable({ apis: ['setInterval', 'setTimeout'] });
  let now = 0;
  const { sockets, make } = fakeSockets();
  const got = [];
  const link = new Link({ url: 'ws://x/ws', game: 'g1', name: 'Ann', socket: make, now: () => now, message: (m) => got.push(m) });
  const step = (ms) => {
    now += ms;
    t.mock.timers.tick(ms);
  };
  link.start();
  const s1 = sockets[0];
  s1.open();
  assert.deepEqual(s1.sent[0], { t: 'hello', game: 'g1', v: 0, name: 'Ann' });
  s1.receive({ t: 'welcome', game: 'g1', you: 'white', v: 1, ack: 0, events: [], clocks: { white_ms: 1, black_ms: 1, running: null, first_move_ms: null } });
  link.seen(1);
  // A pong measures the round trip: the lag the clocks and the server's credit use.
  now += 40;
  s1.receive({ t: 'pong', n: s1.sent.find((m) => m.t === 'ping').n });
  assert.equal(link.lag, 40);
  const ack = link.move('22-18', 1);
  assert.equal(ack, 1);
  const moves = () => s1.sent.filter((m) => m.t === 'move');
  assert.equal(moves().length, 1);
  step(1000);
  assert.equal(moves().length, 1, 'not yet sent again');
  step(750);
  assert.equal(moves().length, 2, 'sent again after 1.5 s');
  assert.deepEqual(moves().map((m) => m.ack), [1, 1], 'with the same ack');
  // Then nothing comes back: within 10 s the link is taken as dead and made again.
  const heard = 40;
  for (let i = 0; i < 60 && s1.closed === null; i++) step(250);
  assert.ok(now - heard <= 10_000, `noticed after ${now - heard} ms`);
  assert.equal(s1.closed, 4000);
  for (let i = 0; i < 20 && sockets.length === 1; i++) step(250);
  assert.equal(sockets.length, 2, 'a new socket');
  const s2 = sockets[1];
  s2.open();
  assert.deepEqual(s2.sent[0], { t: 'hello', game: 'g1', v: 1, name: 'Ann' }, 'hello with the version the page has');
  // The server had played the move (ack 1) before the link fell: it is not sent again.
  s2.receive({ t: 'welcome', game: 'g1', you: 'white', v: 2, ack: 1, events: [], clocks: { white_ms: 1, black_ms: 1, running: 'black', first_move_ms: null } });
  step(2000);
  assert.equal(s2.sent.filter((m) => m.t === 'move').length, 0);
  assert.deepEqual(link.unacknowledged, []);
  // A move the server has not played goes again on the new link, on its number.
  link.move('18-14', 3);
  s2.receive({ t: 'refused', refusal: { code: 'not-your-turn', text: 'no' }, ack: 2 });
  assert.deepEqual(link.unacknowledged, [], 'a refused move is not sent again');
  assert.equal(got.filter((m) => m.t === 'refused').length, 1);
  link.stop();
});

test("the server's clocks: the running side's time goes on from half a round trip before the snapshot arrived", () => {
  const c = new ServerClocks();
  assert.equal(c.remaining('white', 0), null);
  c.set({ white_ms: 60_000, black_ms: 50_000, running: 'white', first_move_ms: null }, 1000, 200);
  assert.equal(c.remaining('white', 1000), 59_900);
  assert.equal(c.remaining('black', 5000), 50_000);
  assert.equal(c.remaining('white', 100_000), 0);
  // The first move's own limit runs instead of the clock.
  c.set({ white_ms: 60_000, black_ms: 60_000, running: 'white', first_move_ms: 30_000 }, 0, 0);
  assert.equal(c.remaining('white', 10_000), 60_000);
  assert.equal(c.firstMove(10_000), 20_000);
  c.stop(1234, 5678, 0);
  assert.equal(c.running, null);
  assert.equal(c.remaining('black', 99_999), 5678);
});
